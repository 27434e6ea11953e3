/**
 * The paging model of one cursor chain (one query, e.g. "status = published", followed page after page).
 * Pure TypeScript, no I/O of its own: the caller supplies `fetchPage`.
 *
 * Guarantees:
 * - concurrent `loadMore` calls share one request;
 * - items whose key is already present are dropped (and counted);
 * - a `nextCursor` that this chain already used ends the chain with a `repeatedCursor` notice instead of looping;
 * - `hasMore: true` without `nextCursor` ends the chain with a warning notice;
 * - `MAX_EMPTY_PAGES` pages in a row that add no item while saying `hasMore: true` end the chain with an `emptyPages`
 *   warning notice (a gateway handing out fresh cursors forever would otherwise never let `loadAll` end);
 * - `reset()` makes any in-flight response stale: it never lands;
 * - a failed page keeps everything loaded so far, and the next `loadMore` retries the same cursor;
 * - while `mayLoad()` says no (a memory ceiling reached), no request is sent: the chain is `capped`, keeps its items
 *   and its cursor, and continues from there once `mayLoad()` allows it again.
 *
 * Costs: a page costs in proportion to its own items (they are appended in place); used cursors are remembered as
 * fixed-size digests, never as the cursors themselves (a gateway may hand out very long ones). A cursor never goes
 * into a notice, a message or a log.
 */
import { cursorDigest } from '../api/cursorDigest';
import { LoadTracker, type ListLoad } from './loadTracker';

/** Pages in a row without a new item (while `hasMore: true`) after which a chain stops with an `emptyPages` notice. */
export const MAX_EMPTY_PAGES = 5;

/** The longest cursor kept with its page (for the request behind a row); longer ones are only digested. */
export const MAX_RECORDED_CURSOR = 8192;

/**
 * What a chain remembers of a used cursor: a cursor no longer than a digest as it is (no hash per page), a longer one
 * as its digest. The prefixes keep the two kinds apart.
 */
export function usedCursorKey(cursor: string): string {
  return cursor.length <= 64 ? `=${cursor}` : `#${cursorDigest(cursor)}`;
}

export interface PageRequest {
  /** Absent for the first page. */
  readonly cursor?: string;
  readonly limit: number;
}

export interface PageResult<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  readonly nextCursor?: string;
}

export type FetchPage<T> = (request: PageRequest, signal: AbortSignal) => Promise<PageResult<T>>;

/**
 * Why a chain ended early, as facts: shown to the user next to what was loaded, in the view's words
 * (`describeChainNotice`). `page` is the 1-based number of the page whose answer ended the chain.
 */
export type ChainNotice =
  /** `hasMore: true` without a `nextCursor`. */
  | { readonly severity: 'warning'; readonly kind: 'missingCursor'; readonly page: number }
  /** A `nextCursor` this chain had already used. */
  | { readonly severity: 'error'; readonly kind: 'repeatedCursor'; readonly page: number }
  /** `emptyPages` pages in a row (the last one is `page`) added no item, yet said `hasMore: true`. */
  | { readonly severity: 'warning'; readonly kind: 'emptyPages'; readonly page: number; readonly emptyPages: number };


export class CursorChain<T> extends LoadTracker implements ListLoad<T> {
  private itemsLoaded: T[] = [];
  private readonly keys = new Set<string>();
  /** The cursors this chain used, as `usedCursorKey` makes them (a long cursor only as its digest). */
  private readonly usedCursors = new Set<string>();
  /** Pages in a row that added no item. */
  private emptyInARow = 0;
  private nextCursor: string | undefined;
  private pagesLoaded = 0;
  private ended = false;
  private endNotice: ChainNotice | undefined;
  private dropped = 0;
  /**
   * Per page of `items`, in order: the index of its first item there, and the request it was loaded with (none when
   * its cursor is longer than `MAX_RECORDED_CURSOR`: a gateway's megabyte cursors are not kept per page).
   */
  private pageStarts: number[] = [];
  private pageRequests: Array<PageRequest | undefined> = [];
  /** The items shown are those from before `refresh()`: replaced when the first new page lands. */
  private keptForRefresh = false;
  private replacements = 0;
  private scans = 0;

  public constructor(
    private readonly fetchPage: FetchPage<T>,
    private readonly keyOf: (item: T) => string | undefined,
    private readonly mayLoad: () => boolean = () => true,
  ) {
    super();
  }

  /**
   * Items in server order, duplicates removed. The same array grows as pages arrive (it is replaced on `reset()`);
   * use `version` to tell whether it changed.
   */
  public get items(): readonly T[] {
    return this.itemsLoaded;
  }

  /** Whether at least one page arrived since the last reset. */
  public get started(): boolean {
    return this.pagesLoaded > 0;
  }

  /** Number of pages that arrived since the last reset. */
  public get pages(): number {
    return this.pagesLoaded;
  }

  /** Whether another page can be requested (true before the first page). */
  public get hasMore(): boolean {
    return !this.ended;
  }

  /** Whether the chain has more pages but may not load them now (`mayLoad()` says no): nothing is requested. */
  public get capped(): boolean {
    return !this.ended && !this.mayLoad();
  }

  /** Set when the chain ended because the gateway broke the paging rules. */
  public get notice(): ChainNotice | undefined {
    return this.endNotice;
  }

  /** How many items were dropped because their key was already loaded. */
  public get duplicatesDropped(): number {
    return this.dropped;
  }

  /** True after `refresh()` until the first new page lands: `items` are still the ones loaded before. */
  public get refreshing(): boolean {
    return this.keptForRefresh;
  }

  /**
   * Increases whenever `items` is replaced instead of appended to (a reset, or the first page after a refresh);
   * between two changes of it, `items` only grows at its end. Lets callers keep incremental state.
   */
  public get epoch(): number {
    return this.replacements;
  }

