/**
 * The contract's page groups as a paged list (`GET /v0/page_groups`, filtered by `status`): where the list is, how big
 * an item may be, how an item is checked, and the request of one page. The client reads it like any paged list. No
 * `vscode` import.
 */
import type { ApiRequest } from '../../../api/apiRequest';
import { maxPageBodyBytes, type GatewayClient } from '../../../api/client';
import type { PagedList, PageGroup, PageGroupPage, PageGroupQuery, PageQuery } from '../../../api/model';
import { pageRequest } from '../../../api/requests';
import { checkPageGroup, PAGE_GROUPS_LIST } from '../../../api/schemas';

const KIB = 1024;

/** Where the contract's page groups are, under the base URL. */
export const PAGE_GROUPS_PATH = 'v0/page_groups';

/**
 * A generous size for one page group. The contract gives 11 strings (ids, names, a title, timestamps: each well under
 * 1 KiB in practice), a number and three arrays of unknown elements (actions, footer links, scripts); 64 KiB leaves
 * room for long arrays and inline scripts (the sample data set's items average 600 bytes, at most 900).
 */
const PAGE_GROUP_ITEM_BYTES = 64 * KIB;

/** The contract's page groups as a paged list. */
export const PAGE_GROUPS: PagedList<PageGroup> = {
  resource: PAGE_GROUPS_LIST,
  path: PAGE_GROUPS_PATH,
  maxItemBytes: PAGE_GROUP_ITEM_BYTES,
  checkItem: checkPageGroup,
};

/** The largest `GET /v0/page_groups` body read: a full page (limit 100) of generous items, plus the envelope (7.25 MiB). */
export const PAGE_GROUPS_MAX_BODY_BYTES = maxPageBodyBytes(PAGE_GROUPS);

/** The page group query as a query of the paged list `v0/page_groups` (its one filter: `status`). */
export function pageGroupsPageQuery(query: PageGroupQuery): PageQuery {
  return { limit: query.limit, cursor: query.cursor, filters: { status: query.status } };
}

/** The page group request with `query`, as the client sends it. */
export function pageGroupsRequest(baseHref: string, query: PageGroupQuery): ApiRequest {
  return pageRequest(baseHref, PAGE_GROUPS_PATH, pageGroupsPageQuery(query));
}

/**
 * `GET {base}/v0/page_groups`: one page. `limit` must be an integer 1–100 (checked before any request). A page with
 * more items than the `limit` asked for (20 when none is sent) fails with `invalidResponse` (`reason: 'tooManyItems'`).
 */
export function listPageGroups(client: GatewayClient, query: PageGroupQuery, signal?: AbortSignal): Promise<PageGroupPage> {
  return client.listPage(PAGE_GROUPS, pageGroupsPageQuery(query), signal);
}
