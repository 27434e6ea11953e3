/** What can be exported of a gateway's page groups: one status group, or all of them. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import type { Gateway } from '../../gateway/gateway';
import type { ExportChoice, ExportPlan } from '../../model/exportPlan';
import { chainPlan } from '../../model/listPlans';
import { formatNumber } from '../../l10n/numbers';
import { exportSource } from './model/pageGroupExport';
import { EMPTY_STATUS, NO_STATUS, type GroupKey, type PageGroupsModel } from './model/pageGroupsModel';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from './pageGroupKind';
import { groupLabel } from './text/groupPresentation';
import { plainText } from '../../text/surfaceText';

function groupWords(key: GroupKey | undefined): string {
  if (key === undefined) {
    return l10n.t('all page groups');
  }
  if (key === NO_STATUS) {
    return l10n.t('page groups without a status');
  }
  return key === EMPTY_STATUS ? l10n.t('page groups with the empty status ""') : l10n.t('page groups with status “{0}”', groupLabel(key));
}

/** One status group of a gateway, or (`undefined`) all of its page groups. */
export function pageGroupPlan(gateway: Gateway, key: GroupKey | undefined, several: boolean): ExportPlan {
  const model: PageGroupsModel = gateway.store(PAGE_GROUPS_STORE);
  const { chain, keep } = exportSource(model, key);
  return chainPlan(gateway, PAGE_GROUP, chain, {
    what: groupWords(key),
    nameParts: ['page-groups', key === undefined ? 'all' : key === NO_STATUS ? 'no-status' : key === EMPTY_STATUS ? 'empty-status' : key],
    several,
    ...(keep === undefined ? {} : { keep }),
    // "What is loaded" of all page groups is every chain's items; "everything" is the unfiltered list to its end.
    ...(key === undefined ? { loaded: () => model.allLoaded() } : {}),
    // Known once the status (or the whole unfiltered list) was counted.
    total: () => {
      const known = key === undefined ? undefined : model.knownCount(key);
      return known?.exact === true ? known.count : undefined;
    },
    limit: () => model.capReached(),
  });
}

/** The page group lists of a gateway offered by "Export…" from the palette: all page groups, then each known status. */
export function pageGroupExportChoices(gateway: Gateway, statuses: readonly GroupKey[], several: boolean): ExportChoice[] {
  const model: PageGroupsModel = gateway.store(PAGE_GROUPS_STORE);
  return [
    { label: `$(files) ${l10n.t('All page groups')}`, description: loadedText(model.allLoaded().length, model.discovery.hasMore), plan: () => pageGroupPlan(gateway, undefined, several) },
    ...statuses.map(
      (key, index): ExportChoice => ({
        ...(index === 0 ? { heading: l10n.t('Page groups by status') } : {}),
        label: `$(tag) ${plainText(groupLabel(key))}`,
        description: loadedText(model.itemsOf(key).length, model.chain(key).hasMore),
        plan: () => pageGroupPlan(gateway, key, several),
      }),
    ),
  ];
}

function loadedText(count: number, more: boolean): string {
  return more ? l10n.t('{0} loaded, more on the gateway', formatNumber(count)) : l10n.t('{0} loaded', formatNumber(count));
}
