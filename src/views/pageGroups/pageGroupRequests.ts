/**
 * The page group requests behind the rows: which query each loaded page group came from, and the request the next
 * "Load more…" of a chain will send. Filled by wrapping the list call the chains use (src/api/paging.ts is not
 * involved): a response whose request was aborted (its chain was reset, so the chain drops it) is not recorded.
 * A per-gateway store.
 */
import { apiUrl } from '../../api/baseUrl';
import type { CheckedPageGroup, PageGroupQuery } from '../../api/model';
import type { GatewayStore, StoreFactory } from '../../gateway/gateway';
import type { ApiRequest } from '../common/apiRequest';
import { isDerivedGroup, NO_STATUS, type GroupKey, type ListPageGroups } from './pageGroupsModel';

/** `GET <base>/v0/page_groups?…`, the query in the order the client writes it. */
export function pageGroupsRequest(baseHref: string, query: PageGroupQuery): ApiRequest {
  return { method: 'GET', url: apiUrl(baseHref, 'v0/page_groups', { limit: query.limit, status: query.status, cursor: query.cursor }) };
}

/** The first page of a group: `status=<key>` (none for the groups fed by the unfiltered chain). */
export function firstPageQuery(key: GroupKey, limit: number): PageGroupQuery {
  return isDerivedGroup(key) ? { limit } : { limit, status: key };
}

/** The chain a group's pages come from: its own, or the unfiltered one (NO_STATUS) for derived groups. */
function chainOf(key: GroupKey): GroupKey {
  return isDerivedGroup(key) ? NO_STATUS : key;
}

/** One page a chain received, with the query that asked for it (the page's own items array, not a copy). */
interface RecordedPage {
  readonly query: PageGroupQuery;
  readonly items: readonly CheckedPageGroup[];
}

export class PageGroupRequests implements GatewayStore {
  /**
   * Per chain (status, or NO_STATUS for the unfiltered one): its pages in order. One entry a page, not a page group:
   * a row's request is looked up when Copy as cURL asks for it (a user action), so 100,000 loaded page groups cost
   * 1,000 small records here instead of 100,000 map entries (docs/performance.md). A chain's first page replaces
   * the list, so after a refresh the rows still shown from before keep their request until the new first page lands.
   */
  private readonly pages = new Map<GroupKey, RecordedPage[]>();
  /** Per chain: the query of its next page without `limit`. */
  private readonly next = new Map<GroupKey, PageGroupQuery>();

  /** `list`, recording each answer. */
  public wrap(list: ListPageGroups): ListPageGroups {
    return (query, signal) =>
      list(query, signal).then((page) => {
        if (!signal.aborted) {
          const key = query.status ?? NO_STATUS;
          const recorded: RecordedPage = { query, items: page.items };
          const pages = query.cursor === undefined ? undefined : this.pages.get(key);
          if (pages === undefined) {
            this.pages.set(key, [recorded]);
          } else {
            pages.push(recorded);
          }
          if (page.hasMore && page.nextCursor !== undefined && page.nextCursor !== '') {
            this.next.set(key, { ...(query.status === undefined ? {} : { status: query.status }), cursor: page.nextCursor });
          } else {
            this.next.delete(key);
          }
        }
        return page;
      });
  }

  /** The query of the page `item` arrived in, among the pages of the chain group `key` is fed by. */
  public queryOf(key: GroupKey, item: CheckedPageGroup): PageGroupQuery | undefined {
    return this.pages.get(chainOf(key))?.find((page) => page.items.includes(item))?.query;
  }

  /** The query "Load more…" of the chain sends next (with `limit`); the first page's before any page arrived. */
  public nextQuery(key: GroupKey, limit: number): PageGroupQuery {
    const next = this.next.get(chainOf(key));
    return next === undefined ? firstPageQuery(key, limit) : { ...next, limit };
  }

  /** The chain starts over: its next request is its first page again. */
  public restart(key?: GroupKey): void {
    if (key === undefined) {
      this.next.clear();
    } else {
      this.next.delete(chainOf(key));
    }
  }

  public reset(): void {
    this.next.clear();
    this.pages.clear();
  }

  public dispose(): void {
    this.reset();
  }
}

export const PAGE_GROUP_REQUESTS_STORE: StoreFactory<PageGroupRequests> = {
  name: 'pageGroupRequests',
  create: () => new PageGroupRequests(),
};
