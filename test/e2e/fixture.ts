// End-to-end fixture: a real VS Code (code-server) with the extension installed from the .vsix that
// `npm run package` built, opened in Debian's Chromium, optionally against the sample gateway (in-process).
// Helpers drive the workbench the way a user does: activity bar, views, welcome buttons, command palette,
// quick input, notifications. Screenshots go to test-artifacts/screenshots/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startSampleGateway, type SampleGateway, type SampleGatewayOptions } from '../gateway/server';
import { startCodeServer, type CodeServer } from '../harness/codeServer';
import { SCREENSHOTS_DIR, VSIX_PATH } from '../harness/paths';
import { openWorkbench, type Workbench } from '../harness/workbench';
import { PSEUDO_LOCALE, pseudoLanguagePack } from './pseudoLanguagePack';
import { QuickInputDriver } from './quickInput';

export { eventually, fadedIn } from './eventually';
export { QuickInputDriver } from './quickInput';

export const CONTAINER_TITLE = 'Page Gateway';
export const PAGE_GROUPS_VIEW = 'Page Groups';
export const WEBHOOKS_VIEW = 'Webhooks';

export interface StartWorkbenchOptions {
  /** User settings (added to the harness's quiet defaults). With a gateway, `pageGateway.baseUrl` defaults to its URL. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Start the sample gateway (implied by `gatewayOptions`). */
  readonly withGateway?: boolean;
  readonly gatewayOptions?: SampleGatewayOptions;
  /** Environment for code-server and its extension host. */
  readonly env?: Readonly<Record<string, string>>;
  /** The package to install (default: page-gateway-explorer.vsix at the repository root). */
  readonly vsix?: string;
  /** Other packages installed beside it (the benchmark's control extension). */
  readonly extraVsix?: readonly string[];
  /** Names the code-server log (test-artifacts/logs/<name>.log). */
  readonly name?: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Device pixels per CSS pixel (2: screenshots for the README and the walkthrough, sharp on high-density displays). */
  readonly scale?: number;
  /**
   * The editor's display language (default: English). `qps-ploc` installs a test language pack for the pseudo-locale
   * first (VS Code offers a display language only when a language pack declares it).
   */
  readonly locale?: string;
}

/** The titles of the container and its views, as shown. */
export interface ContainerTitles {
  readonly container: string;
  readonly pageGroups: string;
  readonly webhooks: string;
}

const ENGLISH_TITLES: ContainerTitles = { container: CONTAINER_TITLE, pageGroups: PAGE_GROUPS_VIEW, webhooks: WEBHOOKS_VIEW };

export interface TreeRow {
  /** The row's position in the tree (`data-index`): `viewRows` lists rows in tree order. */
  readonly index: number;
  /** The row's accessible label (VS Code puts the label, and the description when there is one, in it). */
  readonly label: string;
  /** The label text as shown. */
  readonly text: string;
  /** The description text as shown ('' when none). */
  readonly description: string;
  /** 1 for top-level rows. */
  readonly level: number;
  /** undefined for leaves. */
  readonly expanded: boolean | undefined;
  readonly selected: boolean;
}

export interface WelcomeContent {
  readonly text: string;
  readonly buttons: readonly string[];
}

