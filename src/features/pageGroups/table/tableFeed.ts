/**
 * What the webview of one table is sent, kept in step with the gateway's store of page groups (the one the tree
 * pages into). The host keeps the rows and does the heavy work (filter, sort, facets: model/tableRows.ts); the
 * webview gets the words and state, the rows once (rowBatches.ts), then only the view (the order of the rows that
 * match, the facets) and the status. While pages stream in, updates are throttled so that the table takes at most
 * a fifth of the host's time. A new panel's first screen goes out with its page, before the webview says it is ready
 * (`startEarly`): the editor holds messages until the page has loaded, so the rows paint without waiting for a round
 * trip. Everything else waits for the webview's ready.
 */
import type * as vscode from 'vscode';
import { locale } from '../../../l10n/locale';
import { describeGatewayError } from '../../../text/errorText';
import type { PageGroupsModel } from '../model/pageGroupsModel';
import { PAGE_GROUP_WORDS } from '../text/pageGroupWords';
import { COLUMN_IDS, COLUMN_KINDS } from './model/tableColumns';
import type { HostMessage, PanelOpened } from './model/tableProtocol';
import { TableRows, type ComputedView } from './model/tableRows';
import type { TableState } from './model/tableState';
import { RowBatches } from './rowBatches';
import { columnLabels, webviewStrings } from './text/tableText';

/** Rows sent ahead of the others when a webview starts: its first screen, so that it paints before the rest arrives. */
const FIRST_SCREEN_ROWS = 200;
/** Message types kept for the tests (`sentTypes`). */
const SENT_TYPES_KEPT = 50;
/** The shortest time between two updates of the rows while pages stream in. */
const SYNC_INTERVAL_MS = 200;

export class TableFeed {
  public readonly rows = new TableRows(new Intl.Collator(locale(), { numeric: true, sensitivity: 'base' }));
  private readonly batches: RowBatches;
  private ready = false;
  private stopped = false;
  /** The last order sent (row indexes). */
  private order: Int32Array = new Int32Array(0);
  /** When the last message from the webview arrived (epoch ms; the view says it, for the benchmark's breakdown). */
  private receivedAt = 0;
  private sent = 0;
  private syncTimer: NodeJS.Timeout | undefined;
  /** How long the last update of the rows took (the next waits at least four times as long). */
  private lastSyncMs = 0;
  /** The view computed before the webview was ready, for the state it was computed for. */
  private prepared: { readonly state: TableState; readonly view: ComputedView } | undefined;
  /** What went out before the webview's first ready (`startEarly`): for that state and generation. */
  private early: { readonly state: TableState; readonly generation: number } | undefined;
  /** Whether the webview said it was ready at least once. */
  private readyOnce = false;

  /**
   * `state`: the table's state in force; `loading`: whether the table's Load All runs; `opened`: when the panel was
   * asked for and its page set (passed on to the webview for the benchmark).
   */
  public constructor(
    private readonly webview: vscode.Webview,
    private readonly gatewayName: string,
    private readonly gatewayKey: string,
    private readonly model: PageGroupsModel,
    private readonly state: () => TableState,
    private readonly loading: () => boolean,
    private readonly opened: PanelOpened,
  ) {
    this.batches = new RowBatches(this.rows, (message) => this.post(message), state);
  }

  /**
   * The types of the last messages sent, oldest first, for the tests: `view:counting` is a view without its facets,
   * `view:counting:200/600` one with only the first 200 positions of an order of 600.
   */
  public readonly sentTypes: string[] = [];

  /** Bytes of every message sent so far (JSON, typed arrays as their bytes). */
  public get bytesSent(): number {
    return this.sent;
  }

  /** The rows the last view lets through, in its order (row indexes). */
  public get shownOrder(): Int32Array {
    return this.order;
  }

  /** A message from the webview arrived now. */
  public noteReceived(): void {
    this.receivedAt = performance.timeOrigin + performance.now();
  }

  /**
   * The first screen sent with the page, before the webview is ready, when it costs next to nothing: the rows taken in
   * (a copy when the table's rows are new) and no sort to make (none, or one already ranked). The words and state, the
   * first screen's rows, their order (no facets yet: `counting`) and the status go out now; the editor delivers them
   * once the page has loaded. Anything heavier is computed ahead on a later turn (`prepare`), so that the editor's
   * own messages that create the panel leave first. Returns whether it sent.
   */
  public startEarly(): boolean {
    const state = this.state();
    this.rows.sync(this.model.allLoaded());
    if (this.readyOnce || this.stopped || this.rows.rows.length === 0 || !state.sort.every((key) => this.rows.hasRanks(key.column))) {
      return false;
    }
    const order = this.rows.order(state.filter, state.sort);
    this.early = { state, generation: this.rows.generation };
    this.sendFirstScreen(state, order, undefined, true);
    return true;
  }

