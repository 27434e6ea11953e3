/** Page groups as a resource: the per-gateway store (cursor chains by status) and the description generic code uses. */
import type { PageGroup } from '../../api/model';
import { PAGE_GROUP_FIELDS } from '../../api/schemas';
import { readMaxLoadedPageGroups } from '../../config/settings';
import type { StoreFactory } from '../../gateway/gateway';
import type { ResourceKind } from '../../resources/resource';
import { PAGE_GROUPS_VIEW } from '../viewIds';
import { pageGroupDescription, pageGroupLabel, pageGroupPickDetail, pageGroupTooltip } from './pageGroupPresentation';
import { PageGroupsModel } from './pageGroupsModel';
import { PAGE_GROUP_WORDS } from './pageGroupWords';

export const PAGE_GROUPS_STORE: StoreFactory<PageGroupsModel> = {
  name: 'pageGroups',
  create: (gateway) =>
    new PageGroupsModel((query, signal) => gateway.connection.withClient((client) => client.listPageGroups(query, signal)), readMaxLoadedPageGroups),
};

export const PAGE_GROUP: ResourceKind<PageGroup> = {
  id: 'pageGroup',
  folder: 'page-groups',
  words: PAGE_GROUP_WORDS,
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
