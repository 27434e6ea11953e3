/**
 * The messages between the Page Groups table's host (pageGroupsTablePanel.ts) and its webview. The webview is
 * untrusted input: `readWebviewMessage` accepts only the messages below, each field checked, and returns undefined for
 * anything else (the host then ignores it). Rows are named by their index in the host's row list of one
 * `generation`: a message about an older generation is ignored. Pure: no `vscode`.
 */
import { GROUP_BY_FIELDS, type GroupByField, type PageGroupFilter } from '../../model/pageGroupFilter';
import { isColumnId, type CellValue, type ColumnId, type ColumnKind } from './tableColumns';
import { MAX_FILTER_TEXT, readFacetSearch, readFilter, readFrozen, readHidden, readOrder, readSort, readWidths, type FacetSearch, type SortKey, type TableState } from './tableState';

/** What the user can do to rows from the table. */
export const ROW_ACTIONS = ['openJson', 'copyId', 'copyLink', 'reveal', 'compare'] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

/** Most rows one action may name (a selection of everything loaded). */
export const MAX_ACTION_ROWS = 1_000_000;

export type WebviewMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'sort'; readonly sort: readonly SortKey[] }
  | { readonly type: 'filter'; readonly filter: PageGroupFilter }
  | { readonly type: 'columns'; readonly order: readonly ColumnId[]; readonly hidden: readonly ColumnId[]; readonly widths: Readonly<Partial<Record<ColumnId, number>>>; readonly frozen: number }
  | { readonly type: 'loadAll' }
  | { readonly type: 'cancelLoad' }
  | { readonly type: 'action'; readonly action: RowAction; readonly generation: number; readonly rows: readonly number[] }
  /** Copy one column's values of the rows named (the host reads them from its own rows, one per line). */
  | { readonly type: 'copyValues'; readonly column: ColumnId; readonly generation: number; readonly rows: readonly number[] }
  /** Copy the rows named in the columns shown, under their headers (tab-separated; the host reads its own rows). */
  | { readonly type: 'copyRows'; readonly generation: number; readonly rows: readonly number[] }
  | { readonly type: 'export'; readonly generation: number; readonly rows: readonly number[] | 'filtered' }
  | { readonly type: 'search' }
  /** The webview took in what it got and can take the next batch of rows. */
  | { readonly type: 'moreRows' }
  | { readonly type: 'facetSearch'; readonly field: GroupByField; readonly query: string }
  /** The sort, filter and facet searches the webview shows, computed there: the host keeps them (no view is sent back). */
  | { readonly type: 'viewState'; readonly sort: readonly SortKey[]; readonly filter: PageGroupFilter; readonly facetSearch: FacetSearch };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRowList(value: unknown): value is number[] {
  return Array.isArray(value) && value.length <= MAX_ACTION_ROWS && value.every((row) => Number.isSafeInteger(row) && (row as number) >= 0);
}

/** The message, when it is one the host understands with valid fields; otherwise undefined. */
export function readWebviewMessage(message: unknown): WebviewMessage | undefined {
  if (!isRecord(message) || typeof message.type !== 'string') {
    return undefined;
  }
  switch (message.type) {
    case 'ready':
    case 'loadAll':
    case 'cancelLoad':
    case 'search':
    case 'moreRows':
      return { type: message.type };
    case 'sort':
      return Array.isArray(message.sort) ? { type: 'sort', sort: readSort(message.sort) } : undefined;
    case 'filter':
      return isRecord(message.filter) ? { type: 'filter', filter: readFilter(message.filter) } : undefined;
    case 'viewState':
      return Array.isArray(message.sort) && isRecord(message.filter) && isRecord(message.facetSearch)
        ? { type: 'viewState', sort: readSort(message.sort), filter: readFilter(message.filter), facetSearch: readFacetSearch(message.facetSearch) }
        : undefined;
    case 'columns':
      return Array.isArray(message.order) && Array.isArray(message.hidden) && isRecord(message.widths)
        ? { type: 'columns', order: readOrder(message.order), hidden: readHidden(message.hidden), widths: readWidths(message.widths), frozen: readFrozen(message.frozen) }
        : undefined;
    case 'action':
      return typeof message.action === 'string' &&
        (ROW_ACTIONS as readonly string[]).includes(message.action) &&
        Number.isSafeInteger(message.generation) &&
        isRowList(message.rows) &&
        message.rows.length > 0
        ? { type: 'action', action: message.action as RowAction, generation: message.generation as number, rows: message.rows }
        : undefined;
    case 'copyValues':
      return isColumnId(message.column) && Number.isSafeInteger(message.generation) && isRowList(message.rows) && message.rows.length > 0
        ? { type: 'copyValues', column: message.column, generation: message.generation as number, rows: message.rows }
        : undefined;
    case 'copyRows':
      return Number.isSafeInteger(message.generation) && isRowList(message.rows) && message.rows.length > 0
        ? { type: 'copyRows', generation: message.generation as number, rows: message.rows }
        : undefined;
    case 'facetSearch':
      return typeof message.field === 'string' &&
        (GROUP_BY_FIELDS as readonly string[]).includes(message.field) &&
        typeof message.query === 'string' &&
        message.query.length <= MAX_FILTER_TEXT
        ? { type: 'facetSearch', field: message.field as GroupByField, query: message.query }
        : undefined;
    case 'export':
      return Number.isSafeInteger(message.generation) && (message.rows === 'filtered' || (isRowList(message.rows) && message.rows.length > 0))
        ? { type: 'export', generation: message.generation as number, rows: message.rows }
        : undefined;
    default:
      return undefined;
  }
}

