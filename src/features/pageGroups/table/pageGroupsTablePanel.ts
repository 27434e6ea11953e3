/**
 * The Page Groups table of one gateway: a webview panel over the page groups loaded for it (the same per-gateway
 * store the tree pages into), live as more load. The host keeps the rows and does the heavy work (filter, sort,
 * facets: model/tableRows.ts); the webview gets the rows once, in column batches, and then only the order of the
 * rows that match. Its state (columns, widths, order, sort, filter) lives in the workspace state per gateway, so the
 * panel can be rebuilt from nothing (a reload, a hidden tab). Every message from the webview is checked
 * (model/tableProtocol.ts) and one that is not valid is ignored.
 */
import * as vscode from 'vscode';
import * as l10n from '@vscode/l10n';
import type { CheckedPageGroup } from '../../../api/model';
import type { CommandContext } from '../../../commands/commandContext';
import { runExport, type ExportOptions, type ExportResult } from '../../../commands/exportCommand';
import type { Gateway } from '../../../gateway/gateway';
import { locale } from '../../../l10n/locale';
import { listPlan, raws, writeAll, type ExportOutcome, type ExportPlan } from '../../../model/exportPlan';
import type { ItemRef } from '../../../model/resource';
import { itemProblemText } from '../../../text/itemProblemText';
import { describeChainNotice, describeGatewayError } from '../../../text/errorText';
import { capMessage } from '../text/loadLimitText';
import { PAGE_GROUP_WORDS } from '../text/pageGroupWords';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from '../pageGroupKind';
import type { PageGroupsModel } from '../model/pageGroupsModel';
import { COLUMN_IDS, COLUMN_KINDS } from './model/tableColumns';
import { readWebviewMessage, type HostMessage, type RowAction, type RowBatch, type WebviewMessage } from './model/tableProtocol';
import { TableRows, type ComputedView } from './model/tableRows';
import { ROW_BATCH } from './model/tableBatch';
import { readTableState, type TableState } from './model/tableState';
import { TABLE_VIEW_TYPE } from './tableViewType';
import { tableHtml } from './model/tableHtml';
import { columnLabels, tableTitle, webviewStrings } from './text/tableText';

/** Workspace-state key of a gateway's table state (by its base URL, which identifies it). */
export const TABLE_STATE_KEY = 'pageGateway.table';
/** The page size of the table's Load All (as the tree's). */
const LOAD_ALL_PAGE_SIZE = 100;
/** Rows sent ahead of the others when a webview starts: its first screen, so that it paints before the rest arrives. */
const FIRST_SCREEN_ROWS = 200;
/** Text columns ranked ahead, while the user looks at a new table (each is about 100 ms of CPU per 100,000 rows). */
const IDLE_RANKED_COLUMNS = 2;
/** The shortest time between two updates of the rows while pages stream in. */
const SYNC_INTERVAL_MS = 200;

/** What the tests and the benchmark read of an open table. */
export interface TableProbe {
  readonly gateway: Gateway;
  readonly panel: vscode.WebviewPanel;
  /** Rows the host holds. */
  rowCount(): number;
  /** The last order sent (row indexes). */
  lastOrder(): readonly number[];
  state(): TableState;
  /** Bytes of every message sent to the webview so far (as JSON). */
  bytesSent(): number;
  /** Messages from the webview that were not valid and were ignored. */
  ignored(): number;
  /** Handles a message as if the webview had sent it (tests). */
  receive(message: unknown): Promise<void>;
  /** Export as the webview's Export asks for it, with the export's questions answered in advance (tests). */
  exportRows(generation: number, rows: readonly number[] | 'filtered', options: ExportOptions): Promise<ExportResult | undefined>;
}

const open = new Map<string, PageGroupsTablePanel>();

/** The open tables (tests). */
export function openTables(): TableProbe[] {
  return [...open.values()];
}

/** Opens (or brings forward) the table of a gateway. */
export function showTable(ctx: CommandContext, gateway: Gateway, extensionUri: vscode.Uri, store: vscode.Memento): TableProbe {
  const existing = open.get(gateway.key);
  if (existing) {
    existing.panel.reveal();
    return existing;
  }
  const panel = vscode.window.createWebviewPanel(TABLE_VIEW_TYPE, tableTitle(gateway.name), vscode.ViewColumn.Active, webviewOptions(extensionUri));
  return new PageGroupsTablePanel(ctx, gateway, panel, extensionUri, store);
}

