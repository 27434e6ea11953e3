// Webhooks, "Open as JSON" and "Copy ID…" in the real workbench: expand a webhook, open items from the context menu
// and from the palette, copy an id from the palette and paste it into an editor.
import * as assert from 'node:assert/strict';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type WorkbenchFixture } from './fixture';

const dataset = generateDataset();

describe('e2e: webhooks, Open as JSON, Copy ID', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;

  before(async () => {
    fx = await startWorkbench({ withGateway: true, gatewayOptions: { dataset }, name: 'e2e-webhooks' });
    await fx.openContainer();
    await fx.setSampleKey();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  it('expands a webhook to show its event kinds; active and inactive read differently', async () => {
    const hook = dataset.webhooks.find((w) => Array.isArray(w.events) && w.events.length === 6);
    assert.ok(hook);
    const url = new URL(String(hook.url));
    // Every URL has the same host: the rows are named by their paths.
    const label = url.pathname;
    await eventually(async () => {
      const rows = await fx.viewRows(WEBHOOKS_VIEW);
      assert.ok(rows.some((r) => r.text === label), rows.map((r) => r.text).join(', '));
      assert.ok(rows.some((r) => r.description.startsWith('inactive')));
      assert.ok(rows.some((r) => !r.description.startsWith('inactive')));
    });
    // A click opens the subscription as JSON (its default command); the twistie expands it.
    await fx.row(WEBHOOKS_VIEW, label).locator('.monaco-tl-twistie').click();
    await eventually(async () => {
      const rows = await fx.viewRows(WEBHOOKS_VIEW);
      for (const kind of hook.events as string[]) {
        assert.ok(rows.some((r) => r.level === 2 && r.text === kind), `event ${kind} shown`);
      }
    });
    await fx.screenshot('20 webhook events');
  });

  it('opens a page group and a webhook as JSON from the context menu', async () => {
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    // Wait until the group's first page has landed, so the row is not re-rendered under the context menu.
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'published')?.description, '20+'));
    const first = dataset.pageGroups.find((pg) => pg.status === 'published');
    assert.ok(first);
    const title = String(first.title ?? first.name);
    const row = fx.row(PAGE_GROUPS_VIEW, title);
    await row.waitFor({ state: 'visible' });
    await fx.contextMenu(row, 'Open as JSON');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`${String(first.pageGroupId)}\\.json`)));
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"pageGroupId": "${String(first.pageGroupId)}"`)));
    await fx.screenshot('21 page group json');

    const hook = dataset.webhooks[0];
    assert.ok(hook);
    const url = new URL(String(hook.url));
    await fx.contextMenu(fx.row(WEBHOOKS_VIEW, url.pathname), 'Open as JSON');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`${String(hook.id)}\\.json`)));
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"url": "${String(hook.url).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`)));
    await fx.screenshot('22 webhook json');
  });

  it('Copy Link on a webhook row puts a link that opens it on the clipboard (the gateway by name and host, encoded once; no path, no key)', async () => {
    const hook = dataset.webhooks[0];
    assert.ok(hook);
    const url = new URL(String(hook.url));
    await fx.contextMenu(fx.row(WEBHOOKS_VIEW, url.pathname), 'Copy Link');
    await eventually(async () => assert.match(await fx.statusBarText(), new RegExp(`Copied the link to ${String(hook.id)}`)));
    const link = await fx.clipboardText();
    const gateway = fx.gateway;
    assert.ok(gateway);
    assert.match(link, new RegExp(`^[a-z][a-z0-9+.-]*://pagegateway\\.page-gateway-explorer/open\\?gateway=[^&]+&host=127\\.0\\.0\\.1:${gateway.port}&id=${String(hook.id)}$`));
    assert.ok(!link.includes('%25') && !link.includes(gateway.apiKey), link);
    await fx.screenshot('22b copied link');
  });

  it('opens an item as JSON from the palette by typing its id', async () => {
    const hook = dataset.webhooks[1];
    assert.ok(hook);
    await fx.runCommand('Page Gateway: Open as JSON');
    await fx.quickInput.type(String(hook.id));
    await eventually(async () => assert.ok((await fx.quickInput.items()).length >= 1));
    await fx.screenshot('23 open as json picker');
    await fx.quickInput.accept();
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`${String(hook.id)}\\.json`)));
  });

  it('copies an id from the palette and pastes it into an editor', async () => {
    const target = dataset.pageGroups.find((pg) => pg.status === 'published');
    assert.ok(target);
    const id = String(target.pageGroupId);
    await fx.runCommand('Page Gateway: Copy ID…');
    await fx.quickInput.type(id);
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.description === id)));
    await fx.quickInput.accept();
    await eventually(async () => assert.match(await fx.statusBarText(), new RegExp(`Copied page group ID ${id}`)));
    assert.equal(await fx.clipboardText(), id);
    await fx.screenshot('24 copied id');
    await fx.runCommand('File: New Untitled Text File');
    await fx.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    // The editor's own Paste (what Ctrl+V runs): in the browser it reads the clipboard through navigator.clipboard.
    await fx.runCommand('Paste');
    await eventually(async () => assert.equal((await fx.activeEditorText()).trim(), id));
    await fx.screenshot('25 pasted id');
  });
});