/** A column as the webview shows it. */
export interface ColumnInfo {
  readonly id: ColumnId;
  readonly label: string;
  readonly kind: ColumnKind;
}

/** Rows in columns: `cells[column][i]` is row `start + i`'s value (or row `indexes[i]`'s, for changed rows). */
export interface RowBatch {
  readonly type: 'rows';
  readonly generation: number;
  /** Rows the host holds in this generation (the webview sizes its columns once). */
  readonly total: number;
  /** Appended rows start here (the first batch of a generation at 0). */
  readonly start?: number;
  /** Rows replaced in place (a refreshed page group with the same id). */
  readonly indexes?: readonly number[];
  readonly count: number;
  readonly cells: Readonly<Record<ColumnId, readonly CellValue[]>>;
  /** Per row: 1 when deleted (it has a deletedAt). */
  readonly deleted: readonly number[];
  /** Per row: the contract problems in words, or null. */
  readonly problems: ReadonlyArray<string | null>;
}

/** Counts per value (null: rows without one) for one field, most frequent first. */
export interface Facet {
  readonly field: GroupByField;
  readonly values: ReadonlyArray<readonly [string | null, number]>;
  /** Values left out (more than the table lists, or not matching the facet's search). */
  readonly more: number;
  /** Values with a count, whatever the search: above MAX_FACET_VALUES the facet offers a search box. */
  readonly distinct: number;
  /** Whether the facet offers a search box (more than MAX_FACET_VALUES values). */
  readonly searchable: boolean;
  /** The facet's search (its value list holds only the values containing it, and the chosen ones). */
  readonly query?: string;
}

export interface ViewMessage {
  readonly type: 'view';
  readonly generation: number;
  /** Row indexes that match the filter, in sort order (sent as binary). */
  readonly order: Int32Array;
  /** Rows loaded in all. */
  readonly total: number;
  readonly facets: readonly Facet[];
  /** The facets are not counted yet (a first screen sent before the webview was ready; the next view has them). */
  readonly counting?: true;
  /**
   * Only with `counting`: how many rows the view lets through when `order` holds only the first of them (a first
   * screen sent before the webview was ready). The next view has the whole order.
   */
  readonly shown?: number;
  /** Whether counts are exact (every page group of the gateway loaded) or lower bounds. */
  readonly exact: boolean;
  readonly sort: readonly SortKey[];
  readonly filter: PageGroupFilter;
  /** How long the host took to filter, sort and count (milliseconds). */
  readonly computeMs: number;
  /** When the host got the message this view answers, and when it posted the view (epoch ms; for the benchmark). */
  readonly receivedAt: number;
  readonly postedAt: number;
}

export interface StatusMessage {
  readonly type: 'status';
  readonly loaded: number;
  readonly complete: boolean;
  readonly loading: boolean;
  /** Why loading stopped, in words. */
  readonly problem?: string;
  /** Bytes of every message sent to this webview so far, as JSON (the benchmark reads it). */
  readonly bytesSent: number;
}

export interface InitMessage {
  readonly type: 'init';
  readonly gateway: string;
  /**
   * The gateway's identity (the registry's key: its base URL, with #2… for another gateway of the same URL), kept with
   * the page so that a reload finds the gateway again also after it was renamed. Not its API key.
   */
  readonly gatewayKey: string;
  readonly columns: readonly ColumnInfo[];
  readonly state: TableState;
  readonly strings: Readonly<Record<string, string>>;
  /** The editor's language (BCP 47), for numbers and times. */
  readonly locale: string;
  /**
   * When this panel was asked for (the command reached the table, or the editor brought the tab back) and when its
   * page was set (epoch ms, the extension host's clock): for the benchmark's breakdown of an open.
   */
  readonly opened: PanelOpened;
}

/** When a table's panel was asked for and when its page was set (epoch ms). */
export interface PanelOpened {
  readonly askedAt: number;
  readonly pageSetAt: number;
}

export type HostMessage = InitMessage | RowBatch | ViewMessage | StatusMessage;
