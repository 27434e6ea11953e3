/**
 * What a screen reader says for a row whose meaning the tree shows by icon or color (an error, a warning, a deleted or
 * inactive item, a spinner): the same facts in words, in the editor's language. Set as the row's
 * `accessibilityInformation`, which the editor uses as its `aria-label`. Pure.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';
import { plural } from '../l10n/plural';

/** What a message row's icon says: an error, a warning (something to do), or plain information. */
export type MessageTone = 'error' | 'warning' | 'info';

/** Joins the non-empty parts with ", " (the pause a screen reader makes). */
export function spoken(...parts: ReadonlyArray<string | undefined | false>): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(l10n.t({ message: ', ', comment: 'between the parts of what a screen reader says for a row (a pause)' }));
}

/** "Error: Couldn't load more page groups — retry, HTTP 500". */
export function messageAccessibleLabel(tone: MessageTone, label: string, description?: string): string {
  const text = spoken(label, description);
  switch (tone) {
    case 'error':
      return l10n.t({ message: 'Error: {0}', args: [text], comment: 'a row with an error icon, as a screen reader says it' });
    case 'warning':
      return l10n.t({ message: 'Warning: {0}', args: [text], comment: 'a row with a warning icon, as a screen reader says it' });
    case 'info':
      return text;
  }
}

/** The description's " · " separators read as pauses. */
export function spokenDescription(description: string): string {
  return spoken(...description.split(' · '));
}

/** "breaks the API contract (2 problems)" when the item has problems. */
export function contractProblems(count: number): string | undefined {
  if (count === 0) {
    return undefined;
  }
  const n = formatNumber(count);
  return plural(count, {
    zero: () => l10n.t({ message: 'breaks the API contract ({0} problems)', args: [n], comment: 'plural: zero' }),
    one: () => l10n.t('breaks the API contract ({0} problem)', n),
    two: () => l10n.t({ message: 'breaks the API contract ({0} problems)', args: [n], comment: 'plural: two' }),
    few: () => l10n.t({ message: 'breaks the API contract ({0} problems)', args: [n], comment: 'plural: few' }),
    many: () => l10n.t({ message: 'breaks the API contract ({0} problems)', args: [n], comment: 'plural: many' }),
    other: () => l10n.t('breaks the API contract ({0} problems)', n),
  });
}
