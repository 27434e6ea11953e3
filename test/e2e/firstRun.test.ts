// What a new user meets in the first minutes (issue 23), in the real workbench at the side bar's default width and
// at 250 px: rows that tell themselves apart, counts where they are known, colours that do not lie, title bars that
// fit, warnings only for what a user can fix, editor tabs named by the item, inputs that keep what was typed.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { generateDataset } from '../gateway/dataset';
import { startSampleGateway } from '../gateway/server';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type WorkbenchFixture } from './fixture';
import { openWalkthrough, stepsDone } from './walkthroughPage';

const dataset = generateDataset();
const NARROW = 250;

/** Whether the element's text is cut (shown with an ellipsis) at the width it has now. */
async function isCut(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const label = node as HTMLElement;
    const box = label.closest('.monaco-icon-label-container') ?? label.parentElement;
    const right = box instanceof HTMLElement ? box.getBoundingClientRect().right : Number.POSITIVE_INFINITY;
    return label.getBoundingClientRect().right > right + 0.5 || label.scrollWidth > label.clientWidth + 0.5;
  });
}

/** Drags the sash between the side bar and the editor until the side bar is `width` px wide. */
async function setSideBarWidth(fx: WorkbenchFixture, width: number): Promise<void> {
  const sideBar = fx.page.locator('.part.sidebar');
  const box = await sideBar.boundingBox();
  assert.ok(box, 'the side bar is shown');
  const right = box.x + box.width;
  const sash = await fx.page.locator('.monaco-sash.vertical').evaluateAll(
    (elements, edge) =>
      elements
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && Math.abs(rect.x + rect.width / 2 - edge) < 6)
        .map((rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }))[0],
    right,
  );
  assert.ok(sash, 'the side bar has a sash');
  await fx.page.mouse.move(sash.x, sash.y);
  await fx.page.mouse.down();
  await fx.page.mouse.move(sash.x - (box.width - width) / 2, sash.y, { steps: 4 });
  await fx.page.mouse.move(box.x + width, sash.y, { steps: 4 });
  await fx.page.mouse.up();
  await eventually(async () => assert.ok(Math.abs(((await sideBar.boundingBox())?.width ?? 0) - width) <= 2, 'side bar resized'));
  await fx.page.mouse.move(900, 500);
}

