/**
 * The Page Groups table's rows on the host: the page groups loaded for a gateway, each keeping its index for the life
 * of a generation (rows are appended as pages arrive; a page group refreshed under the same id is replaced in place;
 * anything else starts a new generation). Sort, filter and facets are computed here, over every row: sort keys are
 * made once per column and generation (text ranked by the locale's collator once, `collatedRanks`, then compared as
 * numbers), so a sort of 100,000 rows is a sort of integers. Pure: no `vscode`.
 */
import type { CheckedPageGroup } from '../../../../api/model';
import { filterTest, GROUP_BY_FIELDS, isEmptyFilter, groupValueOf, hasDeletedAt, NO_VALUE, timeOf, type GroupByField, type PageGroupFilter } from '../../model/pageGroupFilter';
import { NO_STATUS } from '../../model/groupKey';
import { pageGroupSearchText } from '../../model/pageGroupMatch';
import { normalizeText, prepareQuery, tokensIn, tokenTest } from '../../../../model/textMatch';
import { collatedRanks } from './collatedRanks';
import { cellOf, COLUMN_IDS, COLUMN_KINDS, type CellValue, type ColumnId } from './tableColumns';
import type { Facet } from './tableProtocol';
import type { FacetSearch, SortKey } from './tableState';

/** Most values a facet lists (the others are counted in `more`). */
export const MAX_FACET_VALUES = 200;
/** Rows a sort pass can order: rank and position are packed as rank * POSITIONS + position (exact below 2^53). */
const POSITIONS = 2 ** 24;

