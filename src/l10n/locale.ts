/**
 * The editor's display language, for `Intl` formatting (numbers, plurals, dates, relative times). Set once at
 * activation from `vscode.env.language` (see configureL10n.ts); 'en' until then, which is what unit tests see. A
 * language `Intl` does not know (the pseudo-locale `qps-ploc`, say) formats as English. Pure.
 */

let current = 'en'; // l10n-ignore: a language tag

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
  current = supportedLocale(language);
}

export function locale(): string {
  return current;
}
