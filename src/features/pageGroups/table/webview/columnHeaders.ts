// l10n-ignore-file: no words here, only class names and event names
/**
 * The column headers' behaviour: a click sorts by the column (Shift adds it as the next key), dragging the edge
 * resizes it (40–2000 px), Alt+Left/Right on a header moves it. Sort goes to the host; order and widths too, to be
 * remembered per gateway.
 */
import type { ColumnId } from '../model/tableColumns';
import { nextSort } from '../model/tableInteraction';
import { cursor } from './cursor';
import { drawHeader, redraw } from './grid';
import { announcer, header } from './layout';
import { sortDescription } from './sortText';
import { table, visibleColumns, widthOf } from './tableData';
import { markInput } from './timingMarks';
import { saveColumns, setSort } from './viewRequests';

/** Sorts by `column` (first key, or the next one when `addKey`; again: the other direction, then off). */
export function sortBy(column: ColumnId, addKey: boolean): void {
  if (!table.state) {
    return;
  }
  const sort = nextSort(table.state.sort, column, addKey);
  setSort(sort);
  drawHeader();
  // The new sort in words for a screen reader (cleared first: the same words twice are read again).
  announcer.textContent = '';
  const words = sortDescription(sort, (key) => table.columns.find((c) => c.id === key.column)?.label ?? key.column, document.documentElement.lang || 'en');
  requestAnimationFrame(() => (announcer.textContent = words));
}

/** Moves the focused header's column one place left (`delta` -1) or right (1). */
export function moveFocusedColumn(delta: number): void {
  const state = table.state;
  const cols = visibleColumns();
  const id = cols[cursor.col]?.id;
  const target = cols[cursor.col + delta]?.id;
  if (!state || !id || !target) {
    return;
  }
  const order = [...state.order];
  order.splice(order.indexOf(id), 1);
  order.splice(order.indexOf(target) + (delta > 0 ? 1 : 0), 0, id);
  table.state = { ...state, order };
  cursor.col += delta;
  redraw();
  saveColumns();
}

function startResize(event: PointerEvent, id: ColumnId, cell: HTMLElement): void {
  event.preventDefault();
  event.stopPropagation();
  const startX = event.clientX;
  const startWidth = widthOf(id);
  const move = (e: PointerEvent): void => {
    if (table.state) {
      table.state = { ...table.state, widths: { ...table.state.widths, [id]: Math.max(40, Math.min(2000, startWidth + e.clientX - startX)) } };
      cell.style.width = `${widthOf(id)}px`;
    }
  };
  const up = (): void => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    redraw();
    saveColumns();
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

/** The header cell (and its column) an event happened in, unless it was on a resize handle. */
function headerCellOf(event: Event): { cell: HTMLElement; column: ColumnId } | undefined {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('.head-cell');
  const column = cell?.dataset.column as ColumnId | undefined;
  return cell && column ? { cell, column } : undefined;
}

/** A click on a header sorts, a drag of its edge resizes (the header row's cells are redrawn often: one listener each). */
export function wireHeader(): void {
  header.addEventListener('click', (event) => {
    const hit = headerCellOf(event);
    if (hit === undefined || (event.target as HTMLElement).closest('.resize')) {
      return;
    }
    markInput(event);
    sortBy(hit.column, event.shiftKey);
  });
  header.addEventListener('pointerdown', (event) => {
    const hit = headerCellOf(event);
    if (hit !== undefined && (event.target as HTMLElement).closest('.resize')) {
      startResize(event, hit.column, hit.cell);
    }
  });
}
