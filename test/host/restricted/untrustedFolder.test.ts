// Restricted Mode: a folder the user has not trusted cannot point the explorer at another host. Its
// .vscode/settings.json sets pageGateway.baseUrl and pageGateway.gateways (test/harness/restrictedFolder.ts); they are
// restricted settings (package.json `capabilities.untrustedWorkspaces`), so the editor reads the user's values only.
// Runs in its own code-server with Workspace Trust on (test/harness/hostTests.ts, `restricted`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { writeSetting } from '../../../src/config/settingsWriter';
import { USER_ONLY_SETTINGS } from '../../../src/config/settingsTarget';
import { readUserSetting } from '../../../src/config/userSettings';
import { RESTRICTED_FOLDER_SETTINGS } from '../../harness/restrictedFolder';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { configure, extensionApi, waitFor } from '../support';
import type { PageGatewayTestApi } from '../../../src/extension';

describe('Restricted Mode: a folder that is not trusted', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway | undefined;

  before(async () => {
    api = await extensionApi();
  });

  after(async () => {
    // Only the user's gateway settings were written (the folder's statuses stay: they are the folder's).
    await configure(api, { baseUrl: undefined, gateways: undefined });
    await gateway?.close();
  });

  function folderSettingsFile(): vscode.Uri {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a folder is open');
    return vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
  }

  it('runs in a workspace that is not trusted (the extension is enabled: limited support)', () => {
    assert.equal(vscode.workspace.isTrusted, false);
    const capabilities = (vscode.extensions.getExtension('pagegateway.page-gateway-explorer')?.packageJSON as { capabilities?: unknown }).capabilities;
    assert.deepEqual(capabilities, {
      untrustedWorkspaces: {
        supported: 'limited',
        restrictedConfigurations: ['pageGateway.baseUrl', 'pageGateway.gateways', ...USER_ONLY_SETTINGS.map((name) => `pageGateway.${name}`)],
        description: (capabilities as { untrustedWorkspaces: { description: string } }).untrustedWorkspaces.description,
      },
      virtualWorkspaces: true,
    });
  });

  it('the gateway URLs are window settings (user settings apply in remote windows) and stay restricted', () => {
    const manifest = vscode.extensions.getExtension('pagegateway.page-gateway-explorer')?.packageJSON as {
      contributes: { configuration: { properties: Record<string, { scope?: string }> } };
      extensionKind?: string[];
    };
    for (const name of ['pageGateway.gateways', 'pageGateway.baseUrl']) {
      assert.equal(manifest.contributes.configuration.properties[name]?.scope, 'window', name);
    }
    assert.deepEqual(manifest.extensionKind, ['workspace', 'ui']);
  });

  it("ignores the folder's gateway URLs: no gateway, no request to the folder's host", () => {
    assert.equal(api.settings().baseUrl, '');
    assert.deepEqual(api.settings().gateways, []);
    assert.deepEqual(api.registry.entries(), []);
    assert.equal(api.contextValue('pageGateway.gatewayCount'), 0);
  });

  it("ignores the folder's Webhook Inbox settings (forwarding, public URL, port, limits), csvRawCells and maxLoadedPageGroups", async () => {
    const inbox = api.webhookInbox.session.current;
    assert.equal(inbox.forwardTo, '', "deliveries are not sent to the folder's host");
    assert.equal(inbox.publicUrl, '', "Copy Inbox URL does not hand out the folder's URL");
    assert.equal(inbox.port, 0);
    assert.equal(inbox.maxBodyBytes, 1_048_576);
    assert.equal(inbox.maxDeliveries, 500);
    assert.equal(inbox.timeoutMs, 10_000);
    assert.equal(inbox.maxTotalBytes, 64 * 1024 * 1024);
    assert.deepEqual(inbox.forwardMethods, ['POST']);
    assert.equal(readUserSetting('pageGateway', 'export.csvRawCells', false), false, 'formula protection stays on');
    assert.equal(api.settings().maxLoadedPageGroups, 250_000);
    assert.ok(fs.readFileSync(folderSettingsFile().fsPath, 'utf8').includes('https://attacker.example.net/collect'), "the folder's file sets them");
    // Started, the inbox answers a delivery itself: nothing goes to the folder's host.
    await vscode.commands.executeCommand('pageGateway.startWebhookInbox', 0);
    try {
      const url = api.webhookInbox.session.localUrl();
      assert.ok(url);
      const answer = await fetch(`${url}/hooks`, { method: 'POST', body: '{}' });
      assert.equal(answer.status, 200);
      await waitFor(() => api.webhookInbox.session.inbox.size === 1, 'the delivery');
      assert.equal(api.webhookInbox.session.inbox.deliveries()[0]?.forward, undefined, 'not forwarded');
    } finally {
      await vscode.commands.executeCommand('pageGateway.stopWebhookInbox');
    }
  });

  it('holds the memory ceiling even from the user settings: maxLoadedPageGroups at most 1,000,000', async () => {
    await vscode.workspace.getConfiguration('pageGateway').update('maxLoadedPageGroups', 100_000_000, vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => api.settings().maxLoadedPageGroups === 1_000_000, 'the maximum');
    } finally {
      await vscode.workspace.getConfiguration('pageGateway').update('maxLoadedPageGroups', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => api.settings().maxLoadedPageGroups === 250_000, 'the default again');
  });

  it("applies the folder's settings that are not restricted", () => {
    assert.deepEqual(api.settings().statuses, RESTRICTED_FOLDER_SETTINGS['pageGateway.statuses']);
  });

  it("writes a gateway (Add Gateway, Set Gateway URL) to the user settings, never into the folder's settings", async () => {
    const before = fs.readFileSync(folderSettingsFile().fsPath, 'utf8');
    gateway = await startSampleGateway();
    const written = await writeSetting('gateways', [{ name: 'mine', baseUrl: gateway.url }]);
    assert.equal(written.target, vscode.ConfigurationTarget.Global);
    assert.equal(written.where, 'user settings');
    const url = gateway.url;
    await waitFor(() => api.registry.gateways().some((g) => g.base.href === url), 'the gateway from the user settings');
    assert.deepEqual(
      api.registry.gateways().map((g) => g.name),
      ['mine'],
      "the folder's entries are still ignored",
    );
    assert.equal(fs.readFileSync(folderSettingsFile().fsPath, 'utf8'), before, "the folder's settings file is untouched");
    const legacy = await writeSetting('baseUrl', 'https://user.example.com');
    assert.equal(legacy.target, vscode.ConfigurationTarget.Global);
  });
});
