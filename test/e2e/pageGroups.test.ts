// The Page Groups tree in the real workbench, clicked like a user: key through the palette's password box, statuses,
// "Load more…", the status filter, deleted page groups, and the 401 row. Screenshots of each step.
import * as assert from 'node:assert/strict';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, type WorkbenchFixture } from './fixture';

describe('e2e: Page Groups tree', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;

  before(async () => {
    fx = await startWorkbench({ withGateway: true, name: 'e2e-page-groups' });
    await fx.openContainer();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  /** The tree renders only the rows in view: scroll the Page Groups tree until the row is rendered. */
  const scrollTo = (label: string): ReturnType<WorkbenchFixture['scrollToRow']> => fx.scrollToRow(PAGE_GROUPS_VIEW, label);

  async function statusDescription(status: string): Promise<string> {
    const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
    return rows.find((r) => r.level === 1 && r.text === status)?.description ?? '';
  }

  it('asks for the key in a password box from the palette and confirms the gateway accepted it', async () => {
    await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set API Key')));
    await fx.screenshot('01 page groups welcome set api key');
    await fx.runCommand('Page Gateway: Set API Key…');
    await eventually(async () => assert.equal(await fx.quickInput.input.getAttribute('type'), 'password', 'the key is typed into a password box'));
    await eventually(async () => assert.match(await fx.quickInput.title(), /Set API Key/));
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.quickInput.type(gateway.apiKey);
    await fx.quickInput.accept();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n))));
    await fx.screenshot('02 key accepted');
  });

  it('shows one row per status, discovered with one request', async () => {
    await eventually(async () => {
      const top = (await fx.viewRows(PAGE_GROUPS_VIEW)).filter((r) => r.level === 1).map((r) => r.text);
      assert.ok(top.includes('published') && top.includes('draft'), top.join(', '));
      assert.ok(top.includes('Find more statuses…'));
    });
    await fx.screenshot('03 statuses');
  });

  it('expands a status, then "Load more…" grows it by one page', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    await eventually(async () => assert.equal(await statusDescription('published'), '20+'));
    await fx.screenshot('04 published expanded');
    const before = gateway.countRequests({ path: 'page_groups', status: 'published' });
    const loadMore = await scrollTo('Load more…');
    await fx.screenshot('05 load more row');
    await loadMore.click();
    await eventually(async () => assert.equal(await statusDescription('published'), '40+'));
    assert.equal(gateway.countRequests({ path: 'page_groups', status: 'published' }) - before, 1, 'one click, one request');
    await fx.screenshot('06 after load more');
  });

  it('marks deleted page groups', async () => {
    await eventually(async () => {
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.ok(rows.some((r) => r.level === 2 && /deleted/.test(r.description)), 'a deleted page group is visible and marked');
    });
    const deleted = fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list-row', { hasText: 'deleted' }).first();
    await deleted.scrollIntoViewIfNeeded();
    await fx.screenshot('07 deleted marked');
  });

  it('filters by status from the palette and clears the filter', async () => {
    await fx.runCommand('Page Gateway: Filter Page Groups by Status…');
    await fx.quickInput.pick('draft');
    await eventually(async () => {
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.deepEqual(rows.filter((r) => r.level === 1).map((r) => r.text), ['draft']);
      assert.equal(rows[0]?.expanded, true, 'the filtered group is expanded');
      assert.ok(rows.some((r) => r.level === 2), 'its page groups are listed');
    });
    const header = await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').textContent();
    assert.match(header ?? '', /status: draft/);
    await fx.screenshot('08 filtered by draft');
    await fx.runCommand('Page Gateway: Clear Status Filter');
    // Collapse the expanded groups so every status row is in view (the tree renders only what is in view).
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click();
    await eventually(async () => {
      const top = (await fx.viewRows(PAGE_GROUPS_VIEW)).filter((r) => r.level === 1).map((r) => r.text);
      assert.ok(top.includes('published') && top.includes('draft'));
    });
  });

  it('the title bar\'s Refresh refreshes the view whatever is selected; a row\'s Refresh its row; nothing stays "refreshing…"', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    await eventually(async () => assert.ok((await fx.viewRows(PAGE_GROUPS_VIEW)).some((r) => r.level === 2)));
    // draft loaded, then collapsed, and selected: the "draft 20 · refreshing…" for minutes.
    await fx.row(PAGE_GROUPS_VIEW, 'draft').click();
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'draft')?.expanded, true));
    await eventually(async () => assert.match(await statusDescription('draft'), /^\d/));
    await fx.row(PAGE_GROUPS_VIEW, 'draft').click();
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'draft')?.expanded, false));
    const count = (status: string | null): number => gateway.countRequests({ path: 'page_groups', status });
    const before = { published: count('published'), draft: count('draft'), all: count(null) };
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Refresh"]').click();
    await eventually(async () => {
      assert.equal(count('published') - before.published, 1, 'the expanded status is refreshed');
      assert.equal(count(null) - before.all, 1, 'the list of statuses is refreshed');
    });
    await eventually(async () => {
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.ok(rows.filter((r) => r.level === 1).every((r) => !/refreshing/.test(r.description)), rows.map((r) => `${r.text} ${r.description}`).join(' | '));
    });
    assert.equal(count('draft') - before.draft, 0, 'the collapsed status starts over when opened, no request now');
    const sent = gateway.requests.slice(-4).map((r) => `${r.query.status ?? 'all'}${r.query.cursor === undefined ? '' : ' (next page)'}`).join(', ');
    await eventually(async () => assert.equal(await statusDescription('published'), '20+', sent));
    await fx.page.mouse.move(700, 500);
    await fx.screenshot('08b title refresh with a collapsed status selected');
    // The row's own Refresh: that status only, at once, though it is collapsed.
    await fx.contextMenu(fx.row(PAGE_GROUPS_VIEW, 'draft'), 'Refresh');
    await eventually(async () => assert.equal(count('draft') - before.draft, 1));
    await eventually(async () => assert.doesNotMatch(await statusDescription('draft'), /refreshing/));
    assert.equal(count('published') - before.published, 1, 'the row\'s Refresh refreshes its row only');
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click();
  });

  it('counts learned by a search stay after a refresh and a window reload, saying when they were learned', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    const draftCount = generateDataset().pageGroups.filter((pg) => pg.status === 'draft').length;
    const unstatused = generateDataset().pageGroups.filter((pg) => pg.status === undefined).length;
    await fx.runCommand('Page Gateway: Search…');
    await fx.quickInput.type('zzzz-nothing');
    await eventually(async () => assert.match(await fx.quickInput.title(), /all [\d,]+ scanned/), { timeoutMs: 30_000 });
    await fx.quickInput.cancel();
    await eventually(async () => assert.match(await statusDescription('draft'), new RegExp(`^${draftCount}( · 20 loaded)?$`)));
    if (unstatused > 0) {
      await scrollTo('(no status)');
      await eventually(async () => assert.equal(await statusDescription('(no status)'), String(unstatused), '"(no status)" is exact once counted'));
    }
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Refresh"]').click();
    const stale = new RegExp(`^${draftCount} · as of \\d{1,2}:\\d{2}\\s?(AM|PM)$`);
    await eventually(async () => assert.match(await statusDescription('draft'), stale));
    await fx.reload();
    await fx.openContainer();
    await eventually(async () => assert.match(await statusDescription('draft'), stale));
    await fx.page.mouse.move(700, 500);
    await fx.screenshot('08c counts kept after a reload');
  });

  it('after "Clear API Key" the view asks for a key; a wrong key shows the "Set API Key…" row', async () => {
    await fx.runCommand('Page Gateway: Clear API Key');
    await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set API Key')));
    await fx.screenshot('09 key cleared');
    await fx.runCommand('Page Gateway: Set API Key…');
    await fx.quickInput.type('definitely-not-the-key');
    await fx.quickInput.accept();
    await eventually(async () => {
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.ok(rows.some((r) => r.text === 'Set API Key…' && /rejected the key \(401\)/.test(r.description)), rows.map((r) => r.label).join(' | '));
    });
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /rejected this API key/.test(n))));
    await fx.screenshot('10 rejected key row');
    // The way on comes first: another key (closing the message keeps this one).
    const toast = fx.page.locator('.notifications-toasts .notification-toast', { hasText: 'rejected this API key' }).first();
    const buttons = (await toast.locator('.monaco-button').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
    assert.deepEqual(buttons, ['Enter Another Key…', 'Remove Key']);
    await fx.screenshot('10b rejected key enter another');
    await toast.locator('.monaco-button', { hasText: 'Enter Another Key…' }).click();
    await eventually(async () => assert.equal(await fx.quickInput.input.getAttribute('type'), 'password'));
    await eventually(async () => assert.match(await fx.quickInput.title(), /Set API Key/));
    await fx.quickInput.cancel();
  });
});
