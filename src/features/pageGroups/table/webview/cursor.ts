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

/** Selects only the row at `position` (none when there is no row there), and starts a range there. */
export function selectOnly(position: number): void {
  const row = rowAt(position);
  selected.clear();
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
