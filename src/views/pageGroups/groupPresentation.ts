/** How a status group row reads: its label and its "20+" description. Pure. */
import { spoken } from '../common/accessibleText';
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

/**
 * What a screen reader says for a status row (its spinner and warning icon in words): "Status published, 20 page
 * groups loaded, more available", "…, loading", "…, the last load failed".
 */
export function groupAccessibleLabel(key: GroupKey, summary: GroupSummary, failed: boolean): string {
  const name = key === NO_STATUS ? 'Page groups without a status' : key === EMPTY_STATUS ? 'Page groups with the empty status ""' : `Status ${displayText(key)}`;
  const loaded = `${summary.loaded} ${summary.loaded === 1 ? 'page group' : 'page groups'} loaded`;
  return spoken(
    name,
    summary.started || summary.refreshing ? loaded : 'not loaded yet',
    summary.started && summary.hasMore && 'more available',
    summary.hiddenDeleted > 0 && `${summary.hiddenDeleted} deleted hidden`,
    summary.refreshing ? 'refreshing' : summary.loading && 'loading',
    failed && 'the last load failed',
  );
}
