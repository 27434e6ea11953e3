// The Webhook Inbox in the real workbench: started from the Webhook Subscriptions view's menu, a delivery POSTed to it
// appears with its event kind, matched to its subscription (a click on the match reveals the subscription), opens as
// a document, and is replayed to a local handler from its context menu. Screenshots: webhook-inbox*.png.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type WorkbenchFixture } from './fixture';

const INBOX_VIEW = 'Webhook Inbox';
const base = generateDataset();
const dataset = {
  ...base,
  webhooks: [
    ...base.webhooks,
    { id: 'wh_inbox', url: 'https://my-laptop.ngrok-free.app/hooks/pages', events: ['page.version.published'], active: true, createdAt: '2026-03-01T09:00Z', updatedAt: '2026-03-01T09:00Z' },
  ],
};

describe('e2e: webhook inbox', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;
  let handler: http.Server;
  let handlerUrl: string;
  const handled: Array<{ url: string; body: string }> = [];
  let inboxPort = 0;

  before(async () => {
    handler = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        handled.push({ url: req.url ?? '', body });
        res.writeHead(202, { 'Content-Type': 'application/json' });
        res.end('{"queued":true}');
      });
    });
    await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
    handlerUrl = `http://127.0.0.1:${(handler.address() as AddressInfo).port}`;
    fx = await startWorkbench({
      withGateway: true,
      gatewayOptions: { dataset },
      settings: { 'pageGateway.webhookInbox.forwardTo': handlerUrl },
      name: 'e2e-webhook-inbox',
      viewport: { width: 1500, height: 900 },
    });
    await fx.openContainer();
    // Room for the inbox: the Page Groups view folded (before the key is set, while it has no rows to click by mistake).
    const pageGroupsHeader = fx.view(PAGE_GROUPS_VIEW).locator('.pane-header');
    await pageGroupsHeader.locator('h3.title').click();
    await eventually(async () => assert.equal(await pageGroupsHeader.getAttribute('aria-expanded'), 'false'));
    // A wider side bar (drag its edge), so that rows show their descriptions in the screenshot.
    const sideBar = await fx.page.locator('.part.sidebar').boundingBox();
    for (const candidate of await fx.page.locator('.monaco-sash.vertical').all()) {
      const box = await candidate.boundingBox();
      if (sideBar && box && box.height > sideBar.height / 2 && Math.abs(box.x + box.width / 2 - (sideBar.x + sideBar.width)) < 8) {
        await fx.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await fx.page.mouse.down();
        await fx.page.mouse.move(box.x + 380, box.y + box.height / 2, { steps: 5 });
        await fx.page.mouse.up();
        break;
      }
    }
    await fx.setSampleKey();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n))));
    await fx.runCommand('Notifications: Clear All Notifications');
    await eventually(async () => assert.ok((await fx.viewRows(WEBHOOKS_VIEW)).some((r) => r.text === 'my-laptop.ngrok-free.app/hooks/pages')));
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
    handler?.close();
    handler?.closeAllConnections();
  });

  it('starts from the Webhook Subscriptions view menu and shows its address', async () => {
    assert.equal(await fx.view(INBOX_VIEW).count(), 0, 'the view appears once the inbox ran');
    // The view's "…" menu, opened again when the title's actions are redrawn under it (the view's checks run).
    await fx.viewTitleMenu(WEBHOOKS_VIEW, 'Start Webhook Inbox');
    await eventually(async () => {
      const rows = await fx.viewRows(INBOX_VIEW);
      const address = rows[0]?.text ?? '';
      const match = /^Listening on 127\.0\.0\.1:(\d+)$/.exec(address);
      assert.ok(match, address);
      inboxPort = Number(match[1]);
    });
  });

  it('shows a delivery with its event kind, the handler’s answer and its subscription; the match reveals it', async () => {
    const response = await fetch(`http://127.0.0.1:${inboxPort}/hooks/pages?attempt=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Signature': 'sha256=0badc0ffee' },
      body: JSON.stringify({ type: 'page.version.published', data: { pageGroupId: 'pg_000001', version: 7 } }),
    });
    assert.equal(response.status, 202, 'the sender gets the handler’s answer');
    assert.equal(handled.length, 1);
    await eventually(async () => {
      // The label leads with the event kind (what tells deliveries apart in a narrow side bar); time and status follow.
      const row = (await fx.viewRows(INBOX_VIEW)).find((r) => r.text === 'page.version.published');
      assert.match(row?.description ?? '', /^\d\d:\d\d:\d\d( [AP]M)? · 202 · \d+ ms · POST \/hooks\/pages · 80 bytes · wh_inbox$/);
    });
    await fx.row(INBOX_VIEW, 'page.version.published').locator('.monaco-tl-twistie').click();
    await eventually(async () => assert.ok((await fx.viewRows(INBOX_VIEW)).some((r) => r.level === 2 && r.text === 'wh_inbox')));
    await fx.row(INBOX_VIEW, 'wh_inbox').click();
    await eventually(async () => assert.equal((await fx.viewRows(WEBHOOKS_VIEW)).find((r) => r.selected)?.text, 'my-laptop.ngrok-free.app/hooks/pages'));
  });

  it('opens the delivery as a document, replays it from the context menu, and records the replay', async () => {
    await fx.row(INBOX_VIEW, 'page.version.published').click();
    await eventually(async () => {
      const text = await fx.activeEditorText();
      assert.match(text, /"request": "POST \/hooks\/pages\?attempt=1 HTTP\/1\.1"/);
      assert.match(text, /"X-Signature: sha256=0badc0ffee"/);
    });
    // The tab is named by the event kind and the time, not "delivery-1.json".
    assert.match(await fx.activeEditorTitle(), /^page\.version\.published \d{1,2}:\d{2}:\d{2}.* · delivery-\d+\.json/);
    await fx.contextMenu(fx.row(INBOX_VIEW, 'page.version.published'), 'Replay Delivery');
    await eventually(() => assert.equal(handled.length, 2));
    assert.equal(handled[1]?.url, '/hooks/pages?attempt=1');
    assert.equal(handled[1]?.body, handled[0]?.body);
    await eventually(async () => {
      const rows = (await fx.viewRows(INBOX_VIEW)).filter((r) => r.level === 1 && r.text === 'page.version.published');
      assert.equal(rows.length, 2);
      assert.match(rows[0]?.description ?? '', /^\d\d:\d\d:\d\d( [AP]M)? · replay · 202 · \d+ ms · POST \/hooks\/pages · 80 bytes · wh_inbox$/);
    });
    await fx.page.mouse.move(900, 600);
    await fx.screenshot('webhook-inbox');
  });
});
