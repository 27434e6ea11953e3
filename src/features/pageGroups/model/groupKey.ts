/**
 * A page group's status group: the key the tree groups by, the filter's `statuses` and the table's status facet use.
 * On its own (no paging, no `node:` import) so that the table's webview bundle can hold the filter model. Pure.
 */
import type { CheckedPageGroup } from '../../../api/model';

/** A status group's key: the status string, or NO_STATUS for page groups without one. */
export type GroupKey = string;
export const NO_STATUS: GroupKey = '\u0000no-status';

/** The group an item belongs to. */
export function groupKeyOf(item: CheckedPageGroup): GroupKey {
  return item.value.status ?? NO_STATUS;
}