export interface WorkbenchFixture {
  readonly page: Page;
  readonly server: CodeServer;
  readonly gateway: SampleGateway | undefined;
  readonly workbench: Workbench;
  readonly quickInput: QuickInputDriver;
  /** Saves test-artifacts/screenshots/<name>.png; returns its path. */
  screenshot(name: string): Promise<string>;
  /** Like `screenshot`, of a region of the page only (e.g. for the walkthrough's images). */
  screenshotRegion(name: string, region: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }): Promise<string>;
  /**
   * Clicks the "Page Gateway" activity-bar entry (unless its side bar is already shown) and waits for both views.
   * `titles`: the container's and views' titles as shown, when the editor is in another language.
   */
  openContainer(titles?: ContainerTitles): Promise<void>;
  /** The view's pane (header + body) in the side bar. */
  view(viewTitle: string): Locator;
  /** Expands a collapsed view. */
  expandView(viewTitle: string): Promise<void>;
  /** The rows the view's tree shows now (only rendered rows: the tree virtualises long lists). */
  viewRows(viewTitle: string): Promise<TreeRow[]>;
  /** A tree row: by its label text as shown (a string, matched exactly) or by a pattern on its accessible label. */
  row(viewTitle: string, label: string | RegExp): Locator;
  /** Scrolls the view's tree until the row labelled `label` is rendered and in view (a tree renders only what is in view). */
  scrollToRow(viewTitle: string, label: string): Promise<Locator>;
  /** Right-clicks `target` (e.g. a row) and clicks the context-menu entry labelled `item` (exactly). */
  contextMenu(target: Locator, item: string): Promise<void>;
  /** Opens the view title's "…" menu and clicks its entry labelled `item` (exactly). */
  viewTitleMenu(viewTitle: string, item: string): Promise<void>;
  /** The view's welcome content, or undefined when the view shows no welcome content. */
  welcome(viewTitle: string): Promise<WelcomeContent | undefined>;
  clickWelcomeButton(viewTitle: string, label: string): Promise<void>;
  /** Runs a command from the palette by its title as listed, e.g. "Page Gateway: Set API Key…". */
  runCommand(title: string): Promise<void>;
  /** Sets the sample gateway's key as a user does: Set API Key… from the palette, the key typed, Enter. */
  setSampleKey(): Promise<void>;
  /** The browser clipboard's text (what "Copy …" commands put there; the fixture grants clipboard access). */
  clipboardText(): Promise<string>;
  /** Texts of the notification toasts shown now. */
  notifications(): Promise<string[]>;
  /** The status bar items' texts, joined with ' | '. */
  statusBarText(): Promise<string>;
  /** Text of the active editor ('' when none). */
  activeEditorText(): Promise<string>;
  activeEditorTitle(): Promise<string>;
  /** Reloads the workbench (same browser profile: secrets survive) and waits for it. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

/** Matches an element whose whole text is `text` (whitespace-trimmed). */
export function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** A file name from a free-form title: letters, digits, dashes. */
export function screenshotFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .toLowerCase()
    .slice(0, 120);
  return `${slug || 'screenshot'}.png`;
}

async function shoot(page: Page, name: string, clip?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }): Promise<string> {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, screenshotFileName(name));
  await page.screenshot({ path: file, ...(clip === undefined ? {} : { clip: { ...clip } }) });
  return file;
}

/** For `afterEach`: a screenshot named after the test when it failed. */
export async function screenshotIfFailed(context: Mocha.Context, fixture: WorkbenchFixture | undefined): Promise<void> {
  const test = context.currentTest;
  if (fixture && test && test.state === 'failed') {
    const file = await fixture.screenshot(`failed ${test.fullTitle()}`).catch(() => undefined);
    if (file) {
      console.log(`      screenshot of the failure: ${path.relative(process.cwd(), file)}`);
    }
  }
}

export async function startWorkbench(options: StartWorkbenchOptions = {}): Promise<WorkbenchFixture> {
  const vsix = options.vsix ?? VSIX_PATH;
  if (!fs.existsSync(vsix)) {
    throw new Error(`${path.basename(vsix)} not found: run npm run package first`);
  }
  let gateway: SampleGateway | undefined;
  let server: CodeServer | undefined;
  try {
    if (options.withGateway === true || options.gatewayOptions !== undefined) {
      gateway = await startSampleGateway(options.gatewayOptions ?? {});
    }
    const settings: Record<string, unknown> = { ...options.settings };
    if (gateway && !('pageGateway.baseUrl' in settings)) {
      settings['pageGateway.baseUrl'] = gateway.url;
    }
    const pack = options.locale === PSEUDO_LOCALE ? await pseudoLanguagePack() : undefined;
    server = await startCodeServer({
      vsix,
      settings,
      env: options.env,
      logName: options.name ?? 'e2e-code-server',
      locale: options.locale,
      extraVsix: [...(options.extraVsix ?? []), ...(pack === undefined ? [] : [pack.vsix])],
      ...(pack === undefined ? {} : { userDataFiles: { 'languagepacks.json': pack.languagePacksJson } }),
    });
    const workbench = await openWorkbench({ server, viewport: options.viewport, scale: options.scale });
    return createFixture(workbench, server, gateway);
  } catch (error: unknown) {
    await server?.stop();
    await gateway?.close();
    throw error;
  }
}

