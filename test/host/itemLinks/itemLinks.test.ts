// Links that open an item, in the real extension host: Copy Link on a row and on a document, and the registered URI
// handler with every argument shape, an unknown gateway (Add Gateway… offered, nothing sent, no setting changed) and
// hostile ids. Request counts at the sample gateway.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { generateDataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { configure, extensionApi, gatewayAt, isItemDocument, sleep, storeKey, tearDownGateways, waitFor } from '../support';

const KEY = 'pge-links-key-5d6e';
const dataset = generateDataset({ seed: 6, pageGroupCount: 400 });

/** Replaces showQuickPick: records each question's item labels and answers with `answer`. */
function stubQuickPick(answer: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined): { asked: string[][]; restore: () => void } {
  const original = vscode.window.showQuickPick;
  const asked: string[][] = [];
  (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>): Promise<vscode.QuickPickItem | undefined> => {
    const resolved = await items;
    asked.push(resolved.map((item) => item.label));
    return answer(resolved);
  };
  return { asked, restore: () => ((vscode.window as { showQuickPick: unknown }).showQuickPick = original) };
}

describe('Links that open an item', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const shown: Array<{ message: string; items: string[] }> = [];
  let original: typeof vscode.window.showWarningMessage;

  const link = (query: string, path = '/open'): vscode.Uri => vscode.Uri.parse(`${vscode.env.uriScheme}://pagegateway.page-gateway-explorer${path}?${query}`);

  before(async () => {
    api = await extensionApi();
    gateway = await startSampleGateway({ apiKey: KEY, dataset });
    await configure(api, { baseUrl: undefined, gateways: [{ name: 'staging', baseUrl: gateway.url }] });
    await storeKey(api, gateway.url, KEY);
    original = vscode.window.showWarningMessage;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = (message: string, ...items: string[]): Thenable<undefined> => {
      shown.push({ message, items: items.filter((item) => typeof item === 'string') });
      return Promise.resolve(undefined);
    };
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Revealing opened the views: closed, or the trees' own reads would count here.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const staging = gatewayAt(api, gateway.url);
    api.pageGroups.model(staging).resetAll();
    api.webhooks.list(staging).reset();
    shown.length = 0;
    gateway.resetRequests();
  });

  after(async () => {
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await tearDownGateways(api, [gateway]);
  });

  it('Copy Link on a page group row and on its document copies a link that names the gateway, not its URL or key', async () => {
    const staging = gatewayAt(api, gateway.url);
    await api.pageGroups.model(staging).discovery.loadMore(20);
    const item = api.pageGroups.model(staging).discovery.items[4];
    assert.ok(item);
    const row = (await api.pageGroups.getChildren(api.pageGroups.statusNode(staging, String(item.value.status)))).find(
      (n) => n.kind === 'pageGroup' && n.item.value.pageGroupId === item.value.pageGroupId,
    );
    assert.ok(row, 'the row');
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('pageGateway.copyLink', row);
    const copied = await vscode.env.clipboard.readText();
    const host = new URL(gateway.url).host;
    assert.equal(copied, `${vscode.env.uriScheme}://pagegateway.page-gateway-explorer/open?gateway=staging&host=${host}&id=${String(item.value.pageGroupId)}`);
    assert.ok(!copied.includes('%25') && !copied.includes(KEY), 'encoded once; never the key');
    await vscode.commands.executeCommand('pageGateway.openJson', row);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'page-gateway', 'the document');
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('pageGateway.copyLink', vscode.window.activeTextEditor?.document.uri);
    assert.equal(await vscode.env.clipboard.readText(), copied, 'the document’s title menu copies the same link');
  });

  it('the handler opens a page group that is not loaded: scans like Go to ID, opens its JSON and reveals its row', async () => {
    const target = dataset.pageGroups[250] as Record<string, unknown>;
    const id = String(target.pageGroupId);
    await api.linkHandler.handleUri(link(`gateway=STAGING&id=${id}`));
    await waitFor(() => isItemDocument(vscode.window.activeTextEditor?.document.uri, 'page-groups', id), 'the document');
    assert.deepEqual(JSON.parse(vscode.window.activeTextEditor?.document.getText() ?? '{}'), target);
    await waitFor(() => api.pageGroupsView.selection.some((n) => n.kind === 'pageGroup' && n.item.value.pageGroupId === id), 'the row revealed');
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    assert.ok(gateway.countRequests({ path: 'page_groups', status: null }) <= 3, 'pages of 100 up to it');
    assert.deepEqual(shown, []);
    gateway.resetRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.linkHandler.handleUri(link(`gateway=staging&id=${id}`));
    await waitFor(() => isItemDocument(vscode.window.activeTextEditor?.document.uri, 'page-groups', id), 'the document again');
    assert.equal(gateway.countRequests({ path: 'page_groups', status: null }) + gateway.countRequests({ path: 'webhook_subscriptions' }), 0, 'loaded: no request');
  });

  it('the handler opens a webhook subscription by its id', async () => {
    const hook = dataset.webhooks[2] as Record<string, unknown>;
    await api.linkHandler.handleUri(link(`gateway=staging&id=${String(hook.id)}`));
    await waitFor(() => isItemDocument(vscode.window.activeTextEditor?.document.uri, 'webhooks', String(hook.id)), 'the document');
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    // Revealing shows the views (the Page Groups tree then reads its own first page); the link scanned nothing.
    assert.equal(gateway.requests.filter((r) => r.path.includes('page_groups') && r.query.limit === '100').length, 0, 'no page group scan');
  });

  it('a link whose gateway name is not configured here opens on the gateway at its host, without a question', async () => {
    const hook = dataset.webhooks[3] as Record<string, unknown>;
    const picks = stubQuickPick(() => undefined);
    try {
      await api.linkHandler.handleUri(link(`gateway=their-staging&host=${new URL(gateway.url).host}&id=${String(hook.id)}`));
    } finally {
      picks.restore();
    }
    await waitFor(() => isItemDocument(vscode.window.activeTextEditor?.document.uri, 'webhooks', String(hook.id)), 'the document');
    assert.deepEqual(picks.asked, [], 'no question: one gateway is at that host');
    assert.deepEqual(shown, []);
  });

  it('a link matching no gateway by name or host asks which gateway (or Add Gateway…); closed, it sends nothing and changes no setting', async () => {
    const before = JSON.stringify(vscode.workspace.getConfiguration('pageGateway').get('gateways'));
    const closed = stubQuickPick(() => undefined);
    try {
      await api.linkHandler.handleUri(link('gateway=production&host=api.example.com&id=pg_000001'));
    } finally {
      closed.restore();
    }
    assert.equal(closed.asked.length, 1);
    assert.deepEqual(closed.asked[0], ['$(server-environment) staging', '', '$(add) Add Gateway…']);
    assert.equal(gateway.requests.length, 0);
    assert.equal(JSON.stringify(vscode.workspace.getConfiguration('pageGateway').get('gateways')), before);
    // Picked: it opens there.
    const target = dataset.webhooks[1] as Record<string, unknown>;
    const picked = stubQuickPick((items) => items[0]);
    try {
      await api.linkHandler.handleUri(link(`gateway=production&host=api.example.com&id=${String(target.id)}`));
    } finally {
      picked.restore();
    }
    await waitFor(() => isItemDocument(vscode.window.activeTextEditor?.document.uri, 'webhooks', String(target.id)), 'the document');
    assert.deepEqual(shown, []);
  });

  it('with no gateway configured, a link says so, offers Add Gateway…, sends nothing and changes no setting', async () => {
    await configure(api, { gateways: [] });
    try {
      // What the settings change itself sends (a gateway that stays configured tries its key) is not the link's: the
      // count starts once that is done. CI once counted one such request here.
      await sleep(300);
      gateway.resetRequests();
      await api.linkHandler.handleUri(link('gateway=production&id=pg_000001'));
      assert.equal(shown.length, 1);
      assert.match(shown[0]?.message ?? '', /“pg_000001” on the gateway “production”, which is not configured in this window/);
      assert.deepEqual(shown[0]?.items, ['Add Gateway…']);
      await sleep(200);
      assert.deepEqual(gateway.requests.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`), [], 'the link sends nothing');
    } finally {
      await configure(api, { gateways: [{ name: 'staging', baseUrl: gateway.url }] });
      await storeKey(api, gateway.url, KEY);
    }
  });

  it('every malformed link is a message that says what a link looks like; nothing is sent', async () => {
    const shapes: Array<[vscode.Uri, RegExp]> = [
      [link('gateway=staging&id=pg_000001', '/'), /does not open anything/],
      [link('gateway=staging&id=pg_000001', '/open/../settings'), /does not open anything/],
      [link('id=pg_000001'), /incomplete/],
      [link('gateway=staging'), /incomplete/],
      [link('gateway=staging&gateway=other&id=pg_000001'), /incomplete/],
      [link('gateway=staging&id=pg_1&id=pg_2'), /incomplete/],
      [link('gateway=&id='), /incomplete/],
      [link(''), /incomplete/],
    ];
    for (const [uri, expected] of shapes) {
      shown.length = 0;
      await api.linkHandler.handleUri(uri);
      assert.equal(shown.length, 1, uri.toString());
      assert.match(shown[0]?.message ?? '', expected, uri.toString());
    }
    assert.equal(gateway.requests.length, 0);
  });

  it('hostile ids never crash, never leave the gateway named, and end in a not-found message', async () => {
    const info: string[] = [];
    const originalInfo = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string): Thenable<undefined> => {
      info.push(message);
      return Promise.resolve(undefined);
    };
    try {
      for (const id of ['../../../etc/passwd', '<img src=x onerror=alert(1)>', '[x](command:pageGateway.removeGateway)', 'x'.repeat(1000), '%E0%A4%A', 'pg_000001%00']) {
        await api.linkHandler.handleUri(link(`gateway=staging&id=${encodeURIComponent(encodeURIComponent(id))}`));
      }
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = originalInfo;
    }
    assert.ok(info.length >= 5, info.join('\n'));
    assert.ok(info.every((message) => /No page group or webhook subscription has the id/.test(message)));
    assert.ok(gateway.requests.every((r) => r.path.includes('page_groups') || r.path.includes('webhook_subscriptions')));
    assert.equal(api.registry.gateways().length, 1, 'nothing was removed');
  });
});
