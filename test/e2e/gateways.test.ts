// Two gateways side by side in the real workbench, driven like a user: the first one comes from the older
// `pageGateway.baseUrl` setting, the second is added from the palette ("Add Gateway…": URL, name and key in one input).
// Both views then show one row per gateway; a page group is compared across the gateways in VS Code's diff editor,
// opened as JSON (the status bar names its gateway) and revealed in the tree from the status bar.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { generateDataset } from '../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../gateway/server';
import { eventually, fadedIn, exactText, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type TreeRow, type WorkbenchFixture } from './fixture';

const STAGING_KEY = 'pge-e2e-staging-key-41c7';
const PRODUCTION_KEY = 'pge-e2e-production-key-9b02';
const PRODUCTION = 'production';
/** A page group published in both datasets, among the first 8 published of each (one page at pageSize 8). */
const COMPARED_ID = 'pg_000007';
/** Page groups per page: small enough that both gateways, their statuses and one page each fit in the view. */
const PAGE_SIZE = 8;

describe('e2e: several gateways side by side', function () {
  this.timeout(180_000);
  const stagingData = generateDataset({ seed: 1 });
  const productionData = generateDataset({ seed: 2 });
  let production: SampleGateway | undefined;
  let fx: WorkbenchFixture;
  /** The first gateway's name: the older `baseUrl` setting's gateway is named by its host (`127.0.0.1:PORT`). */
  let firstName: string;

  const compared = (data: typeof stagingData): Record<string, unknown> => {
    const group = data.pageGroups.find((pg) => pg.pageGroupId === COMPARED_ID);
    assert.ok(group && group.status === 'published', `${COMPARED_ID} is published in both datasets`);
    return group;
  };
  const comparedTitle = String(compared(stagingData).title);

  before(async () => {
    production = await startSampleGateway({ apiKey: PRODUCTION_KEY, dataset: productionData });
    fx = await startWorkbench({
      gatewayOptions: { apiKey: STAGING_KEY, dataset: stagingData },
      settings: { 'pageGateway.pageSize': PAGE_SIZE },
      // Wide enough for the diff editor to show both sides next to each other.
      viewport: { width: 1440, height: 900 },
      name: 'e2e-gateways',
    });
    assert.ok(fx.gateway);
    firstName = `127.0.0.1:${fx.gateway.port}`;
    await fx.openContainer();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
    await production?.close();
  });

  /** The Page Groups tree's rendered rows, in tree order. */
  function treeRows(): Promise<TreeRow[]> {
    return fx.viewRows(PAGE_GROUPS_VIEW);
  }

  /** Bounds [start, end) of the rows below `rows[at]` (its descendants). */
  function descendantsEnd(rows: readonly TreeRow[], at: number): number {
    const level = rows[at]?.level ?? 0;
    const next = rows.findIndex((row, k) => k > at && row.level <= level);
    return next < 0 ? rows.length : next;
  }

  /** The row at `labels` (gateway, then status, then page group), each found among the previous one's descendants. */
  function rowAt(rows: readonly TreeRow[], labels: readonly string[]): TreeRow | undefined {
    let start = 0;
    let end = rows.length;
    let found: TreeRow | undefined;
    for (const [depth, label] of labels.entries()) {
      const at = rows.findIndex((row, k) => k >= start && k < end && row.level === depth + 1 && row.text === label);
      if (at < 0) {
        return undefined;
      }
      found = rows[at];
      start = at + 1;
      end = Math.min(end, descendantsEnd(rows, at));
    }
    return found;
  }

  /** The direct children of the row at `labels`, as shown. */
  function childrenAt(rows: readonly TreeRow[], labels: readonly string[]): TreeRow[] {
    const parent = rowAt(rows, labels);
    if (!parent) {
      return [];
    }
    const at = rows.indexOf(parent);
    return rows.slice(at + 1, descendantsEnd(rows, at)).filter((row) => row.level === parent.level + 1);
  }

  function describeRows(rows: readonly TreeRow[]): string {
    return rows.map((row) => `${'  '.repeat(row.level - 1)}${row.text}${row.description ? ` (${row.description})` : ''}`).join('\n');
  }

  /** The row at `labels`, waiting until it is shown. */
  async function rowLocator(labels: readonly string[]): Promise<Locator> {
    const row = await eventually(async () => {
      const rows = await treeRows();
      const found = rowAt(rows, labels);
      assert.ok(found, `no row ${labels.join(' › ')} in\n${describeRows(rows)}`);
      return found;
    });
    return fx.view(PAGE_GROUPS_VIEW).locator(`.monaco-list[role="tree"] .monaco-list-row[data-index="${row.index}"]`);
  }

  async function expandRow(labels: readonly string[]): Promise<void> {
    const rows = await treeRows();
    const row = rowAt(rows, labels);
    assert.ok(row, `no row ${labels.join(' › ')} in\n${describeRows(rows)}`);
    if (row.expanded !== true) {
      await (await rowLocator(labels)).click();
    }
    await eventually(async () => assert.equal(rowAt(await treeRows(), labels)?.expanded, true, `${labels.join(' › ')} expanded`));
  }

  /** Waits until a status under a gateway has loaded its first page (its description reads "8+"). */
  async function expectStatusLoaded(gatewayName: string, status: string): Promise<void> {
    await eventually(async () => {
      const rows = await treeRows();
      assert.equal(rowAt(rows, [gatewayName, status])?.description, `${PAGE_SIZE}+`, describeRows(rows));
      assert.ok(childrenAt(rows, [gatewayName, status]).some((row) => row.text === comparedTitle), describeRows(rows));
    });
  }

  /** Texts of the hovers (tooltips) shown now. */
  async function visibleHovers(): Promise<string[]> {
    return fx.page.locator('.workbench-hover, .monaco-hover').evaluateAll((elements) =>
      elements.filter((element) => element instanceof HTMLElement && element.checkVisibility()).map((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
  }

  /**
   * Moves the pointer to an empty spot of the editor area and waits until no tooltip is shown. A row's tooltip can
   * appear under a context menu that just closed (the pointer is then over the row) and stay after the pointer left:
   * a pass over the tooltip itself, then away, closes it as it does for a user.
   */
  async function pointerAway(): Promise<void> {
    const away = { x: 1100, y: 740 };
    await fx.page.mouse.move(away.x, away.y);
    await eventually(async () => {
      const hover = fx.page.locator('.workbench-hover').first();
      const box = (await visibleHovers()).length > 0 ? await hover.boundingBox() : null;
      if (box) {
        await fx.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
        await fx.page.mouse.move(away.x, away.y, { steps: 2 });
      }
      assert.deepEqual(await visibleHovers(), []);
    });
  }

  /** A context menu entry on a row; then the pointer leaves the row the closed menu uncovers (see pointerAway). */
  async function rowMenu(labels: readonly string[], item: string): Promise<void> {
    await fx.contextMenu(await rowLocator(labels), item);
    await pointerAway();
  }

  it('sets the first gateway’s key from the palette; with one gateway its statuses are the root rows', async () => {
    await eventually(async () => assert.deepEqual((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons, ['Set API Key']));
    await fx.runCommand('Page Gateway: Set API Key…');
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Set API Key'));
    assert.equal(await fx.quickInput.input.getAttribute('type'), 'password');
    await fx.quickInput.type(STAGING_KEY);
    await fx.quickInput.accept();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n)), (await fx.notifications()).join(' | ')));
    await eventually(async () => {
      const top = (await treeRows()).filter((row) => row.level === 1).map((row) => row.text);
      assert.ok(top.includes('published') && top.includes('draft'), top.join(', '));
      assert.ok(!top.includes(firstName), 'no gateway row while there is one gateway');
    });
    await fx.screenshot('gateways 01 one gateway statuses at the root');
  });

  it('adds "production" in one input of three steps (URL, name, key) with Back; its key is tried at once', async () => {
    assert.ok(production);
    await fx.runCommand('Page Gateway: Add Gateway…');
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (1/3)'));
    await fx.quickInput.type(production.url);
    await eventually(async () => assert.equal(await fx.quickInput.hasError(), false, await fx.quickInput.message()));
    await fx.screenshot('gateways 02 add gateway url');
    await fx.quickInput.accept();

    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (2/3)'));
    // The name is suggested from the host.
    assert.equal(await fx.quickInput.value(), `127.0.0.1:${production.port}`);
    // Back returns to the URL as typed.
    await fx.quickInput.widget.locator('.action-label[aria-label^="Back"]').first().click();
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (1/3)'));
    assert.equal(await fx.quickInput.value(), production.url);
    await fx.quickInput.accept();
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (2/3)'));
    await fx.quickInput.type(PRODUCTION);
    await fx.screenshot('gateways 03 add gateway name');
    await fx.quickInput.accept();

    // The key in the same input (it may be left empty), not in a notification that goes away.
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (3/3)'));
    assert.equal(await fx.quickInput.input.getAttribute('type'), 'password');
    await fx.quickInput.type(PRODUCTION_KEY);
    await fx.screenshot('gateways 04 add gateway key');
    await fx.quickInput.accept();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /production .*accepted the API key/.test(n)), (await fx.notifications()).join(' | ')));
    assert.ok(!(await fx.notifications()).some((n) => /Set its API key now/.test(n)), 'no offer left in a notification');
    // Done with the messages: clear them, as a user would, so they do not cover the editor in later screenshots.
    await fx.runCommand('Notifications: Clear All Notifications');
    await eventually(async () => assert.deepEqual(await fx.notifications(), []));
  });

  it('shows one collapsed row per gateway (name, host:port) at the root of both views', async () => {
    assert.ok(fx.gateway && production);
    const expected = [
      { text: firstName, description: '', expanded: false },
      { text: PRODUCTION, description: `127.0.0.1:${production.port}`, expanded: false },
    ];
    await eventually(async () => {
      const roots = (await fx.viewRows(PAGE_GROUPS_VIEW)).map(({ text, description, expanded }) => ({ text, description, expanded }));
      assert.deepEqual(roots, expected);
    });
    await eventually(async () => {
      const roots = (await fx.viewRows(WEBHOOKS_VIEW)).filter((row) => row.level === 1).map(({ text, description, expanded }) => ({ text, description, expanded }));
      assert.deepEqual(roots, expected);
    });
    await fx.screenshot('gateways 05 two gateway rows in both views');
  });

  it('expands both gateways: each lists the statuses of its own gateway', async () => {
    // Give the Page Groups view the side bar's height: collapse the Webhook Subscriptions view, as a user would.
    const webhooksHeader = fx.view(WEBHOOKS_VIEW).locator('.pane-header');
    if ((await webhooksHeader.getAttribute('aria-expanded')) === 'true') {
      await webhooksHeader.click();
    }
    await expandRow([firstName]);
    await expandRow([PRODUCTION]);
    await eventually(async () => {
      const rows = await treeRows();
      const first = childrenAt(rows, [firstName]).map((row) => row.text);
      const second = childrenAt(rows, [PRODUCTION]).map((row) => row.text);
      // First page of each dataset (8 page groups): staging has no in_review among them, production has.
      for (const status of ['published', 'draft', 'archived']) {
        assert.ok(first.includes(status) && second.includes(status), `${status} under both:\n${describeRows(rows)}`);
      }
      assert.ok(!first.includes('in_review') && second.includes('in_review'), `in_review only under production:\n${describeRows(rows)}`);
    });
    await pointerAway();
    await fx.screenshot('gateways 06 both gateways expanded with their statuses');
  });

  it('compares a page group across the gateways in the diff editor', async () => {
    await expandRow([firstName, 'published']);
    await expectStatusLoaded(firstName, 'published');
    await rowMenu([firstName, 'published', comparedTitle], 'Select for Compare');
    await eventually(async () => assert.match(await fx.statusBarText(), new RegExp(`Selected ${firstName} · ${COMPARED_ID} for compare`)));

    await expandRow([PRODUCTION, 'published']);
    await expectStatusLoaded(PRODUCTION, 'published');
    await rowMenu([PRODUCTION, 'published', comparedTitle], 'Compare with Selected');

    const diff = fx.page.locator('.editor-group-container.active .monaco-diff-editor');
    await diff.first().waitFor({ state: 'visible', timeout: 15_000 });
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`^${firstName} · ${COMPARED_ID} ↔ ${PRODUCTION} · ${COMPARED_ID}\\b`)));
    // Each side shows its own gateway's copy of the page group.
    const side = (which: 'original' | 'modified'): Promise<string> =>
      diff.first().locator(`.editor.${which} .view-lines`).first().innerText().then((text) => text.replace(/\u00a0/g, ' '));
    await eventually(async () => {
      assert.match(await side('original'), new RegExp(`"pagesCount": ${String(compared(stagingData).pagesCount)},`));
      assert.match(await side('modified'), new RegExp(`"pagesCount": ${String(compared(productionData).pagesCount)},`));
    });
    await pointerAway();
    await fx.screenshot('gateways 07 compare page group across gateways diff editor');
  });

  it('opens a page group as JSON: the status bar names its gateway, and a click on it reveals the row', async () => {
    await rowMenu([PRODUCTION, 'published', comparedTitle], 'Open as JSON');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`^.+ · ${COMPARED_ID}\\.json\\b`)));
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"pageGroupId": "${COMPARED_ID}"[\\s\\S]*"pagesCount": ${String(compared(productionData).pagesCount)},`)));
    const entry = fx.page.locator('.part.statusbar .statusbar-item', { hasText: exactText(PRODUCTION) });
    await eventually(async () => assert.match(await fx.statusBarText(), new RegExp(`(^|\\| )${PRODUCTION}( \\||$)`)));
    await fx.screenshot('gateways 08 page group json status bar names gateway');
    // The tab's tooltip (a workbench hover, not a title attribute) names the gateway: the scheme's label formatter.
    const tab = fx.page.locator('.editor-group-container.active .tabs-container .tab.active').first();
    await tab.hover();
    await eventually(async () => assert.match((await visibleHovers()).join(' | '), new RegExp(`^${PRODUCTION} · /page-groups/${COMPARED_ID}/.+ · ${COMPARED_ID}\\.json\\b`)));
    await fadedIn(fx.page.locator('.workbench-hover').first());
    await fx.screenshot('gateways 09 json tab tooltip names gateway');
    await pointerAway();

    // Collapse the status, so revealing has to expand it again; the selection moves to the status row.
    await (await rowLocator([PRODUCTION, 'published'])).click();
    await eventually(async () => assert.equal(rowAt(await treeRows(), [PRODUCTION, 'published'])?.expanded, false));
    await entry.first().click();
    await eventually(async () => {
      const rows = await treeRows();
      const row = rowAt(rows, [PRODUCTION, 'published', comparedTitle]);
      assert.ok(row, describeRows(rows));
      assert.equal(row.selected, true, 'the revealed row is selected');
      assert.deepEqual(
        rows.filter((r) => r.selected).map((r) => r.index),
        [row.index],
        'only the revealed row is selected',
      );
    });
    await pointerAway();
    await fx.screenshot('gateways 10 revealed in tree from status bar');
  });

  it('Add Gateway takes the first gateway’s URL under another name (a second key or tenant): the name step says so; each keeps its own key', async () => {
    assert.ok(fx.gateway);
    await fx.runCommand('Page Gateway: Add Gateway…');
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (1/3)'));
    await fx.quickInput.type(fx.gateway.url);
    // No dead end: the URL is accepted as it is.
    await eventually(async () => assert.equal(await fx.quickInput.hasError(), false, await fx.quickInput.message()));
    await fx.quickInput.accept();
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (2/3)'));
    await eventually(async () => assert.match(await fx.quickInput.message(), new RegExp(`This URL is configured already as “${firstName.replace(/\./g, '\\.')}”\\. Give this gateway another name: it gets its own API key`)));
    assert.equal(await fx.quickInput.value(), '', 'the host is taken: no name is suggested');
    await fx.quickInput.type('tenant-b');
    await fx.screenshot('gateways 11 add gateway same url another name');
    await fx.quickInput.accept();
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (3/3)'));
    await fx.quickInput.accept();
    await eventually(async () => {
      const roots = (await treeRows()).filter((row) => row.level === 1);
      assert.deepEqual(
        roots.map((row) => [row.text, row.description]),
        [
          [firstName, ''],
          [PRODUCTION, `127.0.0.1:${production?.port ?? 0}`],
          ['tenant-b', `${firstName} · no API key`],
        ],
        describeRows(roots),
      );
    });
    // The first gateway kept its key (and what it loaded): its statuses are still there.
    assert.ok(rowAt(await treeRows(), [firstName, 'published']), describeRows(await treeRows()));
    await pointerAway();
    await fx.screenshot('gateways 12 one url under two names');
  });

  it('Rename Gateway… from the palette: the picker shows a host-named gateway once; the gateway keeps its key and rows', async () => {
    await fx.runCommand('Page Gateway: Rename Gateway…');
    await eventually(async () => assert.equal((await fx.quickInput.items()).length, 3));
    const items = await fx.quickInput.items();
    assert.deepEqual(
      items.map((item) => [item.text, item.description]),
      [
        [firstName, ''],
        [PRODUCTION, `127.0.0.1:${production?.port ?? 0}`],
        ['tenant-b', firstName],
      ],
      'never “127.0.0.1:PORT 127.0.0.1:PORT”',
    );
    await fx.screenshot('gateways 13 rename gateway picker');
    await fx.quickInput.pick(firstName);
    await eventually(async () => assert.equal(await fx.quickInput.value(), firstName));
    await fx.quickInput.input.fill('tenant-b');
    await eventually(async () => assert.match(await fx.quickInput.message(), /A gateway named “tenant-b” exists already\./));
    await fx.quickInput.input.fill('stage');
    await eventually(async () => assert.equal(await fx.quickInput.hasError(), false));
    await fx.quickInput.accept();
    await eventually(async () => {
      const rows = await treeRows();
      assert.deepEqual(
        rows.filter((row) => row.level === 1).map((row) => row.text),
        ['stage', PRODUCTION, 'tenant-b'],
        `${(await fx.notifications()).join(' | ')} / ${await fx.statusBarText()}`,
      );
      assert.equal(rowAt(rows, ['stage'])?.description, firstName);
      assert.ok(rowAt(rows, ['stage', 'published']), 'its rows stay, loaded');
    });
    await pointerAway();
    await fx.screenshot('gateways 14 renamed gateway keeps rows');
  });

  it('Copy Link carries the host, encoded once; opened where no gateway has its name and two are at its host, it asks which', async () => {
    await expandRow(['stage', 'published']);
    await rowMenu(['stage', 'published', comparedTitle], 'Copy Link');
    const link = await eventually(async () => {
      const text = await fx.clipboardText();
      assert.match(text, new RegExp(`^[a-z][a-z0-9+.-]*://pagegateway\\.page-gateway-explorer/open\\?gateway=stage&host=${firstName.replace(/\./g, '\\.')}&id=${COMPARED_ID}$`));
      return text;
    });
    assert.ok(!link.includes('%25') && !link.includes(STAGING_KEY), link);
    // The link as a colleague who calls this gateway "staging-eu" would paste it.
    await fx.runCommand('View: Close All Editors');
    await eventually(async () => assert.equal(await fx.activeEditorTitle(), ''));
    await fx.runCommand('Developer: Open URL');
    await fx.quickInput.type(link.replace('gateway=stage&', 'gateway=staging-eu&'));
    await fx.quickInput.accept();
    // The editor asks before it hands a typed link to an extension.
    const allow = fx.page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Open$/ }).first();
    await allow.waitFor({ state: 'visible', timeout: 10_000 });
    await fx.screenshot('gateways 15 the editor asks before opening the link');
    await allow.click();
    // No gateway is named so, and two are at its host (stage and tenant-b): the link asks which, nothing is sent yet.
    await eventually(async () => assert.deepEqual((await fx.quickInput.items()).map((item) => [item.text, item.description]), [
      ['stage', firstName],
      ['tenant-b', firstName],
      ['Add Gateway…', ''],
    ]), { timeoutMs: 20_000 });
    assert.equal(await fx.quickInput.placeholder(), `Several gateways are at ${firstName}. Which one holds it?`);
    await fx.screenshot('gateways 16 link asks which gateway at its host');
    await fx.quickInput.pick('stage');
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`· ${COMPARED_ID}\\.json\\b`)), { timeoutMs: 20_000 });
    // Staging's copy (production's differs), and the status bar names the gateway it came from.
    await eventually(async () => assert.match(await fx.activeEditorText(), new RegExp(`"pagesCount": ${String(compared(stagingData).pagesCount)},`)));
    await eventually(async () => assert.match(await fx.statusBarText(), /(^|\| )stage( \||$)/));
    await pointerAway();
    await fx.screenshot('gateways 17 link opened on the picked gateway');
  });
});
