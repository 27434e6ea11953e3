/**
 * State behind the Page Groups tree, without any `vscode` import: one unfiltered cursor chain that discovers statuses
 * (and feeds the groups the gateway cannot be asked for: "(no status)" and the empty status ""), and one cursor chain
 * per status. Each chain pages on its own. Everything derived (statuses, the derived groups, the id index) is kept
 * up to date page by page: the cost of a page is proportional to the page, not to everything loaded.
 *
 * Memory ceiling: once the chains together hold `maxLoaded()` page groups, none of them sends another request (each
 * is `capped`, see paging.ts); what is loaded stays, and paging continues where it stopped when the limit is raised.
 */
import { sharePageValues } from '../../../api/pageValues';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../api/model';
import { CursorChain, type PageRequest, type PageResult } from '../../../lists/paging';
import { groupKeyOf, NO_STATUS, type GroupKey } from './groupKey';

export { groupKeyOf, NO_STATUS, type GroupKey };

export type ListPageGroups = (query: PageGroupQuery, signal: AbortSignal) => Promise<PageGroupPage>;

/** What changed: the root rows (statuses, discovery), or one status group (by key). */
export type ModelChange = { readonly scope: 'root' } | { readonly scope: 'group'; readonly key: GroupKey };

/** The empty status `""`: a status of its own, distinct from none (a `status=` filter would be ambiguous). */
export const EMPTY_STATUS: GroupKey = '';

/** Groups whose items come from the unfiltered chain (the gateway cannot be asked for them). */
export function isDerivedGroup(key: GroupKey): boolean {
  return key === NO_STATUS || key === EMPTY_STATUS;
}

export function statusOf(item: CheckedPageGroup): string | undefined {
  return item.value.status;
}

/** Dedupe key: the page group id; items without one are never merged. */
export function pageGroupKey(item: CheckedPageGroup): string | undefined {
  return item.value.pageGroupId;
}

/** Configured statuses first (in their order), then discovered ones in order of first appearance; no duplicates. */
export function orderStatuses(configured: readonly string[], discovered: Iterable<string>): string[] {
  const seen = new Set<string>();
  const ordered: string[] = [];
  for (const status of [...configured, ...discovered]) {
    if (!seen.has(status)) {
      seen.add(status);
      ordered.push(status);
    }
  }
  return ordered;
}

/**
 * How many page groups a group holds, as far as is known: `exact` once its own chain or the whole unfiltered list is
 * loaded (`source` says which), else a lower bound (its own chain's first pages).
 */
export interface KnownCount {
  readonly count: number;
  readonly exact: boolean;
  readonly source: 'status' | 'unfiltered';
}

/** How far a chain's items were taken into account (same epoch: only the items after `count` are new). */
interface Progress {
  epoch: number;
  count: number;
}

export class PageGroupsModel {
  /** The unfiltered chain: discovers statuses and feeds the derived groups. */
  public readonly discovery: CursorChain<CheckedPageGroup>;
  private readonly groups = new Map<string, CursorChain<CheckedPageGroup>>();
  private readonly discoveredStatuses: string[] = [];
  private readonly discoveredSet = new Set<string>();
  /** Page groups per status in the unfiltered chain (kept up to date by `scanDiscovery`). */
  private readonly discoveredCounts = new Map<string, number>();
  private readonly derived = new Map<GroupKey, CheckedPageGroup[]>([
    [NO_STATUS, []],
    [EMPTY_STATUS, []],
  ]);
  private discoveryProgress: Progress = { epoch: 0, count: 0 };
  /**
   * Every loaded page group by id (the unfiltered chain's first, then the status chains'), brought up to date by
   * `find` from where each chain was indexed last: a Load All pays nothing for it page by page.
   */
  private readonly byId = new Map<string, CheckedPageGroup>();
  private readonly indexed = new Map<CursorChain<CheckedPageGroup>, Progress>();
  private readonly listeners = new Set<(change: ModelChange) => void>();

  public constructor(
    private readonly list: ListPageGroups,
    /** The most page groups all chains of the gateway may hold together (`pageGateway.maxLoadedPageGroups`). */
    private readonly maxLoaded: () => number = () => Number.POSITIVE_INFINITY,
  ) {
    this.discovery = new CursorChain<CheckedPageGroup>(this.fetcher(undefined), pageGroupKey, this.mayLoad);
    this.discovery.onDidChange(() => {
      this.scanDiscovery();
      this.forgetIndexIfReplaced(this.discovery);
      this.emit({ scope: 'root' });
      this.emit({ scope: 'group', key: NO_STATUS });
      this.emit({ scope: 'group', key: EMPTY_STATUS });
    });
  }

