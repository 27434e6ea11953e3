// The package `npm run package` builds: what a user installs holds the bundle (it has no runtime dependency) and the
// documents, and none of the sources, tests, maps, configs or development dependencies.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, VSIX_PATH } from '../../harness/paths';
import { listZipEntries, readZipEntry } from '../../harness/zipEntries';
import { ICON_NAMES } from '../../../src/features/pageGroups/table/webview/iconNames';

interface Manifest {
  readonly main?: unknown;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

function readManifest(text: string): Manifest {
  return JSON.parse(text) as Manifest;
}

/** `./dist/extension` → `extension/dist/extension.js` (the way VS Code resolves `main`). */
function packagedPath(main: string): string {
  const relative = path.posix.normalize(main.replace(/\\/g, '/')).replace(/^\.\//, '');
  return `extension/${relative.endsWith('.js') ? relative : `${relative}.js`}`;
}

describe('The .vsix package', () => {
  let files: string[];
  let repoManifest: Manifest;

  before(function () {
    if (!fs.existsSync(VSIX_PATH)) {
      throw new Error(`${path.basename(VSIX_PATH)} not found at the repository root: run npm run package first`);
    }
    files = listZipEntries(VSIX_PATH)
      .map((entry) => entry.name)
      .filter((name) => !name.endsWith('/'));
    repoManifest = readManifest(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  });

  const has = (name: string): boolean => files.includes(name);
  const hasCaseInsensitive = (pattern: RegExp): boolean => files.some((name) => pattern.test(name));

  it('holds the bundle, the manifest, the media and the documents', () => {
    assert.ok(has('extension/package.json'), 'extension/package.json missing');
    assert.ok(has('extension/dist/extension.js'), 'extension/dist/extension.js missing');
    assert.ok(hasCaseInsensitive(/^extension\/readme\.md$/i), 'README.md missing');
    assert.ok(hasCaseInsensitive(/^extension\/changelog\.md$/i), 'CHANGELOG.md missing');
    assert.ok(hasCaseInsensitive(/^extension\/license(\.txt|\.md)?$/i), 'LICENSE missing');
    assert.ok(
      files.some((name) => name.startsWith('extension/media/')),
      'media/ missing',
    );
  });

  it('holds the translations: the manifest strings and the l10n bundles, where package.json says', () => {
    assert.ok(has('extension/package.nls.json'), 'package.nls.json missing');
    const packaged = JSON.parse(readZipEntry(VSIX_PATH, 'extension/package.json').toString('utf8')) as { l10n?: unknown };
    assert.equal(packaged.l10n, './l10n');
    assert.ok(has('extension/l10n/bundle.l10n.json'), 'l10n/bundle.l10n.json missing');
    for (const file of fs.readdirSync(path.join(REPO_ROOT, 'l10n')).filter((name) => name.endsWith('.json'))) {
      assert.ok(has(`extension/l10n/${file}`), `l10n/${file} missing`);
    }
    for (const file of fs.readdirSync(REPO_ROOT).filter((name) => /^package\.nls\..+\.json$/.test(name))) {
      assert.ok(has(`extension/${file}`), `${file} missing`);
    }
  });

  it("its packaged package.json's main points at a file in the package", () => {
    const packaged = readManifest(readZipEntry(VSIX_PATH, 'extension/package.json').toString('utf8'));
    assert.equal(typeof packaged.main, 'string', 'package.json has no main');
    assert.equal(packaged.main, repoManifest.main, 'the packaged package.json is not the repository one');
    const main = packagedPath(String(packaged.main));
    assert.ok(has(main), `main (${String(packaged.main)}) is not in the package as ${main}`);
  });

  it("sends requests with Node's http and https as the editor provides them: required by name, no HTTP library shipped", () => {
    const packaged = readManifest(readZipEntry(VSIX_PATH, 'extension/package.json').toString('utf8'));
    const main = packagedPath(String(packaged.main));
    const bundle = readZipEntry(VSIX_PATH, main).toString('utf8');
    // The extension host hands an extension its proxy-aware http/https when the bundle requires them by these names.
    assert.match(bundle, /require\(["']http["']\)/, `${main} does not require("http")`);
    assert.match(bundle, /require\(["']https["']\)/, `${main} does not require("https")`);
    // An HTTP library of its own (undici, axios, node-fetch…) would connect directly: the editor does not proxy it.
    assert.doesNotMatch(bundle, /require\(["'](undici|axios|node-fetch|got)["']\)/);
    assert.deepEqual(files.filter((name) => name.includes('/node_modules/')), [], 'no node_modules in the package');
  });

  it('holds the bundle that the main one loads on first use, and that bundle takes the modules they share from the main one', () => {
    const packaged = readManifest(readZipEntry(VSIX_PATH, 'extension/package.json').toString('utf8'));
    const main = packagedPath(String(packaged.main));
    const bundle = readZipEntry(VSIX_PATH, main).toString('utf8');
    const loaded = [...new Set([...bundle.matchAll(/require\(["']\.\/([\w.-]+\.js)["']\)/g)].map((match) => match[1] as string))];
    assert.deepEqual(loaded, ['onDemand.js'], `${main} loads these bundles of its own`);
    const onDemand = `${path.posix.dirname(main)}/onDemand.js`;
    assert.ok(has(onDemand), `${onDemand} missing`);
    // Modules both use exist once: dist/onDemand.js reads them from the loaded dist/extension.js.
    assert.match(bundle, /onDemandCore/, `${main} does not export the modules dist/onDemand.js shares`);
    const second = readZipEntry(VSIX_PATH, onDemand).toString('utf8');
    assert.match(second, /onDemandCore/, `${onDemand} does not read the modules it shares from ${main}`);
    // What activation must not load, each found by a string of its own that minifying keeps: zod (its schema classes'
    // names), and the code of commands that only run when asked. A static import from src/extension.ts's chain would
    // pull one back into the main bundle without failing the build.
    const onDemandOnly: ReadonlyArray<readonly [string, string]> = [
      ['zod', 'ZodMiniObject'],
      ['the page group export plans', 'Page groups by status'],
      ['the webhook export plans', 'loads the list (one request)'],
      ['Load All', 'Load every page of which list?'],
      ["the status filter's picker", 'Pick a status, or type one'],
    ];
    for (const [what, marker] of onDemandOnly) {
      assert.ok(second.includes(marker), `${what} is not in ${onDemand}`);
      assert.ok(!bundle.includes(marker), `${what} is in ${main}: a static import reaches it from src/extension.ts`);
    }
    assert.doesNotMatch(bundle, /ZodMini/, `zod is in ${main}: a static import reaches it from src/extension.ts`);
  });

  it("holds the Page Groups table's webview bundle, its one stylesheet and the codicon font; neither extension bundle holds the webview's code", () => {
    for (const file of ['pageGroupsTable.js', 'pageGroupsTable.css', 'codicon.ttf']) {
      assert.ok(has(`extension/dist/webview/${file}`), `dist/webview/${file} missing`);
    }
    const webview = readZipEntry(VSIX_PATH, 'extension/dist/webview/pageGroupsTable.js').toString('utf8');
    // The webview talks to the host only.
    assert.match(webview, /acquireVsCodeApi/);
    assert.doesNotMatch(webview, /require\(/, 'the webview bundle requires nothing: it runs in a browser');
    assert.ok(!has('extension/dist/webview/codicon.css'), 'the codicons are in the one stylesheet: no second file to fetch');
    const css = readZipEntry(VSIX_PATH, 'extension/dist/webview/pageGroupsTable.css').toString('utf8');
    assert.match(css, /url\("\.\/codicon\.ttf/, 'the stylesheet loads the codicon font beside it');
    assert.match(css, /Copyright \(c\) Microsoft Corporation/, "the codicons' licence header is kept");
    // The rules of the icons the webview draws, and no others (iconNames.ts; esbuild.mjs cuts the codicons' sheet).
    for (const name of ICON_NAMES) {
      assert.match(css, new RegExp(`\\.codicon-${name}:before \\{ content: "\\\\[0-9a-f]{4}" \\}`), `the rule of the icon ${name}`);
    }
    assert.equal(css.match(/^\.codicon-[a-z0-9-]+:before \{/gm)?.length, ICON_NAMES.length, 'only the icons the webview draws');
    assert.match(css, /\.codicon\[class\*='codicon-'\] \{/, "the codicons' base rule is in");
    assert.match(css, /\.facets-counting/, "the table's own rules are in");
    const main = readZipEntry(VSIX_PATH, 'extension/dist/extension.js').toString('utf8');
    const onDemand = readZipEntry(VSIX_PATH, 'extension/dist/onDemand.js').toString('utf8');
    for (const bundle of [main, onDemand]) {
      assert.ok(!bundle.includes('acquireVsCodeApi'), "an extension bundle holds the webview's code");
    }
    // The panel's code loads on demand, with the first table: not at activation.
    assert.ok(onDemand.includes('pageGroupsTable.css') && !main.includes('pageGroupsTable.css'), 'the table panel is not (only) in dist/onDemand.js');
  });

  it('ships no node_modules other than the runtime dependencies', () => {
    const allowed = new Set(Object.keys(repoManifest.dependencies ?? {}));
    const shipped = new Set(files.flatMap((name) => [...name.matchAll(/node_modules\/(@[^/]+\/[^/]+|[^/]+)\//g)].map((match) => match[1])));
    assert.deepEqual([...shipped].filter((name) => !allowed.has(name)).sort(), []);
    const dev = Object.keys(repoManifest.devDependencies ?? {}).filter((name) => shipped.has(name));
    assert.deepEqual(dev, [], 'development dependencies in the package');
  });

  it('holds every image and page the walkthrough shows, and they are small', () => {
    const walkthroughs = (repoManifest as { contributes?: { walkthroughs?: Array<{ steps?: Array<{ media?: { image?: unknown; markdown?: unknown } }> }> } }).contributes?.walkthroughs ?? [];
    const steps = walkthroughs.flatMap((walkthrough) => walkthrough.steps ?? []);
    // A step shows an image (one file, or one per theme: { light, dark, hc, hcLight }) or a Markdown page.
    assert.ok(steps.length >= 5 && steps.every((step) => step.media?.image !== undefined || typeof step.media?.markdown === 'string'), 'every walkthrough step shows an image or a page');
    for (const page of steps.flatMap((step) => (typeof step.media?.markdown === 'string' ? [step.media.markdown] : []))) {
      assert.ok(has(`extension/${page}`), `${page} is not in the package`);
    }
    const perStep = steps.flatMap((step) => (step.media?.image === undefined ? [] : [step.media.image]));
    assert.ok(perStep.length >= 5, 'the first steps show images');
    const themed = perStep.filter((image): image is Record<string, unknown> => typeof image === 'object' && image !== null);
    assert.ok(themed.every((image) => ['light', 'dark', 'hc', 'hcLight'].every((theme) => typeof image[theme] === 'string')), 'an image for every kind of theme');
    const images = [...new Set(perStep.flatMap((image) => (typeof image === 'string' ? [image] : Object.values(image as Record<string, unknown>))))].filter((image): image is string => typeof image === 'string');
    for (const image of images) {
      assert.ok(has(`extension/${image}`), `${image} is not in the package`);
      assert.ok(readZipEntry(VSIX_PATH, `extension/${image}`).length < 150_000, `${image} is over 150 KB`);
    }
  });

  it('holds the listing icon: a 256 px PNG where package.json says', () => {
    const packaged = JSON.parse(readZipEntry(VSIX_PATH, 'extension/package.json').toString('utf8')) as { icon?: unknown; preview?: unknown; version?: unknown };
    assert.equal(typeof packaged.icon, 'string', 'package.json has no icon');
    const icon = readZipEntry(VSIX_PATH, `extension/${String(packaged.icon)}`);
    assert.equal(icon.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', `${String(packaged.icon)} is not a PNG`);
    // IHDR: width and height, big-endian, right after the signature and the chunk header.
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [256, 256], 'the Marketplace shows a 128 px icon: 256 px keeps it sharp on high-density screens');
    if (String(packaged.version).startsWith('0.')) {
      assert.equal(packaged.preview, true, 'a 0.x version is listed as a preview');
    }
  });

  it("the README's images render in the package and on the Marketplace: each is in the package, none hides in <picture>", () => {
    const readme = readZipEntry(VSIX_PATH, 'extension/readme.md').toString('utf8');
    // The Marketplace ignores <picture> and <source>: an image there is one that some readers never see.
    assert.doesNotMatch(readme, /<picture|<source/i);
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)[^)]*\)|<img[^>]*\ssrc="([^"]+)"/g)].map((match) => (match[1] ?? match[2]) as string);
    assert.ok(images.length >= 5, `the README shows its screenshots (found ${images.length})`);
    const repository = /github\.com\/([^/]+\/[^/.]+)/.exec(JSON.stringify((repoManifest as { repository?: unknown }).repository ?? ''))?.[1];
    for (const image of images) {
      // vsce writes a relative link as the repository's raw URL (the Marketplace needs an absolute one): either way
      // the file it names must be in the package, at the same path.
      const raw = repository === undefined ? undefined : new RegExp(`^https://github\\.com/${repository}/raw/[^/]+/(.+)$`).exec(image)?.[1];
      const packagedPath = raw ?? (/^[a-z]+:/i.test(image) ? undefined : image.replace(/^\.\//, ''));
      assert.ok(packagedPath !== undefined, `${image} is neither in the package nor the repository's own file`);
      assert.ok(has(`extension/${decodeURIComponent(packagedPath)}`), `${image}: ${packagedPath} is not in the package`);
      assert.ok(readZipEntry(VSIX_PATH, `extension/${decodeURIComponent(packagedPath)}`).length < 150_000, `${packagedPath} is over 150 KB`);
    }
  });

  it('holds no sources, tests, build output, source maps or configuration', () => {
    const forbidden: Array<[string, (name: string) => boolean]> = [
      ['src/', (name) => name.startsWith('extension/src/')],
      ['test/', (name) => name.startsWith('extension/test/')],
      ['out/', (name) => name.startsWith('extension/out/')],
      ['.vscode-test/', (name) => name.startsWith('extension/.vscode-test/')],
      ['test-artifacts/', (name) => name.startsWith('extension/test-artifacts/')],
      ['.ci/', (name) => name.startsWith('extension/.ci/')],
      ['.vscode/', (name) => name.startsWith('extension/.vscode/')],
      ['*.map', (name) => name.endsWith('.map')],
      ['*.ts (sources and declarations)', (name) => /\.[cm]?ts$/.test(name)],
      ['tsconfig', (name) => /(^|\/)tsconfig[^/]*\.json$/.test(name)],
      ['esbuild.mjs', (name) => name.endsWith('/esbuild.mjs')],
      ['eslint config', (name) => /(^|\/)(eslint\.config\.[cm]?js|\.eslintrc[^/]*)$/.test(name)],
      ['*.vsix', (name) => name.endsWith('.vsix')],
      ['package-lock.json', (name) => name === 'extension/package-lock.json'],
    ];
    const found = forbidden.flatMap(([label, matches]) => files.filter(matches).map((name) => `${label}: ${name}`));
    assert.deepEqual(found, []);
  });
});
