/** Small helpers to build Markdown tooltips safely from server data. Pure. */
import * as l10n from '@vscode/l10n';
import type { ItemProblem } from '../api/model';
import { itemProblemText } from './itemProblemText';
import { markdownText } from './surfaceText';

/**
 * Escapes Markdown so that server-provided text renders literally: no icon, link, image or HTML; unsafe characters
 * shown as escapes (see surfaceText.ts).
 */
export function escapeMarkdown(text: string): string {
  return markdownText(text);
}

/** `**Label:** value` lines; entries whose value is undefined are left out. */
export function fieldLines(fields: ReadonlyArray<readonly [string, string | undefined]>): string {
  return fields
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([label, value]) => `**${escapeMarkdown(label)}:** ${escapeMarkdown(value)}`)
    .join('  \n');
}

/** A "Problems" section listing contract violations, or '' when there are none. */
export function problemsSection(problems: readonly ItemProblem[]): string {
  if (problems.length === 0) {
    return '';
  }
  const lines = problems.map((p) => `- ${escapeMarkdown(itemProblemText(p))}`).join('\n');
  return `\n\n$(warning) **${escapeMarkdown(l10n.t('Does not match the API contract:'))}**\n\n${lines}`;
}

/** `text` as inline code (a setting's name, a command's argument): shown as code in Markdown, plain in a notification. */
export function inlineCode(text: string): string {
  return `\`${text}\``;
}
