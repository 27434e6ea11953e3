// The "Get Started with Page Gateway Explorer" walkthrough in the real workbench, and the keyboard in the views: the
// walkthrough opens from the palette with its five steps, a step completes from its own button, and every step
// completes on its own event while the user sets the URL and the key, expands a status, searches (Ctrl+F) and copies
// ids (Ctrl+C); F5 refreshes the focused view. (The steps' images are taken by images.test.ts.)
import * as assert from 'node:assert/strict';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, type WorkbenchFixture } from './fixture';
import { openWalkthrough as open, stepsDone, walkthroughPage, walkthroughStep } from './walkthroughPage';

const TITLES = [
  'Set the gateway URL',
  'Set the API key',
  'Browse page groups by status',
  'Search page groups',
  'Copy an id',
  // Then what comes after the first minutes: webhooks, the inbox, a second gateway.
  'Debug a webhook',
  'Receive deliveries in the editor',
  'Add a second gateway',
];
/** The top of the side bar and the quick input above the editor: what the steps' images show (small PNGs). */

const dataset = generateDataset();

describe('e2e: the walkthrough and the keyboard', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;

  before(async () => {
    // Nothing configured: the walkthrough starts from the beginning.
    fx = await startWorkbench({
      withGateway: true,
      gatewayOptions: { dataset },
      settings: { 'pageGateway.baseUrl': '' },
      viewport: { width: 1280, height: 720 },
      name: 'e2e-walkthrough',
    });
    await fx.openContainer();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  const walkthrough = () => walkthroughPage(fx);
  const step = (id: string) => walkthroughStep(fx, id);
  const openWalkthrough = (): Promise<void> => open(fx);
  const done = (): Promise<boolean[]> => stepsDone(fx);

  async function closeEditors(): Promise<void> {
    await fx.runCommand('View: Close All Editors');
  }

  it('the welcome view\'s Set Gateway URL opens the URL input', async () => {
    await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set Gateway URL')));
    await fx.clickWelcomeButton(PAGE_GROUPS_VIEW, 'Set Gateway URL');
    await eventually(async () => assert.match(await fx.quickInput.title(), /Set Gateway URL/));
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.quickInput.type(gateway.url);
    await fx.page.mouse.move(1200, 700);
    await fx.screenshot('walkthrough step 1 gateway url');
    // Not accepted: the walkthrough's own button sets it below.
    await fx.quickInput.cancel();
  });

  it('opens from the palette with its steps in order (the first five, then webhooks, the inbox and a second gateway), none done yet', async () => {
    await openWalkthrough();
    const titles = await walkthrough().locator('button.getting-started-step .step-title').allTextContents();
    assert.deepEqual(
      titles.map((title) => title.trim()),
      TITLES,
    );
    assert.deepEqual(await done(), [false, false, false, false, false]);
    await fx.screenshot('walkthrough 1 steps');
  });

  it('shows the image of the selected step, and completes "Set the gateway URL" from its own button', async () => {
    await step('setGatewayUrl').click();
    await eventually(async () => assert.ok((await walkthrough().locator('.getting-started-media img[srcset*="walkthrough%2F1-gateway-url-light.png"]').count()) > 0, 'the step shows its image'));
    await walkthrough().getByRole('button', { name: 'Set Gateway URL', exact: true }).click();
    await eventually(async () => assert.match(await fx.quickInput.title(), /Set Gateway URL/));
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.quickInput.type(gateway.url);
    await fx.screenshot('walkthrough 2 url typed from the step');
    await fx.quickInput.accept();
    await eventually(async () => assert.deepEqual(await done(), [true, false, false, false, false]), { timeoutMs: 20_000 });
    await fx.screenshot('walkthrough 3 first step done');
  });

  it('step 2 completes when the key is stored (the password box is the image)', async () => {
    await closeEditors();
    await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set API Key')));
    await fx.clickWelcomeButton(PAGE_GROUPS_VIEW, 'Set API Key');
    await eventually(async () => assert.equal(await fx.quickInput.input.getAttribute('type'), 'password'));
    const gateway = fx.gateway;
    assert.ok(gateway);
    await fx.quickInput.type(gateway.apiKey);
    await fx.page.mouse.move(1200, 700);
    await fx.screenshot('walkthrough step 2 api key');
    await fx.quickInput.accept();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n))));
    await fx.runCommand('Notifications: Clear All Notifications');
  });

  it('step 3 completes when a status is expanded', async () => {
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'published')?.description, '20+'));
    await fx.page.mouse.move(1200, 700);
    await fx.screenshot('walkthrough step 3 browse by status');
  });

  it('Ctrl+F in the Page Groups view opens the search (step 4); the matches are the image', async () => {
    const first = dataset.pageGroups.find((pg) => pg.status === 'published');
    assert.ok(first);
    // Focus the tree without opening anything: the status row toggles, so click its twistie twice.
    await fx.row(PAGE_GROUPS_VIEW, 'published').locator('.monaco-tl-twistie').click();
    await fx.row(PAGE_GROUPS_VIEW, 'published').locator('.monaco-tl-twistie').click();
    await fx.page.keyboard.press('Control+f');
    await eventually(async () => assert.match(await fx.quickInput.title(), /Search Page Groups/));
    await fx.quickInput.type('checkout');
    await eventually(async () => assert.ok((await fx.quickInput.items()).length >= 3));
    await eventually(async () => assert.match(await fx.quickInput.title(), /all .* scanned/));
    await fx.page.mouse.move(1200, 700);
    await fx.screenshot('walkthrough step 4 search');
    await fx.quickInput.cancel();
  });

  it('Ctrl+C in the view copies the selected rows\' ids (step 5); the context menu is the image', async () => {
    const published = dataset.pageGroups.filter((pg) => pg.status === 'published');
    const [first, second] = published;
    assert.ok(first && second);
    const firstRow = fx.row(PAGE_GROUPS_VIEW, String(first.title ?? first.name));
    await firstRow.click({ button: 'right' });
    await fx.page.locator('.context-view .monaco-menu').waitFor({ state: 'visible' });
    await fx.page.locator('.context-view .monaco-menu .action-label', { hasText: /^\s*Copy ID\s*$/ }).hover();
    await fx.screenshot('walkthrough step 5 copy id');
    await fx.page.keyboard.press('Escape');
    // A click selects the row (and opens it as JSON, which takes the focus): back to the view, Shift+Down adds the next.
    await firstRow.click();
    await eventually(async () => assert.match(await fx.activeEditorTitle(), new RegExp(`${String(first.pageGroupId)}\\.json`)));
    await fx.runCommand('Page Gateway: Focus on Page Groups View');
    await eventually(async () => assert.ok((await fx.viewRows(PAGE_GROUPS_VIEW)).some((r) => r.selected && r.text === String(first.title ?? first.name))));
    await fx.page.keyboard.press('Shift+ArrowDown');
    await fx.page.keyboard.press('Control+c');
    await eventually(async () => assert.equal(await fx.clipboardText(), `${String(first.pageGroupId)}\n${String(second.pageGroupId)}`));
    await eventually(async () => assert.match(await fx.statusBarText(), /Copied 2 IDs/));
  });

  it('F5 in the view refreshes it (one request for the unfiltered list, one for the expanded status)', async () => {
    const gateway = fx.gateway;
    assert.ok(gateway);
    const before = gateway.countRequests({ path: 'page_groups', status: 'published' });
    await fx.runCommand('Page Gateway: Focus on Page Groups View');
    await fx.page.keyboard.press('F5');
    await eventually(async () => assert.ok(gateway.countRequests({ path: 'page_groups', status: 'published' }) > before));
    assert.equal(await fx.page.locator('.monaco-workbench').count(), 1, 'the page was not reloaded');
  });

  it('every step is done after doing each thing once', async () => {
    // Wide enough for the walkthrough to show the step's image next to the steps.
    await fx.page.setViewportSize({ width: 1600, height: 800 });
    await openWalkthrough();
    await eventually(async () => assert.deepEqual(await done(), [true, true, true, true, true]));
    await step('browseByStatus').click();
    await fx.page.mouse.move(1500, 780);
    await fx.page.waitForTimeout(500);
    await fx.screenshot('walkthrough 4 all steps done');
  });
  it('the webhook step: its button groups the Webhooks view by event and marks the step done; the others say what to do', async () => {
    await openWalkthrough();
    await step('debugWebhooks').click();
    await eventually(async () => assert.match((await walkthrough().innerText()) ?? '', /nobody active receives says so/));
    await fx.page.mouse.move(1500, 780);
    await fx.screenshot('walkthrough 6 debug a webhook');
    await walkthrough().locator('.monaco-button, a', { hasText: 'Group Webhooks by Event' }).first().click();
    await eventually(async () => assert.equal(await step('debugWebhooks').getAttribute('aria-checked'), 'true'));
    await openWalkthrough();
    await step('webhookInbox').click();
    await eventually(async () => assert.match((await walkthrough().innerText()) ?? '', /Expose its port/));
    await step('secondGateway').click();
    await eventually(async () => assert.match((await walkthrough().innerText()) ?? '', /Staging and production side by side/));
  });
});