/** A table the editor brings back after a reload (its serializer); closed when its gateway is gone. */
export function reviveTable(ctx: CommandContext, panel: vscode.WebviewPanel, saved: unknown, extensionUri: vscode.Uri, store: vscode.Memento): void {
  const name = typeof saved === 'object' && saved !== null ? (saved as { gateway?: unknown }).gateway : undefined;
  const gateway = typeof name === 'string' ? ctx.registry.byName(name) : undefined;
  if (gateway === undefined || open.has(gateway.key)) {
    panel.dispose();
    return;
  }
  panel.webview.options = webviewOptions(extensionUri);
  panel.title = tableTitle(gateway.name);
  new PageGroupsTablePanel(ctx, gateway, panel, extensionUri, store);
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')], enableFindWidget: false, retainContextWhenHidden: false };
}

function nonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}

function problemsOf(item: CheckedPageGroup): string | null {
  return item.problems.length === 0 ? null : item.problems.map((problem) => itemProblemText(problem)).join('\n');
}

class PageGroupsTablePanel implements TableProbe {
  private readonly rows = new TableRows(new Intl.Collator(locale(), { numeric: true, sensitivity: 'base' }));
  private readonly model: PageGroupsModel;
  private current: TableState;
  private ready = false;
  private order: Int32Array = new Int32Array(0);
  /** When the last message from the webview arrived (epoch ms; the view says it, for the benchmark's breakdown). */
  private receivedAt = 0;
  private sent = 0;
  private invalid = 0;
  private syncTimer: NodeJS.Timeout | undefined;
  /** How long the last update of the rows took (the next waits at least four times as long). */
  private lastSyncMs = 0;
  private loading: AbortController | undefined;
  /** The Load All in progress (callers wait for it instead of starting another). */
  private loadingDone: Promise<void> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  /** Row batches not sent yet: the next is sent when the webview asks for more. */
  private pendingRows: { readonly next: number; readonly to: number; readonly generation: number } | undefined;
  /** Text columns whose sort ranks were made ahead while idle. */
  private readonly ranked = new Set<string>();
  /** The view computed before the webview was ready, for the state it was computed for. */
  private prepared: { readonly state: TableState; readonly view: ComputedView } | undefined;

  public constructor(
    private readonly ctx: CommandContext,
    public readonly gateway: Gateway,
    public readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly store: vscode.Memento,
  ) {
    this.model = gateway.store(PAGE_GROUPS_STORE);
    this.current = readTableState(this.savedStates()[gateway.base.href]);
    open.set(gateway.key, this);
    panel.webview.html = this.html();
    // While the webview loads (in the editor's window), the rows are taken in and the view computed, so that its
    // first screen goes out as soon as it says it is ready.
    setImmediate(() => this.prepare());
    const subscription = this.model.onDidChange(() => this.scheduleSync());
    this.disposables.push(
      { dispose: () => subscription.dispose() },
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidDispose(() => this.dispose()),
      ctx.registry.onDidChange(() => {
        if (gateway.removed) {
          panel.dispose();
        }
      }),
    );
  }

  public rowCount(): number {
    return this.rows.rows.length;
  }

  public lastOrder(): readonly number[] {
    return Array.from(this.order);
  }

  public state(): TableState {
    return this.current;
  }

  public bytesSent(): number {
    return this.sent;
  }

  public ignored(): number {
    return this.invalid;
  }

  public async receive(raw: unknown): Promise<void> {
    this.receivedAt = performance.timeOrigin + performance.now();
    const message = readWebviewMessage(raw);
    if (message === undefined) {
      this.invalid += 1;
      return;
    }
    await this.handle(message);
  }

