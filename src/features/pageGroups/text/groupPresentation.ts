/** How a status group row reads: its label and its "20+" description. Pure. */
import * as l10n from '@vscode/l10n';
import { spoken } from '../../../text/accessibleText';
import { displayText } from '../../../text/displayText';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import { EMPTY_STATUS, NO_STATUS, type GroupKey, type KnownCount } from '../model/pageGroupsModel';
import { pageGroupCount } from './pageGroupWords';

export interface GroupSummary {
  readonly started: boolean;
  readonly loading: boolean;
  readonly loaded: number;
  readonly hasMore: boolean;
  readonly hiddenDeleted: number;
  /** Loading page 1 again while the rows loaded before are still shown. */
  readonly refreshing?: boolean;
  /** What is known of the group's size (its own chain, or the whole unfiltered list); undefined when nothing is. */
  readonly known?: KnownCount;
}

export function groupLabel(key: GroupKey): string {
  if (key === NO_STATUS) {
    return l10n.t('(no status)');
  }
  return key === EMPTY_STATUS ? l10n.t('(empty status "")') : displayText(key);
}

/**
 * "" before anything is known, "loading…", "20+" while more exist, "57" when complete or counted in the whole
 * unfiltered list ("20 of 57" when the group itself is loaded in part); hidden deleted ones are mentioned.
 */
export function groupDescription(summary: GroupSummary): string {
  const loaded = formatNumber(summary.loaded);
  const known = summary.known?.exact === true ? summary.known : undefined;
  if (summary.refreshing) {
    return l10n.t('{0} · refreshing…', loaded);
  }
  if (!summary.started) {
    return summary.loading ? l10n.t('loading…') : known === undefined ? '' : formatNumber(known.count);
  }
  const parts = [
    !summary.hasMore
      ? loaded
      : known !== undefined && known.count > summary.loaded
        ? l10n.t({ message: '{0} of {1}', args: [loaded, formatNumber(known.count)], comment: 'this many loaded of this many in all: "20 of 57"' })
        : l10n.t({ message: '{0}+', args: [loaded], comment: 'this many loaded, and more exist: "20+"' }),
  ];
  if (summary.hiddenDeleted > 0) {
    parts.push(hiddenDeletedText(summary.hiddenDeleted));
  }
  if (summary.loading) {
    parts.push(l10n.t('loading…'));
  }
  return parts.join(' · ');
}

/** The status row's tooltip line: where its number comes from. */
export function groupCountTooltip(known: KnownCount | undefined, unfilteredTotal: number): string {
  if (known === undefined) {
    return l10n.t('Not counted yet: expand it to load its page groups, or search to scan them all.');
  }
  if (!known.exact) {
    return l10n.t('{0} loaded so far; the gateway has more. Load All counts them all.', pageGroupCount(known.count));
  }
  return known.source === 'status'
    ? l10n.t('{0}: every page of this status is loaded.', pageGroupCount(known.count))
    : l10n.t('{0}, counted in the whole unfiltered list ({1} loaded).', pageGroupCount(known.count), pageGroupCount(unfilteredTotal));
}

/** "3 deleted hidden". */
export function hiddenDeletedText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} deleted hidden', args: [count], comment: 'plural: zero; page groups hidden by pageGateway.showDeleted' }),
    one: () => l10n.t({ message: '{0} deleted hidden', args: [count], comment: 'plural: one; page groups hidden by pageGateway.showDeleted' }),
    two: () => l10n.t({ message: '{0} deleted hidden', args: [count], comment: 'plural: two; page groups hidden by pageGateway.showDeleted' }),
    few: () => l10n.t({ message: '{0} deleted hidden', args: [count], comment: 'plural: few; page groups hidden by pageGateway.showDeleted' }),
    many: () => l10n.t({ message: '{0} deleted hidden', args: [count], comment: 'plural: many; page groups hidden by pageGateway.showDeleted' }),
    other: () => l10n.t({ message: '{0} deleted hidden', args: [count], comment: 'plural: other; page groups hidden by pageGateway.showDeleted' }),
  });
}

/**
 * What a screen reader says for a status row (its spinner and warning icon in words): "Status published, 20 page
 * groups loaded, more available", "…, loading", "…, the last load failed".
 */
export function groupAccessibleLabel(key: GroupKey, summary: GroupSummary, failed: boolean): string {
  const name =
    key === NO_STATUS
      ? l10n.t('Page groups without a status')
      : key === EMPTY_STATUS
        ? l10n.t('Page groups with the empty status ""')
        : l10n.t('Status {0}', displayText(key));
  const loaded = l10n.t({ message: '{0} loaded', args: [pageGroupCount(summary.loaded)], comment: '{0} is a count of page groups: "20 page groups loaded"' });
  return spoken(
    name,
    summary.started || summary.refreshing ? loaded : l10n.t('not loaded yet'),
    summary.started && summary.hasMore && l10n.t('more available'),
    summary.hiddenDeleted > 0 && hiddenDeletedText(summary.hiddenDeleted),
    summary.refreshing ? l10n.t('refreshing') : summary.loading && l10n.t('loading'),
    failed && l10n.t('the last load failed'),
  );
}
