// Webhook debugging in the real workbench: group by event and read the counts, see a check's warning, refresh after
// the gateway changed and see "new" and "removed", Copy as cURL and paste it into an editor (the key is not there).
import * as assert from 'node:assert/strict';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type WorkbenchFixture } from './fixture';

const dataset = generateDataset();

describe('e2e: webhook debugging', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;

  before(async () => {
    fx = await startWorkbench({ withGateway: true, gatewayOptions: { dataset }, name: 'e2e-webhook-debugging' });
    // The webhook list fails until the first test lifts the fault (the key check asks for page groups).
    fx.gateway?.addFault({ kind: 'status', status: 503, path: 'webhook_subscriptions' });
    await fx.openContainer();
    await fx.setSampleKey();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n))));
    await fx.runCommand('Notifications: Clear All Notifications');
    // Room for the webhooks: a wider side bar (drag its edge), the Page Groups view folded.
    const sideBar = await fx.page.locator('.part.sidebar').boundingBox();
    let sash: { x: number; y: number; width: number; height: number } | undefined;
    for (const candidate of await fx.page.locator('.monaco-sash.vertical').all()) {
      const box = await candidate.boundingBox();
      if (sideBar && box && box.height > sideBar.height / 2 && Math.abs(box.x + box.width / 2 - (sideBar.x + sideBar.width)) < 8) {
        sash = box;
      }
    }
    if (sash) {
      await fx.page.mouse.move(sash.x + sash.width / 2, sash.y + sash.height / 2);
      await fx.page.mouse.down();
      await fx.page.mouse.move(sash.x + 300, sash.y + sash.height / 2, { steps: 5 });
      await fx.page.mouse.up();
    }
    const pageGroupsHeader = fx.view(PAGE_GROUPS_VIEW).locator('.pane-header');
    await pageGroupsHeader.waitFor({ state: 'visible' });
    if ((await pageGroupsHeader.getAttribute('aria-expanded')) === 'true') {
      await pageGroupsHeader.click();
    }
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  /** Runs an entry of the view title's "…" menu. */
  const viewMenu = async (entry: string): Promise<void> => {
    await fx.view(WEBHOOKS_VIEW).locator('.pane-header').hover();
    await fx.viewTitleMenu(WEBHOOKS_VIEW, entry);
  };
  const headerText = async (): Promise<string> => (await fx.view(WEBHOOKS_VIEW).locator('.pane-header').textContent()) ?? '';

  it('grouped by event, a list that failed shows its error and no event kinds; a retry brings them', async () => {
    await eventually(async () => assert.ok((await fx.viewRows(WEBHOOKS_VIEW)).some((r) => /HTTP 503|503/.test(`${r.text} ${r.description} ${r.label}`))));
    await viewMenu('Group by Event');
    await eventually(async () => assert.match(await headerText(), /by event/));
    await fx.page.mouse.move(700, 500);
    const rows = await fx.viewRows(WEBHOOKS_VIEW);
    assert.equal(rows.length, 1, rows.map((r) => `${r.text} ${r.description}`).join(' | '));
    assert.equal(rows.some((r) => /no active receiver/.test(r.description)), false);
    await fx.screenshot('29 webhooks by event list failed');
    fx.gateway?.clearFaults();
    await fx.row(WEBHOOKS_VIEW, rows[0]?.text ?? '').click();
    await eventually(async () => assert.ok((await fx.viewRows(WEBHOOKS_VIEW)).some((r) => r.text === 'form.submitted')));
    await viewMenu('Group by Subscription');
    await eventually(async () => assert.doesNotMatch(await headerText(), /by event/));
  });

  it('groups by event from the view title and shows active and inactive receivers per event', async () => {
    await eventually(async () => assert.ok((await fx.viewRows(WEBHOOKS_VIEW)).some((r) => r.description.startsWith('inactive'))));
    await fx.view(WEBHOOKS_VIEW).locator('.pane-header').hover();
    await viewMenu('Group by Event');
    const submitted = dataset.webhooks.filter((w) => Array.isArray(w.events) && (w.events as string[]).includes('form.submitted'));
    const active = submitted.filter((w) => w.active === true).length;
    await eventually(async () => {
      const rows = await fx.viewRows(WEBHOOKS_VIEW);
      assert.deepEqual(
        rows.filter((r) => r.level === 1).map((r) => r.text),
        ['page.version.created', 'page.version.processed', 'page.version.published', 'form.submitted', 'form.enriched', 'form.enrichment_failed', 'events not specified', 'no events'],
      );
      assert.equal(rows.find((r) => r.text === 'form.submitted')?.description, `${active} active · ${submitted.length - active} inactive`);
    });
    await fx.row(WEBHOOKS_VIEW, 'form.submitted').locator('.monaco-tl-twistie').click();
    await eventually(async () => assert.equal((await fx.viewRows(WEBHOOKS_VIEW)).filter((r) => r.level === 2).length, submitted.length));
    await fx.page.mouse.move(700, 500);
    await fx.screenshot('30 webhooks grouped by event');
    await fx.view(WEBHOOKS_VIEW).locator('.pane-header').hover();
    await viewMenu('Group by Subscription');
    // Every URL has the same host: rows are named by their paths.
    await eventually(async () => assert.ok((await fx.viewRows(WEBHOOKS_VIEW)).some((r) => r.text === '/pages/1')));
  });

  it('refreshes after the gateway changed: new, changed and removed marks, a check warning, the warnings in the view title', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    gateway.editWebhooks({
      op: 'add',
      subscription: { id: 'wh_tunnel', url: 'http://my-laptop.ngrok-free.app/hooks', events: ['form.submitted'], active: true, createdAt: '2026-03-01T09:00Z', updatedAt: '2026-03-01T09:00Z' },
    });
    gateway.editWebhooks({ op: 'change', id: 'wh_0001', fields: { active: false } });
    gateway.editWebhooks({ op: 'remove', id: 'wh_0004' });
    await fx.view(WEBHOOKS_VIEW).locator('.pane-header').hover();
    await fx.view(WEBHOOKS_VIEW).locator('.pane-header .action-label[aria-label^="Refresh"]').click();
    // The new subscription is on another host: every row is named by host and path again.
    await eventually(async () => {
      const rows = await fx.viewRows(WEBHOOKS_VIEW);
      const byText = (text: string): string => rows.find((r) => r.level === 1 && r.text === text)?.description ?? '(none)';
      assert.match(byText('my-laptop.ngrok-free.app/hooks'), /^1 event · plain http · new$/);
      assert.match(byText('hooks.example.com/pages/1'), /^inactive · 6 events · changed$/);
      assert.match(byText('hooks.example.com/pages/4'), / · removed$/);
    });
    // The new one (plain http; its tunnel is not flagged: the sample gateway runs on this machine too); wh_0002's
    // events: null is information, not a warning.
    await eventually(async () => assert.match(await headerText(), /1 warning\b/));
    // The marks' badges and colors come from the FileDecorationProvider, a moment after the rows.
    const decorated = fx.view(WEBHOOKS_VIEW).locator('.monaco-list-row .monaco-icon-label[class*="monaco-decoration-itemBadge"]');
    await eventually(async () => assert.equal(await decorated.count(), 3));
    await fx.page.mouse.move(900, 500);
    await fx.screenshot('31 webhooks refreshed with marks and warnings');
  });

  it('lists the problems with Show Webhook Problems and reveals one', async () => {
    await fx.runCommand('Page Gateway: Show Webhook Problems');
    await eventually(async () => {
      const labels = (await fx.quickInput.items()).map((item) => item.label);
      assert.ok(labels.some((label) => /plain http/.test(label)), labels.join(' | '));
      assert.ok(!labels.some((label) => /unclear|events/.test(label)), labels.join(' | '));
    });
    await fx.screenshot('33 webhook problems');
    await fx.quickInput.pick('plain http');
    await eventually(async () => assert.equal((await fx.viewRows(WEBHOOKS_VIEW)).find((r) => r.selected)?.text, 'my-laptop.ngrok-free.app/hooks'));
  });

  it('copies a row as cURL and pastes it into an editor: the placeholder is there, the key is not', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.contextMenu(fx.row(WEBHOOKS_VIEW, 'hooks.example.com/pages/2'), 'Copy as cURL');
    // About that subscription: the list (the contract has no request for one), picked out with jq.
    const expected = `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" '${gateway.url}/v0/webhook_subscriptions' | jq --arg value 'wh_0002' '.[] | select(.id == $value)'`;
    await eventually(async () => assert.equal(await fx.clipboardText(), expected));
    // And how to set the variable the command reads the key from.
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /reads it from \$PAGE_GATEWAY_API_KEY\. Set it in your shell first/.test(n))));
    await fx.screenshot('34a copy as curl key hint');
    await fx.runCommand('File: New Untitled Text File');
    await fx.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await fx.runCommand('Paste');
    await eventually(async () => assert.equal((await fx.activeEditorText()).trim(), expected));
    assert.equal((await fx.activeEditorText()).includes(gateway.apiKey), false, 'the key is never copied');
    await fx.screenshot('34 pasted curl');
  });
});
