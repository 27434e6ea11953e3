/**
 * Reading one gateway's page groups to answer a question (Count and Find Page Groups): which list answers it, reading
 * that list's pages into the store the tree shows (at most `maxRequests`, 100 page groups each), and the page groups
 * that match, in the list's order.
 *
 * Which list: without a status, the unfiltered one; with a status, that status's own `?status=` list, as the tree
 * reads it (never the unfiltered list), unless the unfiltered list is already loaded whole (then it answers exactly,
 * without a request). The empty status and "no status" cannot be asked for: the unfiltered list answers them.
 * A continuation names the list it read and that list's version (a refresh changes it): while it still holds, the
 * same list answers, so positions in it keep their meaning. Pure: no `vscode`.
 */
import type { CheckedPageGroup } from '../../../api/model';
import type { GatewayError } from '../../../api/errors';
import type { CursorChain } from '../../../lists/paging';
import { SCAN_PAGE_SIZE } from '../../../model/chainScan';
import { containsToken, prepareQuery, tokensIn } from '../../../model/textMatch';
import { TextIndex, textIndexOf } from '../../../agent/model/textIndex';
import { isDerivedGroup, pageGroupKey, type PageGroupsModel } from './pageGroupsModel';

/** Which list answered: a status's own list, or the unfiltered one. */
export type ReadSource = 'status' | 'unfiltered';

/** Why reading stopped before the list's end. */
export type ReadStop = 'enough' | 'requests' | 'failed' | 'reset' | 'cancelled' | 'stopped' | 'capped' | 'notReady';

export interface ReadOptions {
  /** The status asked for (undefined: every status). */
  readonly status: string | undefined;
  /** Whether a page group matches (the whole filter, the status included). */
  readonly test: (item: CheckedPageGroup) => boolean;
  /**
   * The filter's Search text, when it has one (not an exact match): the list's text index (textIndex.ts) then names
   * the only page groups that can match, and `test` is asked for those alone. The answer is the same.
   */
  readonly searchText?: string;
  /** Whether requests may be sent (a key, consent): when not, only what is loaded answers. */
  readonly ready: boolean;
  readonly maxRequests: number;
  readonly signal: AbortSignal;
  /** Stop reading once this many matches are known (Find); undefined: read to the end (Count). */
  readonly enough?: number;
  /** The list and version a continuation read: used while it still holds. */
  readonly resume?: { readonly source: ReadSource; readonly version: number };
}

export interface ReadOutcome {
  readonly source: ReadSource;
  /** The list's version now (a refresh or reset changes it). */
  readonly version: number;
  /** The matches, in the list's order. */
  readonly matches: readonly CheckedPageGroup[];
  /** Page groups the list holds now (read so far). */
  readonly read: number;
  /** Whether the list was read to its end: the matches are all there are. */
  readonly complete: boolean;
  readonly requests: number;
  /** Why reading stopped before the end (undefined when complete). */
  readonly stop: ReadStop | undefined;
  readonly error: GatewayError | undefined;
  /** A continuation was given but its list changed since (refreshed, or another list answers now): read from the start. */
  readonly restarted: boolean;
}

/** Whether a chain holds its whole list now. */
export function chainComplete(chain: CursorChain<CheckedPageGroup>): boolean {
  return chain.started && !chain.hasMore && !chain.refreshing && chain.notice === undefined && chain.error === undefined;
}

function chooseList(model: PageGroupsModel, options: ReadOptions): { readonly chain: CursorChain<CheckedPageGroup>; readonly source: ReadSource; readonly restarted: boolean } {
  const status = options.status;
  if (status === undefined || isDerivedGroup(status)) {
    const restarted = options.resume !== undefined && (options.resume.source !== 'unfiltered' || options.resume.version !== model.discovery.epoch);
    return { chain: model.discovery, source: 'unfiltered', restarted };
  }
  const own = model.chain(status);
  const resume = options.resume;
  if (resume !== undefined) {
    if (resume.source === 'status' && resume.version === own.epoch) {
      return { chain: own, source: 'status', restarted: false };
    }
    if (resume.source === 'unfiltered' && resume.version === model.discovery.epoch && model.discoveryComplete) {
      return { chain: model.discovery, source: 'unfiltered', restarted: false };
    }
  }
  const restarted = resume !== undefined;
  if (!chainComplete(own) && model.discoveryComplete) {
    return { chain: model.discovery, source: 'unfiltered', restarted };
  }
  return { chain: own, source: 'status', restarted };
}