function createFixture(workbench: Workbench, server: CodeServer, gateway: SampleGateway | undefined): WorkbenchFixture {
  const page = workbench.page;
  const sideBar = page.locator('.part.sidebar');
  const quickInput = new QuickInputDriver(page);

  // By the header's title text: the header's aria-label changes when the view shows a description (e.g. a filter).
  const view = (viewTitle: string): Locator =>
    sideBar.locator('.pane').filter({ has: page.locator('.pane-header h3.title').getByText(viewTitle, { exact: true }) });

  const expandView = async (viewTitle: string): Promise<void> => {
    const header = view(viewTitle).locator('.pane-header');
    await header.waitFor({ state: 'visible' });
    if ((await header.getAttribute('aria-expanded')) === 'false') {
      await header.click();
      await page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await header.elementHandle());
    }
  };

  /** Clicks the entry labelled `item` (exactly) of the context menu shown now. */
  const runMenuEntry = async (item: string, timeout?: number): Promise<void> => {
    const menu = page.locator('.context-view .monaco-menu');
    const entry = menu.locator('.action-item .action-label', { hasText: exactText(item) }).first();
    await entry.waitFor({ state: 'visible', ...(timeout === undefined ? {} : { timeout }) });
    // A mouse click on a menu entry right after the menu opened is sometimes swallowed by the workbench in
    // headless Chromium; hovering focuses the entry and Enter runs it reliably.
    await entry.hover(timeout === undefined ? {} : { timeout });
    await page.waitForFunction((element) => element?.closest('.action-item')?.classList.contains('focused') === true, await entry.elementHandle(), { timeout: 5000 }).catch(() => undefined);
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden', timeout: 10_000 });
  };

  const fixture: WorkbenchFixture = {
    page,
    server,
    gateway,
    workbench,
    quickInput,
    screenshot: (name) => shoot(page, name),
    screenshotRegion: (name, region) => shoot(page, name, region),
    async openContainer(titles = ENGLISH_TITLES) {
      const title = sideBar.locator('.composite.title h2');
      const header = view(titles.pageGroups).locator('.pane-header');
      // After a reload the side bar may still be restoring when it is looked at: a click then closes it again. So
      // click, and click again when the views do not show up.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const shown = (await sideBar.isVisible()) && (await title.textContent().catch(() => ''))?.trim().toLowerCase() === titles.container.toLowerCase();
        if (!shown) {
          await page.locator(`.part.activitybar [aria-label^="${titles.container}"]`).first().click({ timeout: 30_000 });
        }
        if (await header.waitFor({ state: 'visible', timeout: 8_000 }).then(() => true, () => false)) {
          break;
        }
      }
      await header.waitFor({ state: 'visible', timeout: 30_000 });
      await view(titles.webhooks).locator('.pane-header').waitFor({ state: 'visible', timeout: 30_000 });
      // Move the pointer off the activity bar (its hover would stay in screenshots) and let the views' first
      // progress bars finish (best effort: a view may legitimately keep loading).
      await page.mouse.move(700, 500);
      await sideBar
        .locator('.monaco-progress-container.active')
        .first()
        .waitFor({ state: 'hidden', timeout: 5000 })
        .catch(() => undefined);
    },
    view,
    expandView,
    async viewRows(viewTitle) {
      await expandView(viewTitle);
      const rows = await view(viewTitle)
        .locator('.monaco-list[role="tree"] .monaco-list-row')
        .evaluateAll((elements) =>
          elements.map((row) => {
            const expanded = row.getAttribute('aria-expanded');
            return {
              index: Number(row.getAttribute('data-index')),
              label: row.getAttribute('aria-label') ?? '',
              text: row.querySelector('.label-name')?.textContent?.trim() ?? row.textContent?.trim() ?? '',
              description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
              level: Number(row.getAttribute('aria-level') ?? '1'),
              expanded: expanded === null ? undefined : expanded === 'true',
              selected: row.getAttribute('aria-selected') === 'true',
            };
          }),
        );
      // The list renders rows in any DOM order; data-index is their place in the tree.
      return rows.sort((a, b) => a.index - b.index);
    },
    row(viewTitle, label) {
      if (typeof label === 'string') {
        const rows = view(viewTitle).locator('.monaco-list[role="tree"] .monaco-list-row');
        return rows.filter({ has: page.locator('.label-name', { hasText: exactText(label) }) }).first();
      }
      return view(viewTitle).getByRole('treeitem', { name: label }).first();
    },
    async scrollToRow(viewTitle, label) {
      const row = this.row(viewTitle, label);
      const tree = view(viewTitle).locator('.monaco-list[role="tree"]');
      for (let i = 0; i < 40 && (await row.count()) === 0; i += 1) {
        await tree.hover();
        await page.mouse.wheel(0, 200);
        await page.waitForTimeout(50);
      }
      await row.scrollIntoViewIfNeeded();
      return row;
    },
    async contextMenu(target, item) {
      await target.click({ button: 'right' });
      await runMenuEntry(item);
    },
    async viewTitleMenu(viewTitle, item) {
      const header = view(viewTitle).locator('.pane-header');
      // The title's actions are drawn again when the view's title changes (its description follows a loading tree):
      // a menu opened from the old ones can go with them. Then it is opened again, at most three times.
      for (let attempt = 1; ; attempt++) {
        await header.hover();
        await header.locator('.action-label[aria-label="More Actions..."]').click();
        try {
          await runMenuEntry(item, attempt < 3 ? 10_000 : 30_000);
          return;
        } catch (error) {
          if (attempt >= 3) {
            // What was there instead, for whoever reads the failure.
            const entries = await page.locator('.context-view .monaco-menu .action-item .action-label').allTextContents().catch(() => []);
            const actions = await header.locator('.action-label').evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label') ?? '')).catch(() => []);
            throw new Error(`"${item}" not in the "…" menu of ${viewTitle}; the menu: [${entries.map((e) => e.trim()).join(' | ')}]; the title's actions: [${actions.join(' | ')}] (${String(error)})`);
          }
          await page.keyboard.press('Escape');
        }
      }
    },
    async welcome(viewTitle) {
      await expandView(viewTitle);
      const content = view(viewTitle).locator('.pane-body.welcome .welcome-view-content');
      if (!(await content.isVisible())) {
        return undefined;
      }
      const text = (await content.locator('p').allTextContents()).map((line) => line.trim()).join('\n');
      const buttons = (await content.locator('.monaco-button').allTextContents()).map((label) => label.trim());
      return { text, buttons };
    },
    async clickWelcomeButton(viewTitle, label) {
      await view(viewTitle).locator('.welcome-view-content .monaco-button', { hasText: label }).first().click();
    },
    async runCommand(title) {
      // The palette closes when something else takes the focus (an editor that opens late, a walkthrough moving on
      // to its next step): opened again, at most three times, as a user would. Nothing has run while it was closed.
      for (let attempt = 1; ; attempt += 1) {
        await quickInput.openCommandPalette();
        const typed = await quickInput.input.fill(`>${title}`, { timeout: 5_000 }).then(
          () => true,
          (error: unknown) => error,
        );
        if (typed === true) {
          break;
        }
        if (attempt === 3 || (await quickInput.isOpen())) {
          throw typed;
        }
      }
      await quickInput.pick(title);
    },
    async setSampleKey() {
      if (gateway === undefined) {
        throw new Error('setSampleKey: the workbench was started without the sample gateway');
      }
      await fixture.runCommand('Page Gateway: Set API Key…');
      await quickInput.type(gateway.apiKey);
      await quickInput.accept();
    },
    async clipboardText() {
      return page.evaluate(() => navigator.clipboard.readText());
    },
    async notifications() {
      const messages = page.locator('.notifications-toasts .notification-toast .notification-list-item-message');
      return (await messages.allTextContents()).map((text) => text.trim());
    },
    async statusBarText() {
      // innerText: the status bar also holds <style> elements whose text is not shown.
      const items = await page.locator('.part.statusbar .statusbar-item').allInnerTexts();
      return items
        .map((text) => text.replace(/\s+/g, ' ').trim())
        .filter((text) => text.length > 0)
        .join(' | ');
    },
    async activeEditorText() {
      const lines = page.locator('.editor-group-container.active .editor-instance .view-lines');
      if ((await lines.count()) === 0) {
        return '';
      }
      // Monaco renders non-breaking spaces; give the text as typed.
      return ((await lines.first().innerText()) ?? '').replace(/\u00a0/g, ' ');
    },
    async activeEditorTitle() {
      const tab = page.locator('.editor-group-container.active .tabs-container .tab.active');
      if ((await tab.count()) === 0) {
        return '';
      }
      return ((await tab.first().getAttribute('aria-label')) ?? '').trim();
    },
    async reload() {
      await page.reload();
      await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    },
    async stop() {
      await workbench.close();
      await server.stop();
      await gateway?.close();
    },
  };
  return fixture;
}
