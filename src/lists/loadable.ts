/**
 * A list the gateway returns whole (no paging), e.g. the webhook subscriptions: loaded once, again on `reset()`.
 * Pure TypeScript, no I/O of its own: the caller supplies `fetchAll`.
 *
 * Guarantees: concurrent `load` calls share one request; items whose key is already present are dropped (and counted);
 * `reset()` makes an in-flight response stale (it never lands); a caller waiting on a load that `reload()` replaced
 * resolves when the new load does; a failed load keeps the items of the last good load.
 */
import { LoadTracker, type ListLoad } from './loadTracker';

/** One answer: the items, and when the gateway sent more than are kept, how many. */
export interface LoadedList<T> {
  readonly items: readonly T[];
  readonly truncated?: { readonly kept: number; readonly total: number };
}

export type FetchAll<T> = (signal: AbortSignal) => Promise<LoadedList<T>>;

export class Loadable<T> extends LoadTracker implements ListLoad<T> {
  private current: readonly T[] = [];
  private cut: LoadedList<T>['truncated'];
  private loadedOnce = false;
  private dropped = 0;
  /** Loads started by `reload()`, by the generation whose load they replaced. */
  private readonly handoffs = new Map<number, Promise<void>>();

  public constructor(
    private readonly fetchAll: FetchAll<T>,
    private readonly keyOf: (item: T) => string | undefined,
  ) {
    super();
  }

  /** Items of the last successful load, in server order, duplicates removed. */
  public get items(): readonly T[] {
    return this.current;
  }

  /** Set when the last list held more items than are kept. */
  public get truncated(): LoadedList<T>['truncated'] {
    return this.cut;
  }

  /** Whether a load succeeded since the last reset. */
  public get loaded(): boolean {
    return this.loadedOnce;
  }

  public get duplicatesDropped(): number {
    return this.dropped;
  }

  /** The same as `loaded`: the list answered since the last reset. */
  public get started(): boolean {
    return this.loadedOnce;
  }

  /** A whole list has no more to load. */
  public get hasMore(): boolean {
    return false;
  }

  /** The items are from the last good load while a reload runs or after it failed. */
  public get refreshing(): boolean {
    return this.loadedOnce && (this.loading || this.error !== undefined);
  }

  /** Loads the list (joining a load in flight). Never rejects; `signal` cancels quietly. */
  public load(signal?: AbortSignal): Promise<void> {
    if (!this.loading && signal?.aborted) {
      return Promise.resolve();
    }
    return this.track(
      this.fetchAll,
      (list) => this.accept(list),
      signal,
      // A caller waiting on a load that `reload()` replaced waits for the load that replaced it.
      (generation) => this.takeHandoff(generation),
    );
  }

  /** Loads when nothing was loaded yet or the last load failed; otherwise nothing (no request). */
  public ensure(signal?: AbortSignal): Promise<void> {
    return this.loadedOnce && !this.error ? Promise.resolve() : this.load(signal);
  }

  /**
   * Loads the list again while the current items stay shown; a load in flight is dropped (its response never lands).
   * Resolves when the new list landed or failed (then the old items are still there, with `error` set).
   */
  public reload(): Promise<void> {
    const busy = this.loading;
    const replaced = this.restartLoads();
    const next = this.load();
    if (busy) {
      this.handoffs.set(replaced, next);
    }
    return next;
  }

  /** Back to "nothing loaded". Any in-flight response becomes stale and is discarded. */
  public reset(): void {
    this.handoffs.clear();
    this.restartLoads();
    this.current = [];
    this.cut = undefined;
    this.loadedOnce = false;
    this.dropped = 0;
    this.changed();
  }

  /** Stops telling listeners; a load in flight never lands. */
  public dispose(): void {
    this.handoffs.clear();
    this.stopLoads();
  }

  private takeHandoff(generation: number): Promise<void> | undefined {
    const next = this.handoffs.get(generation);
    this.handoffs.delete(generation);
    return next;
  }

  private accept(list: LoadedList<T>): void {
    const keys = new Set<string>();
    const kept: T[] = [];
    let dropped = 0;
    for (const item of list.items) {
      const key = this.keyOf(item);
      if (key !== undefined) {
        if (keys.has(key)) {
          dropped += 1;
          continue;
        }
        keys.add(key);
      }
      kept.push(item);
    }
    this.current = kept;
    this.cut = list.truncated;
    this.dropped = dropped;
    this.loadedOnce = true;
  }
}
