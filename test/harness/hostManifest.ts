// The extension as the host suites load it: the repository's own files, with a manifest that also contributes the
// views of the test-only features (test/host/features/forms/: a third list endpoint that exists only in tests).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';

/** Views the test-only features draw into (the suites add the features through the extension's test API). */
const TEST_VIEWS = [{ id: 'pageGateway.forms', name: 'Forms (tests)' }];

/** Makes `<folder>/extension` (the manifest plus links to everything else) and returns its path. */
export function hostExtensionFolder(folder: string): string {
  const target = path.join(folder, 'extension');
  fs.mkdirSync(target, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: { views: Record<string, unknown[]> };
  };
  manifest.contributes.views.pageGateway = [...(manifest.contributes.views.pageGateway ?? []), ...TEST_VIEWS];
  fs.writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const name of fs.readdirSync(REPO_ROOT)) {
    if (name !== 'package.json' && !name.startsWith('.') && name !== 'node_modules') {
      fs.symlinkSync(path.join(REPO_ROOT, name), path.join(target, name));
    }
  }
  return target;
}
