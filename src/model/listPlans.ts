/**
 * Export plans built from a kind, for the two shapes of list a gateway serves: a paged list (`chainPlan`: a cursor
 * chain, its loaded items, the rest loaded at `limit=100` when the export is of everything) and a list returned whole
 * (`wholeListPlan`: loaded by the export when it is not yet). A feature says only what is special about its list
 * (its words, a wider "loaded", a filter, its size when known, its load limit). No `vscode` import.
 */
import type { Checked } from '../api/model';
import type { Loadable } from '../lists/loadable';
import type { CursorChain } from '../lists/paging';
import type { Gateway } from '../gateway/gateway';
import { formatNumber } from '../l10n/numbers';
import { describeChainNotice, describeGatewayError } from '../text/errorText';
import { truncatedListNote } from '../text/exportText';
import { EXPORT_PAGE_SIZE, exportChain } from './chainExport';
import { ofGateway, raws, writeAll, type ExportPlan } from './exportPlan';
import type { ResourceKind } from './resource';

/** How a list is named in titles, messages and the suggested file name. */
export interface PlanWords {
  /** What the list holds, in words, without the gateway (a translated noun phrase): `webhook subscriptions`. */
  readonly what: string;
  /** The words of the suggested file name, without the gateway: `['webhook-subscriptions']`. */
  readonly nameParts: readonly string[];
  /** Several gateways are configured: the words and the file name then name the gateway. */
  readonly several: boolean;
}

export interface ChainPlanOptions<T> extends PlanWords {
  /** Only these items of the chain belong to the list (a list the gateway cannot filter for, taken from a wider chain). */
  readonly keep?: (item: T) => boolean;
  /**
   * What is loaded of the list when it is more than the chain holds (e.g. every status chain's page groups): counted,
   * its columns chosen, and written when the export is of what is loaded.
   */
  readonly loaded?: () => readonly T[];
  /** How many items the list holds, when that is known exactly (then the export says what loading the rest costs). */
  readonly total?: () => number | undefined;
  /** The load limit, when the gateway reached it (nothing more is loaded: `kind.words.stoppedAtLimit` says so). */
  readonly limit?: () => number | undefined;
}

function nameOf(gateway: Gateway, words: PlanWords): Pick<ExportPlan, 'what' | 'nameParts'> {
  return { what: ofGateway(words.several, gateway, words.what), nameParts: [...words.nameParts, ...(words.several ? [gateway.name] : [])] };
}

/** A paged list of `kind` on `gateway`: the cursor chain `chain` (see `ChainPlanOptions` for what may differ). */
export function chainPlan<T extends Checked<unknown>>(gateway: Gateway, kind: ResourceKind<unknown>, chain: CursorChain<T>, options: ChainPlanOptions<T>): ExportPlan {
  const { keep, loaded: wider, total, limit } = options;
  const loaded = (): readonly T[] => wider?.() ?? (keep === undefined ? chain.items : chain.items.filter(keep));
  return {
    gateway,
    kind,
    ...nameOf(gateway, options),
    canLoadMore: chain.hasMore,
    loadedCount: () => loaded().length,
    remaining: () => {
      // Known once the list was counted; the export loads the rest of its own chain.
      const count = chain.hasMore ? total?.() : undefined;
      if (count === undefined) {
        return undefined;
      }
      const items = Math.max(0, count - chain.items.length);
      return { items, requests: Math.max(1, Math.ceil(items / EXPORT_PAGE_SIZE)) };
    },
    loadedRaws: () => raws(loaded()),
    run: (everything, signal, write) =>
      // What is loaded of a wider list is more than this chain; everything is this chain to its end.
      wider !== undefined && !everything ? writeAll(wider(), signal, write) : exportChain(chain, everything, signal, write, keep),
    problem: () => {
      const reached = limit?.();
      return chain.error
        ? describeGatewayError(chain.error, kind.words)
        : chain.notice
          ? describeChainNotice(chain.notice)
          : chain.hasMore && reached !== undefined
            ? kind.words.stoppedAtLimit?.(reached, options.several ? gateway.name : undefined)
            : undefined;
    },
    note: () => undefined,
  };
}

/** A list of `kind` the gateway returns whole (`list`): loaded by the export when it is not yet. */
export function wholeListPlan<T extends Checked<unknown>>(gateway: Gateway, kind: ResourceKind<unknown>, list: Loadable<T>, words: PlanWords): ExportPlan {
  return {
    gateway,
    kind,
    ...nameOf(gateway, words),
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
    problem: () => (list.error ? describeGatewayError(list.error, kind.words) : undefined),
    // The gateway sent more than is kept: said with the result.
    note: () => (list.truncated ? truncatedListNote(kind.words.count(list.truncated.total), formatNumber(list.truncated.kept)) : undefined),
  };
}
