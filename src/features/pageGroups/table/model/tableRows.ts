/**
 * The Page Groups table's rows on the host: the page groups loaded for a gateway, each keeping its index for the life
 * of a generation (rows are appended as pages arrive; a page group refreshed under the same id is replaced in place;
 * anything else starts a new generation). Sort, filter and facets are computed here, over every row: sort keys are
 * made once per column and generation (text ranked by the locale's collator once, then compared as numbers), so a
 * sort of 100,000 rows is a sort of integers. Pure: no `vscode`.
 */
import type { CheckedPageGroup } from '../../../../api/model';
import { filterTest, GROUP_BY_FIELDS, groupValueOf, hasDeletedAt, timeOf, type GroupByField, type PageGroupFilter } from '../../model/pageGroupFilter';
import { cellOf, COLUMN_IDS, COLUMN_KINDS, type CellValue, type ColumnId } from './tableColumns';
import type { Facet } from './tableProtocol';
import type { SortKey } from './tableState';

/** Most values a facet lists (the others are counted in `more`). */
export const MAX_FACET_VALUES = 200;

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

/** The filter without the part on `field` (a facet counts what the other parts let through). */
function withoutField(filter: PageGroupFilter, field: GroupByField): PageGroupFilter {
  const { statuses, tenantIds, brandIds, pageContexts, ...rest } = filter;
  return {
    ...rest,
    ...(field === 'status' || statuses === undefined ? {} : { statuses }),
    ...(field === 'tenantId' || tenantIds === undefined ? {} : { tenantIds }),
    ...(field === 'brandId' || brandIds === undefined ? {} : { brandIds }),
    ...(field === 'pageContext' || pageContexts === undefined ? {} : { pageContexts }),
  };
}

const FILTER_FIELD: Readonly<Record<GroupByField, keyof PageGroupFilter>> = {
  status: 'statuses',
  tenantId: 'tenantIds',
  brandId: 'brandIds',
  pageContext: 'pageContexts',
};

export class TableRows {
  private list: CheckedPageGroup[] = [];
  private readonly byId = new Map<string, number>();
  private readonly byItem = new Map<CheckedPageGroup, number>();
  private gen = 0;
  /** Sort keys per column for this generation and row count (NaN: missing). */
  private readonly keys = new Map<ColumnId, { rows: number; values: Float64Array }>();

