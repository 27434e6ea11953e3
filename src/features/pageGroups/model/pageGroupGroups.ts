/** Counting page groups per value of a field (Count Page Groups' `groupBy`, the table's facets). Pure: no `vscode`. */
import type { CheckedPageGroup } from '../../../api/model';
import { groupValueOf, type GroupByField } from './pageGroupFilter';
import { NO_STATUS_GROUP } from './pageGroupExtent';

/** The key of the values beyond a cap (their counts summed, so the numbers still add up). */
// l10n-ignore: a key of the JSON the agent's tools return (a name, like the field names), the same in every language
export const OTHER_GROUPS = '(other values)';

/** Counts per value of `field`, largest first (then by value); "(none)" for page groups without one. */
export function groupCounts(items: readonly CheckedPageGroup[], field: GroupByField): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = groupValueOf(item, field) ?? NO_STATUS_GROUP;
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** At most `max` groups, the rest summed under OTHER_GROUPS. */
export function cappedGroups(groups: ReadonlyArray<[string, number]>, max: number): Array<[string, number]> {
  if (groups.length <= max) {
    return [...groups];
  }
  const rest = groups.slice(max).reduce((sum, [, n]) => sum + n, 0);
  return [...groups.slice(0, max), [OTHER_GROUPS, rest]];
}
