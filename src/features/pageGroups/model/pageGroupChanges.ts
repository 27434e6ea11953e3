/**
 * What changed in the status groups of a gateway at their last refresh. A refresh starts a group's cursor chain over
 * at page 1 while its rows stay until the first new page replaces them; the provider hands over what the group shows
 * just before (`capture`), and from the moment the new pages replace it (the chain's epoch moves on) they are
 * compared with it as they arrive (model/itemChanges.ts says exactly when an absent page group counts as removed;
 * pages appended are compared alone, and a page group field by field only when its mark is asked for).
 * Until then, and when the refresh fails, the marks of the refresh before stay. A group that showed nothing gets no
 * marks. A per-gateway store: the key changing clears everything.
 */
import type { CheckedPageGroup } from '../../../api/model';
import type { GatewayStore, StoreFactory } from '../../../gateway/gateway';
import { BaselineComparison, noChanges, takeBaseline, type Baseline, type ItemChanges } from '../../../model/itemChanges';
import { pageGroupKey, type GroupKey } from './pageGroupsModel';

/** What the marks of a group depend on in its cursor chain. */
export interface ChainState {
  /** Changes when the chain's items are replaced (a reset, or the first page after a refresh). */
  readonly epoch: number;
  /** Changes on every change of the chain. */
  readonly version: number;
  readonly hasMore: boolean;
}

interface GroupChanges {
  /** The comparison with what the group showed before the refresh whose pages are shown now. */
  active?: BaselineComparison<CheckedPageGroup>;
  /** A refresh whose first page has not landed yet: what the group showed, and the chain's epoch then. */
  pending?: { readonly baseline: Baseline<CheckedPageGroup> | undefined; readonly epoch: number };
  cache?: { readonly version: number; readonly changes: ItemChanges<CheckedPageGroup> };
}

export class PageGroupChanges implements GatewayStore {
  private readonly groups = new Map<GroupKey, GroupChanges>();

  /** The group `key` is refreshed now: it shows `items` (all of the group when `complete`), its chain is at `epoch`. */
  public capture(key: GroupKey, items: readonly CheckedPageGroup[], epoch: number, complete: boolean): void {
    const group = this.groups.get(key) ?? {};
    group.pending = { baseline: items.length > 0 ? takeBaseline(items, pageGroupKey, complete) : undefined, epoch };
    this.groups.set(key, group);
  }

  /** Marks of the group's items now shown (`items` is only called when they are computed, once per chain version). */
  public changes(key: GroupKey, chain: ChainState, items: () => readonly CheckedPageGroup[]): ItemChanges<CheckedPageGroup> {
    const group = this.groups.get(key);
    if (group === undefined) {
      return noChanges();
    }
    if (group.pending !== undefined && group.pending.epoch !== chain.epoch) {
      group.active = group.pending.baseline === undefined ? undefined : new BaselineComparison(group.pending.baseline, pageGroupKey, (item) => item.raw);
      group.pending = undefined;
      group.cache = undefined;
    }
    if (group.active === undefined) {
      return noChanges();
    }
    if (group.cache?.version !== chain.version) {
      group.cache = { version: chain.version, changes: group.active.update(items(), !chain.hasMore) };
    }
    return group.cache.changes;
  }

  public reset(): void {
    this.groups.clear();
  }

  public dispose(): void {
    this.groups.clear();
  }
}

export const PAGE_GROUP_CHANGES_STORE: StoreFactory<PageGroupChanges> = {
  name: 'pageGroupChanges',
  create: () => new PageGroupChanges(),
};
