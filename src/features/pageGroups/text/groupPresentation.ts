/** How a status group row reads: its label and its "57 · 20 loaded" description. Pure. */
import * as l10n from '@vscode/l10n';
import { spoken } from '../../../text/accessibleText';
import { displayText } from '../../../text/displayText';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import type { PageGroup } from '../../../api/model';
import { EMPTY_STATUS, NO_STATUS, type GroupKey, type KnownCount } from '../model/pageGroupsModel';
import type { RememberedCount } from '../model/statusCountMemory';
import { locale } from '../../../l10n/locale';
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
  /** The last exact count from before (an earlier load, refresh or window), and when it was learned. */
  readonly remembered?: RememberedCount;
}

export function groupLabel(key: GroupKey): string {
  if (key === NO_STATUS) {
    return l10n.t('(no status)');
  }
  return key === EMPTY_STATUS ? l10n.t('(empty status "")') : displayText(key);
}

/** The size a status row states, and whether it is a count from before (then possibly stale). */
interface StatedSize {
  /** The page groups in the status: exact, or (`atLeast`) a lower bound. */
  readonly count: number;
  readonly atLeast: boolean;
  /** Set when the count is remembered from before: when it was learned. */
  readonly learnedAt?: number;
}

/** What the row says of its size: a count known now, else one remembered (unless what is loaded disproves it), else what is loaded. */
function statedSize(summary: GroupSummary): StatedSize | undefined {
  if (summary.known?.exact === true) {
    return { count: summary.known.count, atLeast: false };
  }
  const remembered = summary.remembered;
  if (remembered !== undefined && remembered.count >= summary.loaded) {
    return { count: remembered.count, atLeast: false, learnedAt: remembered.at };
  }
  if (summary.started) {
    return { count: summary.loaded, atLeast: summary.hasMore };
  }
  return summary.refreshing ? { count: summary.loaded, atLeast: false } : undefined;
}

/**
 * One format for every status row, collapsed or not: its size first ("57", or "20+" while only a lower bound is
 * known), then how many of them are loaded when that is fewer ("57 · 20 loaded"), when a count from before was
 * learned ("57 · as of 2:05 PM": it may have changed since), hidden deleted ones, and "loading…" or "refreshing…".
 * "" before anything is known.
 */
export function groupDescription(summary: GroupSummary, now: number = Date.now()): string {
  const size = statedSize(summary);
  const parts: string[] = [];
  if (size !== undefined) {
    parts.push(size.atLeast ? l10n.t({ message: '{0}+', args: [formatNumber(size.count)], comment: 'this many loaded, and more exist: "20+"' }) : formatNumber(size.count));
    if ((summary.started || summary.refreshing === true) && !size.atLeast && summary.loaded < size.count) {
      parts.push(l10n.t({ message: '{0} loaded', args: [formatNumber(summary.loaded)], comment: 'of the page groups a status row counts, this many are loaded: "57 · 20 loaded"' }));
    }
    if (size.learnedAt !== undefined) {
      parts.push(l10n.t({ message: 'as of {0}', args: [learnedTime(size.learnedAt, now)], comment: 'a count learned earlier: "57 · as of 2:05 PM" or "as of Nov 26"' }));
    }
  }
  if (summary.hiddenDeleted > 0) {
    parts.push(hiddenDeletedText(summary.hiddenDeleted));
  }
  if (summary.refreshing) {
    parts.push(l10n.t('refreshing…'));
  } else if (summary.loading) {
    parts.push(l10n.t('loading…'));
  }
  return parts.join(' · ');
}

/** "2:05 PM" for a time today, "Nov 26" for an earlier day, in the editor's language. */
export function learnedTime(at: number, now: number = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(locale(), sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric' }).format(at);
}

/** The status row's tooltip line: where its number comes from. */
export function groupCountTooltip(known: KnownCount | undefined, unfilteredTotal: number, remembered?: RememberedCount): string {
  if (known?.exact !== true && remembered !== undefined && remembered.count >= (known?.count ?? 0)) {
    const when = new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(remembered.at);
    return l10n.t('{0} when last counted, {1}; it may have changed since. Load All (or a Search through all page groups) counts again.', pageGroupCount(remembered.count), when);
  }
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
  const size = statedSize(summary);
  const counted =
    size === undefined || size.atLeast || ((summary.started || summary.refreshing === true) && summary.loaded >= size.count)
      ? undefined
      : size.learnedAt === undefined
        ? l10n.t({ message: '{0} in all', args: [pageGroupCount(size.count)], comment: '"57 page groups in all"' })
        : l10n.t({ message: '{0} in all as of {1}', args: [pageGroupCount(size.count), learnedTime(size.learnedAt)], comment: '"57 page groups in all as of 2:05 PM"' });
  return spoken(
    name,
    counted,
    summary.started || summary.refreshing ? loaded : l10n.t('not loaded yet'),
    summary.started && summary.hasMore && l10n.t('more available'),
    summary.hiddenDeleted > 0 && hiddenDeletedText(summary.hiddenDeleted),
    summary.refreshing ? l10n.t('refreshing') : summary.loading && l10n.t('loading'),
    failed && l10n.t('the last load failed'),
  );
}

/** A Search result's second line: its status ("(no status)" without one), name, tenant and brand. */
export function pageGroupSearchDetail(group: PageGroup): string {
  return [group.status ?? groupLabel(NO_STATUS), group.name, group.tenantId && l10n.t('tenant {0}', group.tenantId), group.brandId && l10n.t('brand {0}', group.brandId)]
    .filter((x) => !!x)
    .join(' · ');
}
