/** Shared steps of the extension-host suites: the real extension, a real sample gateway, rows as the user sees them. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseBaseUrl } from '../../src/api/baseUrl';
import type { PageGatewayTestApi } from '../../src/extension';
import type { Gateway } from '../../src/gateway/gateway';
import type { PageGroupsNode } from '../../src/features/pageGroups/view/pageGroupsProvider';
import type { WebhooksNode } from '../../src/features/webhooks/view/webhooksProvider';
import { startSampleGateway, type SampleGateway, type SampleGatewayOptions } from '../gateway/server';

export const EXTENSION_ID = 'pagegateway.page-gateway-explorer';

export async function extensionApi(): Promise<PageGatewayTestApi> {
  const extension = vscode.extensions.getExtension<PageGatewayTestApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
  const api = await extension.activate();
  assert.ok(api, 'the extension returns its test API in test mode');
  return api;
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) {
      assert.fail(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Whether `uri` is the JSON document of item `id` in `folder`, as its tab shows it: `<title> · <id>.json` under
 * `/<folder>/<id>/` (every item these suites open has a title).
 */
export function isItemDocument(uri: vscode.Uri | undefined, folder: string, id: string): boolean {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return uri?.scheme === 'page-gateway' && new RegExp(`^/${folder}/${escaped}/.+ · ${escaped}\\.json$`).test(uri.path);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sets `pageGateway.*` user settings and waits until the extension sees them. */
export async function configure(api: PageGatewayTestApi, values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('pageGateway');
  for (const [name, value] of Object.entries(values)) {
    await config.update(name, value, vscode.ConfigurationTarget.Global);
  }
  await waitFor(() => {
    const settings = api.settings();
    return Object.entries(values).every(([name, value]) => {
      switch (name) {
        case 'baseUrl':
          return settings.baseUrl === (value ?? '');
        case 'gateways':
          return JSON.stringify(settings.gateways) === JSON.stringify(value ?? []);
        case 'pageSize':
          return settings.pageSize === (value ?? 20);
        case 'statuses':
          return JSON.stringify(settings.statuses) === JSON.stringify(value ?? []);
        case 'showDeleted':
          return settings.showDeleted === (value ?? true);
        case 'requestTimeoutSeconds':
          return settings.timeoutMs === ((value as number | undefined) ?? 30) * 1000;
        case 'webhooks.groupBy':
          return settings.webhooksGroupBy === (value ?? 'subscription');
        case 'webhooks.autoRefreshSeconds':
          return settings.webhooksAutoRefreshSeconds === ((value as number | undefined) ?? 0);
        case 'maxLoadedPageGroups':
          return settings.maxLoadedPageGroups === ((value as number | undefined) ?? 250_000);
        default:
          return true;
      }
    });
  }, `settings ${JSON.stringify(values)}`);
}

export async function resetSettings(api: PageGatewayTestApi): Promise<void> {
  await configure(api, {
    baseUrl: undefined,
    gateways: undefined,
    pageSize: undefined,
    statuses: undefined,
    showDeleted: undefined,
    requestTimeoutSeconds: undefined,
    'webhooks.groupBy': undefined,
    'webhooks.autoRefreshSeconds': undefined,
    maxLoadedPageGroups: undefined,
    maxTreeRows: undefined,
  });
}

/** Starts a sample gateway, points the extension at it and stores `key` (default: the right one) for its origin. */
export async function connectTo(api: PageGatewayTestApi, options: SampleGatewayOptions = {}, key?: string): Promise<SampleGateway> {
  const gateway = await startSampleGateway(options);
  await configure(api, { baseUrl: gateway.url });
  await storeKey(api, gateway.url, key ?? gateway.apiKey);
  return gateway;
}

/**
 * For a `describe`: before its tests, the real extension is connected to a fresh sample gateway (`use` receives
 * both); after them, editors are closed, settings reset and the gateway closed.
 */
export function connectedSuite(options: SampleGatewayOptions, use: (api: PageGatewayTestApi, gateway: SampleGateway) => void): void {
  let api: PageGatewayTestApi | undefined;
  let gateway: SampleGateway | undefined;
  before(async () => {
    api = await extensionApi();
    // A view an earlier suite left open would load the new gateway's lists by itself and skew request counts.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    gateway = await connectTo(api, options);
    use(api, gateway);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (api) {
      await resetSettings(api);
    }
    await gateway?.close();
  });
}

/**
 * The end of a suite that configured its own sample gateways: editors closed, each gateway's key deleted (when it is
 * still configured), settings back to their defaults, the gateways stopped.
 */
export async function tearDownGateways(api: PageGatewayTestApi, gateways: ReadonlyArray<SampleGateway | undefined>): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  for (const gateway of gateways) {
    if (gateway !== undefined && api.registry.byBaseUrl(gateway.url)) {
      await storeKey(api, gateway.url, undefined);
    }
  }
  await resetSettings(api);
  for (const gateway of gateways) {
    await gateway?.close();
  }
}

