// The editor in the pseudo-locale (qps-ploc, from `npm run l10n`): every string of ours on screen is pseudo-localized.
// One workbench, used like a user would: the views and their welcome content, the palette's commands, an input box
// and a notification (Set API Key), the tree's rows, a row's hover, a quick pick (Search Page Groups), the Page Groups
// table (a webview: its toolbar, headers, counts, filters' panel and columns menu), and a document
// (a page group's JSON that, after a reload, says how to reopen it). Every text read from those places is searched
// for the fixed parts of our English strings (test/e2e/ourEnglish.ts): any found fails. Positive checks make sure the
// pseudo-locale really is in force (the pseudo text is there, not just the English gone).
import * as assert from 'node:assert/strict';
import { eventually, screenshotIfFailed, startWorkbench, type ContainerTitles, type WorkbenchFixture } from './fixture';
import { OurEnglish } from './ourEnglish';
import { PSEUDO_LOCALE } from './pseudoLanguagePack';
import { headerLabels, tableFrame } from './tableWebview';

/** The table's phrases as l10n/bundle.l10n.json keys them (message/comment). */
const TABLE = {
  tab: 'Page Groups · {0}/{0} is a gateway name',
  loaded: '{0} loaded/{0} is a number of page groups',
  all: 'all {0}/all page groups are loaded; {0} is their number',
  shown: '{0} shown/{0} is a number of rows',
  atLeastCount: "≥ {0}/a count in the table's filter panel while not every page group is loaded: at least {0} page groups have this value; {0} is a number",
  showColumn: "Show column {0}/a checkbox of the table's Columns menu; {0} is a column name such as Tenant",
  moveColumnLeft: "Move column {0} left/a button of the table's Columns menu, for screen readers; {0} is a column name such as Tenant",
  copyValue: "Copy {0}/the table's context menu: copies the value of one column of the selected rows; {0} is a column name such as Tenant",
  filterTo: "Filter to {0}: {1}/the table's context menu: keeps only the rows with this value; {0} is a column name such as Tenant, {1} a value such as tnt_acme, a number of pages or a day",
} as const;