  public constructor(private readonly collator: Intl.Collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })) {}

  public get generation(): number {
    return this.gen;
  }

  public get rows(): readonly CheckedPageGroup[] {
    return this.list;
  }

  /**
   * Takes the loaded page groups (`loaded`, each id once): new ones are appended, one with a known id but another
   * object replaces it in place; when a row is gone, everything starts over as a new generation.
   */
  public sync(loaded: readonly CheckedPageGroup[]): SyncResult {
    const appendedFrom = this.list.length;
    const replaced: number[] = [];
    const added: CheckedPageGroup[] = [];
    let kept = 0;
    for (const item of loaded) {
      const known = this.byItem.get(item);
      if (known !== undefined) {
        kept += 1;
        continue;
      }
      const id = item.value.pageGroupId;
      const index = id === undefined ? undefined : this.byId.get(id);
      if (index !== undefined) {
        kept += 1;
        const old = this.list[index] as CheckedPageGroup;
        this.byItem.delete(old);
        this.byItem.set(item, index);
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
      const index = this.list.length;
      this.list.push(item);
      this.byItem.set(item, index);
      const id = item.value.pageGroupId;
      if (id !== undefined) {
        this.byId.set(id, index);
      }
    }
    if (replaced.length > 0) {
      this.keys.clear();
    }
    return { reset: false, appendedFrom, replaced };
  }

  private reset(loaded: readonly CheckedPageGroup[]): void {
    this.gen += 1;
    this.list = [];
    this.byId.clear();
    this.byItem.clear();
    this.keys.clear();
    this.sync(loaded);
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

  /** Sort keys of a column: numbers, times in milliseconds, text as its rank by the collator; NaN when missing. */
  public sortKeys(column: ColumnId): Float64Array {
    const cached = this.keys.get(column);
    if (cached && cached.rows === this.list.length) {
      return cached.values;
    }
    const values = new Float64Array(this.list.length);
    const kind = COLUMN_KINDS[column];
    if (kind === 'text') {
      const distinct = new Map<string, number>();
      for (const item of this.list) {
        const text = cellOf(item.value, column);
        if (typeof text === 'string' && !distinct.has(text)) {
          distinct.set(text, 0);
        }
      }
      const sorted = [...distinct.keys()].sort(this.collator.compare);
      sorted.forEach((text, rank) => distinct.set(text, rank));
      this.list.forEach((item, i) => {
        const text = cellOf(item.value, column);
        values[i] = typeof text === 'string' ? (distinct.get(text) as number) : Number.NaN;
      });
    } else if (kind === 'time') {
      this.list.forEach((item, i) => {
        const text = cellOf(item.value, column);
        values[i] = (typeof text === 'string' ? timeOf(text) : undefined) ?? Number.NaN;
      });
    } else {
      this.list.forEach((item, i) => {
        const n = cellOf(item.value, column);
        values[i] = typeof n === 'number' ? n : Number.NaN;
      });
    }
    this.keys.set(column, { rows: this.list.length, values });
    return values;
  }

  /** Row indexes that match `filter`, in `sort` order (missing values last whatever the direction; ties in load order). */
  public order(filter: PageGroupFilter, sort: readonly SortKey[]): Int32Array {
    const test = filterTest(filter);
    const matched = new Int32Array(this.list.length);
    let n = 0;
    this.list.forEach((item, i) => {
      if (test(item)) {
        matched[n++] = i;
      }
    });
    const order = matched.slice(0, n);
    if (sort.length === 0) {
      return order;
    }
    const keys = sort.map((key) => ({ values: this.sortKeys(key.column), sign: key.descending ? -1 : 1 }));
    return order.sort((a, b) => {
      for (const { values, sign } of keys) {
        const x = values[a] as number;
        const y = values[b] as number;
        if (x !== y) {
          if (Number.isNaN(x)) {
            return Number.isNaN(y) ? 0 : 1;
          }
          if (Number.isNaN(y)) {
            return -1;
          }
          return x < y ? -sign : sign;
        }
      }
      return a - b;
    });
  }

  /**
   * Counts per status, tenant, brand and page context. Each facet counts the rows the filter lets through when its
   * own field's part is left out (so the other values of a field stay visible and can be added). `matched` is the
   * filter's result (reused for fields the filter does not narrow).
   */
  public facets(filter: PageGroupFilter, matched: Int32Array): Facet[] {
    return GROUP_BY_FIELDS.map((field) => {
      const narrowed = filter[FILTER_FIELD[field]] !== undefined;
      const counts = new Map<string | null, number>();
      const add = (item: CheckedPageGroup): void => {
        const value = groupValueOf(item, field) ?? null;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      };
      if (narrowed) {
        const test = filterTest(withoutField(filter, field));
        this.list.forEach((item) => {
          if (test(item)) {
            add(item);
          }
        });
      } else {
        matched.forEach((index) => add(this.list[index] as CheckedPageGroup));
      }
      const values = [...counts.entries()].sort((a, b) => b[1] - a[1] || this.collator.compare(a[0] ?? '', b[0] ?? ''));
      return { field, values: values.slice(0, MAX_FACET_VALUES), more: Math.max(0, values.length - MAX_FACET_VALUES) };
    });
  }

  /** Filter, sort and facets at once. */
  public compute(filter: PageGroupFilter, sort: readonly SortKey[]): ComputedView {
    const order = this.order(filter, sort);
    return { order, facets: this.facets(filter, order) };
  }
}
