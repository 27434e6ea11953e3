/**
 * What the table's webview does with a click or a key, where it is more than drawing: the next sort keys when a
 * header is clicked (Shift adds or turns a further key), the row a type-ahead lands on, the row a move of the active
 * cell lands on, and the rows a Shift+click selects. Pure: no `vscode`, no DOM (the webview bundle and the unit tests use it).
 */
import { MAX_SORT_KEYS, type ColumnId } from './tableColumns';
import type { SortKey } from './tableState';

/**
 * A click on a column's header. Without Shift: that column alone, ascending; a second click descending; a third no
 * sort. With Shift: the column is added as the last key (ascending), or its direction is turned, or (descending
 * already) it leaves the keys.
 */
export function nextSort(sort: readonly SortKey[], column: ColumnId, addKey: boolean): SortKey[] {
  const existing = sort.find((key) => key.column === column);
  if (!addKey) {
    if (sort.length === 1 && existing !== undefined) {
      return existing.descending ? [] : [{ column, descending: true }];
    }
    return [{ column, descending: false }];
  }
  if (existing === undefined) {
    return [...sort, { column, descending: false }].slice(0, MAX_SORT_KEYS);
  }
  if (!existing.descending) {
    return sort.map((key) => (key.column === column ? { column, descending: true } : key));
  }
  return sort.filter((key) => key.column !== column);
}

/**
 * The position (in `count` shown rows) whose text starts with `typed` (case and accents ignored), searching from
 * `from` onwards and wrapping; undefined when none does. `textAt` gives a position's text in the focused column.
 */
export function typeAhead(typed: string, from: number, count: number, textAt: (position: number) => string): number | undefined {
  const wanted = fold(typed);
  if (wanted === '' || count === 0) {
    return undefined;
  }
  for (let step = 0; step < count; step++) {
    const position = (((from + step) % count) + count) % count;
    if (fold(textAt(position)).startsWith(wanted)) {
      return position;
    }
  }
  return undefined;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Positions from `anchor` to `to`, both included, in either direction. */
export function rangeOf(anchor: number, to: number): number[] {
  const [low, high] = anchor <= to ? [anchor, to] : [to, anchor];
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

/**
 * The row a move of the active cell lands on, among `count` rows shown: -1 (the header row) only when asked for;
 * otherwise a row, the first when none is shown yet (keys pressed while a tab's rows are still coming do not put the
 * active cell on the header, where typing would sort).
 */
export function focusRow(row: number, count: number): number {
  return row < 0 ? -1 : Math.max(0, Math.min(count - 1, row));
}
