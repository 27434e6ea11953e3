/**
 * Server strings made safe to show: control characters, bidirectional overrides and lone surrogates become visible
 * escapes (`\u202E`), so a string can neither hide nor reorder what is around it; labels are cut to a readable length
 * (the full value stays in tooltips and documents). Pure.
 */

// C0 and C1 controls, DEL, the bidirectional embedding/override/isolate controls, line and paragraph separators,
// zero-width joiners and the byte order mark, and lone surrogates.
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Labels and descriptions in trees and pickers are cut after this many characters. */
export const MAX_LABEL_LENGTH = 120;

/** `text` with every unsafe character shown as `\uXXXX`. */
export function visibleText(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** `visibleText`, cut to `max` characters with an ellipsis (never in the middle of a surrogate pair or an escape). */
export function displayText(text: string, max: number = MAX_LABEL_LENGTH): string {
  const visible = visibleText(text);
  if (visible.length <= max) {
    return visible;
  }
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(visible.charAt(cut - 1))) {
    cut -= 1;
  }
  const escape = visible.slice(Math.max(0, cut - 5), cut).lastIndexOf('\\u');
  if (escape >= 0) {
    cut = Math.max(0, cut - 5) + escape;
  }
  return `${visible.slice(0, cut)}…`;
}
