/** The requests of the Page Groups view as Copy as cURL offers them: the unfiltered first page, then each status's. */
import * as l10n from '@vscode/l10n';
import type { ApiRequest } from '../../../api/apiRequest';
import { pageGroupsRequest } from '../model/pageGroupsList';
import type { Gateway } from '../../../gateway/gateway';
import { plainText } from '../../../text/surfaceText';
import type { LabelledRequest } from '../../../views/listView';
import { firstPageQuery, nextQuery } from '../model/pageGroupRequests';
import { NO_STATUS, type GroupKey, type PageGroupsModel } from '../model/pageGroupsModel';
import { groupLabel } from '../text/groupPresentation';

/** The first page of a status (the unfiltered list for NO_STATUS). */
export function firstPageRequest(gateway: Gateway, key: GroupKey, pageSize: number): ApiRequest {
  return pageGroupsRequest(gateway.base.href, firstPageQuery(key, pageSize));
}

/** The request a group's "Load more…" sends now (its next cursor). */
export function nextPageRequest(gateway: Gateway, model: PageGroupsModel, key: GroupKey, pageSize: number): ApiRequest {
  return pageGroupsRequest(gateway.base.href, nextQuery(model, key, pageSize));
}

/** The palette's choices: the unfiltered first page, then the first page of each status in `groups`. */
export function pageGroupRequests(gateway: Gateway, groups: readonly GroupKey[], pageSize: number): LabelledRequest[] {
  return [
    { label: `$(files) ${l10n.t('Page groups, first page')}`, request: firstPageRequest(gateway, NO_STATUS, pageSize) },
    ...groups.map((key) => ({ label: `$(tag) ${l10n.t('Page groups: {0}, first page', plainText(groupLabel(key)))}`, request: firstPageRequest(gateway, key, pageSize) })),
  ];
}
