// The walkthrough's step images and the README's main screenshots, taken from the real workbench in a light and a
// dark theme at twice the pixel density (sharp on high-density displays), each cropped to what it shows. The URL in
// the first image is an example (no test port). The files land in test-artifacts/screenshots/ as
// walkthrough-<n>-<step>-<theme>.png and readme-<name>-<theme>.png; media/walkthrough/ and media/readme/ hold copies
// (docs/testing.md, "Images").
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type WorkbenchFixture } from './fixture';
import { tableFrame } from './tableWebview';
import { openWalkthrough, stepsDone } from './walkthroughPage';

const dataset = generateDataset();
const EXAMPLE_URL = 'https://gateway.example.com';
const THEMES = [
  { name: 'light', theme: 'Default Light Modern' },
  { name: 'dark', theme: 'Default Dark Modern' },
] as const;

type Region = { x: number; y: number; width: number; height: number };

/** The smallest region holding every locator's box, with `margin` CSS pixels around it. */
async function around(locators: readonly Locator[], margin = 8): Promise<Region> {
  const boxes = await Promise.all(locators.map((locator) => locator.boundingBox()));
  const shown = boxes.filter((box): box is NonNullable<typeof box> => box !== null);
  assert.equal(shown.length, locators.length, 'everything to show is on screen');
  const left = Math.max(0, Math.min(...shown.map((b) => b.x)) - margin);
  const top = Math.max(0, Math.min(...shown.map((b) => b.y)) - margin);
  const right = Math.max(...shown.map((b) => b.x + b.width)) + margin;
  const bottom = Math.max(...shown.map((b) => b.y + b.height)) + margin;
  return { x: Math.floor(left), y: Math.floor(top), width: Math.ceil(right - left), height: Math.ceil(bottom - top) };
}