  /**
   * The rows taken in and the view computed ahead of the webview's ready (while the webview loads in the editor's
   * window), so that its first screen goes out as soon as it says it is ready.
   */
  public prepare(): void {
    if (this.stopped || this.ready) {
      return;
    }
    const state = this.state();
    this.rows.sync(this.model.allLoaded());
    this.prepared = { state, view: this.rows.compute(state.filter, state.sort, state.facetSearch) };
  }

  /**
   * The webview is ready. It gets the words and state, then the rows of its first screen (the first rows of the
   * order) and the view, so that it paints at once; then every row in column batches as it asks for them, then the
   * status again. After an early start (`startEarly`) the webview's first ready gets the view with its facets and
   * what changed meanwhile; the words and the first screen are not sent again when nothing changed. A ready that
   * follows (the page was loaded again, or it missed the early messages and asks again) gets everything.
   */
  public start(): void {
    const early = this.readyOnce ? undefined : this.early;
    this.readyOnce = true;
    this.early = undefined;
    this.ready = true;
    const current = this.state();
    const synced = this.rows.sync(this.model.allLoaded());
    const prepared = this.prepared;
    this.prepared = undefined;
    const unchanged = !synced.reset && synced.appendedFrom === this.rows.rows.length && synced.replaced.length === 0;
    const computed = prepared !== undefined && unchanged && prepared.state === current ? prepared.view : this.rows.compute(current.filter, current.sort, current.facetSearch);
    const shown = early !== undefined && unchanged && early.state === current && early.generation === this.rows.generation;
    if (shown) {
      this.sendView(computed);
      this.sendStatus();
    } else {
      this.sendFirstScreen(current, computed.order, computed, false);
    }
    const total = this.rows.rows.length;
    if (total > 0) {
      this.batches.sendLater(0, total, this.rows.generation);
    }
  }

  /**
   * The words and state, the rows of the first screen of `order`, the view (`computed`, or the order alone while the
   * facets are counted) and the status; `early`: before the webview is ready.
   */
  private sendFirstScreen(state: TableState, order: Int32Array, computed: ComputedView | undefined, early: boolean): void {
    const labels = columnLabels();
    this.post(
      {
        type: 'init',
        gateway: this.gatewayName,
        gatewayKey: this.gatewayKey,
        columns: COLUMN_IDS.map((id) => ({ id, label: labels[id], kind: COLUMN_KINDS[id] })),
        state,
        strings: webviewStrings(),
        locale: locale(),
        opened: this.opened,
      },
      early,
    );
    if (this.rows.rows.length === 0) {
      if (!early) {
        this.batches.sendFrom(0);
      }
    } else {
      this.post(this.batches.batch(Array.from(order.subarray(0, FIRST_SCREEN_ROWS)), undefined), early);
    }
    if (computed !== undefined) {
      this.sendView(computed);
    } else {
      this.post(this.viewMessage(state, { order, facets: [] }, 0, true, early ? FIRST_SCREEN_ROWS : undefined), early);
    }
    this.post(this.statusMessage(), early);
  }

  /** The webview took in what it got: the next batch of rows, or the status once the last is out. */
  public sendMoreRows(): void {
    if (this.batches.more()) {
      this.sendStatus();
    }
  }

  /** An update of the rows soon (the store changed): the wait grows with the work. */
  public scheduleSync(): void {
    if (this.syncTimer === undefined) {
      this.syncTimer = setTimeout(() => this.syncNow(), Math.max(SYNC_INTERVAL_MS, 4 * this.lastSyncMs));
    }
  }

  /** Takes in what the store holds now: new rows are sent, then the order and the status. */
  public syncNow(): void {
    if (this.syncTimer !== undefined) {
      clearTimeout(this.syncTimer);
      this.syncTimer = undefined;
    }
    if (!this.ready) {
      return;
    }
    const began = performance.now();
    const result = this.rows.sync(this.model.allLoaded());
    if (result.reset) {
      this.batches.sendFrom(0);
    } else {
      if (result.appendedFrom < this.rows.rows.length) {
        this.batches.sendFrom(result.appendedFrom);
      }
      if (result.replaced.length > 0) {
        this.post(this.batches.batch(result.replaced, undefined));
      }
    }
    this.sendView();
    this.sendStatus();
    this.lastSyncMs = performance.now() - began;
  }

