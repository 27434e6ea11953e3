/** What can be exported of a gateway's page groups: one status group, or all of them. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import type { Checked } from '../../api/model';
import type { Gateway } from '../../gateway/gateway';
import { ofGateway, raws, writeAll, type ExportChoice, type ExportPlan } from '../../model/exportPlan';
import { formatNumber } from '../../l10n/numbers';
import { describeChainNotice, describeGatewayError } from '../../text/errorText';
import { PAGE_GROUP_WORDS } from './text/pageGroupWords';
import { EXPORT_PAGE_SIZE, exportPageGroups } from './model/pageGroupExport';
import { EMPTY_STATUS, NO_STATUS, type GroupKey, type PageGroupsModel } from './model/pageGroupsModel';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from './pageGroupKind';
import { groupLabel } from './text/groupPresentation';
import { plainText } from '../../text/surfaceText';
import { capMessage } from './text/loadLimitText';

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
  const chain = key === undefined ? model.discovery : model.chain(key);
  const loaded = (): readonly Checked<unknown>[] => (key === undefined ? model.allLoaded() : model.itemsOf(key));
  return {
    gateway,
    kind: PAGE_GROUP,
    what: ofGateway(several, gateway, groupWords(key)),
    nameParts: ['page-groups', key === undefined ? 'all' : key === NO_STATUS ? 'no-status' : key === EMPTY_STATUS ? 'empty-status' : key, ...(several ? [gateway.name] : [])],
    canLoadMore: chain.hasMore,
    loadedCount: () => loaded().length,
    remaining: () => {
      // Known once the status (or the whole unfiltered list) was counted; the export loads the rest of its own chain.
      const known = key === undefined ? undefined : model.knownCount(key);
      if (known === undefined || !known.exact || !chain.hasMore) {
        return undefined;
      }
      const items = Math.max(0, known.count - chain.items.length);
      return { items, requests: Math.max(1, Math.ceil(items / EXPORT_PAGE_SIZE)) };
    },
    loadedRaws: () => raws(loaded()),
    run: (everything, signal, write) =>
      // "What is loaded" of all page groups is every chain's items; "everything" is the unfiltered list to its end.
      key === undefined && !everything ? writeAll(model.allLoaded(), signal, write) : exportPageGroups(model, key, everything, signal, write),
    problem: () => {
      const limit = model.capReached();
      return chain.error
        ? describeGatewayError(chain.error, PAGE_GROUP_WORDS)
        : chain.notice
          ? describeChainNotice(chain.notice)
          : chain.hasMore && limit !== undefined
            ? capMessage(limit, several ? gateway.name : undefined)
            : undefined;
    },
    note: () => undefined,
  };
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