for (const { name, theme } of THEMES) {
  describe(`e2e: the walkthrough's images and the README's screenshots (${name} theme)`, function () {
    this.timeout(180_000);
    let fx: WorkbenchFixture;

    before(async () => {
      fx = await startWorkbench({
        withGateway: true,
        gatewayOptions: { dataset },
        settings: { 'pageGateway.baseUrl': '', 'workbench.colorTheme': theme, 'workbench.tree.enableStickyScroll': false },
        viewport: { width: 1280, height: 720 },
        scale: 2,
        name: `e2e-images-${name}`,
      });
      await fx.openContainer();
    });

    afterEach(async function () {
      await screenshotIfFailed(this, fx);
    });

    after(async () => {
      await fx?.stop();
    });

    it('step 1: the URL typed into the input that Set Gateway URL opens', async () => {
      await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set Gateway URL')));
      await fx.clickWelcomeButton(PAGE_GROUPS_VIEW, 'Set Gateway URL');
      await eventually(async () => assert.match(await fx.quickInput.title(), /Set Gateway URL/));
      await fx.quickInput.type(EXAMPLE_URL);
      await eventually(async () => assert.equal(await fx.quickInput.hasError(), false));
      await fx.page.mouse.move(1200, 700);
      await fx.screenshotRegion(`walkthrough-1-gateway-url-${name}`, await around([fx.quickInput.widget]));
      const gateway = fx.gateway;
      assert.ok(gateway);
      await fx.quickInput.type(gateway.url);
      await fx.quickInput.accept();
      await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set API Key')));
    });

    it('step 2: the key typed into the password box', async () => {
      await fx.clickWelcomeButton(PAGE_GROUPS_VIEW, 'Set API Key');
      await eventually(async () => assert.equal(await fx.quickInput.input.getAttribute('type'), 'password'));
      const gateway = fx.gateway;
      assert.ok(gateway);
      await fx.quickInput.type(gateway.apiKey);
      await fx.page.mouse.move(1200, 700);
      await fx.screenshotRegion(`walkthrough-2-api-key-${name}`, await around([fx.quickInput.widget]));
      await fx.quickInput.accept();
      await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n))));
      await fx.runCommand('Notifications: Clear All Notifications');
    });

    it('step 3: a status expanded, with its count', async () => {
      await fx.row(PAGE_GROUPS_VIEW, 'published').click();
      await eventually(async () => assert.match((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'published')?.description ?? '', /^\d+/));
      await fx.page.mouse.move(1200, 700);
      const header = fx.view(PAGE_GROUPS_VIEW).locator('.pane-header');
      const rows = fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list-row');
      await fx.screenshotRegion(`walkthrough-3-browse-by-status-${name}`, await around([header, rows.nth(0), rows.nth(7)], 4));
    });

    it('step 4: the search with its matches', async () => {
      await fx.runCommand('Page Gateway: Search…');
      await eventually(async () => assert.match(await fx.quickInput.title(), /Search Page Groups/));
      await fx.quickInput.type('checkout');
      await eventually(async () => assert.ok((await fx.quickInput.items()).length >= 3));
      await eventually(async () => assert.match(await fx.quickInput.title(), /all .* scanned/));
      await fx.page.mouse.move(1200, 700);
      await fx.screenshotRegion(`walkthrough-4-search-${name}`, await around([fx.quickInput.widget]));
      await fx.quickInput.cancel();
    });

    it('step 5: the row menu with Copy ID', async () => {
      const first = dataset.pageGroups.find((pg) => pg.status === 'published');
      assert.ok(first);
      const row = fx.row(PAGE_GROUPS_VIEW, String(first.title ?? first.name));
      await row.click({ button: 'right' });
      const menu = fx.page.locator('.context-view .monaco-menu');
      await menu.waitFor({ state: 'visible' });
      const copyId = fx.page.locator('.context-view .monaco-menu .action-label', { hasText: /^\s*Copy ID\s*$/ });
      await copyId.hover();
      await fx.screenshotRegion(`walkthrough-5-copy-id-${name}`, await around([row, menu]));
      await copyId.click();
      await eventually(async () => assert.equal(await fx.clipboardText(), String(first.pageGroupId)));
    });

    it('README: a status after "Load more…"', async () => {
      const gateway = fx.gateway;
      assert.ok(gateway);
      const before = gateway.countRequests({ path: 'page_groups', status: 'published' });
      const loadMore = await fx.scrollToRow(PAGE_GROUPS_VIEW, 'Load more…');
      await loadMore.click();
      await eventually(async () => assert.equal(gateway.countRequests({ path: 'page_groups', status: 'published' }), before + 1));
      const last = dataset.pageGroups.filter((pg) => pg.status === 'published')[39];
      assert.ok(last);
      await fx.scrollToRow(PAGE_GROUPS_VIEW, String(last.title ?? last.name));
      await fx.page.mouse.move(1200, 700);
      await fx.screenshot(`readme-load-more-${name}`);
    });

    it('README: Export… of a status offers everything first, with what it costs', async () => {
      // Back to the top of the tree, where the status row is.
      await fx.runCommand('Page Gateway: Focus on Page Groups View');
      await fx.page.keyboard.press('Home');
      await fx.contextMenu(fx.row(PAGE_GROUPS_VIEW, 'published'), 'Export…');
      await eventually(async () => assert.match((await fx.quickInput.items())[0]?.text ?? '', /Everything/));
      await fx.page.mouse.move(1200, 700);
      await fx.screenshot(`readme-export-${name}`);
      await fx.quickInput.cancel();
    });

    it('README: the explorer with a status and a subscription open as JSON', async () => {
      const hook = dataset.webhooks[0];
      assert.ok(hook);
      await fx.contextMenu(fx.row(WEBHOOKS_VIEW, new URL(String(hook.url)).pathname), 'Open as JSON');
      await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`${String(hook.id)}\\.json`)));
      await fx.page.mouse.move(1200, 700);
      await fx.screenshot(`readme-explorer-${name}`);
    });

    it('README: the Page Groups table, all loaded, sorted by pages then status, facets shown, three rows selected', async () => {
      await fx.runCommand('View: Close All Editors');
      await fx.viewTitleMenu(PAGE_GROUPS_VIEW, 'Open Page Groups as Table');
      await eventually(async () => assert.match(await fx.activeEditorTitle(), /^Page Groups · /));
      const table = tableFrame(fx.page);
      const body = table.locator('body');
      // Search… (step 4) scanned the whole list: everything may be loaded already.
      const loadAll = table.getByRole('button', { name: 'Load All' });
      if (await loadAll.isEnabled()) {
        await loadAll.click();
      }
      await eventually(async () => assert.equal(await body.getAttribute('data-complete'), 'true'), { timeoutMs: 30_000 });
      assert.equal(Number(await body.getAttribute('data-loaded')), dataset.pageGroups.length);
      const grid = table.locator('[role="grid"]');
      const pages = grid.locator('[role="columnheader"]', { hasText: 'Pages' });
      await pages.click();
      await pages.click();
      await eventually(async () => assert.equal(await pages.getAttribute('aria-sort'), 'descending'));
      await grid.locator('[role="columnheader"]', { hasText: 'Status' }).click({ modifiers: ['Shift'] });
      await eventually(async () => assert.equal(await table.locator('.announcer[role="status"]').textContent(), 'Sorted by Pages descending and Status ascending'));
      await grid.focus();
      await fx.page.keyboard.press('Control+Home');
      await fx.page.keyboard.press('Shift+ArrowDown');
      await fx.page.keyboard.press('Shift+ArrowDown');
      await eventually(async () => assert.equal(await grid.locator('.body [role="row"][aria-selected="true"]').count(), 3));
      assert.equal(await table.locator('aside.filters').isVisible(), true, 'the facets are shown');
      // The table has the window's width (the side bar hidden for the picture), so the sorted columns show.
      await fx.runCommand('View: Toggle Primary Side Bar Visibility');
      await eventually(async () => assert.equal(await grid.locator('[role="columnheader"]', { hasText: 'Tenant' }).isVisible(), true));
      await grid.focus();
      await fx.page.mouse.move(1200, 700);
      await fx.page.waitForTimeout(300);
      await fx.screenshot(`readme-table-${name}`);
      if (name === 'dark') {
        // The same table in a high-contrast theme (docs/images), then back.
        for (const [other, kind] of [['Dark High Contrast', 'vscode-high-contrast'], ['Dark Modern', 'vscode-dark']] as const) {
          await fx.runCommand('Preferences: Color Theme');
          await fx.quickInput.type(other);
          await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text.includes(other))));
          await fx.quickInput.accept();
          await eventually(async () => assert.ok(((await body.getAttribute('class')) ?? '').split(' ').includes(kind)));
          if (kind === 'vscode-high-contrast') {
            await grid.focus();
            await fx.page.mouse.move(1200, 700);
            await fx.page.waitForTimeout(300);
            await fx.screenshot('readme-table-high-contrast');
          }
        }
      }
      await fx.runCommand('View: Toggle Primary Side Bar Visibility');
      await fx.view(PAGE_GROUPS_VIEW).waitFor({ state: 'visible' });
    });

    it('README: the walkthrough with every step done', async () => {
      await fx.runCommand('View: Close All Editors');
      await openWalkthrough(fx);
      await eventually(async () => assert.deepEqual(await stepsDone(fx), [true, true, true, true, true]), { timeoutMs: 20_000 });
      await fx.page.mouse.move(1200, 700);
      await fx.screenshot(`readme-walkthrough-${name}`);
    });
  });
}