  /**
   * Whether a scan (Load All, an Export, Search: `scanChain`) is paging through the chain: its pages follow one another
   * until it ends, and what it loads is told by the scan's own progress. Listeners hear of the scan's end.
   */
  public get scanning(): boolean {
    return this.scans > 0;
  }

  /** Runs `scan` as one of the chain's scans (`scanning` while it runs; a change when the last one ends). */
  public async asScan<R>(scan: () => Promise<R>): Promise<R> {
    this.scans += 1;
    try {
      return await scan();
    } finally {
      this.scans -= 1;
      if (this.scans === 0) {
        this.changed();
      }
    }
  }

  /** The cursor the next page is asked with: none for the first page (also after a refresh). */
  public get nextPageCursor(): string | undefined {
    return this.pagesLoaded === 0 ? undefined : this.nextCursor;
  }

  /**
   * The request that loaded `items[index]` (its cursor, none for page 1, and its limit), or undefined for an index
   * outside `items` (or a page whose cursor was too long to keep). One record a page, not an item: a binary search.
   */
  public requestOf(index: number): PageRequest | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.itemsLoaded.length) {
      return undefined;
    }
    let low = 0;
    let high = this.pageStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.pageStarts[middle] as number) <= index) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return this.pageRequests[low];
  }

  /**
   * Loads the next page. While a load is in flight, every call returns that same load (one request).
   * Resolves when the page landed, failed (see `error`) or was made stale by `reset()`; never rejects.
   * `signal` cancels this load quietly: nothing is recorded as an error and the page can be loaded again.
   */
  public loadMore(limit: number, signal?: AbortSignal): Promise<void> {
    if (!this.loading && (this.ended || signal?.aborted || !this.mayLoad())) {
      return Promise.resolve();
    }
    const cursor = this.pagesLoaded === 0 ? undefined : this.nextCursor;
    const request: PageRequest = cursor === undefined ? { limit } : { cursor, limit };
    return this.track((abort) => this.fetchPage(request, abort), (page) => this.accept(request, page), signal);
  }

  /**
   * Loads pages until the chain ends, a page fails, the chain is `capped`, or `signal` is aborted. `onPage` is told the item count after each.
   */
  public async loadAll(limit: number, signal?: AbortSignal, onPage?: (loaded: number) => void): Promise<void> {
    while (this.hasMore && !signal?.aborted) {
      const before = this.pagesLoaded;
      const generation = this.currentGeneration;
      await this.loadMore(limit, signal);
      if (this.error || generation !== this.currentGeneration || this.pagesLoaded === before) {
        return;
      }
      onPage?.(this.itemsLoaded.length);
    }
  }

  /**
   * Starts again from page 1 while the items loaded so far stay (`refreshing`) until the first new page lands and
   * replaces them; if it fails they stay, with `error` set. Any in-flight response becomes stale and is discarded.
   */
  public refresh(): void {
    this.restart();
    this.keptForRefresh = this.itemsLoaded.length > 0;
    this.changed();
  }

  /** Back to "nothing loaded". Any in-flight response becomes stale and is discarded. */
  public reset(): void {
    this.restart();
    this.keptForRefresh = false;
    this.dropItems();
    this.changed();
  }

  /** Forgets every item and page start; the item array is replaced (a holder of the old one keeps what it saw). */
  private dropItems(): void {
    this.itemsLoaded = [];
    this.keys.clear();
    this.pageStarts = [];
    this.pageRequests = [];
    this.replacements += 1;
  }

  private restart(): void {
    this.restartLoads();
    this.usedCursors.clear();
    this.emptyInARow = 0;
    this.nextCursor = undefined;
    this.pagesLoaded = 0;
    this.ended = false;
    this.endNotice = undefined;
    this.dropped = 0;
  }

  private accept(request: PageRequest, page: PageResult<T>): void {
    if (this.keptForRefresh) {
      this.keptForRefresh = false;
      this.dropItems();
    }
    if (request.cursor !== undefined) {
      this.usedCursors.add(usedCursorKey(request.cursor));
    }
    const before = this.itemsLoaded.length;
    this.pageStarts.push(before);
    this.pageRequests.push(request.cursor !== undefined && request.cursor.length > MAX_RECORDED_CURSOR ? undefined : request);
    const keys = this.keys;
    const items = this.itemsLoaded;
    for (const item of page.items) {
      const key = this.keyOf(item);
      if (key !== undefined) {
        // One lookup, not has() then add(): the set only grows when the key is new.
        const known = keys.size;
        if (keys.add(key).size === known) {
          this.dropped += 1;
          continue;
        }
      }
      items.push(item);
    }
    this.emptyInARow = this.itemsLoaded.length === before ? this.emptyInARow + 1 : 0;
    this.pagesLoaded += 1;
    if (!page.hasMore) {
      this.ended = true;
      this.nextCursor = undefined;
    } else if (page.nextCursor === undefined || page.nextCursor === '') {
      this.ended = true;
      this.nextCursor = undefined;
      this.endNotice = { severity: 'warning', kind: 'missingCursor', page: this.pagesLoaded };
    } else if (this.usedCursors.has(usedCursorKey(page.nextCursor))) {
      this.ended = true;
      this.nextCursor = undefined;
      this.endNotice = { severity: 'error', kind: 'repeatedCursor', page: this.pagesLoaded };
    } else if (this.emptyInARow >= MAX_EMPTY_PAGES) {
      this.ended = true;
      this.nextCursor = undefined;
      this.endNotice = { severity: 'warning', kind: 'emptyPages', page: this.pagesLoaded, emptyPages: this.emptyInARow };
    } else {
      this.nextCursor = page.nextCursor;
    }
  }
}

