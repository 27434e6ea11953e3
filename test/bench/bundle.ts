/**
 * Bundle sizes: dist/extension.js (and dist/onDemand.js) as `npm run build:prod` makes them, and the .vsix
 * `npm run package` makes. Read, not built.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../harness/paths';
import { isProductionBundle, readBuildOutputs, VSIX_BUNDLE_ENTRY } from './buildOutputs';
import type { BenchRow } from './index';
import { kib } from './stats';

const SECTION = 'bundle';
export const DIST_TARGET_BYTES = 200 * 1024;
export const VSIX_TARGET_BYTES = 1024 * 1024;

function size(bytes: number): string {
  return `${kib(bytes).toFixed(1)} KiB`;
}

export async function benchBundle(): Promise<readonly BenchRow[]> {
  const facts = readBuildOutputs();
  const rows: BenchRow[] = [];
  const stale = (why: string | undefined, remedy: string): string => (why === undefined ? '' : `; STALE (${why}): run ${remedy}`);

  if (facts.dist?.production) {
    rows.push({
      section: SECTION,
      metric: 'dist/extension.js (minified)',
      value: size(facts.dist.bytes),
      target: `≤ ${size(DIST_TARGET_BYTES)}`,
      met: facts.dist.bytes <= DIST_TARGET_BYTES,
      command: 'npm run build:prod',
      note: `${facts.dist.bytes} bytes; what activation runs (everything else is in dist/onDemand.js; vscode and Node's built-ins are not bundled)${stale(facts.dist.staleBecause, 'npm run build:prod')}`,
    });
  } else if (facts.vsix?.bundleBytes !== undefined) {
    const bytes = facts.vsix.bundleBytes;
    rows.push({
      section: SECTION,
      metric: 'dist/extension.js (minified)',
      value: size(bytes),
      target: `≤ ${size(DIST_TARGET_BYTES)}`,
      met: bytes <= DIST_TARGET_BYTES,
      command: 'npm run package (build:prod)',
      note: `${bytes} bytes, read from ${VSIX_BUNDLE_ENTRY} in the .vsix: dist/extension.js on disk is ${facts.dist ? `a development build (${size(facts.dist.bytes)})` : 'missing'}${stale(facts.vsix.staleBecause, 'npm run package')}`,
    });
  } else {
    rows.push({
      section: SECTION,
      metric: 'dist/extension.js (minified)',
      value: 'not built',
      target: `≤ ${size(DIST_TARGET_BYTES)}`,
      command: 'npm run build:prod',
      note: facts.dist ? `dist/extension.js is a development build (${size(facts.dist.bytes)}): run npm run build:prod, then npm run bench` : 'dist/extension.js is missing: run npm run build:prod, then npm run bench',
    });
  }

  const onDemand = path.join(REPO_ROOT, 'dist', 'onDemand.js');
  if (fs.existsSync(onDemand)) {
    const bytes = fs.statSync(onDemand).size;
    rows.push({
      section: SECTION,
      metric: 'dist/onDemand.js, loaded at first use',
      value: size(bytes),
      command: 'npm run build:prod',
      note: `${bytes} bytes on disk${isProductionBundle(fs.readFileSync(onDemand, 'utf8')) ? '' : ' (a development build)'}; what only import() reaches (command bodies, the agent's tools, the inbox's receiver, zod and the schemas), loaded by the first request or the first such command, never by activation`,
    });
  }

  if (facts.vsix) {
    rows.push({
      section: SECTION,
      metric: 'page-gateway-explorer.vsix',
      value: size(facts.vsix.bytes),
      target: `≤ ${size(VSIX_TARGET_BYTES)}`,
      met: facts.vsix.bytes <= VSIX_TARGET_BYTES,
      command: 'npm run package',
      note: `${facts.vsix.bytes} bytes, ${facts.vsix.entries} entries; largest uncompressed: ${facts.vsix.largest.map((entry) => `${entry.name.replace(/^extension\//, '')} ${size(entry.size)}`).join(', ')}${stale(facts.vsix.staleBecause, 'npm run package')}`,
    });
  } else {
    rows.push({
      section: SECTION,
      metric: 'page-gateway-explorer.vsix',
      value: 'not built',
      target: `≤ ${size(VSIX_TARGET_BYTES)}`,
      command: 'npm run package',
      note: `${path.relative(process.cwd(), path.join(REPO_ROOT, 'page-gateway-explorer.vsix'))} is missing: run npm run package, then npm run bench`,
    });
  }
  return rows;
}
