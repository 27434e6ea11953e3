/**
 * The editor's display language, for `Intl` formatting (numbers, plurals, dates, relative times). Set once at
 * activation from `vscode.env.language` (see src/ui/configureL10n.ts) and checked against `Intl` when first used; 'en'
 * until then, which is what unit tests see. A language `Intl` does not know (the pseudo-locale `qps-ploc`, say) formats
 * as English. No `vscode` import. Module state on purpose: the language is one for the whole extension host, as the
 * message bundle of `@vscode/l10n` (`l10n.config`) is.
 */

let requested = 'en'; // l10n-ignore: a language tag
/**
 * `requested` as `Intl` supports it, worked out at the first formatting: the first `Intl` call loads the ICU data,
 * which activation need not pay for (docs/performance.md).
 */
let current: string | undefined;

/** The language to format for: `language` when `Intl` supports it, else 'en'. */
export function supportedLocale(language: string): string {
  try {
    const [supported] = Intl.NumberFormat.supportedLocalesOf([language]);
    return supported ?? 'en'; // l10n-ignore: a language tag
  } catch {
    return 'en'; // l10n-ignore: a language tag (this one is not well-formed)
  }
}

export function setLocale(language: string): void {
  requested = language;
  current = undefined;
}

export function locale(): string {
  current ??= supportedLocale(requested);
  return current;
}
