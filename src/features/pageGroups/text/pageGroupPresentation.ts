/** How a page group reads in the tree: label, description, tooltip text. Pure. */
import * as l10n from '@vscode/l10n';
import type { CheckedPageGroup, PageGroup } from '../../../api/model';
import { contractProblems, spoken, spokenDescription } from '../../../text/accessibleText';
import { displayText } from '../../../text/displayText';
import { escapeMarkdown, fieldLines, problemsSection } from '../../../text/markdown';
import { describeTimestamp } from '../../../text/time';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';

export function isDeleted(group: PageGroup): boolean {
  return group.deletedAt !== undefined && group.deletedAt !== '';
}

/** `title`, falling back to `name`, then `pageGroupId`. */
export function pageGroupLabel(group: PageGroup): string {
  return displayText(group.title || group.name || group.pageGroupId || l10n.t('(page group without id)'));
}

/** `name` (when the label is not already the name), the page count, and "deleted". */
export function pageGroupDescription(group: PageGroup): string {
  const parts: string[] = [];
  if (group.name && group.title) {
    parts.push(displayText(group.name));
  }
  if (group.pagesCount !== undefined) {
    parts.push(pageCount(group.pagesCount));
  }
  if (isDeleted(group)) {
    parts.push(l10n.t('deleted'));
  }
  return parts.join(' · ');
}

/** "1 page", "12 pages". */
export function pageCount(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} pages', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} page', count),
    two: () => l10n.t({ message: '{0} pages', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} pages', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} pages', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} pages', count),
  });
}

const timestamp = (value: string | undefined, now: number): string | undefined =>
  value === undefined ? undefined : describeTimestamp(value, now);

/** Markdown tooltip: identity, status, context, counts, timestamps, and contract problems. */
export function pageGroupTooltip(item: CheckedPageGroup, now: number = Date.now()): string {
  const group = item.value;
  // The full title (the row's label is cut when long).
  const title = `**${escapeMarkdown(group.title || group.name || group.pageGroupId || l10n.t('(page group without id)'))}**`;
  const heading = isDeleted(group) ? `${title} — $(trash) ${escapeMarkdown(l10n.t('deleted'))}` : title;
  const fields = fieldLines([
    [l10n.t('ID'), group.pageGroupId],
    [l10n.t('Name'), group.name],
    [l10n.t('Status'), group.status ?? l10n.t('(none)')],
    [l10n.t('Tenant'), group.tenantId],
    [l10n.t('Brand'), group.brandId],
    [l10n.t('Page context'), group.pageContext],
    [l10n.t('Pages'), group.pagesCount === undefined ? undefined : formatNumber(group.pagesCount)],
    [l10n.t('Header action'), group.headerActionId],
    [l10n.t('Created'), timestamp(group.createdAt, now)],
    [l10n.t('Updated'), timestamp(group.updatedAt, now)],
    [l10n.t('Deleted'), timestamp(group.deletedAt, now)],
  ]);
  return `${heading}\n\n${fields}${problemsSection(item.problems)}`;
}

/** What a screen reader says for a page group row: its label and description, and what its icon shows (deleted, contract problems). */
export function pageGroupAccessibleLabel(item: CheckedPageGroup): string {
  const group = item.value;
  return spoken(l10n.t('Page group {0}', pageGroupLabel(group)), spokenDescription(pageGroupDescription(group)), contractProblems(item.problems.length));
}

/** What the picker shows for a page group: label, then "name · id · status". */
export function pageGroupPickDetail(group: PageGroup): string {
  return [group.name, group.pageGroupId, group.status].filter((x): x is string => !!x).join(' · ');
}
