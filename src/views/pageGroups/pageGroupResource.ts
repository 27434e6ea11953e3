/** Page groups as a resource: the per-gateway store (cursor chains by status) and the description generic code uses. */
import type { PageGroup } from '../../api/model';
import { PAGE_GROUP_FIELDS } from '../../api/schemas';
import type { StoreFactory } from '../../gateway/gateway';
import type { ResourceKind } from '../../resources/resource';
import { PAGE_GROUPS_VIEW } from '../viewIds';
import { pageGroupDescription, pageGroupLabel, pageGroupPickDetail, pageGroupTooltip } from './pageGroupPresentation';
import { PAGE_GROUP_REQUESTS_STORE } from './pageGroupRequests';
import { PageGroupsModel } from './pageGroupsModel';

export const PAGE_GROUPS_STORE: StoreFactory<PageGroupsModel> = {
  name: 'pageGroups',
  create: (gateway) =>
    new PageGroupsModel(
      // Recorded per page: which query each page group came from, and the next cursor ("Copy as cURL").
      gateway.store(PAGE_GROUP_REQUESTS_STORE).wrap((query, signal) => gateway.connection.withClient((client) => client.listPageGroups(query, signal))),
    ),
};

export const PAGE_GROUP: ResourceKind<PageGroup> = {
  id: 'pageGroup',
  folder: 'page-groups',
  noun: { one: 'page group', many: 'page groups' },
  icon: 'files',
  viewId: PAGE_GROUPS_VIEW,
  fields: PAGE_GROUP_FIELDS,
  idOf: (value) => value.pageGroupId,
  label: pageGroupLabel,
  description: pageGroupDescription,
  tooltip: (item) => pageGroupTooltip(item),
  pickDetail: pageGroupPickDetail,
  loaded: (gateway) => gateway.existingStore(PAGE_GROUPS_STORE)?.allLoaded() ?? [],
  find: (gateway, id) => gateway.existingStore(PAGE_GROUPS_STORE)?.find(id),
};
