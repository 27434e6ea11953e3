// Several gateways side by side in the real extension host: two sample gateways on two ports with different keys
// (and different data), request counts per gateway, a 401 on one leaving the other working, documents per gateway,
// compare, rename, removal while a request is in flight, one base URL under two names (a key each), and keys per base URL
// (with 0.1's per-origin keys moved).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { secretName } from '../../../src/auth/apiKeyStore';
import type { GatewayNode } from '../../../src/views/gatewayTree';
import type { Gateway } from '../../../src/gateway/gateway';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import { generateDataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { configure, extensionApi, gatewayAt, pageGroupRows, resetSettings, type Row, sleep, storeKey, waitFor, webhookRows, checkRowIdsAfterEachPassingTest, tearDownGateways } from '../support';

const STAGING_KEY = 'pge-staging-key-1a2b';
const PRODUCTION_KEY = 'pge-production-key-9z8y';
const ROOT_KEY = 'pge-root-key-5e6f';

describe('Several gateways side by side', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let staging: SampleGateway;
  let production: SampleGateway;

  const twoGateways = (): Array<Record<string, string>> => [
    { name: 'staging', baseUrl: staging.url, color: 'charts.yellow' },
    { name: 'production', baseUrl: production.url, color: 'charts.red' },
  ];

  before(async () => {
    api = await extensionApi();
    staging = await startSampleGateway({ apiKey: STAGING_KEY, dataset: generateDataset({ seed: 1 }) });
    production = await startSampleGateway({ apiKey: PRODUCTION_KEY, dataset: generateDataset({ seed: 2 }) });
  });

  checkRowIdsAfterEachPassingTest(() => api);

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await configure(api, { baseUrl: undefined, gateways: twoGateways() });
    await storeKey(api, staging.url, STAGING_KEY);
    await storeKey(api, production.url, PRODUCTION_KEY);
    for (const gateway of api.registry.gateways()) {
      api.pageGroups.reload(gateway);
      api.webhooks.list(gateway).reset();
    }
    staging.clearFaults();
    production.clearFaults();
    staging.resetRequests();
    production.resetRequests();
  });

  after(() => tearDownGateways(api, [staging, production]));

  async function gatewayRow<N>(rows: Row<N>[], name: string): Promise<Row<N>> {
    const row = rows.find((r) => r.label === name && r.contextValue.startsWith('pageGateway.gateway.'));
    assert.ok(row, `no gateway row "${name}" among ${rows.map((r) => r.label).join(', ')}`);
    return row;
  }

  it('the view title\'s Refresh refreshes every gateway without asking which, whatever row it gets', async () => {
    const rows = await pageGroupRows(api);
    for (const row of rows) {
      await pageGroupRows(api, row.node);
    }
    staging.resetRequests();
    production.resetRequests();
    // A quick pick would keep the command waiting: the test would time out.
    await vscode.commands.executeCommand('pageGateway.refreshView', rows[0]?.node);
    await waitFor(() => staging.countRequests({ path: 'page_groups' }) === 1 && production.countRequests({ path: 'page_groups' }) === 1, 'one request to each gateway');
    await vscode.commands.executeCommand('pageGateway.refreshView', api.webhooks.gatewayNode(gatewayAt(api, production.url)));
    assert.equal(staging.countRequests({ path: 'webhook_subscriptions' }), 1);
    assert.equal(production.countRequests({ path: 'webhook_subscriptions' }), 1);
  });

  it('Search covers every ready gateway without asking which; with a gateway\'s row selected, that gateway only', async () => {
    const scanned = (gateway: SampleGateway): number => gateway.requests.filter((r) => r.path.includes('page_groups') && r.query.limit === '100').length;
    try {
      // Nothing selected (the views hidden: a selection left by another suite does not count): both, no "Which
      // gateway?" (a quick pick asking would leave both untouched).
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      void vscode.commands.executeCommand('pageGateway.search');
      await waitFor(() => scanned(staging) > 0 && scanned(production) > 0, 'both gateways to be scanned', 20_000);
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      for (const gateway of api.registry.gateways()) {
        api.pageGroups.reload(gateway);
      }
      await sleep(200);
      staging.resetRequests();
      production.resetRequests();
      // A staging row selected: staging only.
      // The view is shown first (the side bar was closed above): a row is selected in a view that is there.
      await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
      await waitFor(() => api.pageGroupsView.visible, 'the Page Groups view to show');
      // The view draws its rows after it shows: a reveal before that finds no row yet, so it is tried again.
      const stagingRow = await gatewayRow(await pageGroupRows(api), 'staging');
      const selected = (): boolean => api.pageGroupsView.selection.length === 1 && api.pageGroupsView.selection[0] === stagingRow.node;
      for (let attempt = 0; attempt < 50 && !selected(); attempt += 1) {
        await api.pageGroupsView.reveal(stagingRow.node, { select: true, focus: true }).then(undefined, () => undefined);
        await sleep(200);
      }
      await waitFor(selected, 'the staging row to be selected');
      staging.resetRequests();
      production.resetRequests();
      void vscode.commands.executeCommand('pageGateway.search');
      await waitFor(() => scanned(staging) > 0, 'staging to be scanned', 20_000);
      await sleep(300);
      assert.equal(scanned(production), 0, 'production is not searched');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    }
  });

  it('both trees show one collapsed row per gateway (name, host, color); showing them sends no request', async () => {
    const both: Array<Row<unknown>[]> = [await pageGroupRows(api), await webhookRows(api)];
    for (const rows of both) {
      assert.deepEqual(
        rows.map((r) => r.label),
        ['staging', 'production'],
      );
      const row = await gatewayRow(rows, 'staging');
      assert.equal(row.description, new URL(staging.url).host);
      assert.equal(row.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      assert.equal(row.name, 'pageGateway.gateway.ready');
      const icon = row.item.iconPath as vscode.ThemeIcon;
      assert.equal((icon.color as vscode.ThemeColor).id, 'charts.yellow');
    }
    assert.equal(staging.requests.length + production.requests.length, 0);
  });

  it('expanding a gateway costs one request at that gateway and none at the other', async () => {
    const root = await pageGroupRows(api);
    const statuses = await pageGroupRows(api, (await gatewayRow(root, 'staging')).node);
    assert.ok(statuses.some((r) => r.label === 'published'));
    assert.equal(staging.countRequests({ path: 'page_groups' }), 1);
    assert.equal(production.requests.length, 0);
    const hooks = await webhookRows(api, (await gatewayRow(await webhookRows(api), 'production')).node);
    assert.ok(hooks.length > 0);
    assert.equal(production.countRequests({ path: 'webhook_subscriptions' }), 1);
    assert.equal(production.countRequests({ path: 'page_groups' }), 0);
    assert.equal(staging.countRequests({ path: 'webhook_subscriptions' }), 0);
    assert.ok(staging.requests.every((r) => r.apiKey === STAGING_KEY), 'staging only ever receives its own key');
    assert.ok(production.requests.every((r) => r.apiKey === PRODUCTION_KEY), 'production only ever receives its own key');
  });

  it('a rejected key on one gateway shows "Set API Key…" under it; the other keeps working', async () => {
    await storeKey(api, production.url, 'wrong-key');
    const root = await pageGroupRows(api);
    const prodRows = await pageGroupRows(api, (await gatewayRow(root, 'production')).node);
    assert.equal(prodRows.length, 1);
    assert.equal(prodRows[0]?.label, 'Set API Key…');
    assert.deepEqual(prodRows[0]?.item.command?.arguments, [{ gateway: gatewayAt(api, production.url) }]);
    const stagingRows = await pageGroupRows(api, (await gatewayRow(root, 'staging')).node);
    assert.ok(stagingRows.some((r) => r.label === 'published'));
    await waitFor(async () => (await gatewayRow(await pageGroupRows(api), 'production')).name === 'pageGateway.gateway.keyRejected', 'the key-rejected icon');
    assert.equal((await gatewayRow(await pageGroupRows(api), 'staging')).name, 'pageGateway.gateway.ready');
  });

  it('a gateway without a key shows a "Set API Key…" row under it only, and sends nothing', async () => {
    await storeKey(api, production.url, undefined);
    const root = await pageGroupRows(api);
    assert.equal((await gatewayRow(root, 'production')).name, 'pageGateway.gateway.noKey');
    const prodRows = await pageGroupRows(api, (await gatewayRow(root, 'production')).node);
    assert.deepEqual(prodRows.map((r) => r.label), ['Set API Key…']);
    assert.equal(production.requests.length, 0);
    assert.ok((await pageGroupRows(api, (await gatewayRow(root, 'staging')).node)).some((r) => r.label === 'published'));
  });

  it('the same id on two gateways is two documents, each with its gateway\'s data', async () => {
    const [a, b] = await Promise.all(
      ['staging', 'production'].map(async (name) => {
        const statuses = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), name)).node);
        const published = statuses.find((r) => r.label === 'published');
        assert.ok(published);
        const first = (await pageGroupRows(api, published.node)).find((r) => r.node.kind === 'pageGroup');
        assert.ok(first);
        return first.node;
      }),
    );
    await vscode.commands.executeCommand('pageGateway.openJson', a);
    const left = vscode.window.activeTextEditor?.document;
    await vscode.commands.executeCommand('pageGateway.openJson', b);
    const right = vscode.window.activeTextEditor?.document;
    assert.ok(left && right);
    assert.equal(left.uri.authority, 'staging');
    assert.equal(right.uri.authority, 'production');
    assert.notEqual(left.uri.toString(), right.uri.toString());
    const leftJson = JSON.parse(left.getText()) as Record<string, unknown>;
    const rightJson = JSON.parse(right.getText()) as Record<string, unknown>;
    assert.equal(leftJson.pageGroupId, a.kind === 'pageGroup' ? a.item.value.pageGroupId : undefined);
    assert.equal(rightJson.pageGroupId, b.kind === 'pageGroup' ? b.item.value.pageGroupId : undefined);
  });

  it('Compare with Selected opens the diff editor on the two items of different gateways, named by gateway', async () => {
    const firstOf = async (name: string): Promise<PageGroupsNode> => {
      const statuses = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), name)).node);
      const published = statuses.find((r) => r.label === 'published');
      assert.ok(published);
      const row = (await pageGroupRows(api, published.node)).find((r) => r.node.kind === 'pageGroup');
      assert.ok(row);
      return row.node;
    };
    const a = await firstOf('staging');
    const b = await firstOf('production');
    await vscode.commands.executeCommand('pageGateway.selectForCompare', a);
    await vscode.commands.executeCommand('pageGateway.compareWithSelected', b);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is active');
    const idA = a.kind === 'pageGroup' ? a.item.value.pageGroupId : '';
    const idB = b.kind === 'pageGroup' ? b.item.value.pageGroupId : '';
    assert.equal(tab.label, `staging · ${idA} ↔ production · ${idB}`);
    assert.equal(tab.input.original.authority, 'staging');
    assert.equal(tab.input.modified.authority, 'production');
    const original = await vscode.workspace.openTextDocument(tab.input.original);
    assert.equal((JSON.parse(original.getText()) as { pageGroupId?: string }).pageGroupId, idA);
  });

  it('Compare Webhook Subscriptions Across Gateways diffs both lists, normalised (sorted by URL, events sorted)', async () => {
    const [s, p] = api.registry.gateways();
    await vscode.commands.executeCommand('pageGateway.compareWebhooksAcrossGateways', { gateway: s }, { gateway: p });
    assert.equal(staging.countRequests({ path: 'webhook_subscriptions' }), 1);
    assert.equal(production.countRequests({ path: 'webhook_subscriptions' }), 1);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    assert.equal(tab.label, 'staging · webhook subscriptions ↔ production · webhook subscriptions');
    const doc = await vscode.workspace.openTextDocument(tab.input.original);
    const list = JSON.parse(doc.getText()) as Array<{ url?: string; events?: string[] | null; id?: string; createdAt?: string }>;
    assert.equal(list.length, generateDataset({ seed: 1 }).webhooks.length);
    const urls = list.map((hook) => hook.url ?? '');
    assert.deepEqual(urls, [...urls].sort());
    for (const hook of list) {
      assert.ok(hook.id !== undefined && hook.createdAt !== undefined, 'ids and timestamps are kept');
      if (Array.isArray(hook.events)) {
        assert.deepEqual(hook.events, [...hook.events].sort());
      }
    }
  });

  it('a renamed gateway keeps its key, its loaded page groups and its row state (no new request)', async () => {
    const before = gatewayAt(api, staging.url);
    const statuses = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'staging')).node);
    const requests = staging.requests.length;
    await configure(api, { gateways: [{ name: 'stage-eu', baseUrl: staging.url, color: 'charts.yellow' }, twoGateways()[1]] });
    assert.equal(gatewayAt(api, staging.url), before, 'the same gateway, renamed');
    const renamed = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'stage-eu')).node);
    assert.deepEqual(renamed.map((r) => r.id), statuses.map((r) => r.id));
    assert.equal(staging.requests.length, requests, 'nothing loaded again');
    assert.equal((await before.connection.state()).kind, 'ready', 'the key followed the URL');
  });

  describe('one base URL under two names (a second key or tenant)', () => {
    const TENANT_KEY = 'pge-tenant-b-key-7q7q';
    const shared = (): Array<Record<string, string>> => [...twoGateways(), { name: 'tenant-b', baseUrl: `${staging.url}/` }];
    const named = (name: string): Gateway => {
      const gateway = api.registry.gateways().find((g) => g.name === name);
      assert.ok(gateway, `no gateway ${name} among ${api.registry.gateways().map((g) => g.name).join(', ')}`);
      return gateway;
    };
    const href = (): string => gatewayAt(api, staging.url).base.href;

    afterEach(async () => {
      for (const name of ['staging', 'tenant-b', 'tenant-c', 'stage-x']) {
        await api.keys.delete(`${href()}#${name}`);
      }
    });

    it('the second is a gateway of its own with no key; the first keeps the key it had (moved under its name), and neither reloads', async () => {
      const first = gatewayAt(api, staging.url);
      const statuses = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'staging')).node);
      const requests = staging.requests.length;
      await configure(api, { gateways: shared() });
      const second = named('tenant-b');
      assert.equal(named('staging'), first, 'the same gateway: its rows and what it loaded stay');
      assert.notEqual(second.key, first.key, 'rows of the two never share an id');
      assert.deepEqual((await pageGroupRows(api)).map((r) => `${r.label}: ${r.description}`), [
        `staging: ${new URL(staging.url).host}`,
        `production: ${new URL(production.url).host}`,
        `tenant-b: ${new URL(staging.url).host} · no API key`,
      ]);
      assert.equal((await second.connection.state()).kind, 'noKey', 'the key of staging is not offered to tenant-b');
      assert.equal((await first.connection.state()).kind, 'ready');
      await waitFor(async () => (await api.keys.get(`${href()}#staging`)).kind === 'found', 'the key to move under staging');
      assert.deepEqual(await api.keys.get(href()), { kind: 'missing' }, 'moved, not copied: a gateway added later never finds it');
      const again = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'staging')).node);
      assert.deepEqual(again.map((r) => r.id), statuses.map((r) => r.id));
      assert.equal(staging.requests.length, requests, 'nothing loaded again');
    });

    it('each sends its own key to the one URL; removing the first leaves the second with its own key', async () => {
      await configure(api, { gateways: shared() });
      const second = named('tenant-b');
      await api.keys.store(second.connection.scope, TENANT_KEY);
      await second.connection.keyChanged();
      staging.resetRequests();
      await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'staging')).node);
      await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'tenant-b')).node);
      assert.deepEqual([...new Set(staging.requests.map((r) => r.apiKey))].sort(), [STAGING_KEY, TENANT_KEY].sort());
      await vscode.commands.executeCommand('pageGateway.removeGateway', { gateway: named('staging') }, { confirmed: 'removeAndDeleteKey' });
      await waitFor(() => api.registry.gateways().length === 2, 'staging to go');
      assert.equal(named('tenant-b'), second);
      await waitFor(async () => (await second.connection.state()).kind === 'ready', 'tenant-b to stay ready');
      assert.deepEqual(await api.keys.get(href()), { kind: 'found', key: TENANT_KEY }, 'alone again: its key is kept under the URL, as a single gateway keeps it');
      staging.resetRequests();
      api.pageGroups.reload(second);
      await pageGroupRows(api, (await pageGroupRows(api)).find((r) => r.label === 'tenant-b')?.node);
      assert.ok(staging.requests.length > 0 && staging.requests.every((r) => r.apiKey === TENANT_KEY), 'never the removed gateway\'s key');
    });

    it('Rename Gateway… keeps its key, its rows and what it loaded, and writes the name where the gateway is configured', async () => {
      await configure(api, { gateways: shared() });
      const second = named('tenant-b');
      await api.keys.store(second.connection.scope, TENANT_KEY);
      await second.connection.keyChanged();
      const statuses = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'tenant-b')).node);
      const requests = staging.requests.length;
      let told = 0;
      const listening = api.registry.onDidChange(() => (told += 1));
      try {
        await vscode.commands.executeCommand('pageGateway.renameGateway', { gateway: second }, 'tenant-c');
        await waitFor(() => second.name === 'tenant-c', 'the rename');
      } finally {
        listening.dispose();
      }
      assert.ok(told > 0, 'the trees are told (they redraw the row with its new name)');
      assert.equal(named('tenant-c'), second);
      assert.deepEqual(
        (vscode.workspace.getConfiguration('pageGateway').get<Array<{ name: string }>>('gateways') ?? []).map((g) => g.name),
        ['staging', 'production', 'tenant-c'],
      );
      assert.equal((await second.connection.state()).kind, 'ready');
      assert.deepEqual(await api.keys.get(`${href()}#tenant-c`), { kind: 'found', key: TENANT_KEY });
      await waitFor(async () => (await api.keys.get(`${href()}#tenant-b`)).kind === 'missing', 'the old name\'s secret to go');
      const renamed = await pageGroupRows(api, (await gatewayRow(await pageGroupRows(api), 'tenant-c')).node);
      assert.deepEqual(renamed.map((r) => r.id), statuses.map((r) => r.id));
      assert.equal(staging.requests.length, requests, 'nothing loaded again');
    });

    it('Rename Gateway… from the palette asks which gateway, then the name (the first of two on one URL keeps its key)', async () => {
      const host = new URL(staging.url).host;
      await configure(api, { gateways: [{ name: host, baseUrl: href() }, twoGateways()[1], { name: 'tenant-b', baseUrl: href() }] });
      const first = named(host);
      await storeKey(api, staging.url, STAGING_KEY);
      const window = vscode.window as { showQuickPick: unknown; showInputBox: unknown };
      const original = { pick: window.showQuickPick, input: window.showInputBox };
      const asked: string[] = [];
      window.showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>): Promise<vscode.QuickPickItem | undefined> => {
        const list = await items;
        asked.push(...list.map((item) => `${item.label}|${item.description ?? ''}`));
        return list[0];
      };
      window.showInputBox = async (options: vscode.InputBoxOptions): Promise<string> => {
        asked.push(`input:${options.value ?? ''}`);
        return 'stage';
      };
      try {
        await vscode.commands.executeCommand('pageGateway.renameGateway');
      } finally {
        window.showQuickPick = original.pick;
        window.showInputBox = original.input;
      }
      assert.deepEqual(asked, [`$(server-environment) ${host}|`, `$(server-environment) production|${new URL(production.url).host}`, `$(server-environment) tenant-b|${host}`, `input:${host}`]);
      await waitFor(() => first.name === 'stage', 'the rename');
      assert.equal((await first.connection.state()).kind, 'ready');
      assert.deepEqual(await api.keys.get(`${href()}#stage`), { kind: 'found', key: STAGING_KEY });
    });

    it('Rename Gateway… refuses a name in use, and the older baseUrl gateway moves into the list under its new name with its key', async () => {
      await configure(api, { gateways: undefined, baseUrl: staging.url });
      await storeKey(api, staging.url, STAGING_KEY);
      const legacy = gatewayAt(api, staging.url);
      await vscode.commands.executeCommand('pageGateway.renameGateway', { gateway: legacy }, 'stage-x');
      await waitFor(() => legacy.name === 'stage-x', 'the rename');
      const config = vscode.workspace.getConfiguration('pageGateway');
      assert.deepEqual(config.get('gateways'), [{ name: 'stage-x', baseUrl: href() }]);
      assert.equal(config.get('baseUrl'), '');
      assert.equal(api.registry.single(), legacy, 'the same gateway');
      assert.equal((await legacy.connection.state()).kind, 'ready');
      await configure(api, { gateways: [{ name: 'stage-x', baseUrl: href() }, { name: 'other', baseUrl: production.url }] });
      await vscode.commands.executeCommand('pageGateway.renameGateway', { gateway: legacy }, 'OTHER');
      assert.equal(legacy.name, 'stage-x', 'a name in use is refused');
    });
  });

  it('invalid entries show what is wrong and never break the others', async () => {
    await configure(api, { gateways: [...twoGateways(), { name: 'broken', baseUrl: 'ftp://x' }, { name: 'STAGING', baseUrl: 'https://other.example' }, 42] });
    const rows = await pageGroupRows(api);
    assert.deepEqual(
      rows.map((r) => `${r.label}: ${r.description}`),
      [`staging: ${new URL(staging.url).host}`, `production: ${new URL(production.url).host}`, 'broken: invalid URL', 'STAGING: name used twice', 'Invalid gateway entry: not an object'],
    );
    assert.ok((await pageGroupRows(api, rows[0]?.node as GatewayNode)).some((r) => r.label === 'published'));
  });

  it('removing a gateway while its request is in flight: its rows go, the response is discarded, its key is deleted', async () => {
    production.addFault({ kind: 'delay', ms: 400 });
    const prod = gatewayAt(api, production.url);
    const root = await pageGroupRows(api);
    const loading = pageGroupRows(api, (await gatewayRow(root, 'production')).node);
    await waitFor(() => production.requests.length > 0, 'the request to start');
    await vscode.commands.executeCommand('pageGateway.removeGateway', { gateway: prod }, { confirmed: 'removeAndDeleteKey' });
    await waitFor(() => api.registry.byBaseUrl(production.url) === undefined, 'the gateway to go');
    assert.deepEqual(await loading, [], 'the response in flight never lands');
    assert.ok(prod.removed);
    const rows = await pageGroupRows(api);
    assert.ok(!rows.some((r) => r.label === 'production'));
    assert.ok(rows.some((r) => r.label === 'published'), 'with one gateway left, its statuses are at the root again');
    assert.deepEqual(await api.keys.get(production.url), { kind: 'missing' });
    assert.deepEqual(await api.keys.get(staging.url), { kind: 'found', key: STAGING_KEY });
  });

  it('a document of a removed gateway says the gateway is gone', async () => {
    const hooks = await webhookRows(api, (await gatewayRow(await webhookRows(api), 'production')).node);
    const hook = hooks.find((r) => r.node.kind === 'webhook');
    assert.ok(hook);
    await vscode.commands.executeCommand('pageGateway.openJson', hook.node);
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc);
    await configure(api, { gateways: [twoGateways()[0]] });
    await waitFor(() => doc.getText().includes('no longer configured'), 'the document to say the gateway is gone');
    assert.match(doc.getText(), /“production” is no longer configured/);
  });
});

