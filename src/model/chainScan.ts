/**
 * Scanning a paged list: its cursor chain continues at `limit=100` until it ends, fails, or the caller aborts. Pages
 * land in the chain the tree shows (nothing is copied), so a second scan after a complete one sends no request until
 * a refresh. No `vscode` import.
 */
import type { CursorChain } from '../lists/paging';
import type { Loadable } from '../lists/loadable';
import type { ListExtent, ScanOutcome } from './resource';

export const SCAN_PAGE_SIZE = 100;

export interface ScanProgress {
  /** Items scanned so far (everything the chain holds). */
  readonly scanned: number;
  /** Whether the chain has more pages. */
  readonly hasMore: boolean;
}

/**
 * Continues `chain` page after page. `onItems` receives each page's new items (and, first, those the chain already
 * held). Resolves with why it stopped: the chain ended (`complete`), the signal (`aborted`), a failed page (`failed`:
 * the chain's `error` says why; calling again retries it), the chain stopped with a notice (`stopped`), or a refresh
 * reset the chain meanwhile (`reset`: what the stale request returned never lands), or the
 * gateway holds as many items as its limit allows (`capped`: nothing more is requested).
 */
export function scanChain<T>(chain: CursorChain<T>, signal: AbortSignal, onItems: (items: readonly T[], progress: ScanProgress) => void): Promise<ScanOutcome> {
  return chain.asScan(() => scanPages(chain, signal, onItems));
}

async function scanPages<T>(chain: CursorChain<T>, signal: AbortSignal, onItems: (items: readonly T[], progress: ScanProgress) => void): Promise<ScanOutcome> {
  let epoch = chain.epoch;
  let seen = 0;
  const deliver = (): void => {
    const items = chain.items;
    onItems(items.slice(seen), { scanned: items.length, hasMore: chain.hasMore });
    seen = items.length;
  };
  if (chain.refreshing) {
    // The rows shown are from before a refresh: the scan starts with the new first page.
    onItems([], { scanned: 0, hasMore: true });
  } else {
    deliver();
  }
  while (chain.hasMore && !signal.aborted) {
    if (chain.capped) {
      return 'capped';
    }
    const pages = chain.pages;
    const refreshing = chain.refreshing;
    await chain.loadMore(SCAN_PAGE_SIZE, signal);
    if (signal.aborted) {
      return 'aborted';
    }
    if (chain.error) {
      return 'failed';
    }
    if (chain.pages <= pages) {
      // No page landed and nothing failed: the chain was reset or refreshed meanwhile (its stale answer was dropped).
      return 'reset';
    }
    if (chain.epoch !== epoch) {
      if (!refreshing || chain.epoch !== epoch + 1) {
        return 'reset';
      }
      // The first page after a refresh replaced the rows from before: scan the new ones from the start.
      epoch = chain.epoch;
      seen = 0;
    }
    deliver();
  }
  if (signal.aborted) {
    return 'aborted';
  }
  return chain.notice ? 'stopped' : 'complete';
}

/** The extent of a paged list (nothing loaded when its store does not exist yet). */
export function chainExtent<T>(chain: CursorChain<T> | undefined): ListExtent {
  if (chain === undefined) {
    return { loaded: 0, complete: false };
  }
  const complete = chain.started && !chain.hasMore && !chain.refreshing && chain.notice === undefined && chain.error === undefined;
  return { loaded: chain.items.length, complete, ...(chain.error ? { error: chain.error } : {}) };
}

/** The extent of a list the gateway returns whole. */
export function loadableExtent<T>(list: Loadable<T> | undefined): ListExtent {
  if (list === undefined) {
    return { loaded: 0, complete: false };
  }
  return { loaded: list.items.length, complete: list.loaded && list.error === undefined && !list.refreshing, ...(list.error ? { error: list.error } : {}) };
}
