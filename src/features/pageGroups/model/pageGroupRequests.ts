/**
 * The page group queries behind the rows ("Copy as cURL", whose URL src/api/requests.ts builds as the client does):
 * the query the page a page group arrived in was asked with, and the one the next "Load more…" of a group will send. Both come from the group's cursor chain, which keeps
 * one record a page (src/lists/paging.ts), so nothing here is kept per page group. Pure.
 */
import type { CheckedPageGroup, PageGroupQuery } from '../../../api/model';
import type { PageRequest } from '../../../lists/paging';
import { isDerivedGroup, type GroupKey, type PageGroupsModel } from './pageGroupsModel';

/** The first page of a group: `status=<key>` (none for the groups fed by the unfiltered chain). */
export function firstPageQuery(key: GroupKey, limit: number): PageGroupQuery {
  return isDerivedGroup(key) ? { limit } : { limit, status: key };
}

/** A page request of the chain group `key` is fed by, as the query the client sends. */
function queryOf(key: GroupKey, request: PageRequest): PageGroupQuery {
  return { ...firstPageQuery(key, request.limit), ...(request.cursor === undefined ? {} : { cursor: request.cursor }) };
}

/**
 * The query of the page `item` arrived in, if the group's chain still holds it (after a refresh, rows from before stay
 * until the first new page lands; a row the refresh removed has none).
 */
export function itemQuery(model: PageGroupsModel, key: GroupKey, item: CheckedPageGroup): PageGroupQuery | undefined {
  const chain = model.chain(key);
  const request = chain.requestOf(chain.items.indexOf(item));
  return request === undefined ? undefined : queryOf(key, request);
}

/** The query "Load more…" of the group sends next: its next cursor, or its first page before any page (or after a refresh). */
export function nextQuery(model: PageGroupsModel, key: GroupKey, limit: number): PageGroupQuery {
  const cursor = model.chain(key).nextPageCursor;
  return queryOf(key, cursor === undefined ? { limit } : { cursor, limit });
}
