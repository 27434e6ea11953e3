/** The messages that name webhook subscriptions (the `words` of the webhook resource). Pure. */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import type { ResourceWords, SearchWords } from '../../../model/resource';

/** Search over the webhook subscriptions (the `search` of their words). */
const WEBHOOK_SEARCH_WORDS: SearchWords = {
  title: (progress) => (progress === undefined ? l10n.t('Search Webhook Subscriptions') : l10n.t('Search Webhook Subscriptions — {0}', progress)),
  placeholder: () => l10n.t('Type part of an id, a URL or an event — or paste text or a URL holding an id'),
  matching: (query) => (query === '' ? l10n.t('webhook subscriptions found') : l10n.t('webhook subscriptions matching “{0}”', query)),
  noneMatch: () => l10n.t('No webhook subscriptions match: nothing to export.'),
  couldNotScan: (gateway) =>
    gateway === undefined ? l10n.t("Couldn't load the webhook subscriptions — retry") : l10n.t("Couldn't load the webhook subscriptions of {0} — retry", gateway),
};

export const WEBHOOK_WORDS: ResourceWords = {
  one: () => l10n.t('webhook subscription'),
  heading: () => l10n.t('Webhook subscriptions'),
  count: (n) => webhookCount(n),
  onGateway: (gateway) => l10n.t('Webhook subscription on gateway {0}', gateway),
  titled: (label) => l10n.t('webhook subscription {0}', label),
  copiedId: (id) => l10n.t('Copied webhook subscription ID {0}', id),
  none: () => l10n.t('No webhook subscriptions'),
  noneLoaded: () => l10n.t('No webhook subscriptions are loaded yet. Open the Page Gateway views to load them.'),
  notAllScanned: () => l10n.t('not every webhook subscription'),
  couldNotLoad: (more) => (more ? l10n.t("Couldn't load more webhook subscriptions — retry") : l10n.t("Couldn't load webhook subscriptions — retry")),
  breaksContract: (problems, hint) => l10n.t("The gateway's list of webhook subscriptions does not match the API contract ({0}). {1}", problems, hint),
  tooManyInPage: (count, limit, hint) =>
    l10n.t(
      'The gateway sent {0} webhook subscriptions in one page, more than the {1} asked for, so the page was not used. {2}',
      formatNumber(count),
      formatNumber(limit),
      hint,
    ),
  loadingAll: (scope, gateway) => {
    if (scope === undefined) {
      return gateway === undefined ? l10n.t('Loading all webhook subscriptions') : l10n.t('Loading all webhook subscriptions of {0}', gateway);
    }
    return gateway === undefined ? l10n.t('Loading all “{0}” webhook subscriptions', scope) : l10n.t('Loading all “{0}” webhook subscriptions of {1}', scope, gateway);
  },
  loadedAll: (count, scope, gateway) => {
    if (scope === undefined) {
      return gateway === undefined ? l10n.t('Loaded all {0}', webhookCount(count)) : l10n.t('Loaded all {0} on {1}', webhookCount(count), gateway);
    }
    return gateway === undefined ? l10n.t('Loaded all {0} of “{1}”', webhookCount(count), scope) : l10n.t('Loaded all {0} of “{1}” on {2}', webhookCount(count), scope, gateway);
  },
  loadAllStopped: (count, problem, scope, gateway) => {
    if (scope === undefined) {
      return gateway === undefined
        ? l10n.t('Load All of the webhook subscriptions stopped after {0}: {1}', webhookCount(count), problem)
        : l10n.t('Load All of the webhook subscriptions of {0} stopped after {1}: {2}', gateway, webhookCount(count), problem);
    }
    return gateway === undefined
      ? l10n.t('Load All of “{0}” stopped after {1}: {2}', scope, webhookCount(count), problem)
      : l10n.t('Load All of “{0}” of {1} stopped after {2}: {3}', scope, gateway, webhookCount(count), problem);
  },
  notLoaded: (id, gateway) =>
    l10n.t(
      'The webhook subscription “{0}” is not loaded from the gateway “{1}” in this window (or the gateway no longer lists it). Find it in its view, then use “Open as JSON” on it again.',
      id,
      gateway,
    ),
  search: WEBHOOK_SEARCH_WORDS,
};

/** "1 webhook subscription", "12 webhook subscriptions". */
export function webhookCount(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} webhook subscriptions', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} webhook subscription', count),
    two: () => l10n.t({ message: '{0} webhook subscriptions', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} webhook subscriptions', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} webhook subscriptions', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} webhook subscriptions', count),
  });
}