/** The configured gateway whose base URL is `url` (fails when there is none). */
export function gatewayAt(api: PageGatewayTestApi, url: string): Gateway {
  const base = parseBaseUrl(url);
  assert.ok(base.ok, `not a base URL: ${url}`);
  const gateway = api.registry.byBaseUrl(base.href);
  assert.ok(gateway, `no gateway at ${base.href} among ${api.registry.gateways().map((g) => g.base.href).join(', ')}`);
  return gateway;
}

/** The only configured gateway (fails when there are several or none). */
export function onlyGateway(api: PageGatewayTestApi): Gateway {
  const gateway = api.registry.single();
  assert.ok(gateway, `expected exactly one gateway, have ${api.registry.entries().length}`);
  return gateway;
}

export async function storeKey(api: PageGatewayTestApi, url: string, key: string | undefined): Promise<void> {
  const gateway = gatewayAt(api, url);
  if (key === undefined) {
    await api.keys.delete(gateway.connection.scope);
  } else {
    await api.keys.store(gateway.connection.scope, key);
  }
  await gateway.connection.keyChanged();
  await waitFor(async () => {
    const state = await gateway.connection.state();
    return key === undefined ? state.kind === 'noKey' : state.kind === 'ready';
  }, 'the connection to use the key');
}

export interface Row<N> {
  readonly node: N;
  readonly label: string;
  readonly description: string;
  readonly contextValue: string;
  /** The row's name: its context value without the capabilities (`pageGateway.webhook.active`). */
  readonly name: string;
  readonly id: string;
  readonly icon: string;
  readonly tooltip: string;
  readonly item: vscode.TreeItem;
}

