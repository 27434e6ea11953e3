/** How the marks of the last refresh read: the word in a row's description and the tooltip section. Pure. */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';
import { escapeMarkdown } from '../text/markdown';
import type { ChangeMark, FieldChange, MarkKind } from '../model/itemChanges';
import { withoutPassword } from '../text/urlText';
import { jsonText } from '../util/jsonText';

const MAX_VALUE_LENGTH = 80;
const MAX_FIELDS = 12;

/** "new", "changed", "removed": appended to the row's description. */
export function markWord(kind: MarkKind): string {
  switch (kind) {
    case 'new':
      return l10n.t({ message: 'new', comment: 'a row new since the last refresh' });
    case 'changed':
      return l10n.t({ message: 'changed', comment: 'a row changed since the last refresh' });
    case 'removed':
      return l10n.t({ message: 'removed', comment: 'a row no longer listed since the last refresh' });
  }
}

/** A field value in one line: JSON, cut to MAX_VALUE_LENGTH characters, passwords of URLs hidden. */
export function formatValue(value: unknown): string {
  // Bounded: only the first characters are written, however large or deep the value.
  const text = jsonText(value, { mapString: withoutPassword, maxChars: MAX_VALUE_LENGTH * 2 + 2 }) ?? String(value);
  const chars = [...text];
  return chars.length > MAX_VALUE_LENGTH ? `${chars.slice(0, MAX_VALUE_LENGTH - 1).join('')}…` : text;
}

/** `url: "https://a/x" → "https://b/x"`, `deletedAt: (absent) → "2026-…"`. Plain text. */
export function fieldChangeLine(change: FieldChange): string {
  const absent = l10n.t({ message: '(absent)', comment: 'a field that the item did not have' });
  const before = change.hadBefore ? formatValue(change.before) : absent;
  const after = change.hasAfter ? formatValue(change.after) : absent;
  return `${change.field}: ${before} → ${after}`;
}

/** The tooltip section of a marked row (Markdown), or '' for an unmarked one. */
export function changeSection(mark: ChangeMark | 'removed' | undefined): string {
  if (mark === undefined) {
    return '';
  }
  if (mark === 'removed') {
    return `\n\n$(diff-removed) ${l10n.t('{0}: the gateway no longer lists it. Shown until the next refresh.', `**${escapeMarkdown(l10n.t('Removed'))}**`)}`;
  }
  if (mark.kind === 'new') {
    return `\n\n$(diff-added) ${l10n.t('{0} since the last refresh.', `**${escapeMarkdown(l10n.t('New'))}**`)}`;
  }
  const shown = mark.fields.slice(0, MAX_FIELDS).map((change) => `- ${escapeMarkdown(fieldChangeLine(change))}`);
  const more = mark.fields.length > MAX_FIELDS ? [`- ${escapeMarkdown(l10n.t('… and {0} more', formatNumber(mark.fields.length - MAX_FIELDS)))}`] : [];
  return `\n\n$(diff-modified) ${l10n.t('{0} since the last refresh:', `**${escapeMarkdown(l10n.t('Changed'))}**`)}\n\n${[...shown, ...more].join('\n')}`;
}
