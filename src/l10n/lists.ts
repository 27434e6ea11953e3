/** Lists as the editor's language joins them: "a, b and c" (`Intl.ListFormat`). Pure. */
import { locale } from './locale';

/** "10 page groups and 3 webhook subscriptions". */
export function listText(parts: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(locale(), { style: 'long', type }).format(parts);
}
