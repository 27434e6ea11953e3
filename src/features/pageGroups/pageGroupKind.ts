/** Page groups as a resource: the per-gateway store (cursor chains by status) and the description generic code uses. */
import type { PageGroup } from '../../api/model';
import { PAGE_GROUP_FIELDS, PAGE_GROUPS_LIST } from '../../api/schemas';
import { listPageGroups } from './model/pageGroupsList';
import { readMaxLoadedPageGroups } from '../../config/settings';
import type { StoreFactory } from '../../gateway/gateway';
import type { ResourceKind } from '../../model/resource';
import { pageGroupDescription, pageGroupLabel, pageGroupPickDetail, pageGroupTooltip } from './text/pageGroupPresentation';
import { PageGroupsModel } from './model/pageGroupsModel';
import { scanPageGroups } from './model/pageGroupScan';
import { pageGroupExtent } from './model/pageGroupExtent';
import { PAGE_GROUP_WORDS } from './text/pageGroupWords';
import { capMessage } from './text/loadLimitText';
import { pageGroupSearchText } from './model/pageGroupMatch';
import { pageGroupSearchDetail } from './text/groupPresentation';

/** The view that shows them (package.json contributes it). */
export const PAGE_GROUPS_VIEW = 'pageGateway.pageGroups';

export const PAGE_GROUPS_STORE: StoreFactory<PageGroupsModel> = {
  name: 'pageGroups',
  create: (gateway) =>
    new PageGroupsModel((query, signal) => gateway.connection.withClient((client) => listPageGroups(client, query, signal)), readMaxLoadedPageGroups),
};

export const PAGE_GROUP: ResourceKind<PageGroup> = {
  id: 'pageGroup',
  listName: PAGE_GROUPS_LIST,
  folder: 'page-groups',
  words: { ...PAGE_GROUP_WORDS, stoppedAtLimit: (count, gateway) => capMessage(count, gateway) },
  icon: 'files',
  viewId: PAGE_GROUPS_VIEW,
  fields: PAGE_GROUP_FIELDS,
  idOf: (value) => value.pageGroupId,
  label: pageGroupLabel,
  description: pageGroupDescription,
  tooltip: (item) => pageGroupTooltip(item),
  pickDetail: pageGroupPickDetail,
  probe: (client) => listPageGroups(client, { limit: 1 }),
  loaded: (gateway) => gateway.existingStore(PAGE_GROUPS_STORE)?.allLoaded() ?? [],
  find: (gateway, id) => gateway.existingStore(PAGE_GROUPS_STORE)?.find(id),
  extent: (gateway) => pageGroupExtent(gateway.existingStore(PAGE_GROUPS_STORE)),
  scan: (gateway, signal, onItems) => scanPageGroups(gateway.store(PAGE_GROUPS_STORE), signal, (items, progress) => onItems(items, progress.scanned)),
  searchText: pageGroupSearchText,
  searchDetail: pageGroupSearchDetail,
};
