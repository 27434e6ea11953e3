/**
 * The build outputs the benchmark reads: dist/extension.js (`npm run build:prod`) and page-gateway-explorer.vsix
 * (`npm run package`), whether each is a production build, and whether it is older than the sources.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, VSIX_PATH } from '../harness/paths';
import { listZipEntries, readZipEntry } from '../harness/zipEntries';

export const DIST_PATH: string = path.join(REPO_ROOT, 'dist', 'extension.js');
export const VSIX_BUNDLE_ENTRY = 'extension/dist/extension.js';

/** Newest file among what the bundle is built from (src/, package.json, esbuild.mjs). */
export function newestSource(): { readonly file: string; readonly mtimeMs: number } {
  let newest = { file: 'package.json', mtimeMs: fs.statSync(path.join(REPO_ROOT, 'package.json')).mtimeMs };
  const consider = (file: string): void => {
    const mtimeMs = fs.statSync(path.join(REPO_ROOT, file)).mtimeMs;
    if (mtimeMs > newest.mtimeMs) {
      newest = { file, mtimeMs };
    }
  };
  consider('esbuild.mjs');
  for (const relative of fs.readdirSync(path.join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
    const file = path.join('src', relative);
    if (fs.statSync(path.join(REPO_ROOT, file)).isFile()) {
      consider(file);
    }
  }
  return newest;
}

export interface BuildOutput {
  readonly file: string;
  readonly bytes: number;
  readonly mtimeMs: number;
  /** Set when a source file changed after this output was built. */
  readonly staleBecause?: string;
}

function describe(file: string): BuildOutput | undefined {
  if (!fs.existsSync(file)) {
    return undefined;
  }
  const stat = fs.statSync(file);
  const newest = newestSource();
  return {
    file,
    bytes: stat.size,
    mtimeMs: stat.mtimeMs,
    ...(newest.mtimeMs > stat.mtimeMs ? { staleBecause: `${newest.file} is newer` } : {}),
  };
}

/** esbuild's development build ends with a source map reference and keeps legal comments; `--production` has neither. */
export function isProductionBundle(text: string): boolean {
  return !/\/\/# sourceMappingURL=\S+\s*$/.test(text);
}

export interface BundleFacts {
  readonly dist?: BuildOutput & { readonly production: boolean };
  readonly vsix?: BuildOutput & {
    readonly entries: number;
    readonly bundleBytes: number | undefined;
    /** The largest entries, uncompressed, largest first. */
    readonly largest: ReadonlyArray<{ readonly name: string; readonly size: number }>;
  };
}

export function readBuildOutputs(): BundleFacts {
  const dist = describe(DIST_PATH);
  const vsix = describe(VSIX_PATH);
  let vsixFacts: BundleFacts['vsix'];
  if (vsix) {
    const entries = listZipEntries(VSIX_PATH);
    const bundle = entries.find((entry) => entry.name === VSIX_BUNDLE_ENTRY);
    const largest = [...entries].sort((a, b) => b.size - a.size).slice(0, 3).map((entry) => ({ name: entry.name, size: entry.size }));
    vsixFacts = { ...vsix, entries: entries.length, bundleBytes: bundle?.size, largest };
  }
  return {
    ...(dist ? { dist: { ...dist, production: isProductionBundle(fs.readFileSync(DIST_PATH, 'utf8')) } } : {}),
    ...(vsixFacts ? { vsix: vsixFacts } : {}),
  };
}

/** Writes every `extension/…` entry of the .vsix under `target` (what `code --install-extension` would install). */
export function unpackVsix(target: string): string {
  const prefix = 'extension/';
  for (const entry of listZipEntries(VSIX_PATH)) {
    if (!entry.name.startsWith(prefix) || entry.name.endsWith('/')) {
      continue;
    }
    const relative = entry.name.slice(prefix.length);
    const destination = path.resolve(target, relative);
    if (!destination.startsWith(path.resolve(target) + path.sep)) {
      throw new Error(`unsafe entry in the .vsix: ${entry.name}`);
    }
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    fs.writeFileSync(destination, readZipEntry(VSIX_PATH, entry.name));
  }
  return target;
}
