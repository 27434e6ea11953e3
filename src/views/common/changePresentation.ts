/** How the marks of the last refresh read: the word in a row's description and the tooltip section. Pure. */
import { escapeMarkdown } from './markdown';
import type { ChangeMark, FieldChange, MarkKind } from './itemChanges';
import { withoutPassword } from './urlText';

const MAX_VALUE_LENGTH = 80;
const MAX_FIELDS = 12;

/** "new", "changed", "removed": appended to the row's description. */
export function markWord(kind: MarkKind): string {
  return kind;
}

/** A field value in one line: JSON, cut to MAX_VALUE_LENGTH characters, passwords of URLs hidden. */
export function formatValue(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? withoutPassword(inner) : inner)) ?? String(value);
  const chars = [...text];
  return chars.length > MAX_VALUE_LENGTH ? `${chars.slice(0, MAX_VALUE_LENGTH - 1).join('')}…` : text;
}

/** `url: "https://a/x" → "https://b/x"`, `deletedAt: (absent) → "2026-…"`. Plain text. */
export function fieldChangeLine(change: FieldChange): string {
  const before = change.hadBefore ? formatValue(change.before) : '(absent)';
  const after = change.hasAfter ? formatValue(change.after) : '(absent)';
  return `${change.field}: ${before} → ${after}`;
}

/** The tooltip section of a marked row (Markdown), or '' for an unmarked one. */
export function changeSection(mark: ChangeMark | 'removed' | undefined): string {
  if (mark === undefined) {
    return '';
  }
  if (mark === 'removed') {
    return '\n\n$(diff-removed) **Removed**: the gateway no longer lists it. Shown until the next refresh.';
  }
  if (mark.kind === 'new') {
    return '\n\n$(diff-added) **New** since the last refresh.';
  }
  const shown = mark.fields.slice(0, MAX_FIELDS).map((change) => `- ${escapeMarkdown(fieldChangeLine(change))}`);
  const more = mark.fields.length > MAX_FIELDS ? [`- … and ${mark.fields.length - MAX_FIELDS} more`] : [];
  return `\n\n$(diff-modified) **Changed** since the last refresh:\n\n${[...shown, ...more].join('\n')}`;
}
