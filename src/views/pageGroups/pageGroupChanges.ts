/**
 * What changed in the status groups of a gateway at their last refresh. A refresh starts a group's cursor chain over
 * (page 1 again), so the provider hands over the group's loaded page groups just before (`capture`); the pages of the
 * new chain are compared with them as they arrive (common/itemChanges.ts says exactly when an absent page group counts
 * as removed). The marks of a group hold until its next refresh; a group that had nothing loaded gets no marks.
 * A per-gateway store: the key changing clears everything.
 */
import type { CheckedPageGroup } from '../../api/model';
import type { GatewayStore, StoreFactory } from '../../gateway/gateway';
import { compareWithBaseline, noChanges, takeBaseline, type Baseline, type ItemChanges } from '../common/itemChanges';
import { pageGroupKey, type GroupKey } from './pageGroupsModel';

export class PageGroupChanges implements GatewayStore {
  private readonly baselines = new Map<GroupKey, Baseline<CheckedPageGroup>>();
  private readonly cache = new Map<GroupKey, { readonly version: number; readonly changes: ItemChanges<CheckedPageGroup> }>();

  /** Remembers what `key` showed before its refresh; `loaded` false (nothing was loaded) forgets its marks. */
  public capture(key: GroupKey, items: readonly CheckedPageGroup[], loaded: boolean): void {
    this.cache.delete(key);
    if (loaded) {
      this.baselines.set(key, takeBaseline(items, pageGroupKey));
    } else {
      this.baselines.delete(key);
    }
  }

  /**
   * Marks of the group's items now loaded (`items` is only called when the marks are computed); `version` is its
   * chain's version (the result is cached per version) and `complete` whether the chain has no page left.
   */
  public changes(key: GroupKey, version: number, complete: boolean, items: () => readonly CheckedPageGroup[]): ItemChanges<CheckedPageGroup> {
    const baseline = this.baselines.get(key);
    if (baseline === undefined) {
      return noChanges();
    }
    const cached = this.cache.get(key);
    if (cached?.version === version) {
      return cached.changes;
    }
    const changes = compareWithBaseline(baseline, items(), pageGroupKey, (item) => item.raw, complete);
    this.cache.set(key, { version, changes });
    return changes;
  }

  public reset(): void {
    this.baselines.clear();
    this.cache.clear();
  }

  public dispose(): void {
    this.reset();
  }
}

export const PAGE_GROUP_CHANGES_STORE: StoreFactory<PageGroupChanges> = {
  name: 'pageGroupChanges',
  create: () => new PageGroupChanges(),
};
