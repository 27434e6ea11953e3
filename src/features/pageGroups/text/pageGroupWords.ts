/** The messages that name page groups (the `words` of the page group resource). Pure. */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import type { ResourceWords, SearchWords } from '../../../model/resource';

/** Search over the page groups (the `search` of their words). */
const PAGE_GROUP_SEARCH_WORDS: SearchWords = {
  title: (progress) => (progress === undefined ? l10n.t('Search Page Groups') : l10n.t('Search Page Groups — {0}', progress)),
  placeholder: () => l10n.t('Type part of an id, name, title, tenant or brand — or paste text or a URL holding an id'),
  matching: (query) => (query === '' ? l10n.t('page groups found') : l10n.t('page groups matching “{0}”', query)),
  noneMatch: () => l10n.t('No page groups match: nothing to export.'),
  couldNotScan: (gateway) =>
    gateway === undefined ? l10n.t("Couldn't scan all page groups — retry") : l10n.t("Couldn't scan all page groups of {0} — retry", gateway),
};

export const PAGE_GROUP_WORDS: ResourceWords = {
  one: () => l10n.t('page group'),
  heading: () => l10n.t('Page groups'),
  count: (n) => pageGroupCount(n),
  onGateway: (gateway) => l10n.t('Page group on gateway {0}', gateway),
  titled: (label) => l10n.t('page group {0}', label),
  copiedId: (id) => l10n.t('Copied page group ID {0}', id),
  none: () => l10n.t('No page groups'),
  noneLoaded: () => l10n.t('No page groups are loaded yet. Open the Page Gateway views to load them.'),
  notAllScanned: () => l10n.t('not every page group'),
  couldNotLoad: (more) => (more ? l10n.t("Couldn't load more page groups — retry") : l10n.t("Couldn't load page groups — retry")),
  breaksContract: (problems, hint) => l10n.t("The gateway's list of page groups does not match the API contract ({0}). {1}", problems, hint),
  tooManyInPage: (count, limit, hint) =>
    l10n.t('The gateway sent {0} page groups in one page, more than the {1} asked for, so the page was not used. {2}', formatNumber(count), formatNumber(limit), hint),
  loadingAll: (scope, gateway) => {
    if (scope === undefined) {
      return gateway === undefined ? l10n.t('Loading all page groups') : l10n.t('Loading all page groups of {0}', gateway);
    }
    return gateway === undefined ? l10n.t('Loading all “{0}” page groups', scope) : l10n.t('Loading all “{0}” page groups of {1}', scope, gateway);
  },
  loadedAll: (count, scope, gateway) => {
    if (scope === undefined) {
      return gateway === undefined ? l10n.t('Loaded all {0}', pageGroupCount(count)) : l10n.t('Loaded all {0} on {1}', pageGroupCount(count), gateway);
    }
    return gateway === undefined ? l10n.t('Loaded all {0} of “{1}”', pageGroupCount(count), scope) : l10n.t('Loaded all {0} of “{1}” on {2}', pageGroupCount(count), scope, gateway);
  },
  loadAllStopped: (count, problem, scope, gateway) => {
    if (scope === undefined) {
      return gateway === undefined
        ? l10n.t('Load All of the page groups stopped after {0}: {1}', pageGroupCount(count), problem)
        : l10n.t('Load All of the page groups of {0} stopped after {1}: {2}', gateway, pageGroupCount(count), problem);
    }
    return gateway === undefined
      ? l10n.t('Load All of “{0}” stopped after {1}: {2}', scope, pageGroupCount(count), problem)
      : l10n.t('Load All of “{0}” of {1} stopped after {2}: {3}', scope, gateway, pageGroupCount(count), problem);
  },
  notLoaded: (id, gateway) =>
    l10n.t(
      'The page group “{0}” is not loaded from the gateway “{1}” in this window (or the gateway no longer lists it). Find it in its view, then use “Open as JSON” on it again.',
      id,
      gateway,
    ),
  search: PAGE_GROUP_SEARCH_WORDS,
};

/** "1 page group", "1,234 page groups". */
export function pageGroupCount(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} page groups', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} page group', count),
    two: () => l10n.t({ message: '{0} page groups', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} page groups', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} page groups', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} page groups', count),
  });
}
