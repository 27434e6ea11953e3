// Finding page groups in a gateway of 1,000 the way a user does, in the real workbench: "Search Page Groups…" from
// the view's title (matches stream in as the unfiltered list is scanned), "Go to ID…" from the palette with a URL
// that holds an id not loaded yet (and with an unknown id), hovering ids in an editor, and Ctrl+F in the tree.
// The sample gateway answers the scan's pages slowly (a delay on unfiltered pages after the first), so the pick is
// seen before the scan reached its match and the progress notification is seen while Go to ID scans.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { generateDataset } from '../gateway/dataset';
import { eventually, fadedIn, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type TreeRow, type WorkbenchFixture } from './fixture';

const API_KEY = 'pge-e2e-find-key-5e21';
const PAGE_GROUP_COUNT = 1000;
/** Last page of the unfiltered list (the scan reads it at limit=100: items 921–1,000); the last published one. */
const LAST_PAGE_ID = 'pg_000997';
/** Typed into the search: only this page group's title holds it (case differs: matching ignores case). */
const LAST_PAGE_QUERY = 'wizard 997';
/**
 * A draft page group on the unfiltered list's 6th page (at limit=100). The draft status is not expanded before, so
 * once the view is refreshed it is not loaded: Go to ID scans for it. (A published one would still count as loaded:
 * a collapsed status keeps its rows from before a refresh until it is expanded, and the search revealed every
 * published page group.)
 */
