// The Webhook Subscriptions tree, "Open as JSON" and copying ids, in the real extension host against the sample gateway.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { WebhooksNode } from '../../../src/features/webhooks/view/webhooksProvider';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, pageGroupRows, type Row, statusRow, storeKey, waitFor, webhookRows, onlyGateway } from '../support';

const dataset: Dataset = generateDataset();

function hookRow(rows: readonly Row<WebhooksNode>[], predicate: (raw: Record<string, unknown>) => boolean): Row<WebhooksNode> {
  const raw = dataset.webhooks.find(predicate);
  assert.ok(raw, 'the data set has such a webhook');
  const row = rows.find((r) => r.node.kind === 'webhook' && r.node.item.value.id === raw.id);
  assert.ok(row, `a row for ${String(raw.id)}`);
  return row;
}

async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

describe('Webhook Subscriptions tree', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  beforeEach(() => {
    gateway.clearFaults();
    api.webhooks.list(onlyGateway(api)).reset();
    gateway.resetRequests();
  });


  it('lists every subscription in server order with one request', async () => {
    const rows = await webhookRows(api);
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    assert.deepEqual(
      rows.map((r) => (r.node.kind === 'webhook' ? r.node.item.value.id : undefined)),
      dataset.webhooks.map((w) => w.id),
    );
    const first = rows[0];
    const raw = dataset.webhooks[0];
    assert.ok(first && raw);
    const url = new URL(String(raw.url));
    // Every URL has the same host: the label is the path, the host is said last in the description.
    assert.equal(first.label, url.pathname);
    assert.match(first.description, new RegExp(` · ${url.host.replace(/\./g, '\\.')}$`));
    // Markdown escapes (a backslash before punctuation, the colon of :// included) may stand before any special character.
    assert.match(first.tooltip, new RegExp(String(raw.url).replace(/[.*+?^${}()|[\]\\/:]/g, '\\\\?$&')));
  });

  it('active and inactive subscriptions look different and carry their state in contextValue and description', async () => {
    const rows = await webhookRows(api);
    const active = hookRow(rows, (w) => w.active === true && Array.isArray(w.events));
    const inactive = hookRow(rows, (w) => w.active === false);
    assert.equal(active.contextValue, 'pageGateway.webhook.active +curl +item +url', 'its state in the name, what it offers as capabilities');
    assert.equal(inactive.name, 'pageGateway.webhook.inactive');
    assert.notEqual(active.icon, inactive.icon);
    // The icon says active; the word is said only for the exception.
    assert.doesNotMatch(active.description, /^(in)?active/);
    assert.match(inactive.description, /^inactive · /);
  });

  it('shows events as children; null and an empty list are shown as what they are', async () => {
    const rows = await webhookRows(api);
    const all = hookRow(rows, (w) => Array.isArray(w.events) && w.events.length === 6);
    const events = await webhookRows(api, all.node);
    assert.deepEqual(events.map((r) => r.label), dataset.webhooks.find((w) => w.id === (all.node.kind === 'webhook' ? all.node.item.value.id : ''))?.events);
    assert.ok(events.every((r) => r.name === 'pageGateway.event' && r.icon === 'symbol-event'));
    const nullEvents = await webhookRows(api, hookRow(rows, (w) => w.events === null).node);
    assert.deepEqual(nullEvents.map((r) => r.label), ['events not specified']);
    const empty = await webhookRows(api, hookRow(rows, (w) => Array.isArray(w.events) && w.events.length === 0).node);
    assert.deepEqual(empty.map((r) => r.label), ['No events']);
    assert.match(hookRow(rows, (w) => w.events === null).description, /events not specified/);
  });

  it('keeps unknown event kinds and off-pattern timestamps, with a warning', async () => {
    gateway.addFault({ kind: 'webhookVariant', variant: 'unknownEvents' });
    api.webhooks.list(onlyGateway(api)).reset();
    let rows = await webhookRows(api);
    assert.equal(rows.filter((r) => r.node.kind === 'webhook').length, dataset.webhooks.length, 'nothing dropped');
    const flagged = rows.filter((r) => r.name.endsWith('.flagged'));
    assert.ok(flagged.length > 0);
    const unknown = (await Promise.all(flagged.map((r) => webhookRows(api, r.node)))).flat().filter((r) => r.name === 'pageGateway.event.unknown');
    assert.ok(unknown.length > 0, 'unknown kinds are listed');
    assert.ok(unknown.every((r) => r.icon === 'warning' && r.description === 'unknown event kind'));

    gateway.clearFaults();
    gateway.addFault({ kind: 'webhookVariant', variant: 'offsetTimestamps' });
    api.webhooks.list(onlyGateway(api)).reset();
    rows = await webhookRows(api);
    assert.equal(rows.filter((r) => r.node.kind === 'webhook').length, dataset.webhooks.length);
    const offset = rows.filter((r) => r.icon === 'warning');
    assert.ok(offset.length > 0);
    assert.match(offset[0]?.tooltip ?? '', /does not match/i);
  });

  it('a failure shows an error row with retry; retry loads the list', async () => {
    gateway.addFault({ kind: 'status', status: 500, path: 'webhook_subscriptions', times: 1 });
    const failed = await webhookRows(api);
    assert.equal(failed.length, 1);
    assert.match(failed[0]?.label ?? '', /^Couldn't load webhook subscriptions — retry$/);
    const retry = failed[0]?.item.command;
    assert.ok(retry);
    await vscode.commands.executeCommand(retry.command, ...(retry.arguments ?? []));
    await waitFor(async () => (await webhookRows(api)).length === dataset.webhooks.length, 'the list after retry');
  });

  it('a rejected key shows a "Set API Key…" row', async () => {
    await storeKey(api, gateway.url, 'not-the-key');
    try {
      const rows = await webhookRows(api);
      assert.deepEqual(rows.map((r) => r.label), ['Set API Key…']);
      assert.equal(rows[0]?.contextValue, 'pageGateway.auth');
    } finally {
      await storeKey(api, gateway.url, gateway.apiKey);
    }
  });

  it('an empty list says so', async () => {
    gateway.addFault({ kind: 'body', body: '[]', path: 'webhook_subscriptions' });
    const rows = await webhookRows(api);
    assert.deepEqual(rows.map((r) => r.label), ['No webhook subscriptions']);
  });
});

