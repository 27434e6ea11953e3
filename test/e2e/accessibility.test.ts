// What a screen reader reads for the rows whose meaning the tree shows by icon or color, checked on the rendered rows'
// aria-label in the real workbench: status rows (loaded, more available, a failed load), deleted page groups and ones
// that break the contract, "Load more…", error rows, active and inactive webhook subscriptions, unknown event kinds.
import * as assert from 'node:assert/strict';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type TreeRow, type WorkbenchFixture } from './fixture';

const dataset = generateDataset();

describe('e2e: rows read by screen readers (aria-label)', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;

  before(async () => {
    fx = await startWorkbench({
      gatewayOptions: {
        dataset,
        faults: [
          // "draft" cannot be loaded; "archived" pages hold items that break the contract; webhooks list unknown kinds.
          { kind: 'status', status: 500, path: 'page_groups', statusFilter: 'draft' },
          { kind: 'badItems', path: 'page_groups', status: 'archived' },
          { kind: 'webhookVariant', variant: 'unknownEvents', path: 'webhook_subscriptions' },
        ],
      },
      name: 'e2e-accessibility',
    });
    await fx.openContainer();
    await fx.setSampleKey();
    await eventually(async () => assert.ok((await fx.viewRows(PAGE_GROUPS_VIEW)).some((r) => r.text === 'published')));
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  async function rows(view: string): Promise<TreeRow[]> {
    return fx.viewRows(view);
  }

  function labels(list: readonly TreeRow[]): string {
    return list.map((r) => r.label).join('\n');
  }

  it('status rows say how many are loaded and whether more exist; page groups say deleted; "Load more…" says what it loads', async () => {
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    await eventually(async () => {
      const shown = await rows(PAGE_GROUPS_VIEW);
      assert.ok(shown.some((r) => r.label === 'Status published, 20 page groups loaded, more available'), labels(shown));
      assert.ok(shown.some((r) => r.level === 2 && /^Page group .+, \d+ pages?$/.test(r.label)), labels(shown));
      assert.ok(shown.some((r) => r.level === 2 && /^Page group .+, deleted$/.test(r.label)), labels(shown));
    });
    const deleted = (await rows(PAGE_GROUPS_VIEW)).find((r) => r.level === 2 && r.label.endsWith(', deleted'));
    assert.match(deleted?.description ?? '', /deleted/, 'the row shows it too');
    // The tree renders only the rows in view: scroll down to the last one.
    const loadMore = fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list-row', { hasText: 'Load more…' }).first();
    for (let i = 0; i < 40 && (await loadMore.count()) === 0; i += 1) {
      await fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list[role="tree"]').hover();
      await fx.page.mouse.wheel(0, 200);
      await fx.page.waitForTimeout(50);
    }
    assert.equal(await loadMore.getAttribute('aria-label'), 'Load more…, loads the next 20 page groups of published');
    await fx.screenshot('a11y 01 published');
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click();
  });

  it('a status that failed to load says so, and its error row starts with "Error:"', async () => {
    await fx.row(PAGE_GROUPS_VIEW, 'draft').click();
    await eventually(async () => {
      const shown = await rows(PAGE_GROUPS_VIEW);
      assert.ok(shown.some((r) => r.text === 'draft' && r.label.startsWith('Status draft, ') && r.label.endsWith('the last load failed')), labels(shown));
      assert.ok(shown.some((r) => r.level === 2 && r.label.startsWith("Error: Couldn't load")), labels(shown));
    });
    await fx.screenshot('a11y 02 draft failed');
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click();
  });

  it('page groups that break the API contract say so (the warning icon)', async () => {
    await fx.row(PAGE_GROUPS_VIEW, 'archived').click();
    await eventually(async () => {
      const shown = await rows(PAGE_GROUPS_VIEW);
      assert.ok(shown.some((r) => r.level === 2 && /^Page group .+, breaks the API contract \(\d+ problems?\)$/.test(r.label)), labels(shown));
    });
    await fx.screenshot('a11y 03 contract problems');
  });

  it('webhook subscriptions say active or inactive (the icon and its color); unknown event kinds are warnings', async () => {
    const inactive = dataset.webhooks.find((w) => w.active === false);
    assert.ok(inactive);
    const url = new URL(String(inactive.url));
    await eventually(async () => {
      const shown = await rows(WEBHOOKS_VIEW);
      assert.ok(shown.some((r) => r.label.startsWith(`Webhook subscription ${url.host}${url.pathname}, inactive, `)), labels(shown));
      assert.ok(shown.some((r) => /^Webhook subscription .+, active, \d+ events?/.test(r.label)), labels(shown));
    });
    const active = dataset.webhooks.find((w) => w.active === true && Array.isArray(w.events) && w.events.length > 0);
    assert.ok(active);
    const activeUrl = new URL(String(active.url));
    await fx.row(WEBHOOKS_VIEW, activeUrl.pathname).locator('.monaco-tl-twistie').click();
    await eventually(async () => {
      const shown = await rows(WEBHOOKS_VIEW);
      assert.ok(shown.some((r) => r.level === 2 && r.label.startsWith('Event ')), labels(shown));
      assert.ok(shown.some((r) => r.level === 2 && r.label.startsWith('Warning: unknown event kind ')), labels(shown));
    });
    await fx.screenshot('a11y 04 webhooks');
  });
});