  private async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.sendAll();
        return;
      case 'sort':
        this.save({ ...this.current, sort: message.sort });
        this.sendView();
        return;
      case 'filter':
        this.save({ ...this.current, filter: message.filter });
        this.sendView();
        return;
      case 'moreRows':
        this.sendMoreRows();
        return;
      case 'facetSearch': {
        const facetSearch: Partial<Record<string, string>> = { ...this.current.facetSearch };
        if (message.query.trim() === '') {
          delete facetSearch[message.field];
        } else {
          facetSearch[message.field] = message.query;
        }
        this.save({ ...this.current, facetSearch });
        this.sendView();
        return;
      }
      case 'columns':
        this.save({ ...this.current, order: message.order, hidden: message.hidden, widths: message.widths });
        return;
      case 'loadAll':
        // A second click while loading does nothing (the button then reads Stop Loading).
        if (this.loading === undefined) {
          await this.loadAll();
        }
        return;
      case 'cancelLoad':
        this.loading?.abort();
        return;
      case 'search':
        await vscode.commands.executeCommand('pageGateway.search', { gateway: this.gateway });
        return;
      case 'action':
        await this.act(message.action, message.generation, message.rows);
        return;
      case 'export':
        await this.export(message.generation, message.rows);
        return;
    }
  }

  /** The rows named by the webview, as items; none when they are of an older generation. */
  private refsOf(generation: number, indexes: readonly number[]): ItemRef[] {
    if (generation !== this.rows.generation) {
      return [];
    }
    return indexes.flatMap((index) => {
      const item = this.rows.rows[index];
      return item === undefined ? [] : [{ gateway: this.gateway, kind: PAGE_GROUP, item }];
    });
  }

  private async act(action: RowAction, generation: number, indexes: readonly number[]): Promise<void> {
    const refs = this.refsOf(generation, indexes);
    const first = refs[0];
    if (first === undefined) {
      return;
    }
    const rows = refs.map((ref) => ({ ref, gateway: ref.gateway }));
    switch (action) {
      case 'openJson':
        await vscode.commands.executeCommand('pageGateway.openJson', rows[0]);
        return;
      case 'copyId':
        await vscode.commands.executeCommand('pageGateway.copyId', rows[0], rows);
        return;
      case 'copyLink':
        await vscode.commands.executeCommand('pageGateway.copyLink', rows[0]);
        return;
      case 'reveal':
        await vscode.commands.executeCommand('pageGateway.revealItem', rows[0]);
        return;
      case 'compare':
        await vscode.commands.executeCommand('pageGateway.selectForCompare', rows[0]);
        return;
    }
  }

  public async exportRows(generation: number, rows: readonly number[] | 'filtered', options: ExportOptions = {}): Promise<ExportResult | undefined> {
    if (generation !== this.rows.generation) {
      return undefined;
    }
    const several = this.ctx.registry.gateways().length > 1;
    const what = rows === 'filtered' ? l10n.t('filtered page groups') : l10n.t('selected page groups');
    const named = several ? l10n.t({ message: '{0} of {1}', args: [what, this.gateway.name], comment: 'what is exported, then a gateway name' }) : what;
    const nameParts = ['page-groups', ...(several ? [this.gateway.name] : []), rows === 'filtered' ? 'filtered' : 'selected'];
    if (rows === 'filtered') {
      return runExport(this.ctx, this.filteredPlan(named, nameParts), options);
    }
    const items = rows.flatMap((index) => {
      const item = this.rows.rows[index];
      return item === undefined ? [] : [item];
    });
    return runExport(this.ctx, listPlan(this.gateway, PAGE_GROUP, items, named, nameParts), options);
  }

  private async export(generation: number, rows: readonly number[] | 'filtered'): Promise<void> {
    await this.exportRows(generation, rows);
  }

  /** The rows the filter lets through, in the table's order. */
  private filteredItems(): CheckedPageGroup[] {
    const items: CheckedPageGroup[] = [];
    for (const index of this.order) {
      const item = this.rows.rows[index];
      if (item !== undefined) {
        items.push(item);
      }
    }
    return items;
  }

  /**
   * The filtered rows as an export plan. When the gateway is not fully loaded, the export asks (as for a status)
   * whether to write what is loaded or everything: everything loads the rest first through the table's own Load All
   * (the pages not yet loaded, each once; the table shows the progress and its Stop button cancels, as does the
   * export's notification), then writes the rows the filter lets through, in the table's order.
   */
  private filteredPlan(what: string, nameParts: readonly string[]): ExportPlan {
    const discovery = this.model.discovery;
    return {
      gateway: this.gateway,
      kind: PAGE_GROUP,
      what,
      nameParts,
      canLoadMore: !this.model.discoveryComplete,
      loadedCount: () => this.order.length,
      remaining: () => undefined,
      loadedRaws: () => raws(this.filteredItems()),
      run: async (everything, signal, write): Promise<ExportOutcome> => {
        let ended: ExportOutcome = 'complete';
        if (everything) {
          const epoch = discovery.epoch;
          const cancelled = await this.loadAll(signal);
          ended = cancelled || signal.aborted
            ? 'aborted'
            : discovery.error
              ? 'failed'
              : discovery.epoch !== epoch
                ? 'reset'
                : discovery.hasMore || discovery.notice
                  ? 'stopped'
                  : this.model.discoveryComplete
                    ? 'complete'
                    : 'aborted';
          if (ended !== 'complete' && ended !== 'stopped') {
            return ended;
          }
          // The rows and their order as the filter now has them.
          this.syncNow();
        }
        const written = await writeAll(this.filteredItems(), signal, write);
        return written === 'complete' ? ended : written;
      },
      problem: () => {
        const limit = this.model.capReached();
        return discovery.error
          ? describeGatewayError(discovery.error, PAGE_GROUP_WORDS)
          : discovery.notice
            ? describeChainNotice(discovery.notice)
            : discovery.hasMore && limit !== undefined
              ? capMessage(limit, this.ctx.registry.gateways().length > 1 ? this.gateway.name : undefined)
              : undefined;
      },
      note: () => undefined,
    };
  }

  /**
   * Load All: every remaining page of the gateway's list of all page groups (the unfiltered chain the tree pages).
   * One load at a time: a second caller (the export of everything while the button's load runs) waits for it and
   * then loads what is left. `signal` (the export's cancel) stops the load like the table's Stop button. Resolves
   * true when the load was cancelled (by either).
   */
  private async loadAll(signal?: AbortSignal): Promise<boolean> {
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
    this.sendStatus();
    const done = this.model.discovery.loadAll(LOAD_ALL_PAGE_SIZE, controller.signal);
    this.loadingDone = done;
    try {
      await done;
    } finally {
      signal?.removeEventListener('abort', stop);
      this.loading = undefined;
      this.loadingDone = undefined;
      this.syncNow();
    }
    return controller.signal.aborted;
  }

  private scheduleSync(): void {
    if (this.syncTimer === undefined) {
      // While pages stream in, the table takes at most a fifth of the host's time: the wait grows with the work.
      this.syncTimer = setTimeout(() => this.syncNow(), Math.max(SYNC_INTERVAL_MS, 4 * this.lastSyncMs));
    }
  }

  /** Takes in what the store holds now: new rows are sent, then the order and the status. */
  private syncNow(): void {
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
      this.sendRows(0);
    } else {
      if (result.appendedFrom < this.rows.rows.length) {
        this.sendRows(result.appendedFrom);
      }
      if (result.replaced.length > 0) {
        this.post(this.batch(result.replaced, undefined));
      }
    }
    this.sendView();
    this.sendStatus();
    this.lastSyncMs = performance.now() - began;
  }

  /**
   * What a new webview gets: the words and state, then the rows of its first screen (the first rows of the order)
   * and the view, so that it paints at once; then every row in column batches, one batch per turn of the event loop
   * (a sort or a filter that comes meanwhile is answered between two batches), then the status again.
   */
  private sendAll(): void {
    const labels = columnLabels();
    this.post({
      type: 'init',
      gateway: this.gateway.name,
      columns: COLUMN_IDS.map((id) => ({ id, label: labels[id], kind: COLUMN_KINDS[id] })),
      state: this.current,
      strings: webviewStrings(),
      locale: locale(),
    });
    const synced = this.rows.sync(this.model.allLoaded());
    const prepared = this.prepared;
    this.prepared = undefined;
    const unchanged = !synced.reset && synced.appendedFrom === this.rows.rows.length && synced.replaced.length === 0;
    const computed = prepared !== undefined && unchanged && prepared.state === this.current ? prepared.view : this.rows.compute(this.current.filter, this.current.sort, this.current.facetSearch);
    const total = this.rows.rows.length;
    if (total === 0) {
      this.sendRows(0);
    } else {
      this.post(this.batch(Array.from(computed.order.subarray(0, FIRST_SCREEN_ROWS)), undefined));
    }
    this.sendView(computed);
    this.sendStatus();
    if (total > 0) {
      this.sendRowsLater(0, total, this.rows.generation);
    }
  }

  /** The rows taken in and the view computed ahead of the webview's ready. */
  private prepare(): void {
    if (this.disposed || this.ready) {
      return;
    }
    this.rows.sync(this.model.allLoaded());
    this.prepared = { state: this.current, view: this.rows.compute(this.current.filter, this.current.sort, this.current.facetSearch) };
  }

  /**
   * Rows `from` to `to` of `generation` in column batches, each when the webview asks for more (it asks once it has
   * painted its first screen, then after each batch it took in): the view and the answers to a sort or a filter never
   * wait behind megabytes of rows in the editor's message queue, and the window's main thread (which the webview
   * shares) is never flooded. When the last batch is out, the status again, and the ranks of the first
   * IDLE_RANKED_COLUMNS text columns shown (by default the title and the name) are made while the user looks, so that
   * the first sort by one of them costs what a later one does.
   */
  private sendRowsLater(from: number, to: number, generation: number): void {
    this.pendingRows = { next: from, to, generation };
  }

  private sendMoreRows(): void {
    const pending = this.pendingRows;
    if (pending === undefined || this.disposed) {
      return;
    }
    if (pending.generation !== this.rows.generation || pending.next >= pending.to) {
      this.pendingRows = undefined;
      this.sendStatus();
      setImmediate(() => this.rankIdle());
      return;
    }
    const end = Math.min(pending.to, pending.next + ROW_BATCH);
    this.post(this.batch(Array.from({ length: end - pending.next }, (_, i) => pending.next + i), pending.next));
    this.pendingRows = { ...pending, next: end };
  }

  /** Sort ranks of the shown text columns, one column per turn of the event loop (kept by TableRows per row count). */
  private rankIdle(): void {
    const hidden = new Set(this.current.hidden);
    const column = this.current.order.find((id) => COLUMN_KINDS[id] === 'text' && !hidden.has(id) && !this.ranked.has(id));
    if (this.disposed || column === undefined || this.pendingRows !== undefined || this.ranked.size >= IDLE_RANKED_COLUMNS) {
      return;
    }
    this.ranked.add(column);
    this.rows.ranks(column);
    setImmediate(() => this.rankIdle());
  }

  private sendRows(from: number): void {
    const total = this.rows.rows.length;
    for (let start = from; start < total || (start === 0 && total === 0); start += ROW_BATCH) {
      const end = Math.min(total, start + ROW_BATCH);
      const indexes = Array.from({ length: end - start }, (_, i) => start + i);
      this.post(this.batch(indexes, start));
      if (total === 0) {
        return;
      }
    }
  }

  private batch(indexes: readonly number[], start: number | undefined): RowBatch {
    const { cells, deleted, count } = this.rows.cells(indexes);
    return {
      type: 'rows',
      generation: this.rows.generation,
      total: this.rows.rows.length,
      ...(start === undefined ? { indexes } : { start }),
      count,
      cells,
      deleted,
      problems: indexes.map((index) => problemsOf(this.rows.rows[index] as CheckedPageGroup)),
    };
  }

  private sendView(precomputed?: ComputedView): void {
    if (!this.ready) {
      return;
    }
    const began = performance.now();
    const { order, facets } = precomputed ?? this.rows.compute(this.current.filter, this.current.sort, this.current.facetSearch);
    this.order = order;
    this.post({
      type: 'view',
      generation: this.rows.generation,
      // A typed array: the editor hands it to the webview as binary (4 bytes a row), not as JSON numbers.
      order,
      total: this.rows.rows.length,
      facets,
      exact: this.model.discoveryComplete,
      sort: this.current.sort,
      filter: this.current.filter,
      computeMs: Math.round((performance.now() - began) * 10) / 10,
      receivedAt: this.receivedAt,
      postedAt: performance.timeOrigin + performance.now(),
    });
  }

  private sendStatus(): void {
    const error = this.model.discovery.error;
    this.post({
      type: 'status',
      loaded: this.rows.rows.length,
      complete: this.model.discoveryComplete,
      loading: this.loading !== undefined,
      ...(error === undefined ? {} : { problem: describeGatewayError(error, PAGE_GROUP_WORDS) }),
      bytesSent: this.sent,
    });
  }

  private post(message: HostMessage): void {
    if (!this.ready) {
      return;
    }
    // JSON, and typed arrays as their bytes (the editor sends those as binary).
    let binary = 0;
    this.sent += JSON.stringify(message, (_key, value: unknown) => (ArrayBuffer.isView(value) ? ((binary += value.byteLength), 0) : value)).length;
    this.sent += binary;
    void this.panel.webview.postMessage(message);
  }

  private savedStates(): Record<string, unknown> {
    const saved = this.store.get<unknown>(TABLE_STATE_KEY);
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved) ? (saved as Record<string, unknown>) : {};
  }

  private save(state: TableState): void {
    this.current = state;
    void this.store.update(TABLE_STATE_KEY, { ...this.savedStates(), [this.gateway.base.href]: state });
  }

  private html(): string {
    const webview = this.panel.webview;
    const base = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    const uri = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(base, file)).toString();
    return tableHtml({ cspSource: webview.cspSource, nonce: nonce(), lang: locale(), script: uri('pageGroupsTable.js'), styles: [uri('codicon.css'), uri('pageGroupsTable.css')] });
  }

  private dispose(): void {
    this.disposed = true;
    if (open.get(this.gateway.key) === this) {
      open.delete(this.gateway.key);
    }
    this.loading?.abort();
    if (this.syncTimer !== undefined) {
      clearTimeout(this.syncTimer);
    }
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}
