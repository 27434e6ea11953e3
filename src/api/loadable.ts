/**
 * A list the gateway returns whole (no paging), e.g. the webhook subscriptions: loaded once, again on `reset()`.
 * Pure TypeScript, no I/O of its own: the caller supplies `fetchAll`.
 *
 * Guarantees: concurrent `load` calls share one request; items whose key is already present are dropped (and counted);
 * `reset()` makes an in-flight response stale (it never lands); a caller waiting on a load that `reload()` replaced
 * resolves when the new load does; a failed load keeps the items of the last good load.
 */
import { GatewayError } from './errors';

/** One answer: the items, and when the gateway sent more than are kept, how many. */
export interface LoadedList<T> {
  readonly items: readonly T[];
  readonly truncated?: { readonly kept: number; readonly total: number };
}

export type FetchAll<T> = (signal: AbortSignal) => Promise<LoadedList<T>>;

export class Loadable<T> {
  private current: readonly T[] = [];
  private cut: LoadedList<T>['truncated'];
  private loadedOnce = false;
  private failure: GatewayError | undefined;
  private dropped = 0;
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private generation = 0;
  private changeCount = 0;
  /** Loads started by `reload()`, by the generation whose load they replaced. */
  private readonly handoffs = new Map<number, Promise<void>>();
  private readonly listeners = new Set<() => void>();

  public constructor(
    private readonly fetchAll: FetchAll<T>,
    private readonly keyOf: (item: T) => string | undefined,
  ) {}

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

  public get loading(): boolean {
    return this.inFlight !== undefined;
  }

  /** The last load failed; cleared when a load succeeds or on reset. */
  public get error(): GatewayError | undefined {
    return this.failure;
  }

  public get duplicatesDropped(): number {
    return this.dropped;
  }

  /** Increases on every observable change. */
  public get version(): number {
    return this.changeCount;
  }

  public onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Loads the list (joining a load in flight). Never rejects; `signal` cancels quietly. */
  public load(signal?: AbortSignal): Promise<void> {
    if (this.inFlight) {
      return this.inFlight;
    }
    if (signal?.aborted) {
      return Promise.resolve();
    }
    const generation = this.generation;
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.controller = controller;
    let fetched: Promise<LoadedList<T>>;
    try {
      fetched = this.fetchAll(controller.signal);
    } catch (error) {
      fetched = Promise.reject(error);
    }
    const load = fetched.then(
      (list) => {
        if (generation === this.generation) {
          this.accept(list.items);
          this.cut = list.truncated;
        }
      },
      (reason: unknown) => {
        if (generation !== this.generation || controller.signal.aborted) {
          return;
        }
        this.failure =
          reason instanceof GatewayError ? reason : new GatewayError('invalidResponse', String(reason), { cause: reason });
      },
    );
    const tracked: Promise<void> = load
      .finally(() => {
        signal?.removeEventListener('abort', onAbort);
        if (generation === this.generation) {
          this.inFlight = undefined;
          this.controller = undefined;
          this.changed();
        }
      })
      // A caller waiting on a load that `reload()` replaced waits for the load that replaced it.
      .then(() => this.takeHandoff(generation));
    this.inFlight = tracked;
    this.changed();
    return tracked;
  }

  /** Loads when nothing was loaded yet or the last load failed; otherwise nothing (no request). */
  public ensure(signal?: AbortSignal): Promise<void> {
    return this.loadedOnce && !this.failure ? Promise.resolve() : this.load(signal);
  }

  /**
   * Loads the list again while the current items stay shown; a load in flight is dropped (its response never lands).
   * Resolves when the new list landed or failed (then the old items are still there, with `error` set).
   */
  public reload(): Promise<void> {
    const replaced = this.inFlight === undefined ? undefined : this.generation;
    this.generation += 1;
    this.controller?.abort();
    this.controller = undefined;
    this.inFlight = undefined;
    this.failure = undefined;
    const next = this.load();
    if (replaced !== undefined) {
      this.handoffs.set(replaced, next);
    }
    return next;
  }

  /** Back to "nothing loaded". Any in-flight response becomes stale and is discarded. */
  public reset(): void {
    this.handoffs.clear();
    this.generation += 1;
    this.controller?.abort();
    this.controller = undefined;
    this.inFlight = undefined;
    this.current = [];
    this.cut = undefined;
    this.loadedOnce = false;
    this.failure = undefined;
    this.dropped = 0;
    this.changed();
  }

  /** Stops telling listeners; a load in flight never lands. */
  public dispose(): void {
    this.handoffs.clear();
    this.generation += 1;
    this.controller?.abort();
    this.listeners.clear();
  }

  private takeHandoff(generation: number): Promise<void> | undefined {
    const next = this.handoffs.get(generation);
    this.handoffs.delete(generation);
    return next;
  }

  private accept(items: readonly T[]): void {
    const keys = new Set<string>();
    const kept: T[] = [];
    let dropped = 0;
    for (const item of items) {
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
    this.dropped = dropped;
    this.loadedOnce = true;
    this.failure = undefined;
  }

  private changed(): void {
    this.changeCount += 1;
    for (const listener of [...this.listeners]) {
      listener();
    }
  }
}
