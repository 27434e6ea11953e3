// The packaged extension in a real VS Code: its activity-bar entry opens the "Page Gateway" container, and both
// views guide a new user with welcome content: first to set the gateway URL (or add named gateways), then to set the
// API key.
import * as assert from 'node:assert/strict';
import { CONTAINER_TITLE, PAGE_GROUPS_VIEW, WEBHOOKS_VIEW, eventually, screenshotIfFailed, startWorkbench, type WorkbenchFixture } from './fixture';

describe('Foundation: the Page Gateway container in VS Code', function () {
  this.timeout(180_000);
  let fixture: WorkbenchFixture | undefined;

  afterEach(async function () {
    await screenshotIfFailed(this, fixture);
    await fixture?.stop();
    fixture = undefined;
  });

  async function expectWelcomeButtons(workbench: WorkbenchFixture, viewTitle: string, buttons: readonly string[]): Promise<void> {
    await eventually(async () => {
      const welcome = await workbench.welcome(viewTitle);
      assert.ok(welcome, `the ${viewTitle} view shows no welcome content`);
      assert.deepEqual(welcome.buttons, buttons, `${viewTitle} welcome: ${welcome.text}`);
    }, { timeoutMs: 30_000 });
  }

  it('shows a "Page Gateway" activity-bar entry whose views ask for the gateway URL when none is set', async () => {
    fixture = await startWorkbench({ name: 'e2e-foundation-no-url' });
    await fixture.openContainer();
    assert.equal((await fixture.page.locator('.part.sidebar .composite.title h2').textContent())?.trim().toLowerCase(), CONTAINER_TITLE.toLowerCase());
    // Nothing configured: one gateway URL, or named gateways side by side.
    await expectWelcomeButtons(fixture, PAGE_GROUPS_VIEW, ['Set Gateway URL', 'Add Gateway']);
    await expectWelcomeButtons(fixture, WEBHOOKS_VIEW, ['Set Gateway URL', 'Add Gateway']);
    await fixture.screenshot('foundation-welcome-set-gateway-url');
  });

  it('asks for the API key when the gateway URL is set and no key is stored', async () => {
    fixture = await startWorkbench({ withGateway: true, name: 'e2e-foundation-no-key' });
    await fixture.openContainer();
    await expectWelcomeButtons(fixture, PAGE_GROUPS_VIEW, ['Set API Key']);
    // One welcome, naming the gateway (next to the view's title); the Webhooks view points to it instead of repeating it.
    const host = new URL(String(fixture.gateway?.url)).host;
    await eventually(async () => assert.match((await fixture?.view(PAGE_GROUPS_VIEW).locator('.pane-header').innerText()) ?? '', new RegExp(host.replace(/\./g, '\\.'))));
    await expectWelcomeButtons(fixture, WEBHOOKS_VIEW, []);
    assert.match((await fixture.welcome(WEBHOOKS_VIEW))?.text ?? '', /once the API key is set \(see Page Groups above\)/);
    await fixture.screenshot('foundation-welcome-set-api-key');
  });
});
