// The extension as the host suites load it: the repository's own files, with a manifest that also contributes the
// views of the test-only features (test/host/features/forms/: a third list endpoint that exists only in tests).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';

/** Views the test-only features draw into (the suites add the features through the extension's test API). */
const TEST_VIEWS = [
  { id: 'pageGateway.forms', name: 'Forms (tests)' },
  { id: 'pageGateway.tags', name: 'Tags (tests)' },
];

/** What the extension needs at run time besides its manifest (as .vscodeignore keeps in the .vsix). */
const EXTENSION_FILES = ['dist', 'media', 'l10n', 'package.nls.json', 'package.nls.qps-ploc.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'out'];

/** Makes `<folder>/extension` (the manifest plus copies of the rest) and returns its path. */
export function hostExtensionFolder(folder: string): string {
  const target = path.join(folder, 'extension');
  fs.mkdirSync(target, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: { views: Record<string, unknown[]> };
  };
  manifest.contributes.views.pageGateway = [...(manifest.contributes.views.pageGateway ?? []), ...TEST_VIEWS];
  fs.writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Copies, not links: the editor resolves an extension's files by their real paths, and gives the test runner (out/,
  // copied too) the extension's own vscode API only when the runner's files lie inside the extension's folder.
  for (const name of EXTENSION_FILES) {
    const from = path.join(REPO_ROOT, name);
    if (fs.existsSync(from)) {
      fs.cpSync(from, path.join(target, name), { recursive: true });
    }
  }
  // The suites' own packages (mocha, csv-parse…), found through the folder's node_modules.
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(target, 'node_modules'));
  return target;
}
