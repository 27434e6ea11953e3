// A link anyone may write starts a scan only a few pages long: past LINK_SCAN_PAGES pages it asks before going on, and
// an id from the link never forms a command link in the notification. Request counts at the sample gateway.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { LINK_SCAN_PAGES } from '../../../src/commands/goToIdCommand';
import { generateDataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { configure, extensionApi, gatewayAt, storeKey, tearDownGateways } from '../support';

const KEY = 'pge-link-scan-key-7a1c';
const dataset = generateDataset({ seed: 9, pageGroupCount: 1500 });

describe('Links that open an item: a scan a link starts asks before going past a few pages', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const warnings: Array<{ message: string; items: string[] }> = [];
  const infos: string[] = [];
  let answer: string | undefined;
  let originalWarning: typeof vscode.window.showWarningMessage;
  let originalInfo: typeof vscode.window.showInformationMessage;

  const link = (query: string): vscode.Uri => vscode.Uri.parse(`${vscode.env.uriScheme}://pagegateway.page-gateway-explorer/open?${query}`);
  const scanRequests = (): number => gateway.requests.filter((r) => r.path.includes('page_groups') && r.query.limit === '100').length;

  before(async () => {
    api = await extensionApi();
    gateway = await startSampleGateway({ apiKey: KEY, dataset });
    await configure(api, { baseUrl: undefined, gateways: [{ name: 'big', baseUrl: gateway.url }] });
    await storeKey(api, gateway.url, KEY);
    originalWarning = vscode.window.showWarningMessage;
    originalInfo = vscode.window.showInformationMessage;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = (message: string, ...items: string[]): Thenable<string | undefined> => {
      warnings.push({ message, items: items.filter((item) => typeof item === 'string') });
      return Promise.resolve(answer);
    };
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string): Thenable<undefined> => {
      infos.push(message);
      return Promise.resolve(undefined);
    };
  });

  beforeEach(() => {
    api.pageGroups.model(gatewayAt(api, gateway.url)).resetAll();
    warnings.length = 0;
    infos.length = 0;
    gateway.resetRequests();
  });

  after(async () => {
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = originalWarning;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = originalInfo;
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await tearDownGateways(api, [gateway]);
  });

  it(`stops after ${LINK_SCAN_PAGES} pages and asks; declined, nothing more is requested`, async () => {
    answer = undefined;
    await api.linkHandler.handleUri(link('gateway=big&id=pg_not_there'));
    assert.equal(scanRequests(), LINK_SCAN_PAGES, 'a few pages, not the whole list');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]?.message ?? '', /“pg_not_there” is not among the first 500 page groups on big\. Keep looking/);
    assert.deepEqual(warnings[0]?.items, ['Keep Looking']);
  });

  it('Keep Looking scans to the end and says it was not found', async () => {
    answer = 'Keep Looking';
    await api.linkHandler.handleUri(link('gateway=big&id=pg_not_there'));
    assert.equal(scanRequests(), 15, 'every page once');
    assert.ok(infos.some((message) => /No page group or webhook subscription has the id “pg_not_there”/.test(message)), infos.join('\n'));
  });

  it('an id that writes a command link shows as text: in the question, and in the notification when no gateway is configured', async () => {
    answer = undefined;
    const id = '[Add gateway](command:workbench.extensions.installExtension?"evil.pub-ext") $(zap)';
    const originalPick = vscode.window.showQuickPick;
    const titles: string[] = [];
    (vscode.window as { showQuickPick: unknown }).showQuickPick = (_items: unknown, options?: vscode.QuickPickOptions): Thenable<undefined> => {
      titles.push(options?.title ?? '');
      return Promise.resolve(undefined);
    };
    try {
      await api.linkHandler.handleUri(link(`gateway=nope&id=${encodeURIComponent(id)}`));
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = originalPick;
    }
    assert.equal(titles.length, 1, 'a gateway is configured: the link asks which one');
    assert.ok(titles[0]?.includes('Add gateway') && !titles[0].includes('$(zap)'), titles[0]);
    assert.equal(gateway.requests.length, 0, 'nothing is sent before the user picks');
    await configure(api, { gateways: [] });
    try {
      await api.linkHandler.handleUri(link(`gateway=nope&id=${encodeURIComponent(id)}`));
      const message = warnings[0]?.message ?? '';
      assert.ok(message.includes('Add gateway'), message);
      assert.ok(!message.includes(']('), 'no Markdown link forms');
      assert.ok(!message.includes('$(zap)'), 'no icon syntax');
    } finally {
      await configure(api, { gateways: [{ name: 'big', baseUrl: gateway.url }] });
      await storeKey(api, gateway.url, KEY);
    }
  });
});