describe('Open as JSON', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  afterEach(closeAllEditors);


  function indentOf(): string {
    const config = vscode.workspace.getConfiguration('editor', { languageId: 'json' });
    return config.get<boolean>('insertSpaces', true) ? ' '.repeat(config.get<number>('tabSize', 4)) : '\t';
  }

  it('opens a page group as read-only JSON: the raw server object, unknown fields kept, editor indentation', async () => {
    const withExtra = dataset.pageGroups.find((pg) => Object.keys(pg).some((k) => !['pageGroupId', 'tenantId', 'brandId', 'name', 'title', 'pageContext', 'status', 'pagesCount', 'actions', 'footerLinks', 'scripts', 'headerActionId', 'createdAt', 'updatedAt', 'deletedAt'].includes(k)));
    assert.ok(withExtra, 'the data set has a page group with an unknown field');
    const status = String(withExtra.status);
    api.pageGroups.reload(onlyGateway(api));
    await pageGroupRows(api);
    await api.pageGroups.model(onlyGateway(api)).chain(status).loadAll(100);
    const rows = await pageGroupRows(api, (await statusRow(api, status)).node);
    const row = rows.find((r) => r.node.kind === 'pageGroup' && r.node.item.value.pageGroupId === withExtra.pageGroupId);
    assert.ok(row);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.openJson', row.node);
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    assert.equal(editor.document.uri.scheme, 'page-gateway');
    assert.match(editor.document.uri.path, new RegExp(`^/page-groups/${String(withExtra.pageGroupId)}/.+ · ${String(withExtra.pageGroupId)}\\.json$`));
    assert.equal(editor.document.languageId, 'json');
    assert.equal(editor.document.getText(), `${JSON.stringify(withExtra, null, indentOf())}\n`);
    assert.equal(gateway.requests.length, 0, `opening sends no request: ${JSON.stringify(gateway.requests.map((r) => [r.path, r.query]))}`);
    assert.equal(editor.document.isUntitled, false);
    const edited = await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'x'));
    assert.equal(edited && editor.document.getText().startsWith('x'), false, 'the document is read-only');
  });

  it('opens a status row as the array of its loaded page groups', async () => {
    api.pageGroups.reload(onlyGateway(api));
    await pageGroupRows(api);
    const draft = await statusRow(api, 'draft');
    await pageGroupRows(api, draft.node);
    await vscode.commands.executeCommand('pageGateway.openJson', draft.node);
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    const expected = dataset.pageGroups.filter((pg) => pg.status === 'draft').slice(0, 20);
    assert.equal(text, `${JSON.stringify(expected, null, indentOf())}\n`);
  });

  it('opens a webhook, and an event row opens its subscription', async () => {
    api.webhooks.list(onlyGateway(api)).reset();
    const rows = await webhookRows(api);
    const row = rows.find((r) => r.node.kind === 'webhook' && Array.isArray(r.node.item.value.events) && (r.node.item.value.events?.length ?? 0) > 0);
    assert.ok(row && row.node.kind === 'webhook');
    const raw = dataset.webhooks.find((w) => w.id === (row.node.kind === 'webhook' ? row.node.item.value.id : ''));
    await vscode.commands.executeCommand('pageGateway.openJson', row.node);
    assert.equal(vscode.window.activeTextEditor?.document.getText(), `${JSON.stringify(raw, null, indentOf())}\n`);
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', new RegExp(`^/webhooks/${String(raw?.id)}/.+ · ${String(raw?.id)}\\.json$`));
    await closeAllEditors();
    const [event] = await webhookRows(api, row.node);
    assert.ok(event);
    await vscode.commands.executeCommand('pageGateway.openJson', event.node);
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', new RegExp(`^/webhooks/${String(raw?.id)}/.+ · ${String(raw?.id)}\\.json$`));
  });

  it('updates an open document when its item is refreshed with new content', async () => {
    api.webhooks.list(onlyGateway(api)).reset();
    const rows = await webhookRows(api);
    const row = rows[0];
    assert.ok(row && row.node.kind === 'webhook');
    await vscode.commands.executeCommand('pageGateway.openJson', row.node);
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document);
    const changed: Dataset = { pageGroups: dataset.pageGroups, webhooks: dataset.webhooks.map((w, i) => (i === 0 ? { ...w, url: 'https://changed.example.com/hook' } : w)) };
    gateway.setDataset(changed);
    try {
      await vscode.commands.executeCommand('pageGateway.refresh', api.webhooks.gatewayNode(onlyGateway(api)));
      await webhookRows(api);
      await waitFor(() => document.getText().includes('https://changed.example.com/hook'), 'the document to follow the refresh');
    } finally {
      gateway.setDataset(dataset);
    }
  });

  it('a webhook document not loaded in this window fetches the list once; a page group one explains how to reopen it', async () => {
    api.webhooks.list(onlyGateway(api)).reset();
    gateway.resetRequests();
    const id = String(dataset.webhooks[1]?.id);
    const name = onlyGateway(api).name;
    const hookDoc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'page-gateway', authority: name, path: `/webhooks/${id}.json` }));
    assert.equal(JSON.parse(hookDoc.getText()).id, id);
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    const pgDoc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'page-gateway', authority: name, path: '/page-groups/pg_999999.json' }));
    assert.match(String(JSON.parse(pgDoc.getText()).message), /not loaded from the gateway .* in this window.*Open as JSON/s);
  });
});

