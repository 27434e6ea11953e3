// Our English strings, to find them on screen in the pseudo-locale run: every message of l10n/bundle.l10n.json and
// every value of package.nls.json, cut at their {n} placeholders (and Markdown links) into the fixed parts a user
// would see. In the pseudo-locale every letter of ours is replaced (Ƥȧȧɠḗḗ Ɠřǿǿŭŭƥş), so a fixed part of ours found as
// it is means a string that bypassed l10n. Server data (ids, names, titles, URLs) is not ours and is not compared.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../harness/paths';

type Bundle = Record<string, string | { readonly message: string }>;

function readBundle(file: string): Bundle {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Bundle;
}

function messageOf(value: Bundle[string] | undefined): string | undefined {
  return value === undefined ? undefined : typeof value === 'string' ? value : value.message;
}

/** A fixed part of one of our messages, and how to find it. */
interface Fragment {
  readonly text: string;
  /** The message it comes from (for the failure message). */
  readonly message: string;
  /** A whole message that is one word: compared with whole segments only (server data holds words too). */
  readonly wholeSegment: boolean;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function fragmentsOf(message: string): Fragment[] {
  // Markdown links: their text is shown, their target is not.
  const shown = message.replace(/\[([^\]]*)\]\([^)]*\)/g, '\n$1\n');
  const parts = shown
    .split(/\{\d+\}|\n|`[^`]*`|\$\([a-z0-9~-]+\)/)
    .map((part) => part.trim().replace(/^[\s.,:;·—–()“”"]+|[\s.,:;·—–()“”"]+$/g, ''))
    .filter((part) => /[A-Za-z]{2,}/.test(part));
  const single = parts.length === 1 && parts[0] === message.trim() && !/\s/.test(message.trim());
  if (single) {
    return parts.map((text) => ({ text, message, wholeSegment: true }));
  }
  // A part between placeholders is compared when it is a phrase, or a word long enough not to be any English text
  // (`to`, `of`: VS Code's own words, which stay English in the pseudo-locale, hold those too).
  return parts.filter((text) => /[A-Za-z]\s+[A-Za-z]/.test(text) || /[A-Za-z]{5,}/.test(text)).map((text) => ({ text, message, wholeSegment: false }));
}

export class OurEnglish {
  private readonly fragments: Fragment[];
  private readonly pseudoBundle: Bundle;
  private readonly pseudoNls: Bundle;
  private readonly nls: Bundle;

  public constructor() {
    const english = readBundle('l10n/bundle.l10n.json');
    this.nls = readBundle('package.nls.json');
    this.pseudoBundle = readBundle('l10n/bundle.l10n.qps-ploc.json');
    this.pseudoNls = readBundle('package.nls.qps-ploc.json');
    const messages = new Set([...Object.values(english), ...Object.values(this.nls)].map((value) => messageOf(value) ?? ''));
    this.fragments = [...messages].flatMap(fragmentsOf);
  }

  /** How many fixed parts are compared. */
  public get size(): number {
    return this.fragments.length;
  }

  /** The messages of ours whose English shows in `text` (a text of the screen). */
  public foundIn(text: string): string[] {
    const segments = text.split(/\s*(?:·|\n|\||—)\s*/).map((segment) => segment.trim());
    const found = this.fragments.filter((fragment) =>
      fragment.wholeSegment
        ? segments.includes(fragment.text)
        : // Case-sensitive, between word boundaries where ids and slugs count as words (`account-settings`, `tnt_acme`).
          new RegExp(`(^|[^A-Za-z0-9_./-])${escapeRegExp(fragment.text)}($|[^A-Za-z0-9_./-])`).test(text),
    );
    return [...new Set(found.map((fragment) => `“${fragment.text}” (of “${fragment.message}”)`))];
  }

  /** The pseudo-localized text of an l10n.t message, with its {n} filled in. */
  public pseudo(message: string, ...args: Array<string | number>): string {
    const translated = messageOf(this.pseudoBundle[message]);
    if (translated === undefined) {
      throw new Error(`not in the pseudo bundle: ${message}`);
    }
    return translated.replace(/\{(\d+)\}/g, (whole, index: string) => String(args[Number(index)] ?? whole));
  }

  /** The pseudo-localized value of a package.nls.json key. */
  public pseudoManifest(key: string): string {
    const translated = messageOf(this.pseudoNls[key]);
    if (translated === undefined) {
      throw new Error(`not in package.nls.qps-ploc.json: ${key}`);
    }
    return translated;
  }

  /** "Category: Title" of a command as the palette lists it in the pseudo-locale. */
  public pseudoCommand(command: string): string {
    return `${this.pseudoManifest('command.category')}: ${this.pseudoManifest(`command.${command}.title`)}`;
  }
}
