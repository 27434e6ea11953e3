/**
 * The words for the two ceilings of the Page Groups tree: the page groups a gateway may hold loaded
 * (`pageGateway.maxLoadedPageGroups`), and the status rows shown at the root of a gateway (MAX_STATUS_ROWS). Pure.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import { pageGroupCount } from './pageGroupWords';

export const MAX_LOADED_SETTING = 'pageGateway.maxLoadedPageGroups';

/** Status rows shown under a gateway; the others are reached with Filter by Status…. */
export const MAX_STATUS_ROWS = 500;

/** The whole sentence: where loading stopped, the setting, and what to do. `gateway`: its name, when there are several. */
export function capMessage(limit: number, gateway: string | undefined): string {
  return gateway === undefined
    ? l10n.t('Stopped at {0} loaded ({1}). Filter by status, or raise the limit.', pageGroupCount(limit), MAX_LOADED_SETTING)
    : l10n.t('Stopped at {0} loaded on {1} ({2}). Filter by status, or raise the limit.', pageGroupCount(limit), gateway, MAX_LOADED_SETTING);
}

/** The row that stands where "Load more…" would. */
export function capRowLabel(limit: number): string {
  return l10n.t('Stopped at {0} loaded — raise {1}', pageGroupCount(limit), MAX_LOADED_SETTING);
}

/** The row after the first MAX_STATUS_ROWS status rows: "1,234 more statuses — Filter by Status…". */
export function moreStatusesLabel(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} more statuses — Filter by Status…', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} more status — Filter by Status…', count),
    two: () => l10n.t({ message: '{0} more statuses — Filter by Status…', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} more statuses — Filter by Status…', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} more statuses — Filter by Status…', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} more statuses — Filter by Status…', count),
  });
}
