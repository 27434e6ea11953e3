/**
 * Find Page Groups for the editor's agent: page groups that match a query like Search Page Groups (id, name, title,
 * tenant, brand; case and accents ignored; an id inside pasted text), optionally of one status, from what is loaded
 * first, then by continuing the unfiltered chain like Search does, at most `maxPages` requests per call.
 *
 * Each gateway's page groups are examined in one order that only grows at its end while the chains stay as they are:
 * `PageGroupsModel.allLoaded()` (the status chains' page groups, then the unfiltered chain's others), then what the
 * scan appends. A position in that order resumes a later call where this one stopped, without sending a page twice
 * (the scanned pages stay in the model the tree shows). Pure: no `vscode`.
 */
import type { CheckedPageGroup } from '../../api/model';
import type { GatewayError } from '../../api/errors';
import { pageGroupKey, statusOf, type PageGroupsModel } from '../../features/pageGroups/model/pageGroupsModel';
import { SCAN_PAGE_SIZE } from '../../model/chainScan';
import { containsToken, prepareQuery, tokensIn, type PreparedQuery } from '../../model/textMatch';
import { TextIndex, textIndexOf } from '../../model/textIndex';
import { pageGroupMatcher } from './pageGroupMatch';
import type { GatewayPosition } from './continuation';

/** Requests one call may send, in all. */
export const MAX_REQUESTS_PER_CALL = 20;

export interface FindSource {
  readonly name: string;
  readonly model: PageGroupsModel;
  /** Whether requests may be sent to it (a key, consent): when not, only what is loaded is searched. */
  readonly ready: boolean;
}

export interface FindOptions {
  readonly query: string;
  readonly status: string | undefined;
  readonly limit: number;
  readonly maxRequests: number;
  /** Where a previous call stopped, by gateway name. */
  readonly positions: ReadonlyMap<string, GatewayPosition>;
  readonly signal: AbortSignal;
}

export interface FoundPageGroup {
  readonly gateway: string;
  readonly item: CheckedPageGroup;
  /** Its place in the gateway's order. */
  readonly index: number;
}

/** Why a gateway's scan stopped before its last page. */
export type ScanStop = 'limit' | 'requests' | 'failed' | 'reset' | 'cancelled' | 'notReady' | 'stopped';

export interface GatewayOutcome {
  readonly name: string;
  /** Page groups of the unfiltered chain loaded now (what a scan has covered). */
  readonly scanned: number;
  /** Whether the unfiltered chain has no more pages: everything of the gateway was examined. */
  readonly complete: boolean;
  /** Why the chain still has pages after this call (undefined when complete). */
  readonly stop: ScanStop | undefined;
  readonly error: GatewayError | undefined;
  /** The continuation of a previous call did not apply (the gateway's list was refreshed since): it started again. */
  readonly restarted: boolean;
  readonly epoch: number;
  /** How far its order was examined. */
  readonly examined: number;
  /** The index of its first match that was not returned (undefined: none was left). */
  readonly firstLeft: number | undefined;
}

export interface FindOutcome {
  /** The matches returned, at most `limit`, gateway after gateway in each one's order. */
  readonly found: readonly FoundPageGroup[];
  /** Matches examined but not returned (beyond the limit). */
  readonly more: number;
  readonly requests: number;
  readonly gateways: readonly GatewayOutcome[];
}

/** Whether `item` has the status (case ignored); every item when `status` is undefined. */
function statusTest(status: string | undefined): (item: CheckedPageGroup) => boolean {
  if (status === undefined) {
    return () => true;
  }
  const wanted = status.toLowerCase();
  return (item) => {
    const own = statusOf(item);
    return own === status || (own !== undefined && own.length === status.length && own.toLowerCase() === wanted);
  };
}

/** Whether `item` matches the query and the status (case ignored). */
function matcher(query: PreparedQuery, status: string | undefined): (item: CheckedPageGroup) => boolean {
  const text = pageGroupMatcher(query);
  const hasStatus = statusTest(status);
  return (item) => hasStatus(item) && text(item.value);
}

/** The fields Search matches a page group on, in haystackOf's order. */
function searchedFields(item: CheckedPageGroup): ReadonlyArray<string | undefined> {
  const v = item.value;
  return [v.pageGroupId, v.name, v.title, v.tenantId, v.brandId];
}

/** Whether both hold the same page groups in the same places. */
function sameItems(a: readonly CheckedPageGroup[], b: readonly CheckedPageGroup[]): boolean {
  if (a.length !== b.length) {
    return false;
  }
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) {
      return false;
    }
  }
  return true;
}

/**
 * The places from `from` on of the loaded page groups (`order`) that match, ascending: the same as testing each with
 * `matcher`. When the order is the unfiltered chain's items (no status chain holds any) and the query can be looked
 * for in the chain's text index (textIndex.ts), the fields are matched there and only the ids are tested one by one.
 */
function loadedMatches(model: PageGroupsModel, order: readonly CheckedPageGroup[], from: number, query: PreparedQuery, status: string | undefined): number[] {
  const found: number[] = [];
  const chain = model.discovery.items;
  const indexed = TextIndex.accepts(query.text) && sameItems(order, chain);
  if (!indexed) {
    const isMatch = matcher(query, status);
    for (let index = from; index < order.length; index += 1) {
      if (isMatch(order[index] as CheckedPageGroup)) {
        found.push(index);
      }
    }
    return found;
  }
  const index = textIndexOf(chain, searchedFields, pageGroupKey);
  const byText = index.matches(query.text, from);
  let byId: number[] = [];
  if (query.raw.length >= 3) {
    const tokens = tokensIn(query.raw);
    if (tokens === undefined) {
      byId = index.idsWhere(from, (id) => id.length >= 3 && containsToken(query.raw, id));
    } else {
      byId = index.idsAmong(from, new Set([...tokens].filter((token) => token.length >= 3)));
    }
  }
  const hasStatus = statusTest(status);
  let t = 0;
  let i = 0;
  while (t < byText.length || i < byId.length) {
    const next = i >= byId.length || (t < byText.length && (byText[t] as number) <= (byId[i] as number)) ? (byText[t] as number) : (byId[i] as number);
    while (t < byText.length && byText[t] === next) {
      t += 1;
    }
    while (i < byId.length && byId[i] === next) {
      i += 1;
    }
    if (hasStatus(order[next] as CheckedPageGroup)) {
      found.push(next);
    }
  }
  return found;
}

