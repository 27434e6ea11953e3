// Where settings are written: where their value lives, except the gateway URLs in a workspace that is not trusted.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RESTRICTED_SETTINGS, writePlace } from '../../../src/config/settingsTarget';
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

  it('restricts exactly the settings package.json declares restricted, which are window settings (user settings apply in remote windows)', () => {
    const declared = manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [];
    assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
    assert.deepEqual([...declared].sort(), RESTRICTED_SETTINGS.map((name) => `pageGateway.${name}`).sort());
    for (const name of declared) {
      assert.equal(manifest.contributes.configuration.properties[name]?.scope, 'window', name);
    }
  });
});
