/**
 * What the Page Groups table remembers per gateway (in the window's workspace state, never in the webview): the
 * columns' order, which are hidden, their widths, how many are frozen, the sort keys and the filter. `readTableState`
 * accepts anything (a state written by another version, or a message from the webview) and keeps only what is valid.
 * Pure: no `vscode`.
 */
import { DELETED_STATES, GROUP_BY_FIELDS, type DeletedState, type GroupByField, type NumberRange, type PageGroupFilter, type TimeWindow } from '../../model/pageGroupFilter';
import { COLUMN_IDS, DEFAULT_VISIBLE, isColumnId, MAX_SORT_KEYS, type ColumnId } from './tableColumns';

export { MAX_SORT_KEYS } from './tableColumns';

export interface SortKey {
  readonly column: ColumnId;
  readonly descending: boolean;
}

export interface TableState {
  /** Every column, in the order shown (hidden ones keep their place). */
  readonly order: readonly ColumnId[];
  readonly hidden: readonly ColumnId[];
  /** Widths in CSS pixels of the columns the user resized. */
  readonly widths: Readonly<Partial<Record<ColumnId, number>>>;
  /** How many of the first columns shown stay in view when the grid scrolls sideways (0: none). */
  readonly frozen: number;
  /** First key first; at most MAX_SORT_KEYS. */
  readonly sort: readonly SortKey[];
  readonly filter: PageGroupFilter;
  /** What is typed in each facet's search box (it narrows that facet's value list only). */
  readonly facetSearch: FacetSearch;
}

/** Per facet field, the text its value list is searched for. */
export type FacetSearch = Readonly<Partial<Record<GroupByField, string>>>;

export const MIN_WIDTH = 40;
export const MAX_WIDTH = 2000;
/** Longest text accepted in a filter (the query, a value). */
export const MAX_FILTER_TEXT = 1000;
/** Most values accepted in one value list of a filter. */
export const MAX_FILTER_VALUES = 1000;

export const DEFAULT_STATE: TableState = {
  order: [...DEFAULT_VISIBLE, ...COLUMN_IDS.filter((id) => !DEFAULT_VISIBLE.includes(id))],
  hidden: COLUMN_IDS.filter((id) => !DEFAULT_VISIBLE.includes(id)),
  widths: {},
  frozen: 0,
  sort: [],
  filter: {},
  facetSearch: {},
};

/**
 * `state` with its columns as a new table shows them (which are shown, their order, their widths, none frozen); its
 * sort and filter kept.
 */
export function withDefaultColumns(state: TableState): TableState {
  return { ...state, order: DEFAULT_STATE.order, hidden: DEFAULT_STATE.hidden, widths: {}, frozen: 0 };
}

/** Whether `state`'s columns are already as a new table shows them (the order of `hidden` does not count). */
export function hasDefaultColumns(state: TableState): boolean {
  return (
    state.order.length === DEFAULT_STATE.order.length &&
    state.order.every((id, i) => id === DEFAULT_STATE.order[i]) &&
    state.hidden.length === DEFAULT_STATE.hidden.length &&
    DEFAULT_STATE.hidden.every((id) => state.hidden.includes(id)) &&
    Object.keys(state.widths).length === 0 &&
    state.frozen === 0
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A column order: the valid ids given (each once), then every column not given, in its default place. */
export function readOrder(value: unknown): ColumnId[] {
  const order: ColumnId[] = [];
  if (Array.isArray(value)) {
    for (const id of value) {
      if (isColumnId(id) && !order.includes(id)) {
        order.push(id);
      }
    }
  }
  for (const id of DEFAULT_STATE.order) {
    if (!order.includes(id)) {
      order.push(id);
    }
  }
  return order;
}

/** Hidden columns (valid ids, each once); never all of them: then the defaults. */
export function readHidden(value: unknown): ColumnId[] {
  if (!Array.isArray(value)) {
    return [...DEFAULT_STATE.hidden];
  }
  const hidden = [...new Set(value.filter(isColumnId))];
  return hidden.length >= COLUMN_IDS.length ? [...DEFAULT_STATE.hidden] : hidden;
}

/** How many columns are frozen: a whole number below the number of columns (one always scrolls), else none. */
export function readFrozen(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < COLUMN_IDS.length ? value : 0;
}

export function readWidths(value: unknown): Partial<Record<ColumnId, number>> {
  const widths: Partial<Record<ColumnId, number>> = {};
  if (isRecord(value)) {
    for (const [id, width] of Object.entries(value)) {
      if (isColumnId(id) && typeof width === 'number' && Number.isFinite(width)) {
        widths[id] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
      }
    }
  }
  return widths;
}

export function readSort(value: unknown): SortKey[] {
  const keys: SortKey[] = [];
  if (Array.isArray(value)) {
    for (const key of value) {
      if (isRecord(key) && isColumnId(key.column) && typeof key.descending === 'boolean' && !keys.some((k) => k.column === key.column)) {
        keys.push({ column: key.column, descending: key.descending });
      }
    }
  }
  return keys.slice(0, MAX_SORT_KEYS);
}

function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_FILTER_TEXT ? value : undefined;
}

function readValues(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_FILTER_VALUES || !value.every((v) => typeof v === 'string' && v.length <= MAX_FILTER_TEXT)) {
    return undefined;
  }
  return [...new Set(value as string[])];
}

function readNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function readRange(value: unknown): NumberRange | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const min = readNumber(value.min);
  const max = readNumber(value.max);
  return min === undefined && max === undefined ? undefined : { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function readWindow(value: unknown): TimeWindow | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const after = readNumber(value.after);
  const before = readNumber(value.before);
  return after === undefined && before === undefined ? undefined : { ...(after === undefined ? {} : { after }), ...(before === undefined ? {} : { before }) };
}

/** A filter from untrusted data: every field checked; a field that is not valid is left out (it filters nothing). */
export function readFilter(value: unknown): PageGroupFilter {
  if (!isRecord(value)) {
    return {};
  }
  const filter: { -readonly [K in keyof PageGroupFilter]: PageGroupFilter[K] } = {};
  const query = readText(value.query);
  if (query !== undefined && query.trim() !== '') {
    filter.query = query;
  }
  if (value.exact === true) {
    filter.exact = true;
  }
  const statuses = readValues(value.statuses);
  if (statuses) {
    filter.statuses = statuses;
  }
  const tenants = readValues(value.tenantIds);
  if (tenants) {
    filter.tenantIds = tenants;
  }
  const brands = readValues(value.brandIds);
  if (brands) {
    filter.brandIds = brands;
  }
  const contexts = readValues(value.pageContexts);
  if (contexts) {
    filter.pageContexts = contexts;
  }
  const pages = readRange(value.pagesCount);
  if (pages) {
    filter.pagesCount = pages;
  }
  for (const field of ['created', 'updated', 'deleted'] as const) {
    const window = readWindow(value[field]);
    if (window) {
      filter[field] = window;
    }
  }
  if (typeof value.deletedState === 'string' && (DELETED_STATES as readonly string[]).includes(value.deletedState) && value.deletedState !== 'include') {
    filter.deletedState = value.deletedState as DeletedState;
  }
  return filter;
}

/** Facet searches from untrusted data: known fields, text no longer than a filter's, blank ones left out. */
export function readFacetSearch(value: unknown): FacetSearch {
  const search: Partial<Record<GroupByField, string>> = {};
  if (isRecord(value)) {
    for (const field of GROUP_BY_FIELDS) {
      const text = readText(value[field]);
      if (text !== undefined && text.trim() !== '') {
        search[field] = text;
      }
    }
  }
  return search;
}

/** A whole state from untrusted data (workspace state of another version): every part checked, defaults for the rest. */
export function readTableState(value: unknown): TableState {
  if (!isRecord(value)) {
    return DEFAULT_STATE;
  }
  return {
    order: readOrder(value.order),
    hidden: readHidden(value.hidden),
    widths: readWidths(value.widths),
    frozen: readFrozen(value.frozen),
    sort: readSort(value.sort),
    filter: readFilter(value.filter),
    facetSearch: readFacetSearch(value.facetSearch),
  };
}