type AnyProvider<N> = {
  getChildren(node?: N): Promise<N[]>;
  getTreeItem(node: N): vscode.TreeItem | Thenable<vscode.TreeItem>;
  resolveTreeItem?(item: vscode.TreeItem, node: N, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem>;
};

export async function rowsOf<N>(provider: AnyProvider<N>, node?: N): Promise<Row<N>[]> {
  const children = await provider.getChildren(node);
  return Promise.all(children.map((child) => describeRow(provider, child)));
}

/** A row as the user sees it, hover tooltip included (resolved the way the editor does on hover). */
export async function describeRow<N>(provider: AnyProvider<N>, node: N): Promise<Row<N>> {
  const plain = await provider.getTreeItem(node);
  const resolved = provider.resolveTreeItem?.(plain, node, new vscode.CancellationTokenSource().token);
  const item = resolved instanceof vscode.TreeItem ? resolved : plain;
  const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
  return {
    node,
    label,
    description: typeof item.description === 'string' ? item.description : '',
    contextValue: item.contextValue ?? '',
    name: (item.contextValue ?? '').split(' ')[0] ?? '',
    id: item.id ?? '',
    icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '',
    tooltip,
    item,
  };
}

export const pageGroupRows = (api: PageGatewayTestApi, node?: PageGroupsNode): Promise<Row<PageGroupsNode>[]> => rowsOf(api.pageGroups, node);
export const webhookRows = (api: PageGatewayTestApi, node?: WebhooksNode): Promise<Row<WebhooksNode>[]> => rowsOf(api.webhooks, node);

/** The status row with this label (fails when absent). */
/**
 * Shows the status `key` (its row `node`) expanded in the Page Groups view. A reveal that reaches the editor while it
 * reads the view's rows again does nothing, so it is asked again (every half second) until the view says the status
 * is expanded.
 */
export async function expandStatus(api: PageGatewayTestApi, node: PageGroupsNode, key: string): Promise<void> {
  let polls = 0;
  await waitFor(async () => {
    if (api.pageGroups.isExpanded(onlyGateway(api), key)) {
      return true;
    }
    if (polls++ % 25 === 0) {
      await api.pageGroupsView.reveal(node, { expand: true, select: false, focus: false });
    }
    return api.pageGroups.isExpanded(onlyGateway(api), key);
  }, `${key} expanded`);
}

export async function statusRow(api: PageGatewayTestApi, label: string): Promise<Row<PageGroupsNode>> {
  const rows = await pageGroupRows(api);
  const row = rows.find((r) => r.contextValue.startsWith('pageGateway.status') && r.label === label);
  assert.ok(row, `no status row "${label}" among ${rows.map((r) => r.label).join(', ')}`);
  return row;
}

/** Data-set page groups with a status, in server order. */
export function datasetIds(dataset: readonly Record<string, unknown>[], status?: string): string[] {
  return dataset.filter((pg) => status === undefined || pg.status === status).map((pg) => String(pg.pageGroupId));
}

export function pageGroupIdsOf(rows: readonly Row<PageGroupsNode>[]): string[] {
  return rows.flatMap((row) => (row.node.kind === 'pageGroup' && row.node.item.value.pageGroupId !== undefined ? [row.node.item.value.pageGroupId] : []));
}

/** After every test of the suite that passed, both trees' row ids must still be unique (`assertUniqueRowIds`). */
export function checkRowIdsAfterEachPassingTest(apiOf: () => PageGatewayTestApi): void {
  afterEach(async function () {
    if (this.currentTest?.state === 'passed') {
      await assertUniqueRowIds(apiOf());
    }
  });
}

/**
 * Walks both trees as far as they are loaded (every gateway, status and webhook row) and fails when two rows share an
 * id: the editor refuses a tree whose ids repeat ("Element with id … is already registered"). Loads nothing new.
 */
export async function assertUniqueRowIds(api: PageGatewayTestApi): Promise<void> {
  const seen = new Map<string, string>();
  const visit = async <N>(provider: AnyProvider<N>, node: N | undefined, depth: number): Promise<void> => {
    const rows = await rowsOf(provider, node);
    for (const row of rows) {
      const before = seen.get(row.id);
      assert.ok(before === undefined, `row id ${row.id} is used twice ("${before}" and "${row.label}")`);
      seen.set(row.id, row.label);
      const loaded = (row.node as { kind?: string }).kind;
      if (depth < 3 && (loaded === 'gateway' || loaded === 'webhook' || loaded === 'eventGroup' || (loaded === 'status' && isLoadedStatus(api, row.node)))) {
        await visit(provider, row.node, depth + 1);
      }
    }
  };
  await visit(api.pageGroups, undefined, 0);
  await visit(api.webhooks, undefined, 0);
}

function isLoadedStatus(api: PageGatewayTestApi, node: unknown): boolean {
  const status = node as { gateway?: Gateway; key?: string };
  return status.gateway !== undefined && status.key !== undefined && api.pageGroups.model(status.gateway).chain(status.key).started;
}