/** The index of `value` in the ascending `sorted` (it is there). */
function binarySearch(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/** What `sync` did: nothing, rows appended from `appendedFrom`, rows replaced in place, or a new generation. */
export interface SyncResult {
  readonly reset: boolean;
  readonly appendedFrom: number;
  readonly replaced: readonly number[];
}

export interface ComputedView {
  readonly order: Int32Array;
  readonly facets: Facet[];
}

/**
 * Adds to `counts` (by value id) the value ids `ids` holds for `rows`. Four partial counts, one for each row of four
 * in turn, added up at the end: a row's count no longer waits for the last row's to the same value, which had the
 * few counters of a facet (5 statuses) bound each increment to the one before (100,000 rows: 2.4 → 1.3 ms in Node).
 */
function countInto(counts: Int32Array, ids: Int32Array, rows: Int32Array): void {
  const width = counts.length;
  const partial = new Int32Array(width * 4);
  const n = rows.length;
  let k = 0;
  for (; k + 3 < n; k += 4) {
    (partial[ids[rows[k] as number] as number] as number) += 1;
    (partial[width + (ids[rows[k + 1] as number] as number)] as number) += 1;
    (partial[2 * width + (ids[rows[k + 2] as number] as number)] as number) += 1;
    (partial[3 * width + (ids[rows[k + 3] as number] as number)] as number) += 1;
  }
  for (; k < n; k++) {
    (partial[ids[rows[k] as number] as number] as number) += 1;
  }
  for (let value = 0; value < width; value++) {
    (counts[value] as number) += (partial[value] as number) + (partial[width + value] as number) + (partial[2 * width + value] as number) + (partial[3 * width + value] as number);
  }
}

/** The rows a filter lets through, ascending, and (when asked) each facet field's counts by value id. */
interface Sifted {
  readonly matched: Int32Array;
  readonly counts?: readonly Int32Array[];
}

const FILTER_FIELD: Readonly<Record<GroupByField, keyof PageGroupFilter>> = {
  status: 'statuses',
  tenantId: 'tenantIds',
  brandId: 'brandIds',
  pageContext: 'pageContexts',
};

/** Whether the ascending `rows` hold `row` (a binary search: no set of 100,000 rows made per keystroke). */
function holds(rows: Int32Array, row: number): boolean {
  let low = 0;
  let high = rows.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = rows[mid] as number;
    if (at === row) {
      return true;
    }
    if (at < row) {
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return false;
}

/** Whether `next` is `last` with a query typed on (the same other parts; neither exact): `next` lets through a subset of `last`'s rows but for id tokens. */
/** Between the fields of a row's search text: no query with it in is answered from that text. */
const SEPARATOR = '\u0000';

function extendsQuery(last: PageGroupFilter, next: PageGroupFilter): boolean {
  if (last.exact === true || next.exact === true) {
    return false;
  }
  const lastText = prepareQuery(last.query ?? '').text;
  const nextText = prepareQuery(next.query ?? '').text;
  if (lastText === '' || !nextText.includes(lastText)) {
    return false;
  }
  return JSON.stringify({ ...last, query: undefined }) === JSON.stringify({ ...next, query: undefined });
}

export class TableRows {
  private list: CheckedPageGroup[] = [];
  /**
   * Each row's index by id and by object: made when a sync first needs them (a list that only grew at its end needs
   * neither), then kept in step with `list`.
   */
  private index: { readonly byId: Map<string, number>; readonly byItem: Map<CheckedPageGroup, number> } | undefined;
  private gen = 0;
  /** Sort ranks per column for this generation and row count. */
  private readonly rankCache = new Map<ColumnId, { rows: number; ranks: Int32Array; distinct: number }>();
  /** Facet value ids per field for this generation and row count. */
  private readonly facetCache = new Map<GroupByField, { rows: number; ids: Int32Array; values: ReadonlyArray<string | null>; normalized?: readonly string[] }>();

  /** The sorted order of every row for one sort (key: the sort as JSON), for this generation and row count. */
  private sortedAll: { key: string; rows: number; order: Int32Array } | undefined;
  /** The last filter's rows passing its non-value-list part (`base`), for the next filter that only narrows it. */
  private lastBase: { rows: number; filter: PageGroupFilter; base: Int32Array } | undefined;
  /** Every row's index (`everyRow`). */
  private allRows: Int32Array | undefined;
  /** Each row's search text, by row index (`searchTexts`). */
  private searchText: string[] | undefined;
  /** The rows by id (`rowsById`) and how many rows it holds; the list only grows at its end between `forget`s. */
  private idRows: { rows: number; readonly byId: Map<string, number | number[]> } | undefined;

  /**
   * `cell`: a row's cell value by index (the webview reads its column batches; the host, the page group): the sort
   * keys come from it. The filter reads each row's page group (`rows`).
   */
  public constructor(
    private readonly collator: Intl.Collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }),
    cell?: (index: number, column: ColumnId) => CellValue,
  ) {
    this.cellAt = cell ?? ((index, column) => cellOf((this.list[index] as CheckedPageGroup).value, column));
  }

  private readonly cellAt: (index: number, column: ColumnId) => CellValue;

  public get generation(): number {
    return this.gen;
  }

  public get rows(): readonly CheckedPageGroup[] {
    return this.list;
  }

  /**
   * Takes the loaded page groups (`loaded`, each id once): new ones are appended, one with a known id but another
   * object replaces it in place; when a row is gone, everything starts over as a new generation. When `loaded` starts
   * with the rows held, the same objects in the same order (a first sync, pages appended), the rest is appended
   * without a lookup: 100,000 rows then cost a copy, not two maps of 100,000 entries.
   */
  public sync(loaded: readonly CheckedPageGroup[]): SyncResult {
    const appendedFrom = this.list.length;
    if (appendedFrom === 0 && this.index === undefined) {
      // A new table's rows: one copy (pushing 100,000 rows one by one took 9–25 ms of the extension host while the
      // editor made the table's webview).
      this.list = loaded.slice();
      return { reset: false, appendedFrom, replaced: [] };
    }
    if (this.startsWithList(loaded)) {
      for (let i = appendedFrom; i < loaded.length; i++) {
        this.append(loaded[i] as CheckedPageGroup);
      }
      return { reset: false, appendedFrom, replaced: [] };
    }
    const { byId, byItem } = this.lookup();
    const replaced: number[] = [];
    const added: CheckedPageGroup[] = [];
    let kept = 0;
    for (const item of loaded) {
      const known = byItem.get(item);
      if (known !== undefined) {
        kept += 1;
        continue;
      }
      const id = item.value.pageGroupId;
      const index = id === undefined ? undefined : byId.get(id);
      if (index !== undefined) {
        kept += 1;
        const old = this.list[index] as CheckedPageGroup;
        byItem.delete(old);
        byItem.set(item, index);
        this.list[index] = item;
        replaced.push(index);
      } else {
        added.push(item);
      }
    }
    if (kept < appendedFrom) {
      this.reset(loaded);
      return { reset: true, appendedFrom: 0, replaced: [] };
    }
    for (const item of added) {
      this.append(item);
    }
    if (replaced.length > 0) {
      this.forget();
    }
    return { reset: false, appendedFrom, replaced };
  }

  /** Whether `loaded` holds at least the rows held, the same objects first in the same order. */
  private startsWithList(loaded: readonly CheckedPageGroup[]): boolean {
    if (loaded.length < this.list.length) {
      return false;
    }
    for (let i = 0; i < this.list.length; i++) {
      if (loaded[i] !== this.list[i]) {
        return false;
      }
    }
    return true;
  }

  /** The rows' indexes by id and by object, made now if not yet. */
  private lookup(): { readonly byId: Map<string, number>; readonly byItem: Map<CheckedPageGroup, number> } {
    if (this.index === undefined) {
      const byId = new Map<string, number>();
      const byItem = new Map<CheckedPageGroup, number>();
      this.list.forEach((item, index) => {
        byItem.set(item, index);
        const id = item.value.pageGroupId;
        if (id !== undefined) {
          byId.set(id, index);
        }
      });
      this.index = { byId, byItem };
    }
    return this.index;
  }

  private append(item: CheckedPageGroup): void {
    const index = this.list.length;
    this.list.push(item);
    if (this.index !== undefined) {
      this.index.byItem.set(item, index);
      const id = item.value.pageGroupId;
      if (id !== undefined) {
        this.index.byId.set(id, index);
      }
    }
  }

  private reset(loaded: readonly CheckedPageGroup[]): void {
    this.gen += 1;
    this.list = [];
    this.index = undefined;
    this.forget();
    this.sync(loaded);
  }

  /** Every cache made of the rows (some row changed in place, or a new generation). */
  private forget(): void {
    this.rankCache.clear();
    this.facetCache.clear();
    this.sortedAll = undefined;
    this.lastBase = undefined;
    this.idRows = undefined;
    this.searchText = undefined;
  }

  /** The cell values of rows `indexes` (or `from` to the end), column by column. */
  public cells(indexes: Iterable<number>): { cells: Record<ColumnId, CellValue[]>; deleted: number[]; count: number } {
    const cells = Object.fromEntries(COLUMN_IDS.map((id) => [id, [] as CellValue[]])) as Record<ColumnId, CellValue[]>;
    const deleted: number[] = [];
    let count = 0;
    for (const index of indexes) {
      const item = this.list[index];
      if (item === undefined) {
        continue;
      }
      for (const id of COLUMN_IDS) {
        cells[id].push(cellOf(item.value, id));
      }
      deleted.push(hasDeletedAt(item.value) ? 1 : 0);
      count += 1;
    }
    return { cells, deleted, count };
  }

  /** Whether a column's sort keys are made for the rows held (a sort by it costs no ranking). */
  public hasRanks(column: ColumnId): boolean {
    return this.rankCache.get(column)?.rows === this.list.length;
  }

  /**
   * A column's sort key per row as a dense rank (0 = first value; equal values share a rank; -1 when missing): text
   * ranked by the collator, numbers and times by value. Made once per column and row count.
   */
  public ranks(column: ColumnId): { readonly ranks: Int32Array; readonly distinct: number } {
    const cached = this.rankCache.get(column);
    if (cached && cached.rows === this.list.length) {
      return cached;
    }
    const count = this.list.length;
    const ranks = new Int32Array(count);
    let distinct = 0;
    if (COLUMN_KINDS[column] === 'text') {
      // Every row's text (repeats too: ranking them costs less than a map of 100,000 strings to find the repeats).
      const texts: string[] = [];
      for (let i = 0; i < count; i++) {
        const text = this.cellAt(i, column);
        if (typeof text === 'string') {
          ranks[i] = texts.length;
          texts.push(text);
        } else {
          ranks[i] = -1;
        }
      }
      const rankOf = collatedRanks(texts, this.collator);
      for (let i = 0; i < count; i++) {
        const id = ranks[i] as number;
        ranks[i] = id < 0 ? -1 : (rankOf[id] as number);
      }
      distinct = texts.length;
    } else {
      const values = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        const cell = this.cellAt(i, column);
        values[i] = COLUMN_KINDS[column] === 'time' ? ((typeof cell === 'string' ? timeOf(cell) : undefined) ?? Number.NaN) : typeof cell === 'number' ? cell : Number.NaN;
      }
      // Float64Array sorts numerically, NaN last: the distinct values in order, then each row's by binary search.
      const sorted = Float64Array.from(values).sort();
      const unique: number[] = [];
      for (const value of sorted) {
        if (!Number.isNaN(value) && unique[unique.length - 1] !== value) {
          unique.push(value);
        }
      }
      for (let i = 0; i < count; i++) {
        const value = values[i] as number;
        ranks[i] = Number.isNaN(value) ? -1 : binarySearch(unique, value);
      }
      distinct = unique.length;
    }
    const entry = { rows: count, ranks, distinct };
    this.rankCache.set(column, entry);
    return entry;
  }

  /**
   * Row indexes that match `filter`, in `sort` order (missing values last whatever the direction; ties in load
   * order). Each key is one native sort of numbers: rank and position packed into one float (least important key
   * first, each pass stable by position), so no comparator runs per pair.
   */
  public order(filter: PageGroupFilter, sort: readonly SortKey[]): Int32Array {
    return this.sorted(this.match(filter).matched, sort);
  }

  /**
   * `matched` (row indexes, ascending) in `sort` order. Every row's order for a sort is kept once made: a filter
   * change then filters that order (one pass) instead of sorting again. It is made when the rows to sort are many
   * (a quarter of all or more); a few are sorted on their own.
   */
  private sorted(matched: Int32Array, sort: readonly SortKey[]): Int32Array {
    if (sort.length === 0) {
      return matched;
    }
    const count = this.list.length;
    const key = JSON.stringify(sort);
    let all = this.sortedAll?.key === key && this.sortedAll.rows === count ? this.sortedAll.order : undefined;
    if (all === undefined && matched.length * 4 >= count && count > 0) {
      const every = new Int32Array(count);
      for (let i = 0; i < count; i++) {
        every[i] = i;
      }
      all = this.sortedFrom(every, sort);
      this.sortedAll = { key, rows: count, order: all };
    }
    if (all === undefined) {
      return this.sortedFrom(matched, sort);
    }
    if (matched.length === count) {
      return all;
    }
    const member = new Uint8Array(count);
    for (const row of matched) {
      member[row] = 1;
    }
    const out = new Int32Array(matched.length);
    let n = 0;
    for (const row of all) {
      if (member[row] === 1) {
        out[n++] = row;
      }
    }
    return out;
  }

  private sortedFrom(matched: Int32Array, sort: readonly SortKey[]): Int32Array {
    let order = matched;
    const n = order.length;
    const packed = new Float64Array(n);
    for (let k = sort.length - 1; k >= 0; k--) {
      const key = sort[k] as SortKey;
      const { ranks, distinct } = this.ranks(key.column);
      for (let position = 0; position < n; position++) {
        const rank = ranks[order[position] as number] as number;
        const value = rank < 0 ? distinct : key.descending ? distinct - 1 - rank : rank;
        packed[position] = value * POSITIONS + position;
      }
      packed.sort();
      const next = new Int32Array(n);
      for (let position = 0; position < n; position++) {
        next[position] = order[(packed[position] as number) % POSITIONS] as number;
      }
      order = next;
    }
    return order;
  }

  /**
   * The filter in two steps: `filterTest` of the filter without its value lists (status, tenant, brand, page
   * context) once over every row (`base`), then the value lists as lookups of each row's facet value (the same rule
   * as the filter model's: a status by its group key, the others equal to one of the values). With `counting`, the
   * same pass counts the facets (see `sift`).
   */
  private match(filter: PageGroupFilter, counting = false): Sifted {
    const rest: PageGroupFilter = { ...filter, statuses: undefined, tenantIds: undefined, brandIds: undefined, pageContexts: undefined };
    const base = this.baseRows(rest);
    this.lastBase = { rows: this.list.length, filter: rest, base };
    const allowed = GROUP_BY_FIELDS.map((field) => {
      const wanted = filter[FILTER_FIELD[field]] as readonly string[] | undefined;
      if (wanted === undefined) {
        return undefined;
      }
      const set = new Set(wanted);
      const { values } = this.facetIds(field);
      return Uint8Array.from(values, (value) => (set.has(value === null ? (field === 'status' ? NO_STATUS : NO_VALUE) : value) ? 1 : 0));
    });
    return this.sift(base, allowed, counting);
  }

  /**
   * The rows `rest` (a filter without value lists) lets through, ascending. When it differs from the last one only by
   * a query that contains the last query (typed on), only the last one's rows are tested, and the rows whose id
   * stands in the new query as a token (Search's other rule: it can match a row the shorter query did not).
   */
  private baseRows(rest: PageGroupFilter): Int32Array {
    if (isEmptyFilter(rest)) {
      return this.everyRow();
    }
    const test = this.rowTest(rest);
    const last = this.lastBase;
    const count = this.list.length;
    const candidates = last !== undefined && last.rows === count && extendsQuery(last.filter, rest) ? last.base : undefined;
    const out = new Int32Array(candidates?.length ?? count);
    let n = 0;
    if (candidates === undefined) {
      for (let i = 0; i < count; i++) {
        if (test(i)) {
          out[n++] = i;
        }
      }
      return out.subarray(0, n);
    }
    for (const i of candidates) {
      if (test(i)) {
        out[n++] = i;
      }
    }
    const extra: number[] = [];
    for (const i of this.rowsWithIdIn(prepareQuery(rest.query ?? '').raw)) {
      if (!holds(candidates, i) && test(i)) {
        extra.push(i);
      }
    }
    if (extra.length === 0) {
      return out.subarray(0, n);
    }
    return Int32Array.from([...out.subarray(0, n), ...extra]).sort();
  }

  /** Every row's index, ascending (made once per row count; not to be written to). */
  private everyRow(): Int32Array {
    const count = this.list.length;
    if (this.allRows?.length !== count) {
      const rows = new Int32Array(count);
      for (let i = 0; i < count; i++) {
        rows[i] = i;
      }
      this.allRows = rows;
    }
    return this.allRows;
  }

  /**
   * `filterTest(rest)` asked of row `i`, with Search's query answered from the row's search text (its fields
   * normalized once and joined by NUL: one substring test a row instead of a matcher over five fields) and the rows
   * whose id stands in the query as a token. The same answers: a query with no NUL in it is inside the joined text
   * exactly when it is inside one of the fields. Exact queries and queries with a NUL take the filter's own matcher.
   */
  private rowTest(rest: PageGroupFilter): (i: number) => boolean {
    const query = prepareQuery(rest.query ?? '');
    if (query.text === '' || rest.exact === true || query.text.includes(SEPARATOR)) {
      const test = filterTest(rest);
      return (i) => test(this.list[i] as CheckedPageGroup);
    }
    const texts = this.searchTexts();
    const byId = new Set(this.rowsWithIdIn(query.raw));
    const others = filterTest({ ...rest, query: undefined });
    const wanted = query.text;
    return (i) => ((texts[i] as string).includes(wanted) || byId.has(i)) && others(this.list[i] as CheckedPageGroup);
  }

  /** Each row's search text (Search's fields normalized, joined by NUL) for rows 0 to `upTo` - 1, made where missing. */
  private searchTexts(upTo = this.list.length): readonly string[] {
    const texts = (this.searchText ??= []);
    for (let i = texts.length; i < upTo; i++) {
      texts.push(
        pageGroupSearchText((this.list[i] as CheckedPageGroup).value)
          .map((field) => (field === undefined ? '' : normalizeText(field)))
          .join(SEPARATOR),
      );
    }
    return texts;
  }

  /**
   * Makes what any first view needs ahead (every view counts the facets): one facet field's value ids a call, then
   * every row's index; whether all is made.
   */
  public prepareFacets(): boolean {
    const count = this.list.length;
    const next = GROUP_BY_FIELDS.find((field) => this.facetCache.get(field)?.rows !== count);
    if (next !== undefined) {
      this.facetIds(next);
      return false;
    }
    this.everyRow();
    return true;
  }

  /**
   * Makes what a first query needs (the rows' search texts, the rows by id) ahead, at most `rows` more rows of each
   * a call (e.g. a slice of the webview's idle time); whether all is made.
   */
  public prepareSearch(rows = Number.POSITIVE_INFINITY): boolean {
    const count = this.list.length;
    this.searchTexts(Math.min(count, (this.searchText?.length ?? 0) + rows));
    this.rowsById(Math.min(count, (this.idRows?.rows ?? 0) + rows));
    return this.searchText?.length === count && this.idRows?.rows === count;
  }

  /**
   * The rows whose id (3 characters or more) stands in `query` as a token: looked up by the query's tokens in an index
   * of the rows by id (made once per row count), not by testing 100,000 ids per keystroke; a query too long to list
   * its tokens tests every id.
   */
  private rowsWithIdIn(query: string): number[] {
    const tokens = tokensIn(query);
    const rows: number[] = [];
    if (tokens === undefined) {
      const isToken = tokenTest(query);
      this.list.forEach((item, i) => {
        const id = item.value.pageGroupId;
        if (id !== undefined && id.length >= 3 && isToken(id)) {
          rows.push(i);
        }
      });
      return rows;
    }
    const byId = this.rowsById();
    for (const token of tokens) {
      const found = byId.get(token);
      if (typeof found === 'number') {
        rows.push(found);
      } else if (found !== undefined) {
        rows.push(...found);
      }
    }
    return rows;
  }

  /** The rows by id (ids of 3 characters or more: a row, or each row of a repeated id) of rows 0 to `upTo` - 1. */
  private rowsById(upTo = this.list.length): ReadonlyMap<string, number | number[]> {
    const made = (this.idRows ??= { rows: 0, byId: new Map() });
    const { byId } = made;
    for (let i = made.rows; i < upTo; i++) {
      const id = (this.list[i] as CheckedPageGroup).value.pageGroupId;
      if (id !== undefined && id.length >= 3) {
        const known = byId.get(id);
        if (known === undefined) {
          byId.set(id, i);
        } else if (typeof known === 'number') {
          byId.set(id, [known, i]);
        } else {
          known.push(i);
        }
      }
    }
    made.rows = Math.max(made.rows, upTo);
    return byId;
  }

  /**
   * One pass over `base`: the rows whose facet values pass every field's `allowed` (undefined: the field is not
   * narrowed), ascending, and with `counting` each facet field's counts by value id, of the rows that pass every other
   * field (a facet counts as if its own field's part of the filter were left out, so its other values stay visible
   * and can be added). A row that fails no field counts in every facet; one that fails one field only, in that
   * field's facet; one that fails two, in none.
   */
  private sift(base: Int32Array, allowed: ReadonlyArray<Uint8Array | undefined>, counting: boolean): Sifted {
    const narrowed = allowed.flatMap((pass, f) => (pass === undefined ? [] : [f]));
    if (narrowed.length === 0 && !counting) {
      // Nothing to narrow by and nothing to count: the fields' value ids are not needed (the first screen of a new
      // table asks this, and making them reads every row four times).
      return { matched: base };
    }
    const fields = GROUP_BY_FIELDS.map((field) => this.facetIds(field));
    const ids = fields.map((field) => field.ids);
    const counts = counting ? fields.map((field) => new Int32Array(field.values.length)) : undefined;
    if (narrowed.length === 0) {
      counts?.forEach((fieldCounts, f) => countInto(fieldCounts, ids[f] as Int32Array, base));
      return { matched: base, ...(counts === undefined ? {} : { counts }) };
    }
    // The narrowed fields' passes, value ids and counts side by side (arrays of one type each, for the loop below).
    const passes = narrowed.map((f) => allowed[f] as Uint8Array);
    const narrowedIds = narrowed.map((f) => ids[f] as Int32Array);
    const narrowedCounts = narrowed.map((f) => counts?.[f] ?? new Int32Array(0));
    const matched = new Int32Array(base.length);
    let n = 0;
    for (let k = 0; k < base.length; k++) {
      const row = base[k] as number;
      let fails = 0;
      let failed = -1;
      for (let j = 0; j < passes.length && fails < 2; j++) {
        if ((passes[j] as Uint8Array)[(narrowedIds[j] as Int32Array)[row] as number] !== 1) {
          fails += 1;
          failed = j;
        }
      }
      if (fails === 0) {
        matched[n++] = row;
      } else if (fails === 1 && counts !== undefined) {
        ((narrowedCounts[failed] as Int32Array)[(narrowedIds[failed] as Int32Array)[row] as number] as number) += 1;
      }
    }
    const rows = matched.slice(0, n);
    // The rows that fail no field count in every facet: a pass a field.
    counts?.forEach((fieldCounts, f) => countInto(fieldCounts, ids[f] as Int32Array, rows));
    return { matched: rows, ...(counts === undefined ? {} : { counts }) };
  }

  /** Each row's value of a facet field as a small number (index into `values`; the last index: none). */
  private facetIds(field: GroupByField): { readonly ids: Int32Array; readonly values: ReadonlyArray<string | null> } {
    const cached = this.facetCache.get(field);
    if (cached && cached.rows === this.list.length) {
      return cached;
    }
    const index = new Map<string | null, number>();
    const values: Array<string | null> = [];
    const ids = new Int32Array(this.list.length);
    for (let i = 0; i < this.list.length; i++) {
      const value = groupValueOf(this.list[i] as CheckedPageGroup, field) ?? null;
      let id = index.get(value);
      if (id === undefined) {
        id = values.length;
        index.set(value, id);
        values.push(value);
      }
      ids[i] = id;
    }
    const entry = { rows: this.list.length, ids, values };
    this.facetCache.set(field, entry);
    return entry;
  }

  /**
   * Counts per status, tenant, brand and page context of the rows the filter lets through; each facet as if its own
   * field's part of the filter were left out (so the other values of a field stay visible and can be added). `search`
   * narrows a facet's value list (not its counts, not the rows) to the values that contain the typed text, case and
   * accents ignored (Search's matcher, `textMatch.ts`); the values the filter chose are listed whatever the search.
   */
  public facets(filter: PageGroupFilter, search: FacetSearch = {}): Facet[] {
    return this.facetsOf(this.match(filter, true), filter, search);
  }

  /** The normalized text of each value of a facet field (for its search), made once per field and row count. */
  private normalizedValues(field: GroupByField): readonly string[] {
    const entry = this.facetIds(field) as { values: ReadonlyArray<string | null>; normalized?: readonly string[] };
    entry.normalized ??= entry.values.map((value) => (value === null ? '' : normalizeText(value)));
    return entry.normalized;
  }

  private facetsOf(sifted: Sifted, filter: PageGroupFilter, search: FacetSearch): Facet[] {
    return GROUP_BY_FIELDS.map((field, f) => {
      const { values } = this.facetIds(field);
      const counts = sifted.counts?.[f] ?? new Int32Array(values.length);
      const chosen = new Set(filter[FILTER_FIELD[field]] as readonly string[] | undefined);
      const isChosen = (value: string | null): boolean => chosen.has(value === null ? (field === 'status' ? NO_STATUS : NO_VALUE) : value);
      const query = prepareQuery(search[field] ?? '');
      const normalized = query.text === '' ? undefined : this.normalizedValues(field);
      let distinct = 0;
      const listed: Array<readonly [string | null, number]> = [];
      const kept: Array<readonly [string | null, number]> = [];
      values.forEach((value, id) => {
        const count = counts[id] as number;
        if (count > 0) {
          distinct += 1;
        }
        if (isChosen(value)) {
          kept.push([value, count]);
        } else if (count > 0 && (normalized === undefined || (value !== null && (normalized[id] as string).includes(query.text)))) {
          listed.push([value, count]);
        }
      });
      const order = (a: readonly [string | null, number], b: readonly [string | null, number]): number => b[1] - a[1] || this.collator.compare(a[0] ?? '', b[0] ?? '');
      listed.sort(order);
      const room = Math.max(0, MAX_FACET_VALUES - kept.length);
      return {
        field,
        values: [...kept, ...listed.slice(0, room)].sort(order),
        more: Math.max(0, listed.length - room),
        distinct,
        searchable: distinct > MAX_FACET_VALUES,
        ...(query.raw === '' ? {} : { query: query.raw }),
      };
    });
  }

  /** Filter, sort and facets at once (the filter runs once). */
  public compute(filter: PageGroupFilter, sort: readonly SortKey[], search: FacetSearch = {}): ComputedView {
    const matching = this.match(filter, true);
    return { order: this.sorted(matching.matched, sort), facets: this.facetsOf(matching, filter, search) };
  }
}
