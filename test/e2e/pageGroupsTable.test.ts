// The Page Groups table in the real workbench (its webview is two iframes deep): it opens from the view's "…" menu and
// the palette, loads everything with Load All, sorts, filters, counts (facets that match the sample gateway's data),
// walks by keyboard, opens JSON with Enter, copies an id, exports a selection through the editor's save dialog, shows
// hostile strings as text, comes back after a reload, and is photographed in light, dark and high contrast themes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator } from 'playwright-core';
import type { CheckedPageGroup, PageGroup } from '../../src/api/model';
import { filterTest } from '../../src/features/pageGroups/model/pageGroupFilter';
import { generateDataset, type Dataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, type WorkbenchFixture } from './fixture';
import { headerLabels, tableFrame } from './tableWebview';

const base = generateDataset();
const HOSTILE_TITLE = 'Evil \u202Efdp.exe <img src=x onerror="document.title=1"> \u0007bell';
/** More than 200 tenants, so that the tenant facet offers its search: tnt_zürich_000 … tnt_zürich_219, one page group each. */
const REGIONAL = Array.from({ length: 220 }, (_, i) => {
  const n = String(i).padStart(3, '0');
  return { pageGroupId: `pg_regional_${n}`, name: `regional-${n}`, title: `Regional site ${n}`, status: 'archived', tenantId: `tnt_zürich_${n}`, brandId: 'brd_contoso', pagesCount: 2, createdAt: '2026-10-01T00:00:00Z', updatedAt: '2026-10-02T00:00:00Z' };
});
const dataset: Dataset = {
  ...base,
  pageGroups: [...base.pageGroups, ...REGIONAL, { pageGroupId: 'pg_hostile', name: 'hostile', title: HOSTILE_TITLE, status: 'draft', tenantId: 'tnt_evil', brandId: 'brd_evil', pagesCount: 999, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-02T00:00:00Z' }],
};
const TOTAL = dataset.pageGroups.length;
const checked = dataset.pageGroups.map((raw) => ({ raw, value: raw as PageGroup, problems: [] }) as CheckedPageGroup);

describe('e2e: Page Groups as a table', function () {
  this.timeout(240_000);
  let fx: WorkbenchFixture;

  /** The table's document: the webview's outer iframe, then its active frame. */
  const table = (): FrameLocator => tableFrame(fx.page);
  const grid = (): Locator => table().locator('[role="grid"]');
  const body = (): Locator => table().locator('body');
  const shownRows = async (): Promise<Locator[]> => {
    const rows = await grid().locator('.body [role="row"]').all();
    const indexed = await Promise.all(rows.map(async (row) => ({ row, index: Number(await row.getAttribute('aria-rowindex')) })));
    return indexed.sort((a, b) => a.index - b.index).map((entry) => entry.row);
  };
  /** The texts of the rendered rows' cells of the column with this header, in order. */
  const columnTexts = async (header: string): Promise<string[]> => {
    const headers = await headerLabels(table());
    const at = headers.indexOf(header);
    assert.ok(at >= 0, `a column "${header}" among ${headers.join(', ')}`);
    const rows = await shownRows();
    return Promise.all(rows.map(async (row) => ((await row.locator(`[role="gridcell"][aria-colindex="${at + 1}"]`).textContent()) ?? '').trim()));
  };
  const dataNumber = async (name: string): Promise<number> => Number(await body().getAttribute(`data-${name}`));

  before(async () => {
    fx = await startWorkbench({ withGateway: true, gatewayOptions: { dataset }, name: 'e2e-table', viewport: { width: 1400, height: 800 } });
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

  it('opens from the Page Groups view\'s "…" menu as "Page Groups · <gateway>" with the rows the tree loaded', async () => {
    await fx.viewTitleMenu(PAGE_GROUPS_VIEW, 'Open Page Groups as Table');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), /^Page Groups · /));
    await eventually(async () => assert.equal(await dataNumber('loaded'), 20), { timeoutMs: 20_000 });
    assert.match((await table().locator('.count').textContent()) ?? '', /^20 loaded · 20 shown/);
    assert.equal(await grid().getAttribute('aria-rowcount'), '21', 'the header row and 20 rows');
    await fx.screenshot('table 01 opened');
  });

  it('Export of the filtered rows offers everything (the rest loaded first, no page read twice) and writes the filtered rows of all', async () => {
    const box = table().getByRole('searchbox', { name: 'Filter' });
    await box.fill('checkout');
    await eventually(async () => assert.ok((await dataNumber('shown')) < 20));
    await table().getByRole('button', { name: 'Export Filtered Rows…' }).click();
    await eventually(async () => assert.deepEqual((await fx.quickInput.items()).map((item) => item.text), ['Everything', 'What is loaded']));
    await fx.quickInput.pick('Everything');
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === 'JSON')));
    await fx.quickInput.pick('JSON');
    await eventually(async () => assert.ok((await fx.quickInput.value()).endsWith('.json'), await fx.quickInput.value()));
    const file = path.join(fx.server.workspaceDir, 'table-filtered-everything.json');
    await fx.quickInput.type(file);
    await fx.quickInput.accept();
    await eventually(() => assert.ok(fs.existsSync(file)), { timeoutMs: 30_000 });
    const written = (JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ pageGroupId: string }>).map((pg) => pg.pageGroupId);
    // The filtered rows of every page group of the gateway, in load order (the table is not sorted yet).
    assert.deepEqual(written, checked.filter(filterTest({ query: 'checkout' })).map((pg) => pg.value.pageGroupId));
    // Loaded through the table's Load All: the table now holds everything.
    await eventually(async () => assert.equal(await body().getAttribute('data-complete'), 'true'), { timeoutMs: 30_000 });
    assert.equal(await dataNumber('loaded'), TOTAL);
    await box.fill('');
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
  });

  it('everything loaded (by the export): Load All has nothing left to do; the facets are exact and match the gateway\'s data', async () => {
    const loadAll = table().getByRole('button', { name: 'Load All' });
    assert.equal(await loadAll.isDisabled(), true, 'nothing left to load');
    await eventually(async () => assert.equal(await body().getAttribute('data-complete'), 'true'), { timeoutMs: 30_000 });
    assert.equal(await dataNumber('loaded'), TOTAL);
    assert.match((await table().locator('.count').textContent()) ?? '', new RegExp(`^all ${TOTAL} · ${TOTAL} shown`));
    assert.equal((await table().locator('.exactness').textContent())?.trim(), 'exact');
    const statusFacet = table().locator('.facet[data-field="status"] li');
    const shown = Object.fromEntries(
      await Promise.all((await statusFacet.all()).map(async (item) => [((await item.locator('.facet-value').textContent()) ?? '').trim(), Number(((await item.locator('.facet-count').textContent()) ?? '').replace(/\D/g, ''))])),
    ) as Record<string, number>;
    const expected: Record<string, number> = {};
    for (const pg of dataset.pageGroups) {
      const key = typeof pg.status === 'string' ? pg.status : '(no status)';
      expected[key] = (expected[key] ?? 0) + 1;
    }
    assert.deepEqual(shown, expected);
    // At most about twice the visible rows exist in the DOM.
    const domRows = await dataNumber('dom-rows');
    const visible = Math.ceil(((await grid().boundingBox())?.height ?? 0) / 24);
    assert.ok(domRows > 0 && domRows <= visible * 2 + 16, `${domRows} rows in the DOM for ${visible} visible`);
    await fx.screenshot('table 02 all loaded');
  });

  it('sorts by a column (numbers as numbers), Shift+click adds a second key, the header says how it is sorted', async () => {
    const pages = grid().locator('[role="columnheader"]', { hasText: 'Pages' });
    await pages.click();
    await eventually(async () => assert.equal(await pages.getAttribute('aria-sort'), 'ascending'));
    await pages.click();
    await eventually(async () => assert.equal(await pages.getAttribute('aria-sort'), 'descending'));
    await eventually(async () => assert.equal((await columnTexts('Pages'))[0], '999'));
    const numbers = (await columnTexts('Pages')).map((text) => Number(text.replace(/\D/g, '')));
    assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a));
    const status = grid().locator('[role="columnheader"]', { hasText: 'Status' });
    await status.click({ modifiers: ['Shift'] });
    await eventually(async () => assert.match((await status.getAttribute('aria-description')) ?? '', /sorted ascending/));
    assert.equal(await pages.getAttribute('aria-sort'), 'descending', 'the first key stays');
    const announced = table().locator('.announcer[role="status"]');
    await eventually(async () => assert.equal(await announced.textContent(), 'Sorted by Pages descending and Status ascending'));
    await fx.screenshot('table 03 sorted');
  });

  it('the text filter uses Search\'s matcher; a facet value narrows to a status', async () => {
    const box = table().getByRole('searchbox', { name: 'Filter' });
    await box.fill('checkout');
    const matching = checked.filter(filterTest({ query: 'checkout' }));
    await eventually(async () => assert.equal(await dataNumber('shown'), matching.length));
    await table().locator('.facet[data-field="status"] label', { hasText: 'draft' }).locator('input').check();
    const drafts = checked.filter(filterTest({ query: 'checkout', statuses: ['draft'] }));
    await eventually(async () => assert.equal(await dataNumber('shown'), drafts.length));
    await fx.screenshot('table 04 filtered');
    await table().getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
  });

  it('a keystroke and a facet value are answered in the webview, without the host: no view comes from it, and it learns the filter after', async () => {
    const box = table().getByRole('searchbox', { name: 'Filter' });
    await eventually(async () => assert.equal(await dataNumber('rows-received'), TOTAL));
    const hostViews = await dataNumber('host-views');
    const views = await dataNumber('views');
    await box.fill('checkou');
    await box.press('t');
    const matching = checked.filter(filterTest({ query: 'checkout' }));
    await eventually(async () => assert.equal(await dataNumber('shown'), matching.length));
    await table().locator('.facet[data-field="status"] label', { hasText: 'published' }).locator('input').check();
    const published = checked.filter(filterTest({ query: 'checkout', statuses: ['published'] }));
    await eventually(async () => assert.equal(await dataNumber('shown'), published.length));
    assert.equal(await body().getAttribute('data-view-from'), 'webview');
    assert.ok((await dataNumber('views')) >= views + 3, 'a view painted for each change');
    // The host keeps the state (for a reload and Export) but sends no view back.
    await fx.page.waitForTimeout(1000);
    assert.equal(await dataNumber('host-views'), hostViews);
    await table().getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
  });

  it('a facet of more than 200 values has a search box: it narrows the value list (case and accents ignored), by keyboard, counts unchanged', async () => {
    const tenants = table().locator('.facet[data-field="tenantId"]');
    const search = tenants.getByRole('searchbox', { name: 'Search Tenant' });
    const tenantCount = new Set(dataset.pageGroups.map((pg) => pg.tenantId)).size;
    assert.ok(tenantCount > 200, `${tenantCount} tenants`);
    assert.equal(await tenants.locator('li').count(), 200, 'the list shows the first 200');
    assert.equal((await tenants.locator('.facet-summary').textContent())?.trim(), `${tenantCount} values`);
    assert.equal(await search.getAttribute('aria-controls'), 'facet-values-tenantId');
    await search.fill('ZURICH_01');
    await eventually(async () => assert.equal(await tenants.locator('li').count(), 10));
    const listed = await Promise.all((await tenants.locator('li').all()).map(async (item) => [((await item.locator('.facet-value').textContent()) ?? '').trim(), ((await item.locator('.facet-count').textContent()) ?? '').trim()]));
    assert.deepEqual(listed.map(([value]) => value).sort(), Array.from({ length: 10 }, (_, i) => `tnt_zürich_01${i}`));
    assert.ok(listed.every(([, count]) => count === '1'), JSON.stringify(listed));
    assert.equal((await tenants.locator('.facet-summary').textContent())?.trim(), `10 of ${tenantCount} values match`);
    assert.equal(await dataNumber('shown'), TOTAL, 'the search narrows the list, not the rows');
    // Keyboard: Down from the search box to the first value, Space chooses it, Up goes back to the box.
    await search.focus();
    await fx.page.keyboard.press('ArrowDown');
    const first = tenants.locator('li input').first();
    await eventually(async () => assert.equal(await first.evaluate((element) => element === document.activeElement), true));
    await fx.page.keyboard.press('Space');
    await eventually(async () => assert.equal(await dataNumber('shown'), 1));
    await eventually(async () => assert.equal(await tenants.locator('li input:checked').count(), 1));
    await fx.page.keyboard.press('ArrowUp');
    await eventually(async () => assert.equal(await search.evaluate((element) => element === document.activeElement), true));
    await fx.screenshot('table 04b facet search');
    // Escape empties the search; the chosen value stays chosen and listed.
    await fx.page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await tenants.locator('li').count(), 200));
    assert.equal(await tenants.locator('li input:checked').count(), 1);
    await table().getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
  });

  it('hostile strings are text: control and bidi characters shown as escapes, no markup', async () => {
    const box = table().getByRole('searchbox', { name: 'Filter' });
    await box.fill('pg_hostile');
    await eventually(async () => assert.equal(await dataNumber('shown'), 1));
    const title = (await columnTexts('Title'))[0] ?? '';
    assert.ok(title.includes('\\u202E') && title.includes('\\u0007'), title);
    assert.ok(title.includes('<img src=x'), 'the markup is shown as text');
    assert.equal(await table().locator('img').count(), 0, 'no element was made from it');
    // The cell under the pointer has its value in full as its tooltip (a time's raw value, the title's escapes);
    // the others carry none (a title on every cell is styled again at every redraw).
    const cellOf = async (header: string): Promise<Locator> => {
      const headers = await headerLabels(table());
      return grid().locator(`.body [role="gridcell"][aria-colindex="${headers.indexOf(header) + 1}"]`).first();
    };
    const updated = await cellOf('Updated');
    const titleCell = await cellOf('Title');
    await (await cellOf('ID')).click();
    await updated.hover();
    await eventually(async () => assert.equal(await updated.getAttribute('title'), '2026-11-02T00:00:00Z'));
    assert.equal(await titleCell.getAttribute('title'), null, 'a cell neither hovered nor active has no tooltip');
    await titleCell.hover();
    await eventually(async () => assert.ok(((await titleCell.getAttribute('title')) ?? '').includes('\\u202E'), 'the hovered title cell'));
    assert.equal(await updated.getAttribute('title'), null, 'the tooltip left with the pointer');
    await box.fill('');
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
  });

  it('keyboard: arrows, Home/End, Page Down walk the grid; Enter opens the JSON; Ctrl+C copies the id', async () => {
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    const active = async (): Promise<string> => (await grid().getAttribute('aria-activedescendant')) ?? '';
    await eventually(async () => assert.equal(await active(), 'c-0-0'));
    await fx.page.keyboard.press('ArrowDown');
    await fx.page.keyboard.press('ArrowRight');
    await eventually(async () => assert.equal(await active(), 'c-1-1'));
    await fx.page.keyboard.press('End');
    await eventually(async () => assert.match(await active(), /^c-1-[2-9]$/));
    await fx.page.keyboard.press('Home');
    await fx.page.keyboard.press('PageDown');
    await eventually(async () => assert.ok(Number(/^c-(\d+)-0$/.exec(await active())?.[1]) > 5));
    await fx.page.keyboard.press('Control+End');
    // The last cell of the last row (the ID, the ninth column shown by default), as an ARIA grid's Ctrl+End.
    await eventually(async () => assert.equal(await active(), `c-${TOTAL - 1}-8`));
    // The columns are wider than the grid: the active cell is scrolled into view sideways too.
    const activeInView = async (): Promise<void> => {
      const id = await active();
      const seen = await grid().evaluate((element, cellId) => {
        const cell = element.ownerDocument.getElementById(cellId)?.getBoundingClientRect();
        const view = element.getBoundingClientRect();
        return { cell: cell === undefined ? undefined : { left: cell.left, right: cell.right }, left: view.left, right: view.left + element.clientWidth, wider: element.scrollWidth > element.clientWidth };
      }, id);
      assert.ok(seen.wider, 'the columns are wider than the grid');
      assert.ok(seen.cell !== undefined && seen.cell.left >= seen.left - 1 && seen.cell.right <= seen.right + 1, `${id}: ${JSON.stringify(seen)}`);
    };
    await eventually(activeInView);
    await fx.page.keyboard.press('Control+Home');
    await eventually(async () => assert.equal(await active(), 'c-0-0'));
    await eventually(activeInView);
    const selected = grid().locator('[role="row"][aria-selected="true"]');
    await eventually(async () => assert.equal(await selected.count(), 1));
    // The ID column is the last one shown by default: read the first row's id there.
    const ids = await columnTexts('ID');
    const first = ids[0] as string;
    await fx.page.keyboard.press('Control+c');
    await eventually(async () => assert.equal(await fx.clipboardText(), first));
    await fx.page.keyboard.press('Enter');
    await eventually(async () => assert.ok((await fx.activeEditorTitle()).includes(first), await fx.activeEditorTitle()));
    await fx.page.keyboard.press('Control+w');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), /^Page Groups · /));
  });

  it('type-ahead in the focused column takes spaces while it is typed ("Landing Page 2")', async () => {
    // The tab came back after the JSON closed over it: its page loads again. Ctrl+Home pressed before its rows are in
    // stays off the header (where typing would sort); the typing waits for the rows it searches.
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await eventually(async () => assert.equal(await grid().getAttribute('aria-activedescendant'), 'c-0-0'));
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
    await fx.page.keyboard.type('Landing Page 2');
    await eventually(async () => {
      const active = (await grid().getAttribute('aria-activedescendant')) ?? '';
      assert.match(active, /^c-\d+-0$/);
      assert.match(((await table().locator(`#${active}`).textContent()) ?? '').trim(), /^Landing Page 2/);
    });
    assert.equal(await grid().locator('[role="row"][aria-selected="true"]').count(), 1, 'the spaces selected no row');
  });

  it('a tab shown again opens where it was left (scroll, active cell, selection, filters panel); Enter opens the focused row of a selection', async () => {
    const filtersButton = table().getByRole('button', { name: 'Filters', exact: true });
    await filtersButton.click();
    await eventually(async () => assert.equal(await filtersButton.getAttribute('aria-pressed'), 'false'));
    assert.equal(await table().locator('aside.filters').isHidden(), true);
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('PageDown');
    await fx.page.keyboard.press('PageDown');
    await fx.page.keyboard.press('Shift+ArrowDown');
    await fx.page.keyboard.press('Shift+ArrowDown');
    // Ctrl moves the active cell without selecting: it stands on the middle row of the three.
    await fx.page.keyboard.press('Control+ArrowUp');
    await fx.page.keyboard.press('ArrowRight');
    const active = async (): Promise<string> => (await grid().getAttribute('aria-activedescendant')) ?? '';
    const idOf = async (row: Locator): Promise<string> => {
      const headers = await headerLabels(table());
      return ((await row.locator(`[role="gridcell"][aria-colindex="${headers.indexOf('ID') + 1}"]`).textContent()) ?? '').trim();
    };
    const selectedIds = async (): Promise<string[]> => Promise.all((await grid().locator('.body [role="row"][aria-selected="true"]').all()).map(idOf));
    await eventually(async () => assert.equal((await selectedIds()).length, 3));
    const where = { active: await active(), ids: await selectedIds(), scrollTop: await grid().evaluate((element) => element.scrollTop) };
    const focused = Number(/^c-(\d+)-1$/.exec(where.active)?.[1]);
    assert.ok(focused > 10 && where.scrollTop > 0, JSON.stringify(where));
    const focusedId = await idOf(table().locator(`#c-${focused}-0`).locator('xpath=..'));
    assert.equal(focusedId, where.ids[1], 'the active cell is on the middle row of the selection');
    await fx.page.keyboard.press('Enter');
    await eventually(async () => assert.ok((await fx.activeEditorTitle()).includes(focusedId), `${await fx.activeEditorTitle()} opened, not ${focusedId}`));
    await fx.page.keyboard.press('Control+w');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), /^Page Groups · /));
    // The editor loaded the page again: it opens where it was left.
    await eventually(async () => assert.deepEqual({ active: await active(), ids: await selectedIds(), scrollTop: await grid().evaluate((element) => element.scrollTop) }, where), { timeoutMs: 20_000 });
    assert.equal(await table().locator('aside.filters').isHidden(), true);
    assert.equal(await filtersButton.getAttribute('aria-pressed'), 'false');
    await fx.screenshot('table 04b shown again where it was left');
    await filtersButton.click();
    await eventually(async () => assert.equal(await filtersButton.getAttribute('aria-pressed'), 'true'));
  });

  it('exports a selection (Shift+Down) through the context menu and the save dialog', async () => {
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('Shift+ArrowDown');
    await fx.page.keyboard.press('Shift+ArrowDown');
    await eventually(async () => assert.equal(await grid().locator('[role="row"][aria-selected="true"]').count(), 3));
    const ids = (await columnTexts('ID')).slice(0, 3);
    await fx.page.keyboard.press('Shift+F10');
    await table().getByRole('menuitem', { name: 'Export Selection…' }).click();
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === 'JSON')));
    await fx.quickInput.pick('JSON');
    await eventually(async () => assert.ok((await fx.quickInput.value()).endsWith('.json'), await fx.quickInput.value()));
    const file = path.join(fx.server.workspaceDir, 'table-selection.json');
    await fx.quickInput.type(file);
    await fx.quickInput.accept();
    await eventually(() => assert.ok(fs.existsSync(file)));
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ pageGroupId: string }>;
    assert.deepEqual(written.map((pg) => pg.pageGroupId), ids);
  });

  it('keys act on rows as the context menu shows them: Shift+Alt+C copies the link, Shift+Alt+D compares two rows, Shift+Alt+R reveals the row in the tree', async () => {
    await fx.page.keyboard.press('Escape');
    await fx.page.locator('.tabs-container .tab', { hasText: 'Page Groups · ' }).click();
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('ArrowDown');
    await eventually(async () => assert.equal(await grid().getAttribute('aria-activedescendant'), 'c-1-0'));
    // The menu names each key beside its item, and to a screen reader as the item's shortcut.
    await fx.page.keyboard.press('Shift+F10');
    const item = (name: string): Locator => table().getByRole('menuitem', { name, exact: true });
    await item('Copy Link').waitFor({ state: 'visible' });
    const keys = await Promise.all(['Open as JSON', 'Copy ID', 'Copy Link', 'Reveal in Tree', 'Select for Compare'].map(async (name) => [name, await item(name).getAttribute('aria-keyshortcuts'), ((await item(name).locator('.menu-key').textContent()) ?? '').trim()]));
    assert.deepEqual(keys, [
      ['Open as JSON', 'Enter', 'Enter'],
      ['Copy ID', 'Control+C', 'Ctrl+C'],
      ['Copy Link', 'Shift+Alt+C', 'Shift+Alt+C'],
      ['Reveal in Tree', 'Shift+Alt+R', 'Shift+Alt+R'],
      ['Select for Compare', 'Shift+Alt+D', 'Shift+Alt+D'],
    ]);
    await fx.screenshot('table 05c row menu with keys');
    await fx.page.keyboard.press('Escape');
    const [id, next] = (await columnTexts('ID')).slice(1, 3) as [string, string];
    const title = (await columnTexts('Title'))[1] as string;
    await fx.page.keyboard.press('Shift+Alt+C');
    await eventually(async () => assert.match(await fx.clipboardText(), new RegExp(`/open\\?gateway=[^&]+&host=127\\.0\\.0\\.1:\\d+&id=${id}$`)));
    await fx.page.keyboard.press('Shift+ArrowDown');
    await fx.page.keyboard.press('Shift+Alt+D');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`${id}.* ↔ .*${next}`)));
    await fx.page.keyboard.press('Control+w');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), /^Page Groups · /));
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('ArrowDown');
    await fx.page.keyboard.press('Shift+Alt+R');
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((row) => row.selected)?.text, title), { timeoutMs: 20_000 });
  });

  it('the context menu of a cell copies its column or its row with headers, and filters to its value (Filter to Tenant: …, Pages: …)', async () => {
    await fx.page.keyboard.press('Escape');
    await fx.page.locator('.tabs-container .tab', { hasText: 'Page Groups · ' }).click();
    await table().getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
    const headers = await headerLabels(table());
    const cell = (header: string, row: number): Locator => grid().locator(`.body [role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${headers.indexOf(header) + 1}"]`);
    const item = (name: string | RegExp): Locator => table().getByRole('menuitem', { name });
    // Copy {column}: the right-clicked row's value, as the server sent it.
    const tenant = ((await cell('Tenant', 1).textContent()) ?? '').trim();
    assert.match(tenant, /^tnt_/);
    await cell('Tenant', 1).click({ button: 'right' });
    await item('Copy Tenant').click();
    await eventually(async () => assert.equal(await fx.clipboardText(), tenant));
    // Copy Row with Headers: the columns shown, in the order shown, tab-separated under their headers.
    await cell('Tenant', 1).click({ button: 'right' });
    await item('Copy Row with Headers').click();
    await eventually(async () => {
      const [head, line, end] = (await fx.clipboardText()).split('\n');
      assert.deepEqual(head?.split('\t'), headers);
      assert.equal(line?.split('\t')[headers.indexOf('Tenant')], tenant);
      assert.equal(end, '');
    });
    // A column the filter has no field for offers Copy only.
    await cell('Title', 1).click({ button: 'right' });
    await item('Copy Title').waitFor({ state: 'visible' });
    assert.equal(await item(/^Filter to/).count(), 0);
    await fx.page.keyboard.press('Escape');
    // Filter to Tenant: that tenant alone, the rest of the filter kept.
    await cell('Tenant', 1).click({ button: 'right' });
    await fx.screenshot('table 05d cell menu');
    await item(`Filter to Tenant: ${tenant}`).click();
    const ofTenant = checked.filter(filterTest({ tenantIds: [tenant] }));
    await eventually(async () => assert.equal(await dataNumber('shown'), ofTenant.length));
    assert.deepEqual([...new Set(await columnTexts('Tenant'))], [tenant]);
    const pages = Number(((await cell('Pages', 0).textContent()) ?? '').trim());
    await cell('Pages', 0).click({ button: 'right' });
    await item(`Filter to Pages: ${pages}`).click();
    const ofBoth = checked.filter(filterTest({ tenantIds: [tenant], pagesCount: { min: pages, max: pages } }));
    await eventually(async () => assert.equal(await dataNumber('shown'), ofBoth.length));
    assert.ok(ofBoth.length > 0 && ofBoth.length < ofTenant.length, `${ofBoth.length} of ${ofTenant.length}`);
    assert.deepEqual([...new Set(await columnTexts('Pages'))], [String(pages)]);
    await table().getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => assert.equal(await dataNumber('shown'), TOTAL));
    // Back to the first cell (the grid scrolled right to show the Tenant cell made active by the right-click).
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await eventually(async () => assert.equal(await grid().getAttribute('aria-activedescendant'), 'c-0-0'));
  });

  it('opens from the palette: the same tab comes forward', async () => {
    await fx.page.keyboard.press('Escape');
    await fx.runCommand('Page Gateway: Open Page Groups as Table');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), /^Page Groups · /));
    assert.equal(await fx.page.locator('.tabs-container .tab', { hasText: 'Page Groups · ' }).count(), 1);
  });

  it('columns: a header dragged onto another moves its column there; Shift+Alt+Right widens the focused one, its cells with it; a double-click on its edge fits it', async () => {
    const headerCell = (label: string): Locator => grid().locator('[role="columnheader"]', { has: table().locator('.label', { hasText: new RegExp(`^${label}$`) }) });
    assert.deepEqual((await headerLabels(table())).slice(0, 3), ['Title', 'Name', 'Status']);
    // Dropped on the left half of Title: before it.
    await headerCell('Status').dragTo(headerCell('Title'), { targetPosition: { x: 8, y: 8 } });
    await eventually(async () => assert.deepEqual((await headerLabels(table())).slice(0, 3), ['Status', 'Title', 'Name']));
    const width = async (locator: Locator): Promise<number> => Math.round(await locator.evaluate((element) => element.getBoundingClientRect().width));
    const firstCell = (): Locator => grid().locator('.body [role="row"]').first().locator('[role="gridcell"][aria-colindex="1"]');
    const before = await width(headerCell('Status'));
    assert.equal(await width(firstCell()), before);
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('ArrowUp');
    await eventually(async () => assert.equal(await grid().getAttribute('aria-activedescendant'), 'h-0'));
    await fx.page.keyboard.press('Shift+Alt+ArrowRight');
    await fx.page.keyboard.press('Shift+Alt+ArrowRight');
    await eventually(async () => assert.equal(await width(headerCell('Status')), before + 32));
    assert.equal(await width(firstCell()), before + 32, 'the column\'s cells are as wide as its header');
    await fx.screenshot('table 05b column moved and widened');
    // A double-click on the edge fits the column to its header and the cells drawn: nothing clipped, no room to spare.
    const clipped = async (): Promise<string[]> =>
      grid().evaluate((element) =>
        Array.from(element.querySelectorAll<HTMLElement>('[role="columnheader"][aria-colindex="1"], .body [role="gridcell"][aria-colindex="1"]'))
          .filter((cell) => cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell.textContent ?? ''),
      );
    await headerCell('Status').locator('.resize').dblclick();
    await eventually(async () => assert.ok((await width(headerCell('Status'))) < before + 32, `${await width(headerCell('Status'))} px`));
    assert.deepEqual(await clipped(), [], 'no header or cell of the fitted column is clipped');
    const fitted = await width(headerCell('Status'));
    assert.equal(await width(firstCell()), fitted, 'the cells follow the header');
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('ArrowUp');
    await fx.page.keyboard.press('Shift+Alt+ArrowLeft');
    await eventually(async () => assert.equal(await width(headerCell('Status')), fitted - 16));
    assert.ok((await clipped()).length > 0, 'one step narrower clips something: the fit was tight');
    await headerCell('Status').locator('.resize').dblclick();
    await eventually(async () => assert.equal(await width(headerCell('Status')), fitted));
  });

  it("a header's context menu sorts by its column, hides it, and opens the columns menu (right-click, or Shift+F10 on the header)", async () => {
    const headerOf = (label: string): Locator => grid().locator('[role="columnheader"]', { has: table().locator('.label', { hasText: new RegExp(`^${label}$`) }) });
    const item = (name: string): Locator => table().getByRole('menuitem', { name, exact: true });
    await headerOf('Title').click({ button: 'right' });
    await item('Sort Ascending').waitFor({ state: 'visible' });
    assert.deepEqual(await table().locator('.menu:not([hidden]) [role="menuitem"]').allTextContents(), ['Sort Ascending', 'Sort Descending', 'Fit Width to Contents', 'Hide Column', 'Freeze up to This Column', 'Columns…', 'Reset Columns']);
    await fx.screenshot('table 05e header menu');
    await item('Sort Ascending').click();
    await eventually(async () => assert.equal(await headerOf('Title').getAttribute('aria-sort'), 'ascending'));
    assert.equal(await headerOf('Pages').getAttribute('aria-sort'), null, 'the sort has this one key');
    await eventually(async () => assert.equal(await table().locator('.announcer[role="status"]').textContent(), 'Sorted by Title ascending'));
    // By keyboard: Shift+F10 on the focused header; Hide Column, then Columns… shows it again in its place.
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('ArrowUp');
    await eventually(async () => assert.equal(await grid().getAttribute('aria-activedescendant'), 'h-0'));
    const first = (await headerLabels(table()))[0] as string;
    await fx.page.keyboard.press('Shift+F10');
    await item('Remove from Sort').waitFor({ state: 'detached' });
    await item('Hide Column').click();
    await eventually(async () => assert.ok(!(await headerLabels(table())).includes(first), `${first} hidden`));
    await headerOf('Title').click({ button: 'right' });
    await item('Remove from Sort').click();
    await eventually(async () => assert.equal(await headerOf('Title').getAttribute('aria-sort'), null));
    await headerOf('Pages').click({ button: 'right' });
    await item('Sort Descending').click();
    await eventually(async () => assert.equal(await headerOf('Pages').getAttribute('aria-sort'), 'descending'));
    await headerOf('Pages').click({ button: 'right' });
    assert.equal(await item('Sort Descending').isDisabled(), true, 'the sort it already has');
    await item('Columns…').click();
    await table().getByRole('checkbox', { name: `Show column ${first}` }).check();
    await fx.page.keyboard.press('Escape');
    await eventually(async () => assert.equal((await headerLabels(table()))[0], first, 'shown again in its place'));
  });

  it('Ctrl+F goes to the filter box from the grid', async () => {
    await grid().focus();
    await fx.page.keyboard.press('Control+f');
    await eventually(async () => assert.equal(await table().locator('.filter-box').evaluate((box) => box === document.activeElement), true));
    await fx.page.keyboard.press('Escape');
  });

  for (const [name, theme, kind] of [
    ['light', 'Light Modern', 'vscode-light'],
    ['dark', 'Dark Modern', 'vscode-dark'],
    ['high contrast', 'Dark High Contrast', 'vscode-high-contrast'],
  ] as const) {
    it(`takes the theme's colours (${name})`, async () => {
      await fx.runCommand('Preferences: Color Theme');
      await fx.quickInput.type(theme);
      await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text.includes(theme)), JSON.stringify(await fx.quickInput.items())));
      await fx.quickInput.accept();
      await eventually(async () => assert.ok(((await body().getAttribute('class')) ?? '').split(' ').includes(kind), (await body().getAttribute('class')) ?? ''));
      await fx.page.waitForTimeout(500);
      await fx.screenshot(`table 06 theme ${name}`);
    });
  }

  it("a window reload brings the tab back, with its sort; the rows grow with the editor's font size (editor.fontSize 28: 48 px)", async () => {
    const rowHeight = async (): Promise<number> => grid().locator('.body [role="row"]').first().evaluate((row) => row.getBoundingClientRect().height);
    assert.equal(await rowHeight(), 24);
    await fx.page.waitForTimeout(1500); // the editor writes its state a moment after a change
    // This code-server takes an edit of the settings file made outside it with the next reload (proxy.test.ts).
    const settingsFile = path.join(fx.server.userDataDir, 'User', 'settings.json');
    fs.writeFileSync(settingsFile, JSON.stringify({ ...(JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as object), 'editor.fontSize': 28 }));
    await fx.reload();
    await eventually(async () => assert.equal(await fx.page.locator('.tabs-container .tab', { hasText: 'Page Groups · ' }).count(), 1), { timeoutMs: 60_000 });
    await fx.page.locator('.tabs-container .tab', { hasText: 'Page Groups · ' }).click();
    await eventually(async () => assert.equal(await grid().locator('[role="columnheader"]', { hasText: 'Pages' }).getAttribute('aria-sort'), 'descending'), { timeoutMs: 60_000 });
    await eventually(async () => assert.equal(await rowHeight(), 48));
    assert.equal((await headerLabels(table()))[0], 'Status', 'the column moved before the reload stays where it was put');
    const cell = grid().locator('.body [role="row"]').first().locator('[role="gridcell"]').nth(1);
    assert.ok(await cell.evaluate((element) => element.scrollHeight <= element.clientHeight), 'the text fits in its row');
    await fx.screenshot('table 05 after reload, editor font size 28');
  });

  it('Freeze up to This Column (a header\'s menu) keeps the first columns in view as the grid scrolls sideways; the active cell is brought out beside them', async () => {
    const item = (name: string): Locator => table().getByRole('menuitem', { name, exact: true });
    const headerOf = (label: string): Locator => grid().locator('[role="columnheader"]', { has: table().locator('.label', { hasText: new RegExp(`^${label}$`) }) });
    const leftOf = async (locator: Locator): Promise<number> => locator.evaluate((element) => Math.round(element.getBoundingClientRect().left));
    const firstRowCell = (index: number): Locator => grid().locator('.body [role="row"]').first().locator(`[role="gridcell"][aria-colindex="${index + 1}"]`);
    assert.equal((await headerLabels(table()))[0], 'Status');
    const gridLeft = await leftOf(grid());
    const statusWidth = await headerOf('Status').evaluate((element) => Math.round(element.getBoundingClientRect().width));
    await headerOf('Status').click({ button: 'right' });
    await item('Freeze up to This Column').click();
    await eventually(async () => assert.match((await headerOf('Status').getAttribute('class')) ?? '', /\bfrozen\b/));
    const room = await grid().evaluate((element) => element.scrollWidth - element.clientWidth);
    assert.ok(room > 300, `the columns are wider than the grid (${room} px to scroll)`);
    await grid().evaluate((element) => (element.scrollLeft = 300));
    await eventually(async () => assert.equal(await leftOf(headerOf('Status')), gridLeft, 'the frozen header stays'));
    assert.equal(await leftOf(firstRowCell(0)), gridLeft, 'its cells stay');
    assert.equal(await leftOf(headerOf('Title')), gridLeft + statusWidth - 300, 'the next column scrolled under it');
    // What is seen at the left edge is the frozen cell, not the one passing under it.
    const seen = await firstRowCell(0).evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      return document.elementFromPoint(box.left + 4, box.top + box.height / 2)?.closest('[role="gridcell"]') === cell;
    });
    assert.equal(seen, true);
    // The keyboard's active cell, moved to the column under the frozen one, is brought out beside it.
    await grid().focus();
    await fx.page.keyboard.press('Control+Home');
    await fx.page.keyboard.press('ArrowRight');
    await eventually(async () => assert.equal(await leftOf(firstRowCell(1)), gridLeft + statusWidth));
    await fx.screenshot('table 05f frozen column');
    // The menu of a frozen column now offers to unfreeze; the state stays for Reset Columns (next test).
    await headerOf('Title').click({ button: 'right' });
    await item('Unfreeze Columns').waitFor({ state: 'visible' });
    await fx.page.keyboard.press('Escape');
  });

  it('Reset Columns (a header\'s menu, the columns menu) puts back the columns of a new table: shown, order, widths; the sort stays', async () => {
    const item = (name: string): Locator => table().getByRole('menuitem', { name, exact: true });
    const headerOf = (label: string): Locator => grid().locator('[role="columnheader"]', { has: table().locator('.label', { hasText: new RegExp(`^${label}$`) }) });
    const widths = async (): Promise<number[]> => grid().locator('[role="columnheader"]').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));
    // Moved, fitted and sorted by the tests before; one more column shown.
    assert.equal((await headerLabels(table()))[0], 'Status');
    await table().getByRole('button', { name: 'Columns', exact: true }).click();
    await table().getByRole('checkbox', { name: 'Show column Created' }).check();
    await fx.page.keyboard.press('Escape');
    await eventually(async () => assert.ok((await headerLabels(table())).includes('Created')));
    const before = await widths();
    await headerOf('Title').click({ button: 'right' });
    await item('Reset Columns').click();
    await eventually(async () => assert.deepEqual((await headerLabels(table())).slice(0, 3), ['Title', 'Name', 'Status']));
    const labels = await headerLabels(table());
    assert.equal(labels.includes('Created'), false, 'the column shown since is hidden again');
    assert.equal(labels.length, 9, labels.join(', '));
    assert.notDeepEqual(await widths(), before);
    assert.equal(await headerOf('Pages').getAttribute('aria-sort'), 'descending', 'the sort stays');
    assert.equal(await grid().locator('.frozen').count(), 0, 'no column is frozen');
    // Nothing left to reset: offered in neither menu.
    await headerOf('Title').click({ button: 'right' });
    assert.equal(await item('Reset Columns').isDisabled(), true);
    await fx.page.keyboard.press('Escape');
    await table().getByRole('button', { name: 'Columns', exact: true }).click();
    assert.equal(await item('Reset Columns').isDisabled(), true);
    await fx.page.keyboard.press('Escape');
  });
});
