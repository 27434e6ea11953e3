/**
 * The Page Groups table of one gateway: a webview panel over the page groups loaded for it (the same per-gateway
 * store the tree pages into), live as more load. This file is the panel's life: opening it (or bringing it forward),
 * bringing it back after a reload (the serializer's part), its page, and closing it (when the tab closes or its
 * gateway is removed). The jobs are each in a file: what is sent to the webview (tableFeed.ts, rowBatches.ts), what
 * its messages do (tableMessages.ts), Load All (tableLoadAll.ts), export (tableExport.ts), the state kept per
 * gateway (tableStateStore.ts). Every message from the webview is checked (model/tableProtocol.ts) and one that is
 * not valid is ignored. The open tables are the feature's (openTables.ts), one per gateway.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import type { ExportOptions, ExportResult } from '../../../commands/exportCommand';
import type { Gateway } from '../../../gateway/gateway';
import { locale } from '../../../l10n/locale';
import type { PageGroupsModel } from '../model/pageGroupsModel';
import { PAGE_GROUPS_STORE } from '../pageGroupKind';
import { tableHtml } from './model/tableHtml';
import { readWebviewMessage } from './model/tableProtocol';
import type { TableState } from './model/tableState';
import type { OpenTables } from './openTables';
import { exportTableRows } from './tableExport';
import { TableFeed } from './tableFeed';
import { TableLoadAll } from './tableLoadAll';
import { handleTableMessage, type TableParts } from './tableMessages';
import type { TableProbe } from './tableProbe';
import { TableStateStore } from './tableStateStore';
import { TABLE_VIEW_TYPE } from './tableViewType';
import { tableTitle } from './text/tableText';

/** How long the view computed ahead waits after the panel is created (see the constructor). */
const PREPARE_AFTER_MS = 50;

/** Where a table lives: the feature's open tables, the extension's files and the workspace state. */
export interface TableHome {
  readonly tables: OpenTables;
  readonly extensionUri: vscode.Uri;
  readonly store: vscode.Memento;
}

/** Opens (or brings forward) the table of a gateway. */
export function showTable(ctx: CommandContext, gateway: Gateway, home: TableHome): TableProbe {
  const askedAt = Date.now();
  const existing = home.tables.get(gateway.key);
  if (existing) {
    existing.panel.reveal();
    return existing;
  }
  const panel = vscode.window.createWebviewPanel(TABLE_VIEW_TYPE, tableTitle(gateway.name), vscode.ViewColumn.Active, webviewOptions(home.extensionUri));
  return new PageGroupsTablePanel(ctx, gateway, panel, home, askedAt);
}

/**
 * A table the editor brings back after a reload (its serializer): its gateway found by identity (also when it was
 * renamed meanwhile), else by name (a page saved by an older version keeps the name only); closed when it is gone.
 */
export function reviveTable(ctx: CommandContext, panel: vscode.WebviewPanel, saved: unknown, home: TableHome): void {
  const { gateway: name, gatewayKey: key } = typeof saved === 'object' && saved !== null ? (saved as { gateway?: unknown; gatewayKey?: unknown }) : {};
  const gateway = (typeof key === 'string' ? ctx.registry.gateways().find((candidate) => candidate.key === key) : undefined) ?? (typeof name === 'string' ? ctx.registry.byName(name) : undefined);
  if (gateway === undefined || home.tables.get(gateway.key) !== undefined) {
    panel.dispose();
    return;
  }
  const askedAt = Date.now();
  panel.webview.options = webviewOptions(home.extensionUri);
  panel.title = tableTitle(gateway.name);
  new PageGroupsTablePanel(ctx, gateway, panel, home, askedAt);
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')], enableFindWidget: false, retainContextWhenHidden: false };
}

function nonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}

class PageGroupsTablePanel implements TableProbe, TableParts {
  public readonly states: TableStateStore;
  public readonly feed: TableFeed;
  public readonly loader: TableLoadAll;
  private readonly model: PageGroupsModel;
  private invalid = 0;
  private readonly disposables: vscode.Disposable[] = [];

  public constructor(
    private readonly ctx: CommandContext,
    public readonly gateway: Gateway,
    public readonly panel: vscode.WebviewPanel,
    private readonly home: TableHome,
    askedAt: number,
  ) {
    this.model = gateway.store(PAGE_GROUPS_STORE);
    this.states = new TableStateStore(home.store, gateway);
    this.loader = new TableLoadAll(
      this.model,
      () => this.feed.sendStatus(),
      () => this.feed.syncNow(),
    );
    panel.webview.html = this.html();
    const opened = { askedAt, pageSetAt: Date.now() };
    this.feed = new TableFeed(panel.webview, gateway.name, gateway.key, this.model, () => this.states.current, () => this.loader.running, opened);
    home.tables.add(this);
    // The messages that create the panel and give it its page leave first: the editor's connection writes them on a
    // timer it set just now, and any work in this turn would hold them in the extension host (taking in 100,000 rows
    // takes milliseconds). On the next turn the first screen goes out with the page when that is cheap (the
    // editor holds it until the page has loaded, which takes far longer). Otherwise, while the webview loads, the
    // rows are taken in and the view computed after a pause, so that its first screen goes out as soon as it says it
    // is ready.
    setTimeout(() => {
      if (!this.feed.startEarly()) {
        setTimeout(() => this.feed.prepare(), PREPARE_AFTER_MS);
      }
    }, 0);
    const subscription = this.model.onDidChange(() => this.feed.scheduleSync());
    this.disposables.push(
      { dispose: () => subscription.dispose() },
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          this.feed.pause();
        }
      }),
      ctx.registry.onDidChange(() => {
        if (gateway.removed) {
          panel.dispose();
        }
      }),
    );
  }

  public rowCount(): number {
    return this.feed.rows.rows.length;
  }

  public lastOrder(): readonly number[] {
    return Array.from(this.feed.shownOrder);
  }

  public state(): TableState {
    return this.states.current;
  }

  public bytesSent(): number {
    return this.feed.bytesSent;
  }

  public messagesSent(): readonly string[] {
    return this.feed.sentTypes;
  }

  public ignored(): number {
    return this.invalid;
  }

  public async receive(raw: unknown): Promise<void> {
    this.feed.noteReceived();
    const message = readWebviewMessage(raw);
    if (message === undefined) {
      this.invalid += 1;
      return;
    }
    await handleTableMessage(this, message);
  }

  public exportRows(generation: number, rows: readonly number[] | 'filtered', options: ExportOptions = {}): Promise<ExportResult | undefined> {
    return exportTableRows({ ctx: this.ctx, gateway: this.gateway, model: this.model, feed: this.feed, loader: this.loader }, generation, rows, options);
  }

  private html(): string {
    const webview = this.panel.webview;
    const base = vscode.Uri.joinPath(this.home.extensionUri, 'dist', 'webview');
    const uri = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(base, file)).toString();
    return tableHtml({ cspSource: webview.cspSource, nonce: nonce(), lang: locale(), script: uri('pageGroupsTable.js'), styles: [uri('pageGroupsTable.css')] });
  }

  private dispose(): void {
    this.feed.stop();
    this.home.tables.remove(this);
    this.loader.cancel();
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}