interface Progress {
  examined: number;
  firstLeft: number | undefined;
  stop: ScanStop | undefined;
  error: GatewayError | undefined;
}

export async function findPageGroups(sources: readonly FindSource[], options: FindOptions): Promise<FindOutcome> {
  const query = prepareQuery(options.query);
  const isMatch = matcher(query, options.status);
  const found: FoundPageGroup[] = [];
  let more = 0;
  let requests = 0;
  const consider = (name: string, item: CheckedPageGroup, index: number, progress: Progress): void => {
    if (!isMatch(item)) {
      return;
    }
    take(name, item, index, progress);
  };
  /** A match, returned while the limit allows, else counted. */
  const take = (name: string, item: CheckedPageGroup, index: number, progress: Progress): void => {
    if (found.length < options.limit) {
      found.push({ gateway: name, item, index });
    } else {
      more += 1;
      progress.firstLeft ??= index;
    }
  };
  const states = sources.map((source) => {
    const previous = options.positions.get(source.name);
    const epoch = source.model.discovery.epoch;
    const resumes = previous !== undefined && previous.epoch === epoch;
    const order = source.model.allLoaded();
    const start = resumes ? Math.min(previous.position, order.length) : 0;
    const progress: Progress = { examined: start, firstLeft: undefined, stop: undefined, error: undefined };
    return { source, epoch, order, progress, restarted: previous !== undefined && !resumes };
  });
  // What is loaded first, on every gateway: no request.
  for (const state of states) {
    for (const index of loadedMatches(state.source.model, state.order, state.progress.examined, query, options.status)) {
      take(state.source.name, state.order[index] as CheckedPageGroup, index, state.progress);
    }
    state.progress.examined = state.order.length;
  }
  // Then the pages not loaded yet, while the limit is not reached and requests are left.
  for (const state of states) {
    const chain = state.source.model.discovery;
    const progress = state.progress;
    if (!chain.hasMore) {
      continue;
    }
    if (!state.source.ready) {
      progress.stop = 'notReady';
      continue;
    }
    let ids: Set<string> | undefined;
    while (chain.hasMore) {
      if (options.signal.aborted) {
        progress.stop = 'cancelled';
        break;
      }
      if (found.length >= options.limit) {
        progress.stop = 'limit';
        break;
      }
      if (requests >= options.maxRequests) {
        progress.stop = 'requests';
        break;
      }
      const before = chain.items.length;
      const pages = chain.pages;
      const epoch = chain.epoch;
      requests += 1;
      await chain.loadMore(SCAN_PAGE_SIZE, options.signal);
      if (options.signal.aborted) {
        progress.stop = 'cancelled';
        break;
      }
      if (chain.error) {
        progress.stop = 'failed';
        progress.error = chain.error;
        break;
      }
      if (chain.epoch !== epoch || chain.pages <= pages) {
        progress.stop = 'reset';
        break;
      }
      if (ids === undefined) {
        ids = new Set();
        for (const item of state.order) {
          const key = pageGroupKey(item);
          if (key !== undefined) {
            ids.add(key);
          }
        }
      }
      for (const item of chain.items.slice(before)) {
        const key = pageGroupKey(item);
        if (key !== undefined) {
          if (ids.has(key)) {
            continue;
          }
          ids.add(key);
        }
        state.order.push(item);
        consider(state.source.name, item, state.order.length - 1, progress);
      }
      progress.examined = state.order.length;
    }
    if (!chain.hasMore && chain.notice) {
      progress.stop = 'stopped';
    }
  }
  return {
    found,
    more,
    requests,
    gateways: states.map((state) => {
      const chain = state.source.model.discovery;
      return {
        name: state.source.name,
        scanned: chain.items.length,
        complete: !chain.hasMore && !chain.notice,
        stop: !chain.hasMore && !chain.notice ? undefined : (state.progress.stop ?? 'limit'),
        error: state.progress.error,
        restarted: state.restarted,
        epoch: state.epoch,
        examined: state.progress.examined,
        firstLeft: state.progress.firstLeft,
      };
    }),
  };
}

/**
 * Where each gateway resumes when only the first `kept` of `outcome.found` reach the model (the rest were cut to
 * fit the budget): before its first match not returned, else where its examination stopped.
 */
export function resumePositions(outcome: FindOutcome, kept: number): Map<string, GatewayPosition> {
  const firstCut = new Map<string, number>();
  for (const entry of outcome.found.slice(kept)) {
    if (!firstCut.has(entry.gateway)) {
      firstCut.set(entry.gateway, entry.index);
    }
  }
  const positions = new Map<string, GatewayPosition>();
  for (const gateway of outcome.gateways) {
    const cut = firstCut.get(gateway.name);
    const left = gateway.firstLeft;
    const position = Math.min(cut ?? gateway.examined, left ?? gateway.examined);
    positions.set(gateway.name, { epoch: gateway.epoch, position });
  }
  return positions;
}