describe('e2e: the pseudo-locale (qps-ploc) shows every string of ours translated', function () {
  this.timeout(180_000);
  const ours = new OurEnglish();
  const titles: ContainerTitles = {
    container: ours.pseudoManifest('viewsContainers.pageGateway.title'),
    pageGroups: ours.pseudoManifest('views.pageGroups.name'),
    webhooks: ours.pseudoManifest('views.webhooks.name'),
  };
  let fx: WorkbenchFixture;
  /** Every text checked, by place: the summary at the end says what was looked at. */
  const checked = new Map<string, number>();

  /** Fails when a text of the screen holds English of ours. */
  function noEnglish(place: string, texts: readonly string[]): void {
    checked.set(place, (checked.get(place) ?? 0) + texts.length);
    const found = texts.flatMap((text) => ours.foundIn(text).map((english) => `${english} in ${JSON.stringify(text)}`));
    assert.deepEqual(found, [], `${place}: English of ours on screen`);
  }

  async function rowTexts(view: string): Promise<string[]> {
    return (await fx.viewRows(view)).flatMap((row) => [row.label, row.text, row.description]);
  }

  async function visibleHovers(): Promise<string[]> {
    return fx.page.locator('.workbench-hover, .monaco-hover').evaluateAll((elements) =>
      elements.filter((element) => element instanceof HTMLElement && element.checkVisibility()).map((element) => (element as HTMLElement).innerText.trim()),
    );
  }

  /**
   * The quick input's title, placeholder, message and rows. In the palette, a command's second line is VS Code's
   * English alias of its title (shown in every display language so that English searches work): not a text of ours.
   */
  async function quickInputTexts(options: { palette?: boolean } = {}): Promise<string[]> {
    const rows = await fx.quickInput.widget.locator('.quick-input-list .monaco-list-row').evaluateAll(
      (elements, palette) =>
        elements.map((row) => {
          const copy = row.cloneNode(true) as HTMLElement;
          if (palette) {
            copy.querySelectorAll('.quick-input-list-label-meta').forEach((alias) => alias.remove());
          }
          return copy.textContent ?? '';
        }),
      options.palette === true,
    );
    return [await fx.quickInput.title(), await fx.quickInput.placeholder(), await fx.quickInput.message(), ...rows];
  }

  /**
   * A pattern of the pseudo-localized `message` whose {n} are the regular expressions `patterns` (the rest matched as
   * it is).
   */
  function pseudoPattern(message: string, ...patterns: string[]): string {
    const marks = patterns.map((_, i) => `\u0000${i}\u0000`);
    let source = ours.pseudo(message, ...marks).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns.forEach((pattern, i) => (source = source.replace(marks[i] as string, pattern)));
    return source;
  }

  /**
   * The words of the table's webview: the texts of its toolbar, column headers, filters' panel, columns menu and
   * empty-state line, and every element's ARIA name and description, tooltip and placeholder. The cells' texts are the
   * gateway's data, left out.
   */
  async function tableTexts(): Promise<string[]> {
    return tableFrame(fx.page)
      .locator('body')
      .evaluate((body) => {
        const texts = ['.toolbar', '.header', 'aside.filters', '.columns-menu', '.empty'].flatMap((selector) => Array.from(body.querySelectorAll<HTMLElement>(selector), (element) => element.innerText));
        for (const element of Array.from(body.querySelectorAll('*'))) {
          if (element.closest('[role="gridcell"]') === null) {
            texts.push(...['aria-label', 'aria-description', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '').filter((value) => value !== ''));
          }
        }
        return texts;
      });
  }

  before(async () => {
    assert.ok(ours.size > 300, `only ${ours.size} English fragments: is l10n/bundle.l10n.json there?`);
    fx = await startWorkbench({ withGateway: true, locale: PSEUDO_LOCALE, name: 'e2e-pseudo-locale' });
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    console.log(`      checked for English of ours: ${[...checked].map(([place, n]) => `${place} (${n})`).join(', ')}`);
    await fx?.stop();
  });

  it('the activity bar entry, the views and their welcome content', async () => {
    await fx.openContainer(titles);
    const activity = await fx.page.locator('.part.activitybar [aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
    assert.ok(activity.some((label) => label.startsWith(titles.container)), activity.join(' | '));
    const headers = await fx.page.locator('.part.sidebar .pane-header h3.title').allInnerTexts();
    assert.ok(headers.includes(titles.pageGroups) && headers.includes(titles.webhooks), headers.join(' | '));
    noEnglish('view titles', [...headers, await fx.page.locator('.part.sidebar .composite.title h2').innerText()]);
    // The key is not set yet: the welcome content asks for it, with its button, both pseudo-localized.
    const buttons = [...ours.pseudoManifest('viewsWelcome.noKey').matchAll(/\[([^\]]+)\]\(command:/g)].map((match) => match[1]);
    const welcome = await eventually(async () => {
      const shown = await fx.welcome(titles.pageGroups);
      assert.ok(shown, 'no welcome content');
      assert.deepEqual(shown.buttons, buttons);
      return shown;
    }, { timeoutMs: 30_000 });
    noEnglish('welcome content', [welcome.text, ...welcome.buttons]);
    await fx.screenshot('pseudo-locale 01 views and welcome');
  });

  it('a command from the palette: its title, its input box and the notification it shows', async () => {
    const title = ours.pseudoCommand('setApiKey');
    await fx.quickInput.openCommandPalette();
    await fx.quickInput.type(`>${title}`);
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === title)));
    noEnglish('command palette', await quickInputTexts({ palette: true }));
    await fx.quickInput.pick(title);
    await eventually(async () => assert.equal(await fx.quickInput.title(), ours.pseudo('Page Gateway: Set API Key')));
    noEnglish('input box', await quickInputTexts());
    await fx.screenshot('pseudo-locale 02 input box');
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.quickInput.type(gateway.apiKey);
    await fx.quickInput.accept();
    const host = new URL(gateway.url).host;
    const accepted = ours.pseudo('The gateway {0} accepted the API key.', host);
    const toasts = await eventually(async () => {
      const shown = await fx.notifications();
      assert.ok(shown.includes(accepted), shown.join(' | '));
      return shown;
    });
    noEnglish('notifications', toasts);
    await fx.screenshot('pseudo-locale 03 notification');
  });

  it('a rejected key: the warning and its buttons, the first “Enter Another Key…”, which asks again', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    const title = ours.pseudoCommand('setApiKey');
    const askForKey = async (key: string): Promise<void> => {
      await eventually(async () => assert.equal(await fx.quickInput.title(), ours.pseudo('Page Gateway: Set API Key')));
      await fx.quickInput.type(key);
      await fx.quickInput.accept();
    };
    await fx.quickInput.openCommandPalette();
    await fx.quickInput.type(`>${title}`);
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === title)));
    await fx.quickInput.pick(title);
    await askForKey('pge-not-the-key-3f1a');
    const host = new URL(gateway.url).host;
    const rejected = ours.pseudo('The gateway {0} rejected this API key (HTTP {1}).', host, '401');
    const toast = fx.page.locator('.notifications-toasts .notification-toast').filter({ hasText: rejected });
    await eventually(async () => assert.equal(await toast.count(), 1, (await fx.notifications()).join(' | ')));
    const buttons = (await toast.locator('.monaco-button').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
    assert.deepEqual(buttons.slice(0, 2), [ours.pseudo('Enter Another Key…'), ours.pseudo('Remove Key')]);
    noEnglish('notifications', [...(await fx.notifications()), ...buttons]);
    await fx.screenshot('pseudo-locale 03b rejected key');
    await toast.locator('.monaco-button').first().click();
    await askForKey(gateway.apiKey);
    const accepted = ours.pseudo('The gateway {0} accepted the API key.', host);
    await eventually(async () => assert.ok((await fx.notifications()).includes(accepted), (await fx.notifications()).join(' | ')));
  });

  it('the rows of both trees: statuses, page groups, "Load more…", webhook subscriptions and events', async () => {
    await eventually(async () => {
      const texts = (await fx.viewRows(titles.pageGroups)).map((row) => row.text);
      assert.ok(texts.includes('published') && texts.includes(ours.pseudo('Find more statuses…')), texts.join(' | '));
    });
    await fx.row(titles.pageGroups, 'published').click();
    await eventually(async () => assert.ok((await fx.viewRows(titles.pageGroups)).some((row) => row.level === 2), 'published did not expand'));
    await eventually(async () => {
      const rows = await fx.viewRows(titles.pageGroups);
      assert.ok(rows.some((row) => row.level === 2 && new RegExp(ours.pseudo('{0} pages', '\\d+')).test(row.description)), rows.map((row) => row.description).join(' | '));
    });
    noEnglish('Page Groups rows', await rowTexts(titles.pageGroups));
    await fx.expandView(titles.webhooks);
    await eventually(async () => assert.ok((await fx.viewRows(titles.webhooks)).length > 0));
    // The twistie expands (a click on the label opens the subscription's JSON).
    await fx.view(titles.webhooks).locator('.monaco-list[role="tree"] .monaco-list-row').first().locator('.monaco-tl-twistie').click();
    await eventually(async () => assert.ok((await fx.viewRows(titles.webhooks)).some((row) => row.level === 2)));
    noEnglish('Webhook Subscriptions rows', await rowTexts(titles.webhooks));
    await fx.screenshot('pseudo-locale 04 rows');
  });

  it("a hover: a page group row's tooltip", async () => {
    const row = fx.view(titles.pageGroups).locator('.monaco-list[role="tree"] .monaco-list-row[aria-level="2"]').first();
    await row.hover();
    const hovers = await eventually(async () => {
      const shown = await visibleHovers();
      assert.ok(shown.some((text) => text.includes(ours.pseudo('Status'))), shown.join(' | '));
      return shown;
    }, { timeoutMs: 20_000 });
    noEnglish('row tooltip', hovers);
    await fx.screenshot('pseudo-locale 05 hover');
    await fx.page.mouse.move(1100, 740);
  });

  it('a quick pick: Search Page Groups, with matches and its progress in the title', async () => {
    await fx.quickInput.openCommandPalette();
    await fx.quickInput.type(`>${ours.pseudoCommand('search')}`);
    await fx.quickInput.pick(ours.pseudoCommand('search'));
    await fx.quickInput.type('checkout');
    await eventually(async () => {
      assert.ok((await fx.quickInput.items()).length > 0, 'no matches');
      assert.ok((await fx.quickInput.title()).startsWith(ours.pseudo('Search Page Groups — {0}', '')), await fx.quickInput.title());
    }, { timeoutMs: 30_000 });
    noEnglish('Search quick pick', await quickInputTexts());
    await fx.screenshot('pseudo-locale 06 quick pick');
    await fx.quickInput.cancel();
  });

  it('after a refresh, the counts Search learned say when they were learned ("as of …"), translated', async () => {
    // The Page Groups view's own Refresh (its title's button, named in the pseudo-locale).
    const refresh = ours.pseudoManifest('command.refreshView.title');
    await fx.view(titles.pageGroups).locator('.pane-header').hover();
    await fx.view(titles.pageGroups).locator(`.pane-header .action-label[aria-label^="${refresh}"]`).click();
    const asOf = new RegExp(ours.pseudo('as of {0}/a count learned earlier: "57 · as of 2:05 PM" or "as of Nov 26"', 'TIME').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('TIME', '.+'));
    const rows = await eventually(
      async () => {
        const shown = await fx.viewRows(titles.pageGroups);
        assert.ok(shown.some((row) => row.level === 1 && asOf.test(row.description)), shown.map((row) => `${row.text}: ${row.description}`).join(' | '));
        return shown;
      },
      { timeoutMs: 30_000 },
    );
    noEnglish('Page Groups rows after a refresh', rows.flatMap((row) => [row.label, row.text, row.description]));
    await fx.screenshot('pseudo-locale 05b counts as of');
  });

  it('the Page Groups table: toolbar, column headers, counts, filters\' panel and columns menu, before and after Load All', async () => {
    await fx.runCommand(ours.pseudoCommand('openPageGroupsTable'));
    await eventually(async () => assert.ok((await fx.activeEditorTitle()).startsWith(ours.pseudo(TABLE.tab, '')), await fx.activeEditorTitle()));
    const table = tableFrame(fx.page);
    const body = table.locator('body');
    await eventually(async () => assert.ok(Number(await body.getAttribute('data-loaded')) > 0, 'no rows yet'), { timeoutMs: 20_000 });
    const headers = await eventually(async () => {
      const shown = await headerLabels(table);
      assert.ok(shown.includes(ours.pseudo('ID')) && shown.includes(ours.pseudo('Name')) && shown.includes(ours.pseudo('Status')), shown.join(' | '));
      return shown;
    });
    const number = '[\\d,]+';
    const count = table.locator('.count');
    const exactness = table.locator('aside.filters .exactness');
    const statusCounts = async (): Promise<string[]> => (await table.locator('.facet[data-field="status"] .facet-count').allTextContents()).map((text) => text.trim());
    // The table holds what the tree loaded, not every page group: the counts are lower bounds ("≥ 12"), said as such.
    assert.equal(await body.getAttribute('data-complete'), 'false', 'the tree loaded only part of the gateway');
    await eventually(async () => {
      assert.match(await count.innerText(), new RegExp(`^${pseudoPattern(TABLE.loaded, number)} · ${pseudoPattern(TABLE.shown, number)}`));
      assert.equal((await exactness.innerText()).trim(), ours.pseudo('at least'));
      const counts = await statusCounts();
      const atLeast = new RegExp(`^${pseudoPattern(TABLE.atLeastCount, number)}$`);
      assert.ok(counts.length > 0 && counts.every((text) => atLeast.test(text)), counts.join(' | '));
    });
    noEnglish('Page Groups table', await tableTexts());
    await fx.screenshot('pseudo-locale 06b table');
    // The columns menu: each control names its column inside one phrase.
    await table.getByRole('button', { name: ours.pseudo('Columns'), exact: true }).click();
    const menu = table.locator('.columns-menu');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    const names = await menu.locator('input, button').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
    assert.equal(names.filter((name) => name.startsWith(ours.pseudo(TABLE.showColumn, ''))).length, await menu.locator('input').count(), names.join(' | '));
    assert.equal(await menu.locator('input:checked').count(), headers.length, 'a checked box for each column shown');
    assert.ok(names.includes(ours.pseudo(TABLE.showColumn, ours.pseudo('ID'))) && names.includes(ours.pseudo(TABLE.moveColumnLeft, ours.pseudo('Name'))), names.join(' | '));
    noEnglish('Page Groups table columns menu', [await menu.innerText(), ...names]);
    await fx.screenshot('pseudo-locale 06c table columns menu');
    await fx.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 10_000 });
    // Load All: every page group, counted exactly ("all 150"), the counts the numbers alone.
    await table.getByRole('button', { name: ours.pseudo('Load All'), exact: true }).click();
    await eventually(async () => assert.equal(await body.getAttribute('data-complete'), 'true'), { timeoutMs: 30_000 });
    const total = Number(await body.getAttribute('data-loaded')).toLocaleString('en');
    await eventually(async () => {
      assert.ok((await count.innerText()).startsWith(`${ours.pseudo(TABLE.all, total)} · ${ours.pseudo(TABLE.shown, total)}`), await count.innerText());
      assert.equal((await exactness.innerText()).trim(), ours.pseudo('exact'));
      const counts = await statusCounts();
      assert.ok(counts.length > 0 && counts.every((text) => new RegExp(`^${number}$`).test(text)), counts.join(' | '));
    });
    noEnglish('Page Groups table', await tableTexts());
    await fx.screenshot('pseudo-locale 06d table all loaded');
    // The menus of a cell and of a header: each phrase whole, the column's name inside it.
    const popup = table.locator('.menu:not([hidden])');
    const at = headers.indexOf(ours.pseudo('Tenant'));
    assert.ok(at >= 0, headers.join(' | '));
    const tenantCell = table.locator(`.body [role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="${at + 1}"]`);
    const tenant = ((await tenantCell.textContent()) ?? '').trim();
    await tenantCell.click({ button: 'right' });
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
    const rowItems = (await popup.locator('[role="menuitem"]').allInnerTexts()).map((text) => text.trim());
    assert.ok(rowItems.includes(ours.pseudo(TABLE.copyValue, ours.pseudo('Tenant'))), rowItems.join(' | '));
    assert.ok(rowItems.includes(ours.pseudo(TABLE.filterTo, ours.pseudo('Tenant'), tenant)), rowItems.join(' | '));
    noEnglish('Page Groups table row menu', rowItems);
    await fx.screenshot('pseudo-locale 06e table row menu');
    await fx.page.keyboard.press('Escape');
    await table.locator(`[role="columnheader"][aria-colindex="${at + 1}"]`).click({ button: 'right' });
    await popup.waitFor({ state: 'visible', timeout: 10_000 });
    noEnglish('Page Groups table header menu', await popup.locator('[role="menuitem"]').allInnerTexts());
    await fx.page.keyboard.press('Escape');
    await fx.runCommand('View: Close Editor');
    await eventually(async () => assert.ok(!(await fx.activeEditorTitle()).startsWith(ours.pseudo(TABLE.tab, '')), await fx.activeEditorTitle()));
  });

  it('a document and a dialog: a page group as JSON with its status bar entry; Remove Gateway asks, then the document says its gateway is gone', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    const host = new URL(gateway.url).host;
    await fx.view(titles.pageGroups).locator('.monaco-list[role="tree"] .monaco-list-row[aria-level="2"]').first().click();
    await eventually(async () => assert.match(await fx.activeEditorText(), /"pageGroupId"/));
    const statusBar = await eventually(async () => {
      const labels = await fx.page.locator('.part.statusbar .statusbar-item[aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
      assert.ok(labels.includes(ours.pseudo('Page Gateway document from gateway {0}. Reveal in the tree.', host)), labels.join(' | '));
      return labels;
    });
    // The status bar's other entries are VS Code's own (English here): only ours, the one naming the gateway.
    noEnglish('status bar', statusBar.filter((label) => label.includes(host)));
    await fx.screenshot('pseudo-locale 07 document');
    await fx.quickInput.openCommandPalette();
    await fx.quickInput.type(`>${ours.pseudoCommand('removeGateway')}`);
    await fx.quickInput.pick(ours.pseudoCommand('removeGateway'));
    const dialog = fx.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const message = (await dialog.locator('.dialog-message-text').innerText()).replace(/\s+/g, ' ').trim();
    assert.equal(message, ours.pseudo('Remove the gateway “{0}” ({1})?', host, gateway.url.replace(/\/$/, '')));
    const dialogTexts = [message, await dialog.locator('.dialog-message-detail').innerText(), ...(await dialog.locator('.monaco-button').allInnerTexts())];
    noEnglish('dialog', dialogTexts);
    await fx.screenshot('pseudo-locale 08 dialog');
    await dialog.locator('.monaco-button', { hasText: new RegExp(`^\\s*${ours.pseudo('Remove')}\\s*$`) }).first().click();
    const text = await eventually(async () => {
      const shown = await fx.activeEditorText();
      assert.match(shown, /"message"/, shown);
      return shown;
    }, { timeoutMs: 30_000 });
    // The editor renders the lines in view only: the message is the first property.
    const line = /^\s*"message": ("(?:[^"\\]|\\.)*")/m.exec(text);
    assert.ok(line, text);
    const said = JSON.parse(line[1] as string) as string;
    assert.equal(said, ours.pseudo('The gateway “{0}” is no longer configured in this window, so this document is not updated. Add it again with “Page Gateway: Add Gateway…”.', host));
    noEnglish('document', [said]);
    await fx.screenshot('pseudo-locale 09 document of a removed gateway');
  });
});
