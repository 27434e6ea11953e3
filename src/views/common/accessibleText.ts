/**
 * What a screen reader says for a row whose meaning the tree shows by icon or color (an error, a warning, a deleted or
 * inactive item, a spinner): the same facts in words. Set as the row's `accessibilityInformation`, which the editor
 * uses as its `aria-label`. Pure.
 */

/** What a message row's icon says: an error, a warning (something to do), or plain information. */
export type MessageTone = 'error' | 'warning' | 'info';

const TONE_PREFIX: Record<MessageTone, string> = {
  error: 'Error: ',
  warning: 'Warning: ',
  info: '',
};

/** Joins the non-empty parts with ", " (the pause a screen reader makes). */
export function spoken(...parts: ReadonlyArray<string | undefined | false>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(', ');
}

/** "Error: Couldn't load more page groups — retry, HTTP 500". */
export function messageAccessibleLabel(tone: MessageTone, label: string, description?: string): string {
  return `${TONE_PREFIX[tone]}${spoken(label, description)}`;
}

/** The description's " · " separators read as pauses. */
export function spokenDescription(description: string): string {
  return description.split(' · ').join(', ');
}

/** ", breaks the API contract (2 problems)" when the item has problems. */
export function contractProblems(count: number): string | undefined {
  return count === 0 ? undefined : `breaks the API contract (${count} ${count === 1 ? 'problem' : 'problems'})`;
}