  /** The chain of one group; created on first use. The derived groups map to the discovery chain. */
  public chain(key: GroupKey): CursorChain<CheckedPageGroup> {
    if (isDerivedGroup(key)) {
      return this.discovery;
    }
    let chain = this.groups.get(key);
    if (!chain) {
      const created = new CursorChain<CheckedPageGroup>(this.fetcher(key), pageGroupKey, this.mayLoad);
      created.onDidChange(() => {
        this.forgetIndexIfReplaced(created);
        this.emit({ scope: 'group', key });
      });
      this.groups.set(key, created);
      chain = created;
    }
    return chain;
  }

  /** Items of a group: a status chain's items, or the discovery chain's items of a derived group. */
  public itemsOf(key: GroupKey): readonly CheckedPageGroup[] {
    this.scanDiscovery();
    return this.derived.get(key) ?? this.chain(key).items;
  }

  /** Statuses seen in the unfiltered chain, in order of first appearance ("" not included: see `hasEmptyStatus`). */
  public get discovered(): readonly string[] {
    this.scanDiscovery();
    return this.discoveredStatuses;
  }

  /** Whether the whole unfiltered list is loaded (its count per status is then exact). */
  public get discoveryComplete(): boolean {
    const chain = this.discovery;
    return chain.started && !chain.hasMore && !chain.refreshing && chain.notice === undefined && chain.error === undefined;
  }

  /** What is known of how many page groups a group holds; undefined when nothing is (creates no chain, loads nothing). */
  public knownCount(key: GroupKey): KnownCount | undefined {
    const own = isDerivedGroup(key) ? this.discovery : this.groups.get(key);
    const ownSource = isDerivedGroup(key) ? 'unfiltered' : 'status';
    if (own !== undefined && own.started && !own.hasMore && !own.refreshing && own.notice === undefined) {
      return { count: this.itemsOf(key).length, exact: true, source: ownSource };
    }
    if (this.discoveryComplete) {
      this.scanDiscovery();
      const count = isDerivedGroup(key) ? this.itemsOf(key).length : (this.discoveredCounts.get(key) ?? 0);
      return { count, exact: true, source: 'unfiltered' };
    }
    if (own !== undefined && own.started) {
      return { count: this.itemsOf(key).length, exact: false, source: ownSource };
    }
    return undefined;
  }

  /** Whether the unfiltered chain holds page groups without a status. */
  public get hasUnstatused(): boolean {
    return this.itemsOf(NO_STATUS).length > 0;
  }

  /** Whether the unfiltered chain holds page groups whose status is the empty string. */
  public get hasEmptyStatus(): boolean {
    return this.itemsOf(EMPTY_STATUS).length > 0;
  }

  /** The loaded page group with this id, from any chain: one map lookup (after indexing what arrived since the last). */
  public find(id: string): CheckedPageGroup | undefined {
    this.index(this.discovery);
    this.groups.forEach((chain) => this.index(chain));
    return this.byId.get(id);
  }

  /** Page groups the chains hold together (one held by two chains counts twice: it is kept twice). */
  public loadedCount(): number {
    let count = this.discovery.items.length;
    for (const chain of this.groups.values()) {
      count += chain.items.length;
    }
    return count;
  }

  /** The limit, when the loaded page groups reached it (no chain sends a request then); otherwise undefined. */
  public capReached(): number | undefined {
    const limit = this.maxLoaded();
    return this.loadedCount() >= limit ? limit : undefined;
  }

  /** Every loaded page group (all chains), each id once, for pickers and search. */
  public allLoaded(): CheckedPageGroup[] {
    if ([...this.groups.values()].every((chain) => chain.items.length === 0)) {
      // The unfiltered chain holds each id once: alone, it needs no de-duplication (the same items, in the same order).
      return [...this.discovery.items];
    }
    const seen = new Set<string>();
    const all: CheckedPageGroup[] = [];
    const add = (item: CheckedPageGroup): void => {
      const key = pageGroupKey(item);
      if (key !== undefined) {
        if (seen.has(key)) {
          return;
        }
        seen.add(key);
      }
      all.push(item);
    };
    for (const chain of this.groups.values()) {
      chain.items.forEach(add);
    }
    this.discovery.items.forEach(add);
    return all;
  }

  /** The gateway's key changed: everything is loaded again. */
  public reset(): void {
    this.resetAll();
  }

  public dispose(): void {
    this.listeners.clear();
  }

