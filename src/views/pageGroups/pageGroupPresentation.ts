/** How a page group reads in the tree: label, description, tooltip text. Pure. */
import type { CheckedPageGroup, PageGroup } from '../../api/model';
import { contractProblems, spoken, spokenDescription } from '../common/accessibleText';
import { displayText } from '../common/displayText';
import { escapeMarkdown, fieldLines, problemsSection } from '../common/markdown';
import { describeTimestamp } from '../common/time';

export function isDeleted(group: PageGroup): boolean {
  return group.deletedAt !== undefined && group.deletedAt !== '';
}

/** `title`, falling back to `name`, then `pageGroupId`. */
export function pageGroupLabel(group: PageGroup): string {
  return displayText(group.title || group.name || group.pageGroupId || '(page group without id)');
}

/** `name` (when the label is not already the name), the page count, and "deleted". */
export function pageGroupDescription(group: PageGroup): string {
  const parts: string[] = [];
  if (group.name && group.title) {
    parts.push(displayText(group.name));
  }
  if (group.pagesCount !== undefined) {
    parts.push(`${group.pagesCount} ${group.pagesCount === 1 ? 'page' : 'pages'}`);
  }
  if (isDeleted(group)) {
    parts.push('deleted');
  }
  return parts.join(' · ');
}

const timestamp = (value: string | undefined, now: number): string | undefined =>
  value === undefined ? undefined : describeTimestamp(value, now);

/** Markdown tooltip: identity, status, context, counts, timestamps, and contract problems. */
export function pageGroupTooltip(item: CheckedPageGroup, now: number = Date.now()): string {
  const group = item.value;
  // The full title (the row's label is cut when long).
  const heading = `**${escapeMarkdown(group.title || group.name || group.pageGroupId || '(page group without id)')}**${isDeleted(group) ? ' — $(trash) deleted' : ''}`;
  const fields = fieldLines([
    ['ID', group.pageGroupId],
    ['Name', group.name],
    ['Status', group.status ?? '(none)'],
    ['Tenant', group.tenantId],
    ['Brand', group.brandId],
    ['Page context', group.pageContext],
    ['Pages', group.pagesCount === undefined ? undefined : String(group.pagesCount)],
    ['Header action', group.headerActionId],
    ['Created', timestamp(group.createdAt, now)],
    ['Updated', timestamp(group.updatedAt, now)],
    ['Deleted', timestamp(group.deletedAt, now)],
  ]);
  return `${heading}\n\n${fields}${problemsSection(item.problems)}`;
}

/** What a screen reader says for a page group row: its label and description, and what its icon shows (deleted, contract problems). */
export function pageGroupAccessibleLabel(item: CheckedPageGroup): string {
  const group = item.value;
  return spoken(`Page group ${pageGroupLabel(group)}`, spokenDescription(pageGroupDescription(group)), contractProblems(item.problems.length));
}

/** What the picker shows for a page group: label, then "name · id · status". */
export function pageGroupPickDetail(group: PageGroup): string {
  return [group.name, group.pageGroupId, group.status].filter((x): x is string => !!x).join(' · ');
}
