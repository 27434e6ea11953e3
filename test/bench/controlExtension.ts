/**
 * An empty extension (package.json + an activate() that does nothing), activated the same way as the real one: the
 * extension host's own share of "activate() seen from the host" (reading the bundle, creating the ExtensionContext with
 * its storage, calling activate).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CONTROL_EXTENSION_ID = 'pagegateway.pge-bench-control';

export function writeControlExtension(): { readonly folder: string; readonly cleanup: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-bench-control-'));
  const manifest = {
    name: 'pge-bench-control',
    publisher: 'pagegateway',
    version: '0.0.1',
    engines: { vscode: '^1.96.0' },
    main: './extension.js',
    activationEvents: [],
  };
  fs.writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(folder, 'extension.js'), "'use strict';\nexports.activate = function activate() {};\nexports.deactivate = function deactivate() {};\n");
  return { folder, cleanup: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
