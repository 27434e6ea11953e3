// Where settings are written: where their value lives, except the gateway URLs in a workspace that is not trusted.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RESTRICTED_SETTINGS, USER_ONLY_SETTINGS, userOnlyValue, writePlace } from '../../../src/config/settingsTarget';
import { REPO_ROOT } from '../../harness/paths';

interface Manifest {
  readonly capabilities?: { readonly untrustedWorkspaces?: { readonly supported?: unknown; readonly restrictedConfigurations?: readonly string[] } };
  readonly contributes: { readonly configuration: { readonly properties: Record<string, { readonly scope?: string }> } };
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;

describe('settings target', () => {
  it('writes where the value lives in a trusted workspace: folder, then workspace, then user', () => {
    assert.equal(writePlace('gateways', { folder: true, workspace: true }, true), 'folder');
    assert.equal(writePlace('gateways', { folder: false, workspace: true }, true), 'workspace');
    assert.equal(writePlace('baseUrl', { folder: false, workspace: false }, true), 'user');
  });

  it('writes the gateway URLs to the user settings in a workspace that is not trusted, whatever the workspace holds', () => {
    assert.equal(writePlace('gateways', { folder: true, workspace: true }, false), 'user');
    assert.equal(writePlace('baseUrl', { folder: false, workspace: true }, false), 'user');
  });

  it('keeps writing other settings where they live when not trusted (they are not restricted)', () => {
    assert.equal(writePlace('statuses', { folder: false, workspace: true }, false), 'workspace');
  });

  it('restricts exactly the settings package.json declares restricted; the gateway URLs are window settings (user settings apply in remote windows)', () => {
    const declared = manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [];
    assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
    assert.deepEqual([...declared].sort(), [...RESTRICTED_SETTINGS, ...USER_ONLY_SETTINGS].map((name) => `pageGateway.${name}`).sort());
    for (const name of RESTRICTED_SETTINGS) {
      assert.equal(manifest.contributes.configuration.properties[`pageGateway.${name}`]?.scope, 'window', name);
    }
  });

  it('lists every setting that sends data elsewhere, turns a protection off or lifts a limit as user-only, each existing in package.json', () => {
    for (const name of ['webhookInbox.forwardTo', 'webhookInbox.publicUrl', 'webhookInbox.port', 'webhookInbox.maxBodyBytes', 'webhookInbox.maxDeliveries', 'webhookInbox.timeoutSeconds', 'export.csvRawCells', 'maxLoadedPageGroups']) {
      assert.ok(USER_ONLY_SETTINGS.includes(name), name);
    }
    for (const name of USER_ONLY_SETTINGS) {
      const schema = manifest.contributes.configuration.properties[`pageGateway.${name}`] as { scope?: string; maximum?: number; type?: string; markdownDescription?: string } | undefined;
      assert.ok(schema, name);
      if (schema.type === 'integer') {
        assert.equal(typeof schema.maximum, 'number', `${name} has a maximum`);
      }
    }
  });

  it('reads a user-only setting from the user (or remote) settings, never from a folder', () => {
    assert.equal(userOnlyValue({ defaultValue: '', globalValue: 'http://localhost:3000' }, 'x'), 'http://localhost:3000');
    assert.equal(userOnlyValue({ defaultValue: '', workspaceValue: 'https://attacker.example', workspaceFolderValue: 'https://attacker.example' } as { defaultValue: string }, 'x'), '');
    assert.equal(userOnlyValue<number>(undefined, 7), 7);
  });

  it('writes a user-only setting to the user settings, even where a folder sets it', () => {
    assert.equal(writePlace('webhookInbox.forwardTo', { folder: true, workspace: true }, true), 'user');
    assert.equal(writePlace('maxLoadedPageGroups', { folder: false, workspace: true }, true), 'user');
  });
});
