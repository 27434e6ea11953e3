// The editor in the pseudo-locale (qps-ploc, from `npm run l10n`): every string of ours on screen is pseudo-localized.
// One workbench, used like a user would: the views and their welcome content, the palette's commands, an input box
// and a notification (Set API Key), the tree's rows, a row's hover, a quick pick (Search Page Groups), and a document
// (a page group's JSON that, after a reload, says how to reopen it). Every text read from those places is searched
// for the fixed parts of our English strings (test/e2e/ourEnglish.ts): any found fails. Positive checks make sure the
// pseudo-locale really is in force (the pseudo text is there, not just the English gone).
import * as assert from 'node:assert/strict';
import { eventually, screenshotIfFailed, startWorkbench, type ContainerTitles, type WorkbenchFixture } from './fixture';
import { OurEnglish } from './ourEnglish';
import { PSEUDO_LOCALE } from './pseudoLanguagePack';

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
