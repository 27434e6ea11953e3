/**
 * What an export writes: one list of one gateway (a status group, a whole list, or a fixed set such as search
 * results), how much of it is loaded, and how to write it batch by batch, loading the rest when the export is of
 * everything. Features make the plans of their lists; the Export command runs any plan. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { Checked } from '../api/model';
import type { Gateway } from '../gateway/gateway';
import type { ResourceKind } from './resource';

/** Items handed to `write` at once. */
export const EXPORT_BATCH = 500;

/**
 * How an export ended: every item written (`complete`), the caller aborted, a page failed (the list's error says
 * why), the gateway broke the paging rules and the list stopped with a notice (`stopped`: what it listed before is
 * written; also when the gateway holds as many items as `pageGateway.maxLoadedPageGroups` allows), or a refresh
 * replaced the list meanwhile (`reset`).
 */
export type ExportOutcome = 'complete' | 'aborted' | 'failed' | 'stopped' | 'reset';

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

/** One list a feature offers to export from the palette ("Export…" without a row). */
export interface ExportChoice {
  /** A heading shown above this choice (it starts a group of choices). */
  readonly heading?: string;
  readonly label: string;
  readonly description?: string;
  plan(): ExportPlan;
}

export function* raws(items: Iterable<Checked<unknown>>): Iterable<unknown> {
  for (const item of items) {
    yield item.raw;
  }
}

/** Writes a fixed list in batches. */
export async function writeAll(items: readonly Checked<unknown>[], signal: AbortSignal, write: WriteBatch): Promise<ExportOutcome> {
  for (let from = 0; from < items.length; from += EXPORT_BATCH) {
    if (signal.aborted) {
      return 'aborted';
    }
    await write(items.slice(from, from + EXPORT_BATCH));
  }
  return signal.aborted ? 'aborted' : 'complete';
}

/** `what`, naming the gateway when there are several: "page groups with status “draft” of staging". */
export function ofGateway(several: boolean, gateway: Gateway, what: string): string {
  return several ? l10n.t({ message: '{0} of {1}', args: [what, gateway.name], comment: 'what is exported, then a gateway name' }) : what;
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