describe('e2e: the first ten minutes (issue 23)', function () {
  this.timeout(240_000);
  let fx: WorkbenchFixture;
  let defaultWidth = 0;

  before(async () => {
    // Sticky scroll off: its pinned copies of expanded rows would be read as rows of the tree.
    fx = await startWorkbench({ withGateway: true, gatewayOptions: { dataset }, name: 'e2e-first-run', settings: { 'workbench.tree.enableStickyScroll': false } });
    await fx.openContainer();
    await fx.setSampleKey();
    defaultWidth = Math.round((await fx.page.locator('.part.sidebar').boundingBox())?.width ?? 0);
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  const webhookHeader = async (): Promise<string> => (await fx.view(WEBHOOKS_VIEW).locator('.pane-header').textContent()) ?? '';

  for (const width of ['default', NARROW] as const) {
    it(`1. webhook rows lead with what tells them apart, at the ${width === 'default' ? 'default width' : `${NARROW} px`} side bar`, async () => {
      if (width !== 'default') {
        await setSideBarWidth(fx, width);
      }
      const hooks = dataset.webhooks.slice(0, 6);
      await eventually(async () => {
        const rows = (await fx.viewRows(WEBHOOKS_VIEW)).filter((row) => row.level === 1);
        for (const hook of hooks) {
          const path = new URL(String(hook.url)).pathname;
          const row = rows.find((candidate) => candidate.text === path);
          assert.ok(row, `a row labelled ${path}: ${rows.map((r) => r.text).join(', ')}`);
          assert.match(row.description, /hooks\.example\.com$/, 'the shared host comes last');
          assert.doesNotMatch(row.description, /^active/, 'the state is in the icon');
        }
      });
      // What tells the rows apart is on screen in full, at this width too.
      for (const hook of hooks) {
        const label = fx.row(WEBHOOKS_VIEW, new URL(String(hook.url)).pathname).locator('.label-name');
        assert.equal(await isCut(label), false, `${String(hook.url)}: the label is shown whole`);
      }
      const inactive = fx.row(WEBHOOKS_VIEW, new URL(String(dataset.webhooks[2]?.url)).pathname);
      assert.equal(await inactive.locator('.custom-view-tree-node-item-icon.codicon-circle-slash').count(), 1, 'an inactive row has the slashed icon');
      await fx.screenshot(`issue23 1 webhook rows ${width}`);
      if (width !== 'default') {
        await setSideBarWidth(fx, defaultWidth);
      }
    });
  }

  it('5. the activity bar icon is a glyph of our own, not a grid like the Extensions icon right above it', async () => {
    const icon = (label: string): Locator => fx.page.locator(`.part.activitybar .action-item:has(.action-label[aria-label^="${label}"])`).first();
    const shots = [(await icon('Page Gateway').screenshot()).toString('base64'), (await icon('Extensions').screenshot()).toString('base64')];
    // The share of inked pixels the two icons have in common (intersection over union), in the middle 32×32 pixels
    // of each entry (the glyph; not the selection bar at the edge).
    const overlap = await fx.page.evaluate(async (images: string[]) => {
      const inkOf = async (data: string): Promise<boolean[]> => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (context === null) {
          throw new Error('no canvas');
        }
        context.drawImage(image, 0, 0);
        const size = 32;
        const left = Math.floor((image.width - size) / 2);
        const top = Math.floor((image.height - size) / 2);
        const pixels = context.getImageData(left, top, size, size).data;
        const corner = context.getImageData(left, top, 1, 1).data;
        const ink: boolean[] = [];
        for (let i = 0; i < pixels.length; i += 4) {
          const distance = Math.abs((pixels[i] ?? 0) - (corner[0] ?? 0)) + Math.abs((pixels[i + 1] ?? 0) - (corner[1] ?? 0)) + Math.abs((pixels[i + 2] ?? 0) - (corner[2] ?? 0));
          ink.push(distance > 120);
        }
        return ink;
      };
      const [ours, theirs] = await Promise.all(images.map(inkOf));
      let both = 0;
      let either = 0;
      ours?.forEach((inked, index) => {
        const other = theirs?.[index] === true;
        both += inked && other ? 1 : 0;
        either += inked || other ? 1 : 0;
      });
      return either === 0 ? 1 : both / either;
    }, shots);
    console.log(`      activity bar icon overlap with the Extensions icon: ${overlap.toFixed(2)}`);
    assert.ok(overlap < 0.35, `the icons overlap ${overlap.toFixed(2)}`);
    await fx.screenshotRegion('issue23 5 activity bar icon', { x: 0, y: 40, width: 300, height: 320 });
  });

  it('8. events: null is information, not a warning nobody can fix', async () => {
    const nullHook = dataset.webhooks[1];
    assert.ok(nullHook && nullHook.events === null && nullHook.active === true);
    const path = new URL(String(nullHook.url)).pathname;
    await eventually(async () => {
      const row = (await fx.viewRows(WEBHOOKS_VIEW)).find((candidate) => candidate.text === path);
      assert.ok(row);
      assert.match(row.description, /^events not specified · hooks\.example\.com$/);
    });
    const row = fx.row(WEBHOOKS_VIEW, path);
    assert.equal(await row.locator('.custom-view-tree-node-item-icon.codicon-warning').count(), 0, 'no warning icon');
    assert.equal(await row.locator('.custom-view-tree-node-item-icon.codicon-pass-filled').count(), 1, 'the active icon');
    assert.doesNotMatch(await webhookHeader(), /warning/);
    await fx.runCommand('Page Gateway: Show Webhook Problems');
    await eventually(async () => assert.ok((await fx.notifications()).some((text) => /^No problems found in \d+ webhook subscriptions\.$/.test(text)), (await fx.notifications()).join(' | ')));
    await fx.screenshot('issue23 8 no warning for events null');
  });

  it('2. status rows say how many page groups they hold once it is known, and where the number comes from', async () => {
    const statusCounts = new Map<string, number>();
    for (const pg of dataset.pageGroups) {
      if (typeof pg.status === 'string') {
        statusCounts.set(pg.status, (statusCounts.get(pg.status) ?? 0) + 1);
      }
    }
    const published = statusCounts.get('published') ?? 0;
    assert.ok(published > 20, 'published spans pages');
    // Opened: the first page of the status, with more to come.
    await fx.row(PAGE_GROUPS_VIEW, 'published').locator('.monaco-tl-twistie').click();
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'published')?.description, '20+'));
    await fx.row(PAGE_GROUPS_VIEW, 'published').locator('.monaco-tl-twistie').click();
    // A search scans the whole unfiltered list: every status then knows its size.
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    await fx.runCommand('Page Gateway: Search…');
    await fx.quickInput.type('zzzz-nothing');
    await eventually(async () => assert.match(await fx.quickInput.title(), /all [\d,]+ scanned/), { timeoutMs: 30_000 });
    await fx.quickInput.cancel();
    await eventually(async () => {
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      for (const [status, count] of statusCounts) {
        const row = rows.find((r) => r.level === 1 && r.text === status);
        assert.ok(row, `a row for ${status}`);
        assert.equal(row.description, status === 'published' ? `${count} · 20 loaded` : String(count), status);
      }
    });
    await fx.row(PAGE_GROUPS_VIEW, 'draft').hover();
    const hover = fx.page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'counted in the whole unfiltered list' });
    await hover.first().waitFor({ state: 'visible', timeout: 10_000 });
    await fx.screenshot('issue23 2 status counts');
    await fx.page.mouse.move(900, 500);
  });

  /** The inline actions of a view's title (hovered, as a user sees them), the "…" menu not counted. */
  async function inlineActions(view: string): Promise<string[]> {
    await fx.view(view).locator('.pane-header').hover();
    const labels = fx.view(view).locator('.pane-header .actions .action-item .action-label');
    await labels.first().waitFor({ state: 'visible' });
    return (await labels.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''))).filter((label) => label !== 'More Actions...');
  }

  for (const width of ['default', NARROW] as const) {
    it(`7. at most three inline title actions per view, no "+" and readable titles, at the ${width === 'default' ? 'default width' : `${NARROW} px`} side bar`, async () => {
      if (width !== 'default') {
        await setSideBarWidth(fx, width);
      }
      const pageGroups = await inlineActions(PAGE_GROUPS_VIEW);
      assert.ok(pageGroups.length <= 3, pageGroups.join(' | '));
      assert.ok(!pageGroups.some((label) => /Add Gateway/.test(label)), pageGroups.join(' | '));
      const title = fx.view(PAGE_GROUPS_VIEW).locator('.pane-header h3.title');
      assert.equal(await isCut(title), false, 'the Page Groups title is shown whole while its actions are');
      const webhooks = await inlineActions(WEBHOOKS_VIEW);
      assert.ok(webhooks.length <= 3, webhooks.join(' | '));
      assert.equal(await isCut(fx.view(WEBHOOKS_VIEW).locator('.pane-header h3.title')), false, 'the Webhook Subscriptions title is shown whole while its actions are');
      assert.ok(!webhooks.some((label) => /Add Gateway/.test(label)), webhooks.join(' | '));
      await fx.screenshot(`issue23 7 title bars ${width}`);
      if (width !== 'default') {
        await setSideBarWidth(fx, defaultWidth);
      }
    });
  }

  it('7. gateway management is in one "…" menu, the grouping toggle shows its state, the row menu copies without "…"', async () => {
    const more = async (view: string): Promise<string[]> => {
      await fx.view(view).locator('.pane-header').hover();
      await fx.view(view).locator('.pane-header .action-label[aria-label="More Actions..."]').click();
      const menu = fx.page.locator('.context-view .monaco-menu');
      await menu.waitFor({ state: 'visible' });
      const entries = (await menu.locator('.action-item .action-label').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
      await fx.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      return entries;
    };
    const pageGroupsMenu = await more(PAGE_GROUPS_VIEW);
    assert.ok(pageGroupsMenu.includes('Add Gateway…') && pageGroupsMenu.includes('Set API Key…'), pageGroupsMenu.join(' | '));
    const webhooksMenu = await more(WEBHOOKS_VIEW);
    // The generic commands are on every list view's menu (package.json: view in pageGateway.listViews); Load All on
    // the views of a paged list.
    for (const entry of ['Go to ID…', 'Copy as cURL', 'Export…', 'Show Logs']) {
      assert.ok(pageGroupsMenu.includes(entry) && webhooksMenu.includes(entry), `${entry}: ${pageGroupsMenu.join(' | ')} / ${webhooksMenu.join(' | ')}`);
    }
    assert.ok(pageGroupsMenu.includes('Load All') && !webhooksMenu.includes('Load All'), `${pageGroupsMenu.join(' | ')} / ${webhooksMenu.join(' | ')}`);
    assert.ok(!webhooksMenu.some((entry) => /API Key|Gateway URL|Add Gateway|Remove Gateway/.test(entry)), webhooksMenu.join(' | '));
    // The grouping toggle: the view says which grouping is on.
    assert.ok(webhooksMenu.includes('Group by Event'), webhooksMenu.join(' | '));
    await fx.viewTitleMenu(WEBHOOKS_VIEW, 'Group by Event');
    await eventually(async () => assert.match(await webhookHeader(), /by event/));
    await fx.page.mouse.move(900, 500);
    await fx.screenshot('issue23 7 grouped by event');
    await fx.viewTitleMenu(WEBHOOKS_VIEW, 'Group by Subscription');
    await eventually(async () => assert.doesNotMatch(await webhookHeader(), /by event/));
    // The row menu copies at once: no ellipsis.
    const path = new URL(String(dataset.webhooks[0]?.url)).pathname;
    await fx.contextMenu(fx.row(WEBHOOKS_VIEW, path), 'Copy ID');
    await eventually(async () => assert.equal(await fx.clipboardText(), String(dataset.webhooks[0]?.id)));
  });

  it('10. Go to ID keeps the input open with what was typed when nothing has the id', async () => {
    const unknown = 'pg_999999';
    await fx.runCommand('Page Gateway: Go to ID…');
    await fx.quickInput.type(unknown);
    await fx.quickInput.accept();
    await eventually(async () => assert.match(await fx.quickInput.message(), /^No page group or webhook subscription has the id “pg_999999” \(.*scanned\)\.$/), { timeoutMs: 30_000 });
    assert.equal(await fx.quickInput.value(), unknown);
    assert.equal(await fx.quickInput.hasError(), true);
    await fx.screenshot('issue23 10 go to id not found stays open');
    // The user corrects the id and goes on from the same input.
    const known = String(dataset.pageGroups[3]?.pageGroupId);
    await fx.quickInput.type(known);
    await eventually(async () => assert.equal(await fx.quickInput.hasError(), false));
    await fx.quickInput.accept();
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(known)));
    await fx.runCommand('View: Close All Editors');
  });

  it('10. Export of a partly loaded status offers everything first, with what it costs', async () => {
    // The search above counted every status: published shows "N · 20 loaded".
    const published = dataset.pageGroups.filter((pg) => pg.status === 'published').length;
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'published')?.description, `${published} · 20 loaded`));
    await fx.contextMenu(fx.row(PAGE_GROUPS_VIEW, 'published'), 'Export…');
    await eventually(async () => {
      const items = await fx.quickInput.items();
      assert.deepEqual(
        items.map((item) => [item.text, item.description]),
        [
          ['Everything', `${published - 20} page groups more to load, 1 request; cancellable`],
          ['What is loaded', '20 page groups, no request'],
        ],
      );
    });
    await fx.screenshot('issue23 10 export everything first');
    await fx.quickInput.cancel();
  });

  it('9. JSON tabs name the item: title then id for a page group, host and path then id for a subscription', async () => {
    for (const index of [21, 59]) {
      const pg = dataset.pageGroups[index];
      assert.ok(pg);
      const id = String(pg.pageGroupId);
      await fx.runCommand('Page Gateway: Go to ID…');
      await fx.quickInput.type(id);
      await fx.quickInput.accept();
      const expected = `${String(pg.title ?? pg.name)} · ${id}.json`;
      await eventually(async () => assert.ok((await fx.activeEditorTitle()).startsWith(expected), await fx.activeEditorTitle()));
    }
    const hook = dataset.webhooks[1];
    assert.ok(hook);
    await fx.row(WEBHOOKS_VIEW, new URL(String(hook.url)).pathname).click();
    const url = new URL(String(hook.url));
    const expected = `${url.host}${url.pathname.split('/').join('\u2215')} · ${String(hook.id)}.json`;
    await eventually(async () => assert.ok((await fx.activeEditorTitle()).startsWith(expected), await fx.activeEditorTitle()));
    // JSON features follow the .json ending.
    await eventually(async () => assert.match(await fx.page.locator('.statusbar-item[id="status.editor.mode"]').innerText(), /JSON/));
    await fx.page.mouse.move(900, 500);
    await fx.screenshot('issue23 9 json tabs named by item');
    await fx.runCommand('View: Close All Editors');
  });

  const RESTORED = ['draft', 'published', 'archived', 'in_review'];

  it('11. a reload brings back the expanded statuses with their first pages, loaded together', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    // From the bottom up, so that an expanded status never pushes the next one out of sight.
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click();
    for (const status of [...RESTORED].reverse()) {
      await fx.row(PAGE_GROUPS_VIEW, status).locator('.monaco-tl-twistie').click();
      await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.level === 1 && r.text === status)?.expanded, true));
    }
    // Every page group request takes a while: restored statuses loaded one after another would not overlap.
    gateway.addFault({ kind: 'delay', ms: 400, path: 'page_groups' });
    gateway.resetRequests();
    try {
      // The editor writes the workspace state a moment after the extension updates it (a user does not reload
      // within a second of expanding a row).
      await fx.page.waitForTimeout(1500);
      await fx.reload();
      await fx.openContainer();
      // Top down: each status is open with its rows; collapsing it brings the next one into sight.
      for (const status of RESTORED) {
        await eventually(async () => {
          const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
          const row = rows.find((r) => r.level === 1 && r.text === status);
          assert.equal(row?.expanded, true, `${status} expanded again`);
          assert.ok(rows.some((r) => r.level === 2 && r.index === (row?.index ?? -2) + 1), `${status} shows its rows`);
        }, { timeoutMs: 30_000 });
        if (status === RESTORED[0]) {
          await fx.screenshot('issue23 11 statuses restored after reload');
        }
        await fx.row(PAGE_GROUPS_VIEW, status).locator('.monaco-tl-twistie').click();
      }
      const statusRequests = gateway.requests.filter((r) => r.path === '/v0/page_groups' && RESTORED.includes(r.query.status ?? ''));
      assert.deepEqual(statusRequests.map((r) => r.query.status).sort(), [...RESTORED].sort(), 'one first page per restored status');
      // Loaded together: each restored status's request arrived before any of them was answered.
      const firstAnswer = Math.min(...statusRequests.map((r) => r.receivedAt + r.durationMs));
      assert.ok(statusRequests.every((r) => r.receivedAt < firstAnswer), 'the restored first pages were requested together');
      // Open again, as the user left them, for the next step.
      for (const status of [...RESTORED].reverse()) {
        await fx.row(PAGE_GROUPS_VIEW, status).locator('.monaco-tl-twistie').click();
        await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.level === 1 && r.text === status)?.expanded, true));
      }
    } finally {
      gateway.clearFaults();
    }
  });

  it('6. the walkthrough opened after doing each thing once shows every step done (the URL, the key, a status, a search, an id)', async () => {
    // This window was reloaded (step 11): the editor has not shown a walkthrough since. The URL and the key are set,
    // statuses are expanded; search once and copy an id, then open the walkthrough for the first time.
    await fx.runCommand('Page Gateway: Search…');
    await eventually(async () => assert.match(await fx.quickInput.title(), /Search Page Groups/));
    await fx.quickInput.type('checkout');
    await eventually(async () => assert.ok((await fx.quickInput.items()).length > 0));
    await fx.quickInput.cancel();
    // The first row under the first expanded status (draft), in view.
    const first = dataset.pageGroups.find((pg) => pg.status === 'draft');
    assert.ok(first);
    await fx.contextMenu(fx.row(PAGE_GROUPS_VIEW, String(first.title ?? first.name)), 'Copy ID');
    await eventually(async () => assert.equal(await fx.clipboardText(), String(first.pageGroupId)));
    await openWalkthrough(fx);
    await eventually(async () => assert.deepEqual(await stepsDone(fx), [true, true, true, true, true]), { timeoutMs: 20_000 });
    await fx.page.mouse.move(900, 500);
    await fx.screenshot('issue23 6 walkthrough opened after the fact');
    // Closed from its tab: the palette can be inert for a moment while the walkthrough page holds the focus.
    const tab = fx.page.locator('.tabs-container .tab', { hasText: 'Welcome' });
    await tab.hover();
    await tab.locator('.tab-actions .action-label').first().click();
    await tab.waitFor({ state: 'detached' });
  });

  it('3./4. Add Gateway picks no colour, no row repeats its label, a URL already configured is no dead end, and expansion survives going from one gateway to two', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    const staging = await startSampleGateway({ apiKey: gateway.apiKey, dataset });
    try {
      // The configured URL again is accepted (another name, another key: see the gateways suite).
      await fx.runCommand('Page Gateway: Add Gateway…');
      await fx.quickInput.type(gateway.url);
      await eventually(async () => assert.equal(await fx.quickInput.hasError(), false, await fx.quickInput.message()));
      await fx.quickInput.type(staging.url);
      await eventually(async () => assert.equal(await fx.quickInput.hasError(), false));
      await fx.quickInput.accept();
      await eventually(async () => assert.match(await fx.quickInput.title(), /Add Gateway/));
      await fx.quickInput.type('staging');
      await fx.quickInput.accept();
      // The key step may be left empty: the gateway is added without one.
      await eventually(async () => assert.match(await fx.quickInput.title(), /\(3\/3\)/));
      await fx.quickInput.accept();
      const first = `127.0.0.1:${gateway.port}`;
      // 4. From one gateway to two, what was expanded stays so: the statuses are now the first gateway's children.
      await eventually(async () => {
        const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
        assert.deepEqual(rows.filter((r) => r.level === 1).slice(0, 1).map((r) => [r.text, r.expanded]), [[first, true]]);
        assert.equal(rows.find((r) => r.level === 2 && r.text === RESTORED[0])?.expanded, true, `${RESTORED[0]} still expanded`);
      });
      await fx.page.mouse.move(900, 500);
      await fx.screenshot('issue23 4 one gateway to two keeps expansion');
      await fx.row(PAGE_GROUPS_VIEW, first).locator('.monaco-tl-twistie').click();
      await eventually(async () => {
        const roots = (await fx.viewRows(PAGE_GROUPS_VIEW)).filter((row) => row.level === 1);
        assert.deepEqual(
          roots.map((row) => [row.text, row.description, row.expanded]),
          [
            [first, '', false],
            ['staging', `127.0.0.1:${staging.port} · no API key`, false],
          ],
        );
      });
      // No gateway icon carries a colour it was not given: the state is in the icon's shape and in words.
      const styles = await fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list-row .custom-view-tree-node-item-icon').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('style') ?? ''));
      assert.deepEqual(styles.filter((style) => /charts-/.test(style)), []);
      await fx.page.mouse.move(900, 500);
      await fx.screenshot('issue23 3 two gateways no colour');
    } finally {
      await staging.close();
    }
  });
});
