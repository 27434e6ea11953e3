/**
 * What an export writes: one list of one gateway (a status group, all page groups, the webhook subscriptions, or a
 * fixed set such as search results), how much of it is loaded, and how to write it batch by batch, loading the rest
 * when the export is of everything.
 */
import * as l10n from '@vscode/l10n';
import type { Checked } from '../api/model';
import { formatNumber } from '../l10n/numbers';
import type { Gateway } from '../gateway/gateway';
import type { ResourceKind } from '../resources/resource';
import { describeChainNotice, describeGatewayError } from '../views/common/errorText';
import { groupLabel } from '../views/pageGroups/groupPresentation';
import { EXPORT_BATCH, EXPORT_PAGE_SIZE, exportPageGroups, type ExportOutcome } from '../views/pageGroups/pageGroupExport';
import { PAGE_GROUP } from '../views/pageGroups/pageGroupResource';
import { EMPTY_STATUS, NO_STATUS, type GroupKey } from '../views/pageGroups/pageGroupsModel';
import { WEBHOOK } from '../views/webhooks/webhookResource';
import type { CommandContext } from './commandContext';

export type { ExportOutcome } from '../views/pageGroups/pageGroupExport';

export type WriteBatch = (items: readonly Checked<unknown>[]) => Promise<void>;

export interface ExportPlan {
  readonly gateway: Gateway;
  readonly kind: ResourceKind<unknown>;
  /** Words for titles and messages (a translated noun phrase), e.g. `page groups with status “published”`. */
  readonly what: string;
  /** Words of the suggested file name, e.g. `page-groups`, `published`. */
  readonly nameParts: readonly string[];
  /** Whether the list has more than is loaded: then the export asks whether to load everything. */
  readonly canLoadMore: boolean;
  loadedCount(): number;
  /** How many items are not loaded yet and the requests loading them costs, when the list's size is known. */
  remaining(): { readonly items: number; readonly requests: number } | undefined;
  /** Raw objects loaded now (the CSV columns are chosen from them). */
  loadedRaws(): Iterable<unknown>;
  /** Hands the items to `write` in order, batch by batch; with `everything`, loads the rest first-page-first as it goes. */
  run(everything: boolean, signal: AbortSignal, write: WriteBatch): Promise<ExportOutcome>;
  /** Why a run ended `failed` or `stopped`, in words. */
  problem(): string | undefined;
  /** Something the user should know about what was written (e.g. a list the gateway sent cut). */
  note(): string | undefined;
}

function* raws(items: Iterable<Checked<unknown>>): Iterable<unknown> {
  for (const item of items) {
    yield item.raw;
  }
}

/** Writes a fixed list in batches. */
async function writeAll(items: readonly Checked<unknown>[], signal: AbortSignal, write: WriteBatch): Promise<ExportOutcome> {
  for (let from = 0; from < items.length; from += EXPORT_BATCH) {
    if (signal.aborted) {
      return 'aborted';
    }
    await write(items.slice(from, from + EXPORT_BATCH));
  }
  return signal.aborted ? 'aborted' : 'complete';
}

/** `what`, of a gateway when there are several: "page groups with status “draft” of staging". */
function ofGateway(ctx: CommandContext, gateway: Gateway, what: string): string {
  return ctx.registry.gateways().length > 1 ? l10n.t({ message: '{0} of {1}', args: [what, gateway.name], comment: 'what is exported, then a gateway name' }) : what;
}

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
export function pageGroupPlan(ctx: CommandContext, gateway: Gateway, key: GroupKey | undefined): ExportPlan {
  const model = ctx.pageGroups.model(gateway);
  const chain = key === undefined ? model.discovery : model.chain(key);
  const loaded = (): readonly Checked<unknown>[] => (key === undefined ? model.allLoaded() : model.itemsOf(key));
  const several = ctx.registry.gateways().length > 1;
  return {
    gateway,
    kind: PAGE_GROUP as ResourceKind<unknown>,
    what: ofGateway(ctx, gateway, groupWords(key)),
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
    problem: () => (chain.error ? describeGatewayError(chain.error) : chain.notice ? describeChainNotice(chain.notice) : undefined),
    note: () => undefined,
  };
}

/** A gateway's webhook subscriptions: one list the gateway returns whole (loaded by the export when it is not yet). */
export function webhookPlan(ctx: CommandContext, gateway: Gateway): ExportPlan {
  const list = ctx.webhooks.list(gateway);
  const several = ctx.registry.gateways().length > 1;
  return {
    gateway,
    kind: WEBHOOK as ResourceKind<unknown>,
    what: ofGateway(ctx, gateway, l10n.t('webhook subscriptions')),
    nameParts: ['webhook-subscriptions', ...(several ? [gateway.name] : [])],
    canLoadMore: false,
    loadedCount: () => list.items.length,
    remaining: () => undefined,
    loadedRaws: () => raws(list.items),
    async run(_everything, signal, write) {
      await list.ensure(signal);
      if (signal.aborted) {
        return 'aborted';
      }
      if (list.error && !list.loaded) {
        return 'failed';
      }
      return writeAll(list.items, signal, write);
    },
    problem: () => (list.error ? describeGatewayError(list.error) : undefined),
    note: () =>
      list.truncated
        ? l10n.t('The gateway sent {0}; the first {1} are kept, and exported.', WEBHOOK.words.count(list.truncated.total), formatNumber(list.truncated.kept))
        : undefined,
  };
}

/** A fixed set of items (e.g. the matches of a search); `note` is said with the result. */
export function listPlan(
  gateway: Gateway,
  kind: ResourceKind<unknown>,
  items: readonly Checked<unknown>[],
  what: string,
  nameParts: readonly string[],
  note?: string,
): ExportPlan {
  return {
    gateway,
    kind,
    what,
    nameParts,
    canLoadMore: false,
    loadedCount: () => items.length,
    remaining: () => undefined,
    loadedRaws: () => raws(items),
    run: (_everything, signal, write) => writeAll(items, signal, write),
    problem: () => undefined,
    note: () => note,
  };
}
