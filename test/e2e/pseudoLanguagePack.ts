// A language pack for the pseudo-locale `qps-ploc`, made for the e2e run. VS Code takes a display language (`--locale`)
// only when a language pack declares it: code-server then builds the workbench's messages for that language and the
// extension host runs in it, so extensions load their `bundle.l10n.<language>.json` and `package.nls.<language>.json`.
// The pack translates nothing of VS Code itself (its own words stay English), so every pseudo-localized text on screen
// comes from this extension's bundles, which is what the pseudo-locale suite checks.
//
// Installing a pack from the command line does not register it: the running editor's language pack service writes
// `languagepacks.json` in the user data folder when it sees the install (or when "Configure Display Language" runs).
// The fixture writes that file itself, as the service would, so the first page load is already in the pseudo-locale.
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import { packTestExtension } from '../harness/testExtension';

export const PSEUDO_LOCALE = 'qps-ploc';

const ID = 'pge-tests.pge-test-language-pack-qps-ploc';
const VERSION = '0.0.1';

export interface LanguagePack {
  /** The pack, to install with `--install-extension`. */
  readonly vsix: string;
  /** `languagepacks.json` for the user data folder, as VS Code's language pack service writes it for this pack. */
  readonly languagePacksJson: Record<string, unknown>;
}

let built: Promise<LanguagePack> | undefined;

/** Builds (once per process) the language pack's .vsix with vsce. */
export function pseudoLanguagePack(): Promise<LanguagePack> {
  built ??= build();
  return built;
}

async function build(): Promise<LanguagePack> {
  const { dir, vsix } = await packTestExtension('pseudo-language-pack', {
    'package.json': {
      name: ID.split('.')[1],
      displayName: 'Pseudo Language Pack (Page Gateway Explorer tests)',
      description: 'Declares the qps-ploc display language for the pseudo-locale e2e run; translates nothing of VS Code.',
      version: VERSION,
      publisher: ID.split('.')[0],
      engines: { vscode: '^1.96.0' },
      categories: ['Language Packs'],
      contributes: {
        localizations: [
          {
            languageId: PSEUDO_LOCALE,
            languageName: 'Pseudo Language',
            localizedLanguageName: 'Pseudo Language',
            translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
          },
        ],
      },
    },
    'translations/main.i18n.json': { version: '1.0.0', contents: {} },
    'README.md': '# Pseudo language pack for tests\n',
  });
  const languagePacksJson = {
    [PSEUDO_LOCALE]: {
      hash: crypto.createHash('md5').update(ID).update(VERSION).digest('hex'),
      extensions: [{ extensionIdentifier: { id: ID }, version: VERSION }],
      translations: { vscode: path.join(dir, 'translations', 'main.i18n.json') },
      label: 'Pseudo Language',
    },
  };
  return { vsix, languagePacksJson };
}