export async function readPageGroups(model: PageGroupsModel, options: ReadOptions): Promise<ReadOutcome> {
  const { chain, source, restarted } = chooseList(model, options);
  const matches: CheckedPageGroup[] = [];
  let examined = 0;
  let examinedEpoch = chain.epoch;
  // Matches are taken page by page: a page costs what it holds, not what is loaded.
  const examine = (): void => {
    if (chain.epoch !== examinedEpoch) {
      matches.length = 0;
      examined = 0;
      examinedEpoch = chain.epoch;
    }
    const items = chain.items;
    const candidates = options.searchText === undefined ? undefined : indexedCandidates(items, options.searchText, examined);
    if (candidates === undefined) {
      for (let index = examined; index < items.length; index += 1) {
        const item = items[index] as CheckedPageGroup;
        if (options.test(item)) {
          matches.push(item);
        }
      }
    } else {
      for (const index of candidates) {
        const item = items[index] as CheckedPageGroup;
        if (options.test(item)) {
          matches.push(item);
        }
      }
    }
    examined = items.length;
  };
  if (!chain.refreshing) {
    examine();
  }
  let requests = 0;
  let stop: ReadStop | undefined;
  let error: GatewayError | undefined;
  while (!chainComplete(chain)) {
    if (!options.ready) {
      stop = 'notReady';
      break;
    }
    if (options.enough !== undefined && matches.length >= options.enough && !chain.refreshing) {
      stop = 'enough';
      break;
    }
    if (!chain.hasMore && chain.notice !== undefined) {
      stop = 'stopped';
      break;
    }
    if (requests >= options.maxRequests) {
      stop = 'requests';
      break;
    }
    if (chain.capped) {
      stop = 'capped';
      break;
    }
    if (options.signal.aborted) {
      stop = 'cancelled';
      break;
    }
    const pages = chain.pages;
    const epoch = chain.epoch;
    const refreshing = chain.refreshing;
    requests += 1;
    await chain.loadMore(SCAN_PAGE_SIZE, options.signal);
    if (options.signal.aborted) {
      stop = 'cancelled';
      break;
    }
    if (chain.error) {
      stop = 'failed';
      error = chain.error;
      break;
    }
    // No page landed and nothing failed, or the list was replaced by something other than the refresh under way: a
    // reset or refresh from elsewhere meanwhile (its stale answer was dropped).
    if (chain.pages <= pages || (chain.epoch !== epoch && !(refreshing && chain.epoch === epoch + 1))) {
      stop = 'reset';
      break;
    }
    examine();
  }
  if (chain.refreshing) {
    // Rows from before a refresh still stand: they are no answer.
    matches.length = 0;
  }
  const complete = chainComplete(chain);
  if (!complete && stop === undefined) {
    stop = chain.notice !== undefined ? 'stopped' : chain.error !== undefined ? 'failed' : 'requests';
    error = chain.error;
  }
  return {
    source,
    version: chain.epoch,
    matches,
    read: chain.refreshing ? 0 : chain.items.length,
    complete,
    requests,
    stop: complete ? undefined : stop,
    error,
    restarted,
  };
}

/** The fields Search matches a page group on, in haystackOf's order. */
function searchedFields(item: CheckedPageGroup): ReadonlyArray<string | undefined> {
  const v = item.value;
  return [v.pageGroupId, v.name, v.title, v.tenantId, v.brandId];
}

/** Page groups whose count makes the index worth building (it is kept with the list, and reused by every later call). */
const INDEX_FROM = 5000;

/**
 * The places from `from` on, ascending, of the page groups the Search text can match: those whose fields contain it
 * (the list's text index), and those whose id stands in it as a token. Undefined when the index cannot answer (a short
 * list, or text the index cannot hold): then every page group is tested.
 */
function indexedCandidates(items: readonly CheckedPageGroup[], typed: string, from: number): number[] | undefined {
  const query = prepareQuery(typed);
  if (items.length - from < INDEX_FROM || !TextIndex.accepts(query.text)) {
    return undefined;
  }
  const index = textIndexOf(items, searchedFields, pageGroupKey);
  const byText = index.matches(query.text, from);
  let byId: number[] = [];
  if (query.raw.length >= 3) {
    const tokens = tokensIn(query.raw);
    byId =
      tokens === undefined
        ? index.idsWhere(from, (id) => id.length >= 3 && containsToken(query.raw, id))
        : index.idsAmong(from, new Set([...tokens].filter((token) => token.length >= 3)));
  }
  const merged: number[] = [];
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
    merged.push(next);
  }
  return merged;
}
