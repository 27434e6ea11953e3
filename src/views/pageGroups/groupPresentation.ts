/** How a status group row reads: its label and its "20+" description. Pure. */
import { NO_STATUS, type GroupKey } from './pageGroupsModel';

export interface GroupSummary {
  readonly started: boolean;
  readonly loading: boolean;
  readonly loaded: number;
  readonly hasMore: boolean;
  readonly hiddenDeleted: number;
}

export function groupLabel(key: GroupKey): string {
  return key === NO_STATUS ? '(no status)' : key;
}

/** "" before loading, "loading…", "20+" while more exist, "57" when complete; hidden deleted ones are mentioned. */
export function groupDescription(summary: GroupSummary): string {
  if (!summary.started) {
    return summary.loading ? 'loading…' : '';
  }
  const count = `${summary.loaded}${summary.hasMore ? '+' : ''}`;
  const hidden = summary.hiddenDeleted > 0 ? ` · ${summary.hiddenDeleted} deleted hidden` : '';
  return `${count}${hidden}${summary.loading ? ' · loading…' : ''}`;
}
