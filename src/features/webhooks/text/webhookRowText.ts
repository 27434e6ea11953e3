/**
 * The words of the Webhook Subscriptions tree's own rows: a list the gateway sent cut or with repeats, an empty list,
 * the events of a subscription. Pure.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import { webhookCount } from './webhookWords';

/** "3 more subscriptions not shown". */
export function notShownText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} more subscription not shown', count),
    two: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} more subscriptions not shown', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} more subscriptions not shown', count),
  });
}

/** "2 repeated subscriptions hidden". */
export function repeatedText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} repeated subscription hidden', count),
    two: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} repeated subscriptions hidden', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} repeated subscriptions hidden', count),
  });
}

/** The tooltip of "N more subscriptions not shown". */
export function truncatedTooltip(total: number, kept: number): string {
  return l10n.t('The gateway sent {0}; the first {1} are shown.', webhookCount(total), formatNumber(kept));
}

/** The tooltip of "N repeated subscriptions hidden". */
export function repeatedTooltip(): string {
  return l10n.t('The gateway listed the same subscription id more than once; only the first is shown.');
}

/** The tooltip of the row of an empty list. */
export function emptyListTooltip(): string {
  return l10n.t('The gateway returned an empty list.');
}

/** The rows under a subscription whose `events` is null, missing or empty. */
export const EVENTS_WORDS = {
  nullTooltip: (): string => l10n.t('The gateway sent {0} for this subscription. The API contract allows null but does not say what it means.', '`events: null`'),
  missing: (): string => l10n.t('events: missing'),
  missingTooltip: (): string => l10n.t('The subscription has no valid {0} field.', '`events`'),
  none: (): string => l10n.t('No events'),
  noneTooltip: (): string => l10n.t('The subscription lists no event kinds (an empty array).'),
};
