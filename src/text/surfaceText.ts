/**
 * The one way server and settings text (ids, names, titles, statuses, URLs, gateway names) goes into what the editor
 * draws with its own syntax: quick pick labels, descriptions and details, status bar messages and progress titles
 * (`plainText`), and Markdown tooltips and hovers (`markdownText`, re-exported by markdown.ts as `escapeMarkdown`).
 * Whatever the text holds, it shows as text: no icon (`$(pass-filled)`), no link (`[open](https://…)`, a bare
 * `https://…`), no image, no HTML, and no control or bidirectional character (shown as `\u202E`, see displayText.ts).
 * Pure.
 */
import { displayText, MAX_LABEL_LENGTH, visibleText } from './displayText';

/**
 * `$(name)` and `$(name~modifier)`: what the editor draws as an icon in labels, the status bar and Markdown with theme
 * icons. Preceded by a backslash it draws the text `$(name)` instead.
 */
const ICON = /\$\((?=[A-Za-z0-9-]+(?:~[A-Za-z0-9-]+)?\))/g;

/** `$(x)` → `\$(x)`: the editor shows the text, not the icon. */
export function escapeIcons(text: string): string {
  return text.replace(ICON, '\\$(');
}

/** `](`: where a notification's `[text](https://…)` link would form; a word joiner (invisible) keeps it apart. */
const LINK_JOIN = /\]\(/g;

/**
 * Text for a quick pick item (label, description, detail), a status bar message or a progress title: control and
 * bidi characters visible, cut to `max` characters, icons and links not formed. Our own icons go outside it:
 * `` `$(check) ${plainText(id)}` ``.
 */
export function plainText(text: string, max: number = MAX_LABEL_LENGTH): string {
  return escapeIcons(displayText(text, max)).replace(LINK_JOIN, ']\u2060(');
}

/** Every character Markdown may read as syntax; each is written with a backslash, which Markdown then removes. */
const MARKDOWN_SYNTAX = /[\\`*_{}[\]()#+\-.!|<>~$&]/g;
/** `scheme://`: a bare URL that Markdown would turn into a link. */
const AUTOLINK_COLON = /:(?=\/\/)/g;

/**
 * Text for Markdown (tooltips, hovers): rendered literally, whatever it holds. Icons are escaped first (the editor
 * draws them after Markdown has removed its own escapes, so `$(x)` needs `\$(x)` to survive as text); then every
 * Markdown syntax character is escaped, and the colon of `://` too, so that no bare URL becomes a link.
 */
export function markdownText(text: string): string {
  return escapeIcons(visibleText(text)).replace(MARKDOWN_SYNTAX, (c) => `\\${c}`).replace(AUTOLINK_COLON, '\\:');
}

/** Characters of a status bar message or a quick pick description holding a URL or a sentence. */
export const STATUS_MESSAGE_LENGTH = 200;
/** Characters of a quick pick detail (its second line). */
export const DETAIL_LENGTH = 240;
