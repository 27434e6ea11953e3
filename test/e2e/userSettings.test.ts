// Gateways in the user settings of a remote window. code-server's windows are remote windows (like SSH, WSL or a
// container): a user opens their user settings.json from the palette, adds two gateways, saves, and both views show
// both gateways. Add Gateway… then writes where that list lives (the user settings, not the remote ones).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateDataset } from '../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../gateway/server';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, WEBHOOKS_VIEW, type WorkbenchFixture } from './fixture';

const STAGING = 'staging';
const PRODUCTION = 'production';
const THIRD = 'third';

describe('e2e: gateways in the user settings of a remote window', function () {
  this.timeout(180_000);
  let staging: SampleGateway | undefined;
  let production: SampleGateway | undefined;
  let fx: WorkbenchFixture;

  before(async () => {
    staging = await startSampleGateway({ dataset: generateDataset({ seed: 1 }) });
    production = await startSampleGateway({ dataset: generateDataset({ seed: 2 }) });
    fx = await startWorkbench({ name: 'e2e-user-settings' });
    await fx.openContainer();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
    await staging?.close();
    await production?.close();
  });

  const userSettingsFile = (): string => path.join(fx.server.userDataDir, 'User', 'settings.json');
  const remoteSettingsFile = (): string => path.join(fx.server.userDataDir, 'Machine', 'settings.json');
  const readJson = (file: string): Record<string, unknown> =>
    fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8') || '{}') as Record<string, unknown>) : {};

  async function gatewayRows(view: string): Promise<string[]> {
    return (await fx.viewRows(view)).filter((row) => row.level === 1).map((row) => row.text);
  }

  it('no gateway is configured yet', async () => {
    await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Add Gateway'), 'the welcome offers Add Gateway'));
  });

  it('two gateways written into the user settings.json from the palette show in both views', async () => {
    assert.ok(staging && production);
    await fx.runCommand('Preferences: Open User Settings (JSON)');
    // The editor opens the user settings.json (in 1.139, over the workbench).
    const editor = fx.page.locator('.monaco-editor:visible .view-lines').last();
    await eventually(async () => assert.match(await editor.innerText(), /workbench\.startupEditor/));
    const settings = {
      ...readJson(userSettingsFile()),
      'pageGateway.gateways': [
        { name: STAGING, baseUrl: staging.url },
        { name: PRODUCTION, baseUrl: production.url },
      ],
    };
    // The user replaces the file's text with their edit (pasted: typing would auto-close brackets) and saves.
    await editor.click();
    await fx.page.keyboard.press('Control+A');
    await fx.page.evaluate((value) => navigator.clipboard.writeText(value), JSON.stringify(settings, null, 2));
    await fx.page.keyboard.press('Control+V');
    await eventually(async () => assert.match(await editor.innerText(), /pageGateway\.gateways/));
    await fx.screenshot('user settings 01 gateways pasted into the user settings json');
    await fx.page.keyboard.press('Control+S');
    await eventually(async () => assert.deepEqual(readJson(userSettingsFile())['pageGateway.gateways'], settings['pageGateway.gateways']));
    // Escape closes the editor over the workbench (a first one may only close a hover).
    await eventually(async () => {
      if (await editor.isVisible()) {
        await fx.page.keyboard.press('Escape');
      }
      assert.equal(await editor.isVisible(), false, 'the settings editor is closed');
    });
    await eventually(async () => assert.deepEqual(await gatewayRows(PAGE_GROUPS_VIEW), [STAGING, PRODUCTION]));
    await eventually(async () => assert.deepEqual(await gatewayRows(WEBHOOKS_VIEW), [STAGING, PRODUCTION]));
    assert.equal(readJson(remoteSettingsFile())['pageGateway.gateways'], undefined, 'nothing in the remote settings');
    await fx.screenshot('user settings 02 two gateways from the user settings in a remote window');
  });

  it('Add Gateway… writes the list where it lives: the user settings', async () => {
    assert.ok(staging);
    const third = `${staging.url}/third`;
    await fx.runCommand('Page Gateway: Add Gateway…');
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (1/3)'));
    await fx.quickInput.type(third);
    await eventually(async () => assert.equal(await fx.quickInput.hasError(), false, await fx.quickInput.message()));
    await fx.quickInput.accept();
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (2/3)'));
    await fx.quickInput.type(THIRD);
    await fx.quickInput.accept();
    // The key may be left empty (the gateway is added without one).
    await eventually(async () => assert.equal(await fx.quickInput.title(), 'Page Gateway: Add Gateway (3/3)'));
    await fx.quickInput.accept();
    await eventually(async () => assert.deepEqual(await gatewayRows(PAGE_GROUPS_VIEW), [STAGING, PRODUCTION, THIRD]));
    const names = (readJson(userSettingsFile())['pageGateway.gateways'] as Array<{ name: string }> | undefined)?.map((g) => g.name);
    assert.deepEqual(names, [STAGING, PRODUCTION, THIRD]);
    assert.equal(readJson(remoteSettingsFile())['pageGateway.gateways'], undefined, 'nothing in the remote settings');
  });
});
