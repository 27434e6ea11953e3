// l10n-ignore-file: no words here (the words come from the host in `strings`)
/**
 * What the webview holds of the table: the words, the columns and the state the host sent, the rows' cells (by
 * column, indexed by row), and the last view (the order of the rows that match) and status. The host is the source
 * of all of it; the webview only draws it. A view of another generation than the rows' is not shown.
 */
import type { CellValue, ColumnId } from '../model/tableColumns';
import type { ColumnInfo, StatusMessage, ViewMessage } from '../model/tableProtocol';
import { frozenEdges } from '../model/rowWindow';
import type { TableState } from '../model/tableState';

export interface TableData {
  /** The words, translated by the host (text/tableText.ts). */
  strings: Record<string, string>;
  columns: ColumnInfo[];
  /** Columns, widths, order, sort and filter; undefined until the host's init. */
  state: TableState | undefined;
  gatewayName: string;
  /** The gateway's identity (InitMessage.gatewayKey). */
  gatewayKey: string;
  /** The generation of the rows held (a new one replaces them all). */
  generation: number;
  /** Every row of the generation is in (its cells came in a column batch), as far as the last batch said. */
  complete: boolean;
  readonly cells: Map<ColumnId, CellValue[]>;
  /** 1 for a deleted row, by row index. */
  deleted: number[];
  /** The contract problems of a row (the tree's warning), by row index. */
  problems: Array<string | null>;
  view: ViewMessage | undefined;
  status: StatusMessage | undefined;
}

export const table: TableData = {
  strings: {},
  columns: [],
  state: undefined,
  gatewayName: '',
  gatewayKey: '',
  generation: -1,
  complete: false,
  cells: new Map(),
  deleted: [],
  problems: [],
  view: undefined,
  status: undefined,
};

const DEFAULT_WIDTH = 160;

/** The host's word for `key`, with `{0}` and `{1}` replaced. */
export function t(key: string, arg?: string | number, arg1?: string | number): string {
  return (table.strings[key] ?? key).replace('{0}', arg === undefined ? '' : String(arg)).replace('{1}', arg1 === undefined ? '' : String(arg1));
}

/** The columns shown, in the user's order. */
export function visibleColumns(): ColumnInfo[] {
  const state = table.state;
  if (!state) {
    return [];
  }
  const hidden = new Set(state.hidden);
  return state.order.flatMap((id) => {
    const column = table.columns.find((c) => c.id === id);
    return column && !hidden.has(id) ? [column] : [];
  });
}

/**
 * The left edges of the frozen ones of `columns` (the columns shown), where each stays as the grid scrolls sideways:
 * as many as the user froze, one column at least left to scroll.
 */
export function frozenLefts(columns: readonly ColumnInfo[]): number[] {
  return frozenEdges(
    columns.map((column) => widthOf(column.id)),
    Math.min(table.state?.frozen ?? 0, columns.length - 1),
  );
}

/** A column's width in pixels: the user's, or one that suits what it holds. */
export function widthOf(id: ColumnId): number {
  return table.state?.widths[id] ?? (id === 'title' || id === 'name' ? 240 : id === 'pagesCount' || id === 'actions' || id === 'footerLinks' || id === 'scripts' ? 90 : DEFAULT_WIDTH);
}

/**
 * How many rows the view shows (none while the view is of an older generation than the rows). A first screen sent
 * with the page says how many and has only the first of them in its order (`shown`, until the next view).
 */
export function shownCount(): number {
  const view = table.view;
  return view?.generation === table.generation ? (view.shown ?? view.order.length) : 0;
}

/** The row index shown at `position` of the view (undefined past the order a first screen came with). */
export function rowAt(position: number): number | undefined {
  const view = table.view;
  return view?.generation === table.generation ? view.order[position] : undefined;
}
