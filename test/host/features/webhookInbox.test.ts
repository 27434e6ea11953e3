// The Webhook Inbox in the real extension host: started on a port by its command, deliveries POSTed over HTTP (one
// per event kind, a non-JSON one, an oversized one), rows and documents as the user sees them, matching to the loaded
// subscriptions (and reveal), forwarding to a local handler with its answers recorded, replay, the finding on an
// inactive subscription that got deliveries, NDJSON export, and Stop freeing the port. Requests are counted at the
// handler, never timed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EVENT_KINDS } from '../../../src/api/model';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { InboxNode } from '../../../src/features/webhooks/inbox/view/inboxTree';
import { generateDataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, onlyGateway, waitFor, webhookRows } from '../support';

const dataset = generateDataset();

interface InboxRow {
  readonly node: InboxNode;
  readonly label: string;
  readonly description: string;
  readonly contextValue: string;
  readonly collapsible: boolean;
  readonly item: vscode.TreeItem;
}

function inboxRows(api: PageGatewayTestApi, node?: InboxNode): InboxRow[] {
  const tree = api.webhookInbox.tree;
  return tree.getChildren(node).map((child) => {
    const item = tree.getTreeItem(child);
    return {
      node: child,
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : '',
      contextValue: item.contextValue ?? '',
      collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
      item,
    };
  });
}

const deliveryRows = (api: PageGatewayTestApi): InboxRow[] => inboxRows(api).filter((row) => row.node.kind === 'delivery');

async function post(url: string, body: string | Buffer, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers });
  return { status: response.status, text: await response.text() };
}

interface Handler {
  readonly url: string;
  readonly seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }>;
  status: number;
  close(): Promise<void>;
}

