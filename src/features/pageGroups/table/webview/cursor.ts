/**
 * The grid's active cell and the selection. The active cell is a position in the shown rows (-1: the header row) and
 * an index in the visible columns; the selection holds row indexes, so it stays across sorts and filters.
 */
import { rowAt, table } from './tableData';

export const cursor = {
  /** The active cell's position in the shown rows (-1: the header row). */
  row: 0,
  /** The active cell's index in the visible columns. */
  col: 0,
  /** Where a Shift range starts (a position in the shown rows). */
  anchor: 0,
};

/** Selected rows by row index (stable across sorts and filters). */
export const selected = new Set<number>();

/** Ctrl+A came while the view held only the first of its rows (`shown`): the rest are selected with the whole order. */
let selectAllPending = false;

/**
 * Selects every shown row. A first screen's view holds only the first rows of its order: the others are selected
 * when the view with the whole order comes (`viewShown`), unless the selection changed in between.
 */
export function selectAllShown(): void {
  const view = table.view;
  view?.order.forEach((row) => selected.add(row));
  selectAllPending = view !== undefined && view.shown !== undefined && view.shown > view.order.length;
}

/** A new view is shown: a pending Ctrl+A (`selectAllShown`) takes in its rows once it has its whole order. */
export function viewShown(): void {
  const view = table.view;
  if (selectAllPending && view !== undefined && view.shown === undefined) {
    selectAllPending = false;
    view.order.forEach((row) => selected.add(row));
  }
}

/** Nothing selected (and a pending Ctrl+A dropped). */
export function clearSelection(): void {
  selectAllPending = false;
  selected.clear();
}

/** Selects only the row at `position` (none when there is no row there), and starts a range there. */
export function selectOnly(position: number): void {
  const row = rowAt(position);
  clearSelection();
  if (row !== undefined) {
    selected.add(row);
  }
  cursor.anchor = position;
}

/** Adds the row at `position` to the selection or takes it out, and starts a range there. */
export function toggleSelected(position: number): void {
  const row = rowAt(position);
  if (row === undefined) {
    return;
  }
  selectAllPending = false;
  if (selected.has(row)) {
    selected.delete(row);
  } else {
    selected.add(row);
  }
  cursor.anchor = position;
}

/** The rows an action applies to: the selection when the focused row is in it, else the focused row. */
export function actionRows(): number[] {
  const focused = rowAt(cursor.row);
  if (focused !== undefined && !selected.has(focused)) {
    return [focused];
  }
  const positions = new Map<number, number>();
  table.view?.order.forEach((row, position) => positions.set(row, position));
  return [...selected].filter((row) => positions.has(row)).sort((a, b) => (positions.get(a) as number) - (positions.get(b) as number));
}
