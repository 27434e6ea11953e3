// The bundle half of the l10n check (scripts/checkL10n.ts): the committed bundles are what `npm run l10n` makes from
// the current sources, so a string added without running it (or a stale pseudo-locale) fails CI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nJson, getL10nPseudoLocalized, type l10nJsonFormat } from '@vscode/l10n-dev';

export const PSEUDO_LOCALE = 'qps-ploc';

/** The bundle `@vscode/l10n-dev export` makes from these TypeScript files. */
export async function exportBundle(files: readonly string[]): Promise<l10nJsonFormat> {
  return getL10nJson(files.map((file) => ({ contents: fs.readFileSync(file, 'utf8'), extension: path.extname(file) })));
}

/** Same keys and values, in any order. */
export function sameBundle(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(sorted);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The committed files (relative to `root`) that differ from a fresh export and pseudo-localization. */
export async function staleBundles(root: string, sourceFiles: readonly string[]): Promise<string[]> {
  const stale: string[] = [];
  const english = await exportBundle(sourceFiles);
  const nls = readJson(path.join(root, 'package.nls.json')) as l10nJsonFormat | undefined;
  const expected: ReadonlyArray<readonly [string, unknown]> = [
    ['l10n/bundle.l10n.json', english],
    [`l10n/bundle.l10n.${PSEUDO_LOCALE}.json`, getL10nPseudoLocalized(english)],
    [`package.nls.${PSEUDO_LOCALE}.json`, nls === undefined ? undefined : getL10nPseudoLocalized(nls)],
  ];
  for (const [file, fresh] of expected) {
    if (fresh === undefined || !sameBundle(readJson(path.join(root, file)), fresh)) {
      stale.push(file);
    }
  }
  return stale;
}