describe('Keys per base URL', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let server: SampleGateway;
  let origin: string;

  before(async () => {
    api = await extensionApi();
    server = await startSampleGateway({ apiKey: STAGING_KEY, pathPrefix: '/gw' });
    origin = new URL(server.url).origin;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const scope of [`${origin}/gw`, `${origin}/other`, `${origin}/anything`, `${origin}/v2`, origin]) {
      await api.keys.delete(scope);
    }
    await resetSettings(api);
    await server?.close();
  });

  it('two gateways on one host with different path prefixes keep separate keys, each sent only to its own base URL', async () => {
    await configure(api, { baseUrl: undefined, gateways: [{ name: 'gw', baseUrl: `${origin}/gw` }, { name: 'other', baseUrl: `${origin}/other` }] });
    await storeKey(api, `${origin}/gw`, STAGING_KEY);
    const other = gatewayAt(api, `${origin}/other`);
    assert.equal((await other.connection.state()).kind, 'noKey', 'the key of /gw is not offered to /other');
    await storeKey(api, `${origin}/other`, 'other-key');
    server.resetRequests();
    const root = await pageGroupRows(api);
    for (const row of root) {
      await pageGroupRows(api, row.node);
    }
    const underGw = server.requests.filter((r) => r.responseStatus === 200);
    const elsewhere = server.requests.filter((r) => r.responseStatus !== 200);
    assert.ok(underGw.length > 0 && elsewhere.length > 0);
    assert.ok(underGw.every((r) => r.apiKey === STAGING_KEY));
    assert.ok(elsewhere.every((r) => r.apiKey === 'other-key'));
  });

  it('a key stored per origin by version 0.1 is moved once, at the first key lookup after the update, to the gateway of the old baseUrl', async () => {
    await configure(api, { gateways: undefined, baseUrl: undefined });
    await api.keys.store(origin, STAGING_KEY);
    await api.keys.delete(`${origin}/gw`);
    await api.legacyKeys.forget();
    await configure(api, { baseUrl: `${origin}/gw` });
    const rows = await pageGroupRows(api);
    assert.ok(rows.some((r) => r.label === 'published'), rows.map((r) => r.label).join(', '));
    assert.deepEqual(await api.keys.get(`${origin}/gw`), { kind: 'found', key: STAGING_KEY });
    assert.deepEqual(await api.keys.get(origin), { kind: 'missing' }, 'the old entry is gone');
    assert.equal(secretName(`${origin}/gw`), `pageGateway.apiKey:${origin}/gw`);
    assert.equal(api.legacyKeys.done, true, 'the move is recorded: it never runs again');
  });

  /** The root gateway `origin` with its key, as this version stores it (the secret name 0.1 used for the origin). */
  async function rootGatewayWithKey(): Promise<void> {
    await api.legacyKeys.ensure(() => []);
    await configure(api, { baseUrl: undefined, gateways: [{ name: 'root', baseUrl: origin }] });
    await storeKey(api, origin, ROOT_KEY);
    await api.keys.delete(`${origin}/anything`);
    await api.keys.delete(`${origin}/v2`);
  }

  /** The gateway at `href` has no key, the root's key stayed where it was, and no request carried it. */
  async function rootKeyStayed(href: string): Promise<void> {
    const gateway = gatewayAt(api, href);
    await pageGroupRows(api);
    assert.equal((await gateway.connection.state()).kind, 'noKey', `the root's key is not offered to ${href}`);
    assert.deepEqual(await api.keys.get(href), { kind: 'missing' });
    assert.deepEqual(await api.keys.get(origin), { kind: 'found', key: ROOT_KEY }, "the root's key stays with the root");
    assert.ok(server.requests.every((r) => r.apiKey !== ROOT_KEY), "no request carried the root's key");
  }

  it("a list that replaces the user's (as a trusted workspace's) with a gateway under the root gateway's host: the root's key does not move", async () => {
    await rootGatewayWithKey();
    server.resetRequests();
    await configure(api, { gateways: [{ name: 'prod', baseUrl: `${origin}/anything` }] });
    await rootKeyStayed(`${origin}/anything`);
  });

  it("the root gateway removed (its key kept), then …/v2 added: the root's key does not move", async () => {
    await rootGatewayWithKey();
    server.resetRequests();
    await configure(api, { gateways: undefined });
    await configure(api, { gateways: [{ name: 'v2', baseUrl: `${origin}/v2` }] });
    await rootKeyStayed(`${origin}/v2`);
  });
});