  /** The order of the rows that match the state in force, and the facets (`precomputed` when already made). */
  public sendView(precomputed?: ComputedView): void {
    if (!this.ready) {
      return;
    }
    const began = performance.now();
    const current = this.state();
    const view = precomputed ?? this.rows.compute(current.filter, current.sort, current.facetSearch);
    this.post(this.viewMessage(current, view, performance.now() - began, false));
  }

  /**
   * The view message of `view` (`counting`: its facets are not counted yet); its order is the last sent. With `head` (a
   * first screen sent before the webview is ready), only the first `head` positions of its order and how many it has
   * in all: the editor holds what is posted to a webview that is loading until it has loaded, and a whole order (400
   * KB for 100,000 rows) posted with the page had the page start about 100 ms later (`npm run bench`, table-webview).
   * The view that follows the webview's ready has the whole order.
   */
  private viewMessage(state: TableState, view: ComputedView, computeMs: number, counting: boolean, head?: number): HostMessage {
    this.order = view.order;
    const partial = counting && head !== undefined && view.order.length > head;
    return {
      type: 'view',
      generation: this.rows.generation,
      // A typed array: the editor hands it to the webview as binary (4 bytes a row), not as JSON numbers. A copy of
      // the head, not a view into the whole (the whole buffer would go).
      order: partial ? view.order.slice(0, head) : view.order,
      total: this.rows.rows.length,
      facets: view.facets,
      ...(counting ? { counting: true } : {}),
      ...(partial ? { shown: view.order.length } : {}),
      exact: this.model.discoveryComplete,
      sort: state.sort,
      filter: state.filter,
      computeMs: Math.round(computeMs * 10) / 10,
      receivedAt: this.receivedAt,
      postedAt: performance.timeOrigin + performance.now(),
    };
  }

  /** The webview computed and shows the view of the state in force: its order is made here too (nothing is sent). */
  public noteShownView(): void {
    const current = this.state();
    this.order = this.rows.order(current.filter, current.sort);
  }

  /** How much is loaded, whether all of it, whether Load All runs, and the gateway's problem. */
  public sendStatus(): void {
    this.post(this.statusMessage());
  }

  private statusMessage(): HostMessage {
    const error = this.model.discovery.error;
    return {
      type: 'status',
      loaded: this.rows.rows.length,
      complete: this.model.discoveryComplete,
      loading: this.loading(),
      ...(error === undefined ? {} : { problem: describeGatewayError(error, PAGE_GROUP_WORDS) }),
      bytesSent: this.sent,
    };
  }

  /**
   * The panel was hidden: the editor dropped its page, and loads it again when the tab is shown (the page then says it
   * is ready: `start`). Until then nothing is computed or sent: a hidden table would otherwise compute its view for
   * nobody at every update while pages stream in (a Load All from the tree).
   */
  public pause(): void {
    this.ready = false;
    if (this.syncTimer !== undefined) {
      clearTimeout(this.syncTimer);
      this.syncTimer = undefined;
    }
  }

  /** Nothing more is sent (the panel closed). */
  public stop(): void {
    this.stopped = true;
    this.batches.stop();
    if (this.syncTimer !== undefined) {
      clearTimeout(this.syncTimer);
    }
  }

  /** Sends `message` once the webview is ready (or now, `early`: the first screen with the page). */
  private post(message: HostMessage, early = false): void {
    if (!this.ready && !early) {
      return;
    }
    // JSON, and typed arrays as their bytes (the editor sends those as binary).
    let binary = 0;
    this.sent += JSON.stringify(message, (_key, value: unknown) => (ArrayBuffer.isView(value) ? ((binary += value.byteLength), 0) : value)).length;
    this.sent += binary;
    this.sentTypes.push(message.type === 'view' && message.counting === true ? `view:counting${message.shown === undefined ? '' : `:${message.order.length}/${message.shown}`}` : message.type);
    this.sentTypes.splice(0, this.sentTypes.length - SENT_TYPES_KEPT);
    void this.webview.postMessage(message);
  }
}
