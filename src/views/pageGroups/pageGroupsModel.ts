/**
 * State behind the Page Groups tree, without any `vscode` import: one unfiltered cursor chain that discovers statuses
 * (and feeds "(no status)"), and one cursor chain per status. Each chain pages on its own.
 */
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../api/model';
import { CursorChain, type PageRequest, type PageResult } from '../../api/paging';

export type ListPageGroups = (query: PageGroupQuery, signal: AbortSignal) => Promise<PageGroupPage>;

/** What changed: the root rows (statuses, discovery), or one status group (by key). */
export type ModelChange = { readonly scope: 'root' } | { readonly scope: 'group'; readonly key: GroupKey };

/** A status group's key: the status string, or NO_STATUS for page groups without one. */
export type GroupKey = string;
export const NO_STATUS: GroupKey = '\u0000no-status';

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

export class PageGroupsModel {
  /** The unfiltered chain: discovers statuses and holds page groups without a status. */
  public readonly discovery: CursorChain<CheckedPageGroup>;
  private readonly groups = new Map<string, CursorChain<CheckedPageGroup>>();
  private readonly discoveredStatuses: string[] = [];
  private readonly discoveredSet = new Set<string>();
  private scannedDiscoveryItems = 0;
  private readonly listeners = new Set<(change: ModelChange) => void>();

  public constructor(private readonly list: ListPageGroups) {
    this.discovery = new CursorChain<CheckedPageGroup>(this.fetcher(undefined), pageGroupKey);
    this.discovery.onDidChange(() => {
      this.scanDiscovery();
      this.emit({ scope: 'root' });
      this.emit({ scope: 'group', key: NO_STATUS });
    });
  }

  /** The chain of one group; created on first use. NO_STATUS maps to the discovery chain. */
  public chain(key: GroupKey): CursorChain<CheckedPageGroup> {
    if (key === NO_STATUS) {
      return this.discovery;
    }
    let chain = this.groups.get(key);
    if (!chain) {
      chain = new CursorChain<CheckedPageGroup>(this.fetcher(key), pageGroupKey);
      chain.onDidChange(() => this.emit({ scope: 'group', key }));
      this.groups.set(key, chain);
    }
    return chain;
  }

  /** Items of a group: a status chain's items, or the discovery chain's items without a status. */
  public itemsOf(key: GroupKey): readonly CheckedPageGroup[] {
    if (key === NO_STATUS) {
      return this.discovery.items.filter((item) => statusOf(item) === undefined);
    }
    return this.chain(key).items;
  }

  /** Statuses seen in the unfiltered chain, in order of first appearance. */
  public get discovered(): readonly string[] {
    return this.discoveredStatuses;
  }

  /** Whether the unfiltered chain holds page groups without a status. */
  public get hasUnstatused(): boolean {
    return this.discovery.items.some((item) => statusOf(item) === undefined);
  }

  /** Every loaded page group (all chains), for pickers. Discovery items come after their status group's copy. */
  public allLoaded(): CheckedPageGroup[] {
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

  /** The loaded page group with this id, from any chain. */
  public find(id: string): CheckedPageGroup | undefined {
    for (const chain of [...this.groups.values(), this.discovery]) {
      const found = chain.items.find((item) => item.value.pageGroupId === id);
      if (found !== undefined) {
        return found;
      }
    }
    return undefined;
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
    this.discoveredStatuses.length = 0;
    this.discoveredSet.clear();
    this.scannedDiscoveryItems = 0;
    for (const chain of this.groups.values()) {
      chain.reset();
    }
    this.discovery.reset();
  }

  /** Resets one group's chain (NO_STATUS resets discovery, which also feeds the root rows). */
  public resetGroup(key: GroupKey): void {
    this.chain(key).reset();
  }

  public onDidChange(listener: (change: ModelChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fetcher(status: string | undefined): (request: PageRequest, signal: AbortSignal) => Promise<PageResult<CheckedPageGroup>> {
    return (request, signal) =>
      this.list(
        {
          ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
          limit: request.limit,
          ...(status === undefined ? {} : { status }),
        },
        signal,
      );
  }

  private scanDiscovery(): void {
    const items = this.discovery.items;
    if (items.length < this.scannedDiscoveryItems) {
      this.scannedDiscoveryItems = 0;
    }
    for (let i = this.scannedDiscoveryItems; i < items.length; i += 1) {
      const status = statusOf(items[i] as CheckedPageGroup);
      if (status !== undefined && !this.discoveredSet.has(status)) {
        this.discoveredSet.add(status);
        this.discoveredStatuses.push(status);
      }
    }
    this.scannedDiscoveryItems = items.length;
  }

  private emit(change: ModelChange): void {
    for (const listener of [...this.listeners]) {
      listener(change);
    }
  }
}
