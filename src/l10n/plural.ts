/**
 * Plural forms chosen by the editor's language (`Intl.PluralRules`). The caller gives one whole message per plural
 * category, each its own `l10n.t` call so that `@vscode/l10n-dev export` puts each in the bundle: English uses only
 * `one` and `other` (the others repeat `other`'s text with a comment naming their category, which makes them distinct
 * keys), and a language with more forms (Arabic: zero, one, two, few, many, other; Polish: one, few, many, other)
 * translates each. Only the chosen form's message is looked up. Pure.
 */
import { locale } from './locale';

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** One message per category; each calls `l10n.t` with the whole sentence. */
export type PluralForms = Readonly<Record<PluralCategory, () => string>>;

/** A pure cache (module state on purpose): one set of rules per locale. */
const rules = new Map<string, Intl.PluralRules>();

export function pluralCategory(count: number): PluralCategory {
  const language = locale();
  let rule = rules.get(language);
  if (rule === undefined) {
    rule = new Intl.PluralRules(language);
    rules.set(language, rule);
  }
  return rule.select(count) as PluralCategory;
}

/** The message of `count`'s plural category. */
export function plural(count: number, forms: PluralForms): string {
  return forms[pluralCategory(count)]();
}