const URL_ID = 'pg_000510';
const URL_WITH_ID = `https://admin.example.com/page-groups/${URL_ID}?x=1`;
const UNKNOWN_ID = 'pg_424242';
/** In the first unfiltered page (loaded when the view opens), and one that is not loaded then. */
const LOADED_ID = 'pg_000001';
const UNLOADED_ID = 'pg_000900';
const WEBHOOK_ID = 'wh_0003';
const FIND_MORE = 'Find more statuses…';
/** The links of an id's hover card, as shown. */
const LINKS = 'Open as JSON · Reveal in Tree · Copy ID · Copy Link';
/** Each unfiltered page after the first waits this long at the gateway (about 10 pages for a full scan). */
const SCAN_PAGE_DELAY_MS = 600;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('e2e: find page groups (search, go to ID, id hovers)', function () {
  this.timeout(180_000);
  const dataset = generateDataset({ pageGroupCount: PAGE_GROUP_COUNT });
  let fx: WorkbenchFixture;
  /** The gateway's name: the `baseUrl` setting's gateway is named by its host (`127.0.0.1:PORT`). */
  let gatewayName: string;

  const groupById = (id: string): Record<string, unknown> => {
    const group = dataset.pageGroups.find((pg) => pg.pageGroupId === id);
    assert.ok(group, `${id} is in the data set`);
    return group;
  };
  const lastPage = groupById(LAST_PAGE_ID);
  const inUrl = groupById(URL_ID);
  const loadedGroup = groupById(LOADED_ID);

  before(async () => {
    // The data set facts the scenarios rely on.
    assert.equal(dataset.pageGroups.indexOf(lastPage) >= 920, true, `${LAST_PAGE_ID} is on the last page of 100`);
    assert.deepEqual(
      dataset.pageGroups.filter((pg) => [pg.pageGroupId, pg.name, pg.title, pg.tenantId, pg.brandId].some((field) => String(field).toLowerCase().includes(LAST_PAGE_QUERY))).map((pg) => pg.pageGroupId),
      [LAST_PAGE_ID],
      `only ${LAST_PAGE_ID} matches “${LAST_PAGE_QUERY}”`,
    );
    assert.equal(dataset.pageGroups.indexOf(inUrl) >= 20 && dataset.pageGroups.indexOf(groupById(UNLOADED_ID)) >= 20, true, 'not on the first page');
    assert.equal(inUrl.status, 'draft');
    assert.ok(dataset.pageGroups.indexOf(loadedGroup) < 20, 'on the first page');
    assert.ok(dataset.webhooks.some((wh) => wh.id === WEBHOOK_ID));

    fx = await startWorkbench({
      gatewayOptions: { apiKey: API_KEY, dataset },
      viewport: { width: 1440, height: 900 },
      name: 'e2e-find',
    });
    assert.ok(fx.gateway);
    gatewayName = `127.0.0.1:${fx.gateway.port}`;
    await fx.openContainer();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
    fx?.gateway?.clearFaults();
  });

  after(async () => {
    await fx?.stop();
  });

  /** The scan's pages (unfiltered, with a cursor) answer slowly from now on. */
  function slowScan(): void {
    fx.gateway?.addFault({ kind: 'delay', ms: SCAN_PAGE_DELAY_MS, path: 'page_groups', status: null, withCursor: true });
  }

  /** The Page Groups tree's rendered rows, in tree order. */
  function treeRows(): Promise<TreeRow[]> {
    return fx.viewRows(PAGE_GROUPS_VIEW);
  }

  /** Texts of the rows the tree's sticky scroll pins at its top (the parents of the rows scrolled into view). */
  async function stickyRows(): Promise<string[]> {
    const sticky = fx.view(PAGE_GROUPS_VIEW).locator('.monaco-tree-sticky-container .monaco-tree-sticky-row');
    return (await sticky.evaluateAll((rows) => rows.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? ''))).filter((text) => text !== '');
  }

  function describeRows(rows: readonly TreeRow[]): string {
    return rows.map((row) => `${'  '.repeat(row.level - 1)}${row.text}${row.description ? ` (${row.description})` : ''}${row.selected ? ' [selected]' : ''}`).join('\n');
  }

  /**
   * Waits until the tree's selection is exactly the page group row labelled `label`, under the status row `status`
   * (shown above it, or pinned by sticky scroll when the status row itself is scrolled away).
   */
  async function expectSelected(label: string, status: string): Promise<void> {
    await eventually(
      async () => {
        const rows = await treeRows();
        const selected = rows.filter((row) => row.selected);
        assert.deepEqual(
          selected.map((row) => `${row.level} ${row.text}`),
          [`2 ${label}`],
          `exactly the page group row is selected:\n${describeRows(rows)}`,
        );
        const row = selected[0] as TreeRow;
        // The status row above it, when every row between them is rendered (else sticky scroll pins it at the top).
        const parent = rows.filter((r) => r.level === 1 && r.index < row.index).pop();
        if (parent && rows.filter((r) => r.index > parent.index && r.index < row.index).length === row.index - parent.index - 1) {
          assert.equal(parent.text, status, describeRows(rows));
          assert.equal(parent.expanded, true);
          return;
        }
        assert.deepEqual(await stickyRows(), [status], `the status is pinned above the selected row:\n${describeRows(rows)}`);
      },
      { timeoutMs: 30_000 },
    );
  }

  /** The quick pick's rows as "label | description" and each row's detail line (rendered under the label). */
  async function pickRows(): Promise<{ readonly row: string; readonly detail: string; readonly buttons: readonly string[] }[]> {
    return fx.quickInput.widget.locator('.quick-input-list .monaco-list-row').evaluateAll((rows) =>
      rows.map((row) => {
        const label = row.querySelector('.label-name')?.textContent?.trim() ?? '';
        const description = row.querySelector('.label-description')?.textContent?.trim() ?? '';
        const detail = row.querySelector('.quick-input-list-label-meta .label-name')?.textContent?.trim() ?? '';
        const buttons = Array.from(row.querySelectorAll('.quick-input-list-entry-action-bar .action-label')).map((button) => button.getAttribute('aria-label') ?? button.getAttribute('title') ?? '');
        return { row: `${label} | ${description}`, detail, buttons };
      }),
    );
  }

  /**
   * Refreshes the Page Groups view and waits until the first new page replaced the rows: after a full scan the
   * unfiltered list has no more pages, after a refresh "Find more statuses…" is offered again.
   */
  async function refreshPageGroups(): Promise<void> {
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Refresh"]').click();
    await eventually(async () => {
      const rows = await treeRows();
      assert.ok(rows.some((row) => row.level === 1 && row.text === FIND_MORE), describeRows(rows));
    });
  }

  /** A log excerpt a user pastes into an editor. */
  const LOG_TEXT = `Deploy log\n  ${LOADED_ID} moved to tenant tnt_acme\n  ${UNLOADED_ID} still pending\n  webhook ${WEBHOOK_ID} notified\n`;

  /** The centre of the first occurrence of `word` in the active editor's rendered lines. */
  async function wordCentre(word: string): Promise<{ x: number; y: number }> {
    const lines = fx.page.locator('.editor-group-container.active .editor-instance .view-lines').first();
    const point = await lines.evaluate((element, wanted) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf(wanted);
        if (at >= 0) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + wanted.length);
          const box = range.getBoundingClientRect();
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        }
      }
      return undefined;
    }, word);
    assert.ok(point, `${word} is shown in the editor`);
    return point;
  }

  /** The texts of the editor hovers shown now. */
  async function editorHovers(): Promise<string[]> {
    return fx.page.locator('.monaco-editor .monaco-hover').evaluateAll((elements) =>
      elements.filter((element) => element instanceof HTMLElement && element.checkVisibility()).map((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
  }

  async function pointerAway(): Promise<void> {
    await fx.page.mouse.move(1380, 860);
    await eventually(async () => assert.deepEqual(await editorHovers(), []));
  }

  /** The card of an id (a hover that names its gateway). */
  const hoverCard = (): Locator => fx.page.locator('.monaco-editor .monaco-hover').filter({ hasText: 'on gateway' }).first();

  /** The card's links shown within its visible box (a card taller than the hover scrolls). */
  async function linksInSight(): Promise<string[]> {
    return hoverCard().evaluate((card) => {
      const box = card.getBoundingClientRect();
      return Array.from(card.querySelectorAll('a'))
        .filter((link) => {
          const rect = link.getBoundingClientRect();
          return rect.height > 0 && rect.top >= box.top && rect.bottom <= box.bottom;
        })
        .map((link) => link.innerText.trim());
    });
  }

  it('sets the key from the palette; the tree shows the statuses of the first page', async () => {
    await eventually(async () => assert.deepEqual((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons, ['Set API Key']));
    await fx.runCommand('Page Gateway: Set API Key…');
    await eventually(async () => assert.equal(await fx.quickInput.input.getAttribute('type'), 'password'));
    await fx.quickInput.type(API_KEY);
    await fx.quickInput.accept();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n)), (await fx.notifications()).join(' | ')));
    await fx.runCommand('Notifications: Clear All Notifications');
    await eventually(async () => {
      const top = (await treeRows()).filter((row) => row.level === 1).map((row) => row.text);
      assert.ok(top.includes('published') && top.includes('draft'), top.join(', '));
    });
    // Give the Page Groups view the side bar's height, as a user would.
    const webhooksHeader = fx.view(WEBHOOKS_VIEW).locator('.pane-header');
    if ((await webhooksHeader.getAttribute('aria-expanded')) === 'true') {
      await webhooksHeader.click();
    }
  });

  it('searches from the view title: a page group on the last page appears once the scan got there; picking it opens its JSON and selects its row', async () => {
    const title = String(lastPage.title);
    const status = String(lastPage.status);
    slowScan();
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    const button = fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Search…"]');
    await button.click();
    await eventually(async () => assert.match(await fx.quickInput.title(), /^Search Page Groups — /));
    assert.equal(await fx.quickInput.placeholder(), 'Type part of an id, name, title, tenant or brand — or paste text or a URL holding an id');
    await fx.quickInput.type(LAST_PAGE_QUERY);

    // While the scan has not reached the last page: progress in the title, no match yet.
    const scanning = await eventually(async () => {
      const shown = await fx.quickInput.title();
      const progress = /^Search Page Groups — ([\d,]+) page groups scanned… · 0 matches$/.exec(shown);
      assert.ok(progress, shown);
      assert.deepEqual(await pickRows(), []);
      return Number((progress[1] ?? '').replace(/,/g, ''));
    });
    assert.ok(scanning < 920, `the scan is not on the last page yet (${scanning} scanned)`);
    await fx.screenshot('find 01 search scanning no match yet');

    // The scan reaches the last page: the match appears, the title says everything was scanned.
    await eventually(
      async () => {
        assert.equal(await fx.quickInput.title(), `Search Page Groups — all ${PAGE_GROUP_COUNT.toLocaleString('en')} scanned · 1 match`);
        const rows = await pickRows();
        assert.deepEqual(
          rows.map((row) => row.row),
          [`${title} | ${LAST_PAGE_ID}`],
        );
        assert.equal(rows[0]?.detail, [status, lastPage.name, `tenant ${String(lastPage.tenantId)}`, `brand ${String(lastPage.brandId)}`].join(' · '));
      },
      { timeoutMs: 30_000 },
    );
    // The result's buttons (shown on the active row).
    await eventually(async () => assert.deepEqual((await pickRows())[0]?.buttons, ['Open as JSON', 'Copy ID', 'Reveal in Tree']));
    await fx.screenshot('find 02 search match from the last page all scanned');

    await fx.quickInput.pick(title);
    await fx.quickInput.waitClosed();
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`^.+ · ${LAST_PAGE_ID}\\.json\\b`)), { timeoutMs: 30_000 });
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"pageGroupId": "${LAST_PAGE_ID}"`)));
    await expectSelected(title, status);
    await fx.page.mouse.move(1100, 700);
    await fx.screenshot('find 03 search result opened and selected in tree');
  });

  it('goes to an id held in a URL that is not loaded: scans for it, opens its JSON and selects its row', async () => {
    const title = String(inUrl.title);
    const status = String(inUrl.status);
    // Collapsed, and refreshed: only the first page of the unfiltered list is loaded again.
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header').hover();
    await fx.view(PAGE_GROUPS_VIEW).locator('.pane-header .action-label[aria-label^="Collapse All"]').click();
    await refreshPageGroups();
    await eventually(async () => {
      const rows = await treeRows();
      assert.deepEqual(
        rows.map((row) => `${row.level} ${row.text} ${String(row.expanded)}`),
        ['1 draft false', '1 published false', '1 archived false', '1 in_review false', `1 ${FIND_MORE} undefined`],
      );
    });
    slowScan();
    await fx.runCommand('Page Gateway: Go to ID…');
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Go to ID'));
    await fx.quickInput.type(URL_WITH_ID);
    await fx.quickInput.accept();
    // The gateway's pages are scanned behind a notification that says how far it got.
    const looking = new RegExp(`^Looking for “${escapeRegExp(URL_WITH_ID)}”: [\\d,]+ page groups scanned on ${escapeRegExp(gatewayName)}…$`);
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => looking.test(n)), (await fx.notifications()).join(' | ')));
    await fadedIn(fx.page.locator('.notifications-toasts .notification-toast').first());
    await fx.screenshot('find 04 go to id scanning for an id in a url');

    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`^.+ · ${URL_ID}\\.json\\b`)), { timeoutMs: 30_000 });
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"pageGroupId": "${URL_ID}"`)));
    await expectSelected(title, status);
    // Revealing loaded the draft status up to it behind a "Finding …" notification, gone once done.
    await eventually(async () => assert.ok(!(await fx.notifications()).some((n) => n.startsWith('Finding ')), (await fx.notifications()).join(' | ')));
    await fx.page.mouse.move(1100, 700);
    await fx.screenshot('find 05 go to id opened and selected in tree');
  });

  it('goes to an unknown id: the input stays open with what was typed, its message says how much was scanned on which gateway', async () => {
    await fx.runCommand('Notifications: Clear All Notifications');
    await fx.runCommand('Page Gateway: Go to ID…');
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Go to ID'));
    await fx.quickInput.type(UNKNOWN_ID);
    await fx.quickInput.accept();
    const expected = `No page group or webhook subscription has the id “${UNKNOWN_ID}” (${gatewayName}: ${PAGE_GROUP_COUNT.toLocaleString('en')} page groups and ${dataset.webhooks.length} webhook subscriptions scanned).`;
    // As Go to Line does: the input keeps the text, the reason is its validation message (not a toast cut short).
    await eventually(async () => assert.equal(await fx.quickInput.message(), expected), { timeoutMs: 30_000 });
    assert.equal(await fx.quickInput.isOpen(), true);
    assert.equal(await fx.quickInput.value(), UNKNOWN_ID);
    assert.equal(await fx.quickInput.hasError(), true);
    assert.deepEqual((await fx.notifications()).filter((n) => n.startsWith('No page group')), []);
    // The progress notification of the scan is gone.
    await eventually(async () => assert.deepEqual((await fx.notifications()).filter((n) => n.startsWith('Looking for')), []));
    await fx.screenshot('find 06 go to id unknown id not found message');
    // Typing clears the message.
    await fx.quickInput.input.press('Backspace');
    await eventually(async () => assert.equal(await fx.quickInput.hasError(), false));
    await fx.quickInput.cancel();
    await fx.runCommand('Notifications: Clear All Notifications');
  });

  it('shows a card with links when hovering a loaded id; an id that is not loaded gets no card and no request', async () => {
    // Only the first page of the unfiltered list (and of the expanded status) is loaded again.
    await refreshPageGroups();
    await fx.runCommand('File: New Untitled Text File');
    await fx.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    // A user pastes a log excerpt.
    await fx.page.evaluate((value) => navigator.clipboard.writeText(value), LOG_TEXT);
    await fx.runCommand('Paste');
    await eventually(async () => assert.equal(await fx.activeEditorText(), LOG_TEXT.replace(/\n$/, '')));
    const gateway = fx.gateway;
    assert.ok(gateway);
    const requestsBefore = gateway.requests.length;

    const loaded = await wordCentre(LOADED_ID);
    await fx.page.mouse.move(loaded.x, loaded.y);
    await eventually(async () => {
      const hovers = await editorHovers();
      assert.equal(hovers.length, 1, hovers.join(' | '));
      const card = hovers[0] ?? '';
      const fields = `ID: ${LOADED_ID} Name: ${String(loadedGroup.name)} Status: ${String(loadedGroup.status)} Tenant: ${String(loadedGroup.tenantId)}`;
      assert.ok(card.startsWith(`Page group on gateway ${gatewayName} ${LINKS} ${String(loadedGroup.title)} ${fields}`), card);
    });
    assert.deepEqual(await hoverCard().locator('a').allInnerTexts(), ['Open as JSON', 'Reveal in Tree', 'Copy ID', 'Copy Link']);
    // The gateway's name is bold.
    assert.deepEqual(await hoverCard().locator('strong').first().innerText(), gatewayName);
    await fadedIn(hoverCard());
    // The links are in sight: the card is not scrolled to find them.
    assert.deepEqual(await linksInSight(), ['Open as JSON', 'Reveal in Tree', 'Copy ID', 'Copy Link']);
    await fx.screenshot('find 07 hover card of a loaded page group id');
    await pointerAway();

    // Not loaded: no card. The hover's delay is 300 ms; the pointer rests on the id well past it.
    const unloaded = await wordCentre(UNLOADED_ID);
    await fx.page.mouse.move(unloaded.x, unloaded.y);
    await fx.page.waitForTimeout(2000);
    assert.deepEqual(await editorHovers(), []);
    await fx.screenshot('find 08 no hover card for an id that is not loaded');
    // The same pointer moves, on the loaded id again, bring the card back: hovers were working meanwhile.
    await fx.page.mouse.move(loaded.x, loaded.y);
    await eventually(async () => assert.equal((await editorHovers()).length, 1));
    await pointerAway();

    // A webhook subscription's id (the list was loaded by Go to ID).
    const webhook = await wordCentre(WEBHOOK_ID);
    await fx.page.mouse.move(webhook.x, webhook.y);
    await eventually(async () => {
      const card = (await editorHovers()).join(' | ');
      assert.ok(card.startsWith(`Webhook subscription on gateway ${gatewayName} ${LINKS} `), card);
    });
    await pointerAway();
    assert.equal(gateway.requests.length, requestsBefore, 'hovers send no request');
  });

  it('a link in the card opens the page group as JSON', async () => {
    const loaded = await wordCentre(LOADED_ID);
    await fx.page.mouse.move(loaded.x, loaded.y);
    const link = hoverCard().locator('a', { hasText: 'Open as JSON' });
    await fadedIn(link);
    await link.click();
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`^.+ · ${LOADED_ID}\\.json\\b`)));
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"pageGroupId": "${LOADED_ID}"`)));
  });

  it('Ctrl+F in the focused Page Groups view opens the search', async () => {
    const row = fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list[role="tree"] .monaco-list-row').filter({ has: fx.page.locator('.label-name', { hasText: /^\s*draft\s*$/ }) });
    await row.first().click();
    await eventually(async () => assert.ok(await fx.view(PAGE_GROUPS_VIEW).locator('.monaco-list[role="tree"]').evaluate((tree) => tree.contains(document.activeElement))));
    await fx.page.keyboard.press('Control+F');
    // The search pick (not the tree's own find), scanning what the refresh before dropped again.
    await eventually(async () => assert.match(await fx.quickInput.title(), /^Search Page Groups — /));
    assert.equal(await fx.quickInput.placeholder(), 'Type part of an id, name, title, tenant or brand — or paste text or a URL holding an id');
    await eventually(async () => assert.equal(await fx.quickInput.title(), `Search Page Groups — all ${PAGE_GROUP_COUNT.toLocaleString('en')} scanned`), { timeoutMs: 30_000 });
    await eventually(async () => {
      const rows = await treeRows();
      assert.equal(rows.find((r) => r.level === 1 && r.text === '(no status)')?.description, '5', describeRows(rows));
    });
    await fx.screenshot('find 09 ctrl f in page groups view opens search');
    await fx.quickInput.cancel();
  });
});
