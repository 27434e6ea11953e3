/**
 * The table's Load All: every remaining page of the gateway's list of all page groups (the unfiltered chain the tree
 * pages, so no page is read twice). One load at a time: a second caller (the export of everything while the
 * button's load runs) waits for it and then loads what is left. Its Stop (the webview's button, or the signal of
 * the caller: the export's cancel) cancels it.
 */
import type { PageGroupsModel } from '../model/pageGroupsModel';

/** The page size of the table's Load All (as the tree's). */
const LOAD_ALL_PAGE_SIZE = 100;

export class TableLoadAll {
  private loading: AbortController | undefined;
  /** The Load All in progress (callers wait for it instead of starting another). */
  private loadingDone: Promise<void> | undefined;

  /**
   * `started`: a load began (the status says so); `ended`: it ended, however (the rows it brought are taken in).
   */
  public constructor(
    private readonly model: PageGroupsModel,
    private readonly started: () => void,
    private readonly ended: () => void,
  ) {}

  /** Whether a load runs. */
  public get running(): boolean {
    return this.loading !== undefined;
  }

  /** Stops the load that runs, if any. */
  public cancel(): void {
    this.loading?.abort();
  }

  /** Loads every remaining page; resolves true when the load was cancelled (by its Stop or by `signal`). */
  public async loadAll(signal?: AbortSignal): Promise<boolean> {
    while (this.loadingDone !== undefined) {
      const running = this.loading;
      await this.loadingDone;
      if (signal?.aborted || running?.signal.aborted) {
        return true;
      }
    }
    if (signal?.aborted) {
      return true;
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    signal?.addEventListener('abort', stop, { once: true });
    this.loading = controller;
    this.started();
    const done = this.model.discovery.loadAll(LOAD_ALL_PAGE_SIZE, controller.signal);
    this.loadingDone = done;
    try {
      await done;
    } finally {
      signal?.removeEventListener('abort', stop);
      this.loading = undefined;
      this.loadingDone = undefined;
      this.ended();
    }
    return controller.signal.aborted;
  }
}
