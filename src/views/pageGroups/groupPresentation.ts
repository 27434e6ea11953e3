/** How a status group row reads: its label and its "20+" description. Pure. */
import { displayText } from '../common/displayText';
import { EMPTY_STATUS, NO_STATUS, type GroupKey } from './pageGroupsModel';

export interface GroupSummary {
  readonly started: boolean;
  readonly loading: boolean;
  readonly loaded: number;
  readonly hasMore: boolean;
  readonly hiddenDeleted: number;
  /** Loading page 1 again while the rows loaded before are still shown. */
  readonly refreshing?: boolean;
}

export function groupLabel(key: GroupKey): string {
  if (key === NO_STATUS) {
    return '(no status)';
  }
  return key === EMPTY_STATUS ? '(empty status "")' : displayText(key);
}

/** "" before loading, "loading…", "20+" while more exist, "57" when complete; hidden deleted ones are mentioned. */
export function groupDescription(summary: GroupSummary): string {
  if (summary.refreshing) {
    return `${summary.loaded} · refreshing…`;
  }
  if (!summary.started) {
    return summary.loading ? 'loading…' : '';
  }
  const count = `${summary.loaded}${summary.hasMore ? '+' : ''}`;
  const hidden = summary.hiddenDeleted > 0 ? ` · ${summary.hiddenDeleted} deleted hidden` : '';
  return `${count}${hidden}${summary.loading ? ' · loading…' : ''}`;
}