describe('Copy', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });


  it('copies a row\'s id, several rows\' ids one per line, and a webhook URL, with no request', async () => {
    api.pageGroups.reload(onlyGateway(api));
    await pageGroupRows(api);
    const published = await statusRow(api, 'published');
    const rows = (await pageGroupRows(api, published.node)).filter((r) => r.node.kind === 'pageGroup');
    const [a, b] = rows;
    assert.ok(a && b && a.node.kind === 'pageGroup' && b.node.kind === 'pageGroup');
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.copyId', a.node);
    assert.equal(await vscode.env.clipboard.readText(), a.node.item.value.pageGroupId);
    await vscode.commands.executeCommand('pageGateway.copyId', a.node, [a.node, b.node]);
    assert.equal(await vscode.env.clipboard.readText(), `${a.node.item.value.pageGroupId}\n${b.node.item.value.pageGroupId}`);
    const hooks = await webhookRows(api);
    const hook = hooks[0];
    assert.ok(hook && hook.node.kind === 'webhook');
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.copyId', hook.node);
    assert.equal(await vscode.env.clipboard.readText(), hook.node.item.value.id);
    await vscode.commands.executeCommand('pageGateway.copyWebhookUrl', hook.node);
    assert.equal(await vscode.env.clipboard.readText(), hook.node.item.value.url);
    assert.equal(gateway.requests.length, 0);
  });

  it('Copy ID from the palette offers the rows selected in the views first', async () => {
    api.pageGroups.reload(onlyGateway(api));
    await pageGroupRows(api);
    const published = await statusRow(api, 'published');
    const rows = (await pageGroupRows(api, published.node)).filter((r) => r.node.kind === 'pageGroup');
    const picked = rows[5]?.node;
    assert.ok(picked && picked.kind === 'pageGroup');
    const pickedId = picked.item.value.pageGroupId;
    await api.pageGroupsView.reveal(picked, { select: true, focus: true });
    await waitFor(() => api.pageGroupsView.selection.length === 1, 'the row to be selected');
    const original = vscode.window.showQuickPick;
    let offered: vscode.QuickPickItem[] = [];
    (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>): Promise<undefined> => {
      offered = [...(await items)];
      return undefined;
    };
    try {
      await vscode.commands.executeCommand('pageGateway.copyId');
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = original;
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    }
    assert.equal(offered[0]?.kind, vscode.QuickPickItemKind.Separator);
    assert.equal(offered[0]?.label, 'Selected');
    assert.equal(offered[1]?.description, pickedId);
    assert.equal(offered.filter((item) => item.description === pickedId).length, 1, 'offered once');
  });
});
