// l10n-ignore-file: no words here (the words come from the host)
/**
 * What a screen reader is told when the user sorts: the header cells say their sort (aria-sort, aria-description),
 * but a change of sort is only drawn. "Sorted by Pages descending and Status ascending": each key a whole phrase of
 * the host's, the keys joined as the editor's language lists things (Intl.ListFormat). No DOM: unit tests use it.
 */
import type { SortKey } from '../model/tableState';
import { t } from './tableData';

/** The sort `sort` in words; `label` gives a column's header, `locale` the editor's language. */
export function sortDescription(sort: readonly SortKey[], label: (key: SortKey) => string, locale: string): string {
  if (sort.length === 0) {
    return t('notSorted');
  }
  const keys = sort.map((key) => t(key.descending ? 'sortKeyDescending' : 'sortKeyAscending', label(key)));
  return t('sortedBy', new Intl.ListFormat(locale, { type: 'conjunction' }).format(keys));
}
