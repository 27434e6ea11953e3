/**
 * What the list models share (CursorChain, Loadable): one load at a time, concurrent callers joining it; a restart
 * (reset, refresh, reload) that makes the load in flight stale, so its answer never lands; quiet cancellation through
 * the caller's signal; a failure kept as a GatewayError; and change notifications with a version to cache on.
 * Pure TypeScript, no I/O of its own.
 */
import { GatewayError } from '../api/errors';

/**
 * What any list reads as, whether the gateway returns it whole (`Loadable`) or in pages (`CursorChain`): what the
 * rows around its items depend on (src/views/listRows.ts).
 */
export interface ListLoad<T = unknown> {
  /** The items loaded, in server order. */
  readonly items: readonly T[];
  /** The list has answered at least once since its last reset. */
  readonly started: boolean;
  readonly loading: boolean;
  /** More can be loaded. */
  readonly hasMore: boolean;
  /** The last load failed. */
  readonly error: GatewayError | undefined;
  /** The items are from before a reload that has not landed (or that failed). */
  readonly refreshing: boolean;
}

export abstract class LoadTracker {
  private inFlight: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private generation = 0;
  private changeCount = 0;
  private failure: GatewayError | undefined;
  private readonly listeners = new Set<() => void>();

  public get loading(): boolean {
    return this.inFlight !== undefined;
  }

  /** The last load failed; cleared when a load starts, succeeds, or on a restart. */
  public get error(): GatewayError | undefined {
    return this.failure;
  }

  /** Increases on every observable change; lets views cache what they derive. */
  public get version(): number {
    return this.changeCount;
  }

  public onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The generation loads belong to; a restart starts a new one. */
  protected get currentGeneration(): number {
    return this.generation;
  }

  /**
   * Runs `fetch` and hands its answer to `land`, unless a load is in flight (then returns that one) or the load became
   * stale meanwhile (then the answer is dropped). Never rejects: a failure is kept in `error`; an abort through
   * `signal` records nothing. `then`, when given, is what a caller waits for once this load settled (e.g. the load that
   * replaced it).
   */
  protected track<R>(
    fetch: (signal: AbortSignal) => Promise<R>,
    land: (result: R) => void,
    signal?: AbortSignal,
    then?: (generation: number) => Promise<void> | undefined,
  ): Promise<void> {
    if (this.inFlight) {
      return this.inFlight;
    }
    const generation = this.generation;
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.controller = controller;
    this.failure = undefined;
    const load = attempt(() => fetch(controller.signal)).then(
      (result) => {
        if (generation === this.generation) {
          land(result);
        }
      },
      (reason: unknown) => {
        if (generation !== this.generation || controller.signal.aborted) {
          return;
        }
        this.failure =
          reason instanceof GatewayError
            ? reason
            : new GatewayError({ kind: 'invalidResponse', reason: 'unreadable' }, { detail: String(reason), cause: reason });
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
      .then(() => then?.(generation));
    this.inFlight = tracked;
    this.changed();
    return tracked;
  }

  /** Makes the load in flight stale (aborted; its answer never lands) and clears the error. Returns the old generation. */
  protected restartLoads(): number {
    const old = this.generation;
    this.generation += 1;
    this.controller?.abort();
    this.controller = undefined;
    this.inFlight = undefined;
    this.failure = undefined;
    return old;
  }

  /** A restart that also stops telling listeners (the owner is going away). */
  protected stopLoads(): void {
    this.restartLoads();
    this.listeners.clear();
  }

  protected changed(): void {
    this.changeCount += 1;
    for (const listener of [...this.listeners]) {
      listener();
    }
  }
}

/** `call()`, with a synchronous throw turned into a rejection (a fetcher that throws must not break the caller). */
function attempt<R>(call: () => Promise<R>): Promise<R> {
  try {
    return call();
  } catch (error) {
    return Promise.reject(error);
  }
}