  /** Resets every chain: back to page 1 everywhere; in-flight responses are discarded. */
  public resetAll(): void {
    for (const chain of this.groups.values()) {
      chain.reset();
    }
    this.discovery.reset();
  }

  /**
   * Loads a group again from page 1; its rows stay until the first new page lands (and stay, with the error, when it
   * fails). The root (undefined) refreshes the unfiltered chain, and each status chain that `keepRows` names (the
   * others are reset). Returns the chains refreshed (the kept status chains first, then the unfiltered one): nothing
   * is requested here, so the caller starts their first pages (a kept chain no one loads would say "refreshing"
   * forever).
   */
  public refresh(key?: GroupKey, keepRows: (key: GroupKey) => boolean = () => true): CursorChain<CheckedPageGroup>[] {
    if (key === undefined) {
      // Groups nobody looks at start over instead: their old rows would otherwise stay "refreshing" until opened.
      const kept: CursorChain<CheckedPageGroup>[] = [];
      this.groups.forEach((chain, status) => {
        if (keepRows(status)) {
          chain.refresh();
          kept.push(chain);
        } else {
          chain.reset();
        }
      });
      this.discovery.refresh();
      return [...kept, this.discovery];
    }
    const chain = this.chain(key);
    chain.refresh();
    return [chain];
  }

  /** Resets one group's chain (a derived group resets discovery, which also feeds the root rows). */
  public resetGroup(key: GroupKey): void {
    this.chain(key).reset();
  }

  public onDidChange(listener: (change: ModelChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private readonly mayLoad = (): boolean => this.capReached() === undefined;

  /** Pages as the chains keep them: their page groups share the values that repeat (api/pageValues.ts). */
  private fetcher(status: string | undefined): (request: PageRequest, signal: AbortSignal) => Promise<PageResult<CheckedPageGroup>> {
    return (request, signal) =>
      this.list(
        {
          ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
          limit: request.limit,
          ...(status === undefined ? {} : { status }),
        },
        signal,
      ).then(sharePageValues);
  }

  /** Takes the unfiltered chain's new items into account: statuses in order of appearance, derived groups. */
  private scanDiscovery(): void {
    const chain = this.discovery;
    if (chain.epoch !== this.discoveryProgress.epoch) {
      this.discoveredStatuses.length = 0;
      this.discoveredSet.clear();
      this.discoveredCounts.clear();
      this.derived.forEach((items, key) => this.derived.set(key, items.length === 0 ? items : []));
      this.discoveryProgress = { epoch: chain.epoch, count: 0 };
    }
    const items = chain.items;
    for (let i = this.discoveryProgress.count; i < items.length; i += 1) {
      const item = items[i] as CheckedPageGroup;
      const status = statusOf(item);
      const derived = this.derived.get(status ?? NO_STATUS);
      if (derived) {
        derived.push(item);
      } else if (status !== undefined) {
        this.discoveredCounts.set(status, (this.discoveredCounts.get(status) ?? 0) + 1);
        if (!this.discoveredSet.has(status)) {
          this.discoveredSet.add(status);
          this.discoveredStatuses.push(status);
        }
      }
    }
    this.discoveryProgress.count = items.length;
  }

  /** A chain whose items were replaced (reset, refresh) empties the id index at once, so it holds no item gone from the chains. */
  private forgetIndexIfReplaced(chain: CursorChain<CheckedPageGroup>): void {
    const progress = this.indexed.get(chain);
    if (progress !== undefined && progress.epoch !== chain.epoch) {
      this.byId.clear();
      this.indexed.clear();
    }
  }

  /** Takes a chain's new items into the id index; a replaced chain (reset, refresh) rebuilds the index. */
  private index(chain: CursorChain<CheckedPageGroup>): void {
    const progress = this.indexed.get(chain);
    if (progress !== undefined && progress.epoch !== chain.epoch) {
      this.byId.clear();
      this.indexed.clear();
      this.index(this.discovery);
      this.groups.forEach((other) => this.index(other));
      return;
    }
    const from = progress?.count ?? 0;
    const items = chain.items;
    for (let i = from; i < items.length; i += 1) {
      const item = items[i] as CheckedPageGroup;
      const id = item.value.pageGroupId;
      if (id !== undefined && !this.byId.has(id)) {
        this.byId.set(id, item);
      }
    }
    this.indexed.set(chain, { epoch: chain.epoch, count: items.length });
  }

  private emit(change: ModelChange): void {
    for (const listener of [...this.listeners]) {
      listener(change);
    }
  }
}