async function startHandler(host = '127.0.0.1'): Promise<Handler> {
  const handler = {
    url: '',
    seen: [] as Handler['seen'],
    status: 201,
    close: async (): Promise<void> => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handler.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(handler.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ handled: handler.seen.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  handler.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  handler.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return handler;
}

async function inboxSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('pageGateway.webhookInbox').update(name, value, vscode.ConfigurationTarget.Global);
}

function activeText(): string {
  return vscode.window.activeTextEditor?.document.getText() ?? '';
}

describe('Webhook Inbox', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  let inboxUrl: string;
  let handler: Handler | undefined;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  before(async () => {
    gateway.editWebhooks({
      op: 'add',
      subscription: { id: 'wh_inbox', url: 'https://abc.ngrok-free.app/hooks/inbox', events: ['form.submitted'], active: true, createdAt: '2026-03-01T09:00Z', updatedAt: '2026-03-01T09:00Z' },
    });
    gateway.editWebhooks({
      op: 'add',
      subscription: { id: 'wh_sleeping', url: 'https://abc.ngrok-free.app/hooks/sleeping', events: ['form.enriched'], active: false, createdAt: '2026-03-01T09:00Z', updatedAt: '2026-03-01T09:00Z' },
    });
    await inboxSetting('maxBodyBytes', 2048);
    await webhookRows(api);
  });

  after(async () => {
    await vscode.commands.executeCommand('pageGateway.stopWebhookInbox');
    for (const name of ['maxBodyBytes', 'forwardTo', 'publicUrl', 'port', 'maxDeliveries']) {
      await inboxSetting(name, undefined);
    }
    await handler?.close();
  });

  it('starts on a free port from its command, shows its address and makes the view visible', async () => {
    assert.equal(api.contextValue('pageGateway.webhookInbox.ran'), undefined, 'the view is hidden until the inbox ran');
    const url = await vscode.commands.executeCommand<string>('pageGateway.startWebhookInbox');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    inboxUrl = url;
    assert.equal(api.contextValue('pageGateway.webhookInbox.ran'), true);
    assert.equal(api.contextValue('pageGateway.webhookInbox.running'), true);
    const [address] = inboxRows(api);
    assert.equal(address?.label, `Listening on ${url.replace('http://', '')}`);
    assert.equal(address?.contextValue, 'pageGateway.inboxAddress.running');
    // In code-server the editor forwards the port through its own proxy: that is the address to copy.
    const external = (await vscode.env.asExternalUri(vscode.Uri.parse(url))).toString(true);
    assert.equal(await vscode.commands.executeCommand('pageGateway.copyWebhookInboxUrl'), external);
    assert.equal(await vscode.env.clipboard.readText(), external);
    if (external !== url) {
      assert.equal(address?.description, external);
    }
  });

  it('lists deliveries newest first: one per event kind, a non-JSON one and an oversized one, answered 200 with an empty body', async () => {
    for (const kind of EVENT_KINDS) {
      const answer = await post(`${inboxUrl}/hooks/any?kind=${kind}`, JSON.stringify({ type: kind, data: { id: 'x' } }));
      assert.deepEqual(answer, { status: 200, text: '' });
    }
    await post(`${inboxUrl}/hooks/text`, 'plain text \u202E body', { 'Content-Type': 'text/plain' });
    await post(`${inboxUrl}/hooks/big`, JSON.stringify({ type: 'form.submitted', pad: 'x'.repeat(5000) }));
    await waitFor(() => deliveryRows(api).length === 8, 'eight delivery rows');
    const rows = deliveryRows(api);
    // The label leads with what tells deliveries apart (the event kind, else the path); time and status follow.
    assert.equal(rows[0]?.label, '/hooks/big');
    assert.match(rows[0]?.description ?? '', /^\d\d:\d\d:\d\d( [AP]M)? · 2 KiB of 4\.9 KiB \(cut\)$/, 'a cut body is marked (and not parsed)');
    assert.equal(rows[1]?.label, '/hooks/text');
    assert.match(rows[1]?.description ?? '', /^\d\d:\d\d:\d\d( [AP]M)? · 19 bytes$/);
    const kinds = rows.slice(2).map((row) => row.label);
    assert.deepEqual(kinds, [...EVENT_KINDS].reverse());
    assert.match(rows[2]?.description ?? '', /^\d\d:\d\d:\d\d( [AP]M)? · POST \/hooks\/any · \d+ bytes$/);
    assert.ok(rows.every((row) => row.contextValue === 'pageGateway.delivery'), 'no subscription has these paths');
  });

  it('opens a delivery as a read-only document: request line, headers, pretty JSON body; unsafe text escaped', async () => {
    const rows = deliveryRows(api);
    const json = rows.find((row) => row.label === 'form.enriched');
    assert.ok(json);
    await vscode.commands.executeCommand('pageGateway.openDelivery', json.node);
    await waitFor(() => activeText().includes('"request"'), 'the document');
    const document = JSON.parse(activeText()) as Record<string, unknown>;
    assert.equal(document.request, 'POST /hooks/any?kind=form.enriched HTTP/1.1');
    assert.equal(document.eventKind, 'form.enriched');
    assert.deepEqual(document.body, { type: 'form.enriched', data: { id: 'x' } });
    assert.ok((document.headers as string[]).includes('Content-Type: application/json'), JSON.stringify(document.headers));
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'page-gateway');
    const text = rows.find((row) => row.label.endsWith('/hooks/text'));
    assert.ok(text);
    await vscode.commands.executeCommand('pageGateway.openDelivery', text.node);
    await waitFor(() => activeText().includes('/hooks/text'), 'the text document');
    assert.ok(activeText().includes('"body": "plain text \\u202E body"'), 'the override is an escape, not a character');
    assert.equal(activeText().includes('\u202E'), false);
  });

  it('a path with icon syntax reads as text in the delivery picker (never drawn as an icon)', async () => {
    await post(`${inboxUrl}/hooks/$(zap)`, 'icon path', { 'Content-Type': 'text/plain' });
    await waitFor(() => deliveryRows(api).some((row) => row.label.includes('zap')), 'its row');
    const labels: string[] = [];
    const original = vscode.window.showQuickPick;
    (vscode.window as { showQuickPick: unknown }).showQuickPick = (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>): Thenable<undefined> =>
      Promise.resolve(items).then((resolved) => {
        labels.push(...resolved.map((item) => `${item.label} ${item.description ?? ''}`));
        return undefined;
      });
    try {
      // From the palette (no row given, none selected), the command asks which delivery.
      await vscode.commands.executeCommand('pageGateway.openDelivery');
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = original;
    }
    const zap = labels.filter((label) => label.includes('zap'));
    assert.ok(zap.length > 0, `the picker listed the delivery: ${labels.join(' | ')}`);
    assert.ok(zap.every((label) => !/(^|[^\\])\$\(zap\)/.test(label)), `shown as text: ${zap.join(' | ')}`);
  });

  it('matches a delivery to the subscription with its path, and reveals it', async () => {
    await post(`${inboxUrl}/hooks/inbox`, JSON.stringify({ type: 'form.submitted' }));
    await waitFor(() => deliveryRows(api)[0]?.description.includes('/hooks/inbox') === true, 'the matched delivery');
    const [row] = deliveryRows(api);
    assert.ok(row);
    assert.equal(row.label, 'form.submitted');
    assert.match(row.description, /^\d\d:\d\d:\d\d( [AP]M)? · POST \/hooks\/inbox · 25 bytes · wh_inbox$/);
    assert.equal(row.contextValue, 'pageGateway.delivery.matched');
    assert.ok(row.collapsible);
    const [match] = inboxRows(api, row.node);
    assert.equal(match?.label, 'wh_inbox');
    assert.equal(match?.item.command?.command, 'pageGateway.revealItem');
    await vscode.commands.executeCommand('pageGateway.revealItem', ...(match?.item.command?.arguments ?? []));
    await waitFor(() => {
      const selected = api.webhooksView.selection[0];
      return selected?.kind === 'webhook' && selected.item.value.id === 'wh_inbox';
    }, 'the subscription selected');
  });

  it('counts an inactive subscription that received deliveries as worth a look', async () => {
    const before = (await webhookRows(api)).find((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_sleeping');
    assert.equal(before?.description.includes('inactive, yet delivered'), false);
    await post(`${inboxUrl}/hooks/sleeping`, JSON.stringify({ type: 'form.enriched' }));
    await waitFor(async () => {
      const row = (await webhookRows(api)).find((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_sleeping');
      return row?.description.includes('inactive, yet delivered') === true;
    }, 'the finding on the inactive subscription');
    const row = (await webhookRows(api)).find((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_sleeping');
    assert.match(row?.tooltip ?? '', /received form\\\.enriched for its URL/);
  });

  it('says on a subscription row that its URL points at the inbox', async () => {
    const port = new URL(inboxUrl).port;
    gateway.editWebhooks({
      op: 'add',
      subscription: { id: 'wh_local', url: `http://localhost:${port}/hooks/local`, events: ['form.submitted'], active: true, createdAt: '2026-03-01T09:00Z', updatedAt: '2026-03-01T09:00Z' },
    });
    await api.webhooks.reload(onlyGateway(api));
    const row = (await webhookRows(api)).find((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_local');
    assert.match(row?.description ?? '', / · → Webhook Inbox( · new)?$/);
    const other = (await webhookRows(api)).find((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_inbox');
    assert.equal(other?.description.includes('Webhook Inbox'), false, 'a public host the inbox was not told about');
  });

  it('forwards to the handler byte for byte and records its answers; the sender gets the answer', async () => {
    handler = await startHandler();
    await inboxSetting('forwardTo', `${handler.url}/base`);
    await waitFor(() => api.webhookInbox.session.current.forwardTo === `${handler?.url}/base`, 'the setting');
    const body = Buffer.from('{"type":"page.version.published","n":"\u00e9"}');
    const answer = await post(`${inboxUrl}/hooks/inbox?attempt=1`, body, { 'Content-Type': 'application/json', 'X-Signature': 'sha256=abc' });
    assert.deepEqual(answer, { status: 201, text: '{"handled":1}' });
    assert.equal(handler.seen.length, 1);
    const seen = handler.seen[0];
    assert.equal(seen?.url, '/base/hooks/inbox?attempt=1');
    assert.ok(seen?.body.equals(body));
    assert.equal(seen?.headers['x-signature'], 'sha256=abc');
    assert.equal(seen?.headers['x-api-key'], undefined, 'the inbox adds no key');
    await waitFor(() => /· 201 · \d+ ms · POST \/hooks\/inbox · \d+ bytes · wh_inbox$/.test(deliveryRows(api)[0]?.description ?? ''), 'the recorded answer');
    // What a reverse proxy says: the handler's Host, the original in X-Forwarded-Host.
    assert.equal(seen?.headers.host, new URL(handler.url).host);
    assert.equal(seen?.headers['x-forwarded-host'], new URL(inboxUrl).host);
    assert.equal(seen?.headers['x-forwarded-proto'], 'http');
    handler.status = 500;
    await post(`${inboxUrl}/hooks/other`, '{}');
    await waitFor(() => / · 500 · \d+ ms · 2 bytes$/.test(deliveryRows(api)[0]?.description ?? ''), 'a 500 recorded');
    const closed = handler.url;
    await handler.close();
    await post(`${inboxUrl}/hooks/other`, '{}');
    await waitFor(() => / · connection refused · 2 bytes$/.test(deliveryRows(api)[0]?.description ?? ''), 'connection refused recorded');
    handler = await startHandler();
    assert.notEqual(handler.url, closed);
  });

  it('replays a delivery to the handler as a new row marked replay, and opens its answer', async () => {
    const local = handler;
    assert.ok(local);
    await inboxSetting('forwardTo', local.url);
    await waitFor(() => api.webhookInbox.session.current.forwardTo === local.url, 'the setting');
    const original = deliveryRows(api).find((row) => row.node.kind === 'delivery' && row.node.delivery.target === '/hooks/inbox');
    assert.ok(original);
    const countBefore = deliveryRows(api).length;
    await vscode.commands.executeCommand('pageGateway.replayDelivery', original.node);
    assert.equal(local.seen.length, 1, 'one request reached the handler');
    assert.equal(local.seen[0]?.url, '/hooks/inbox');
    await waitFor(() => deliveryRows(api).length === countBefore + 1, 'the replay row');
    const [replay] = deliveryRows(api);
    assert.equal(replay?.label, 'form.submitted');
    assert.match(replay?.description ?? '', /^\d\d:\d\d:\d\d( [AP]M)? · replay · 201 · \d+ ms · POST \/hooks\/inbox · 25 bytes · wh_inbox$/);
    await vscode.commands.executeCommand('pageGateway.openDelivery', replay?.node);
    await waitFor(() => activeText().includes('"replayOf"'), 'the replay document');
    const document = JSON.parse(activeText()) as { response: { status: string; body: unknown } };
    assert.equal(document.response.status, '201 Created');
    assert.deepEqual(document.response.body, { handled: 1 });
    // To a URL typed (passed as the argument here).
    await vscode.commands.executeCommand('pageGateway.replayDelivery', original.node, `${local.url}/typed?x=1`);
    assert.equal(local.seen[1]?.url, '/typed?x=1');
  });

  it('filters by event kind and clears the filter', async () => {
    await vscode.commands.executeCommand('pageGateway.filterWebhookInbox', 'form.enriched');
    assert.ok(deliveryRows(api).length >= 2);
    assert.ok(deliveryRows(api).every((row) => row.label === 'form.enriched'));
    assert.equal(api.contextValue('pageGateway.webhookInbox.filtered'), true);
    await vscode.commands.executeCommand('pageGateway.clearWebhookInboxFilter');
    assert.ok(deliveryRows(api).some((row) => row.label.startsWith('/')));
  });

  it('exports the deliveries as NDJSON, oldest first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-inbox-'));
    const target = path.join(dir, 'deliveries.ndjson');
    try {
      const result = await vscode.commands.executeCommand<{ written: number }>('pageGateway.exportDeliveries', { target });
      const lines = fs.readFileSync(target, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(lines.length, result.written);
      assert.equal(lines.length, deliveryRows(api).length);
      assert.equal(lines[0]?.target, '/hooks/any?kind=page.version.created');
      assert.deepEqual(lines[0]?.body, { encoding: 'utf8', text: '{"type":"page.version.created","data":{"id":"x"}}' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps at most maxDeliveries; Clear empties the view and says so with Undo, which brings them back', async () => {
    await inboxSetting('maxDeliveries', 3);
    await waitFor(() => deliveryRows(api).length === 3, 'three rows');
    assert.ok(inboxRows(api).some((row) => /older deliveries dropped$/.test(row.label)));
    const before = deliveryRows(api).map((row) => row.node.id);
    const shown: Array<{ message: string; items: string[] }> = [];
    const original = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string, ...items: string[]): Thenable<string | undefined> => {
      shown.push({ message, items });
      return Promise.resolve(undefined);
    };
    try {
      assert.equal(await vscode.commands.executeCommand('pageGateway.clearWebhookInbox'), 3);
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
    }
    assert.equal(deliveryRows(api).length, 0);
    assert.ok(inboxRows(api).some((row) => row.label === 'No deliveries yet'));
    assert.deepEqual(shown, [{ message: 'Cleared 3 deliveries from the Webhook Inbox.', items: ['Undo'] }]);
    assert.equal(await vscode.commands.executeCommand('pageGateway.undoClearWebhookInbox'), 3);
    assert.deepEqual(
      deliveryRows(api).map((row) => row.node.id),
      before,
    );
    await vscode.commands.executeCommand('pageGateway.clearWebhookInbox');
    assert.equal(deliveryRows(api).length, 0);
  });

  it('asks once before forwarding to a handler not on this machine; until confirmed deliveries get 503; a Yes is remembered', async function () {
    // A handler on this machine's own network address: not loopback, so it is asked about.
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((info) => info !== undefined && info.family === 'IPv4' && !info.internal)?.address;
    if (address === undefined) {
      this.skip();
    }
    const remote = await startHandler(address);
    const asked: string[] = [];
    let reply: string | undefined;
    const original = vscode.window.showWarningMessage;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = (message: string, ...rest: unknown[]): Thenable<string | undefined> => {
      asked.push(message);
      void rest;
      return Promise.resolve(reply);
    };
    try {
      await inboxSetting('forwardTo', remote.url);
      await waitFor(() => api.webhookInbox.session.current.forwardTo === remote.url, 'the setting');
      await waitFor(() => asked.length === 1, 'the question, asked when the setting changed');
      assert.match(asked[0] ?? '', new RegExp(`sends every delivery \\(its body and signature headers\\) to http://${address.replace(/\./g, '\\.')}:\\d+, which is not on this machine`));
      const first = await post(`${inboxUrl}/hooks/inbox`, '{"type":"form.submitted"}');
      const second = await post(`${inboxUrl}/hooks/inbox`, '{"type":"form.submitted"}');
      assert.equal(first.status, 503);
      assert.equal(second.status, 503);
      assert.equal(remote.seen.length, 0, 'nothing sent before a Yes');
      assert.equal(asked.length, 1, 'declined: not asked again for each delivery');
      await waitFor(() => deliveryRows(api)[0]?.description.includes('503 · forwarding to this host not confirmed') === true, 'the row says why');
      reply = `Forward to ${new URL(remote.url).host}`;
      assert.equal(await api.webhookInbox.session.confirmForwarding(new URL(remote.url)), false, 'a No holds in this window');
      await inboxSetting('forwardTo', undefined);
      await waitFor(() => api.webhookInbox.session.current.forwardTo === '', 'cleared');
      await inboxSetting('forwardTo', remote.url);
      await waitFor(() => asked.length === 2, 'asked again after the setting changed');
      await waitFor(() => api.webhookInbox.session.confirmed(new URL(remote.url)), 'the Yes remembered');
      const third = await post(`${inboxUrl}/hooks/inbox`, '{"type":"form.submitted"}');
      assert.equal(third.status, 201);
      assert.equal(remote.seen.length, 1);
      await inboxSetting('forwardTo', undefined);
      await inboxSetting('forwardTo', remote.url);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(asked.length, 2, 'remembered: not asked again');
    } finally {
      (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
      await inboxSetting('forwardTo', undefined);
      await remote.close();
    }
  });

  it('keeps the deliveries for the next window: written to the extension storage and read back', async () => {
    await post(`${inboxUrl}/hooks/kept`, JSON.stringify({ type: 'form.submitted', kept: true }));
    await waitFor(() => deliveryRows(api).some((row) => row.node.kind === 'delivery' && row.node.delivery.target === '/hooks/kept'), 'the delivery');
    const before = api.webhookInbox.session.inbox.deliveries().map((d) => d.id);
    api.webhookInbox.persistence.saveNow();
    api.webhookInbox.session.inbox.clear();
    assert.equal(deliveryRows(api).length, 0);
    // What the next window does when it opens.
    assert.equal(await api.webhookInbox.persistence.load(), before.length);
    assert.deepEqual(
      api.webhookInbox.session.inbox.deliveries().map((d) => d.id),
      before,
    );
    const kept = api.webhookInbox.session.inbox.deliveries().find((d) => d.target === '/hooks/kept');
    assert.equal(kept?.body.toString(), '{"type":"form.submitted","kept":true}');
  });

  it('refuses a request whose Host is not its address with 421 and a row that says why; its forwarded address is accepted', async () => {
    const port = Number(new URL(inboxUrl).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.write('POST /hooks/inbox HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 2\r\n\r\n{}');
    });
    assert.match(answer, /^HTTP\/1\.1 421 /);
    await waitFor(() => deliveryRows(api)[0]?.description.includes("421 · Host evil.example is not this inbox's address") === true, 'the refused row');
    // Through the editor's own forwarding (code-server's proxy, a remote window): the Host it sends is accepted.
    const external = api.webhookInbox.session.external();
    if (external !== undefined) {
      const via = await post(`${external.replace(/\/$/, '')}/hooks/via-proxy`, '{}');
      // Forwarded to the handler (201) or answered by the inbox (200): accepted either way, not 421.
      assert.ok(via.status === 200 || via.status === 201, `through ${external}: ${via.status}`);
    }
  });

  it('Set Forwarding Target… and Set Public URL… write the user settings; the checklist goes once every step is done', async () => {
    const step = inboxRows(api).find((row) => row.label === '2. Set the public URL');
    assert.equal((step?.item.iconPath as vscode.ThemeIcon | undefined)?.id, 'circle-large-outline');
    assert.equal(step?.item.command?.command, 'pageGateway.setWebhookInboxPublicUrl');
    assert.equal(await vscode.commands.executeCommand('pageGateway.setWebhookInboxPublicUrl', 'https://abc.ngrok-free.app'), 'https://abc.ngrok-free.app');
    await waitFor(() => api.webhookInbox.session.current.publicUrl === 'https://abc.ngrok-free.app', 'the public URL');
    assert.equal(vscode.workspace.getConfiguration('pageGateway.webhookInbox').inspect('publicUrl')?.globalValue, 'https://abc.ngrok-free.app');
    // The public URL is set and wh_inbox's URL (https://abc.ngrok-free.app/hooks/inbox) uses it: nothing left to do.
    await waitFor(() => !inboxRows(api).some((row) => row.label === '2. Set the public URL'), 'the checklist gone');
    assert.equal(await vscode.commands.executeCommand('pageGateway.setWebhookInboxForwardTo', 'http://localhost:3999/api'), 'http://localhost:3999/api');
    await waitFor(() => api.webhookInbox.session.current.forwardTo === 'http://localhost:3999/api', 'the handler');
    await vscode.commands.executeCommand('pageGateway.setWebhookInboxPublicUrl', '');
    await vscode.commands.executeCommand('pageGateway.setWebhookInboxForwardTo', '');
    await waitFor(() => api.webhookInbox.session.current.publicUrl === '' && api.webhookInbox.session.current.forwardTo === '', 'cleared');
  });

  it('starts again on the port it picked (a tunnel made for it keeps working)', async () => {
    const port = Number(new URL(inboxUrl).port);
    await vscode.commands.executeCommand('pageGateway.stopWebhookInbox');
    const again = await vscode.commands.executeCommand<string>('pageGateway.startWebhookInbox');
    assert.equal(again, inboxUrl, `the same port ${port}`);
  });

  it('stops: the port is free again and the view says so', async () => {
    const port = Number(new URL(inboxUrl).port);
    await vscode.commands.executeCommand('pageGateway.stopWebhookInbox');
    assert.equal(api.contextValue('pageGateway.webhookInbox.running'), false);
    assert.equal(inboxRows(api)[0]?.label, 'Stopped');
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await assert.rejects(fetch(`${inboxUrl}/after-stop`, { method: 'POST', body: '{}' }));
  });
});
