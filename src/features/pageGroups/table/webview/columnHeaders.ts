// l10n-ignore-file: no words here, only class names and event names
/**
 * The column headers' behaviour: a click sorts by the column (Shift adds it as the next key), dragging the edge
 * resizes it (40–2000 px, the rows following as it moves; a double-click on it fits the column to what it shows),
 * dragging the header onto another moves it there, Alt+Left/Right on a header moves it and Shift+Alt+Left/Right
 * resizes it. Sort goes to the host; order and widths
 * too, to be remembered per gateway.
 */
import type { ColumnId } from '../model/tableColumns';
import type { SortKey } from '../model/tableState';
import { nextSort } from '../model/tableInteraction';
import { fittedWidth } from './columnFit';
import { cursor } from './cursor';
import { drawHeader, redraw } from './grid';
import { announcer, header } from './layout';
import { sortDescription } from './sortText';
import { table, visibleColumns, widthOf } from './tableData';
import { markInput } from './timingMarks';
import { saveColumns, setSort } from './viewRequests';

/** Sorts by `sort`: the header drawn again and the new sort told to a screen reader. */
export function applySort(sort: readonly SortKey[]): void {
  setSort(sort);
  drawHeader();
  // The new sort in words for a screen reader (cleared first: the same words twice are read again).
  announcer.textContent = '';
  const words = sortDescription(sort, (key) => table.columns.find((c) => c.id === key.column)?.label ?? key.column, document.documentElement.lang || 'en');
  requestAnimationFrame(() => (announcer.textContent = words));
}

/** Sorts by `column` (first key, or the next one when `addKey`; again: the other direction, then off). */
export function sortBy(column: ColumnId, addKey: boolean): void {
  if (table.state) {
    applySort(nextSort(table.state.sort, column, addKey));
  }
}

/** Moves the focused header's column one place left (`delta` -1) or right (1). */
export function moveFocusedColumn(delta: number): void {
  const cols = visibleColumns();
  const id = cols[cursor.col]?.id;
  const target = cols[cursor.col + delta]?.id;
  if (id !== undefined && target !== undefined) {
    moveColumn(id, target, delta > 0);
  }
}

/** A column's width as the user may set it. */
const MIN_WIDTH = 40;
const MAX_WIDTH = 2000;
/** What one Shift+Alt+Left/Right takes from or adds to a column's width. */
const KEY_RESIZE_STEP = 16;

/** Sets the width of column `id` (kept within MIN_WIDTH and MAX_WIDTH) in the state; nothing is drawn or saved. */
function setWidth(id: ColumnId, width: number): void {
  if (table.state) {
    table.state = { ...table.state, widths: { ...table.state.widths, [id]: Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.round(width))) } };
  }
}

/** Makes the focused header's column narrower (`delta` -1) or wider (1) by one step. */
export function resizeFocusedColumn(delta: number): void {
  const id = visibleColumns()[cursor.col]?.id;
  if (id !== undefined) {
    setWidth(id, widthOf(id) + delta * KEY_RESIZE_STEP);
    redraw();
    saveColumns();
  }
}

/** Fits column `id` to its header and the cells drawn (a double-click on its edge, the header's menu). */
export function fitColumn(id: ColumnId): void {
  const width = fittedWidth(id);
  if (width !== undefined) {
    setWidth(id, width);
    redraw();
    saveColumns();
  }
}

/** Whether an edge is being dragged (a header's drag to move it does not start then). */
let resizing = false;

function startResize(event: PointerEvent, id: ColumnId): void {
  event.preventDefault();
  event.stopPropagation();
  resizing = true;
  const startX = event.clientX;
  const startWidth = widthOf(id);
  let frame: number | undefined;
  const move = (e: PointerEvent): void => {
    setWidth(id, startWidth + e.clientX - startX);
    // The header and the rows follow the edge, once a frame.
    frame ??= requestAnimationFrame(() => {
      frame = undefined;
      redraw();
    });
  };
  const up = (): void => {
    resizing = false;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    if (frame !== undefined) {
      cancelAnimationFrame(frame);
    }
    redraw();
    saveColumns();
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

/** Moves column `id` to just before (or after) column `target` in the order. */
function moveColumn(id: ColumnId, target: ColumnId, after: boolean): void {
  const state = table.state;
  if (!state || id === target) {
    return;
  }
  const order = state.order.filter((column) => column !== id);
  order.splice(order.indexOf(target) + (after ? 1 : 0), 0, id);
  const focused = visibleColumns()[cursor.col]?.id;
  table.state = { ...state, order };
  // The active cell stays on its column.
  const col = visibleColumns().findIndex((column) => column.id === focused);
  cursor.col = col >= 0 ? col : cursor.col;
  redraw();
  saveColumns();
}

/** Whether a drop on `cell` at `clientX` goes after its column (the right half) or before it. */
function dropsAfter(cell: HTMLElement, clientX: number): boolean {
  const box = cell.getBoundingClientRect();
  return clientX > box.left + box.width / 2;
}

/** Dragging a header onto another moves its column there (before or after it, by the half it is dropped on). */
function wireHeaderDrag(): void {
  let dragged: ColumnId | undefined;
  const clearMarks = (): void => header.querySelectorAll('.drop-before, .drop-after').forEach((cell) => cell.classList.remove('drop-before', 'drop-after'));
  header.addEventListener('dragstart', (event) => {
    const hit = headerCellOf(event);
    if (hit === undefined || resizing || event.dataTransfer === null) {
      event.preventDefault();
      return;
    }
    dragged = hit.column;
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', hit.column);
  });
  header.addEventListener('dragover', (event) => {
    const hit = headerCellOf(event);
    if (dragged === undefined || hit === undefined || hit.column === dragged) {
      clearMarks();
      return;
    }
    event.preventDefault();
    const after = dropsAfter(hit.cell, event.clientX);
    if (!hit.cell.classList.contains(after ? 'drop-after' : 'drop-before')) {
      clearMarks();
      hit.cell.classList.add(after ? 'drop-after' : 'drop-before');
    }
  });
  header.addEventListener('drop', (event) => {
    const hit = headerCellOf(event);
    event.preventDefault();
    clearMarks();
    if (dragged !== undefined && hit !== undefined) {
      moveColumn(dragged, hit.column, dropsAfter(hit.cell, event.clientX));
    }
    dragged = undefined;
  });
  header.addEventListener('dragend', () => {
    clearMarks();
    dragged = undefined;
  });
}

/** The header cell (and its column) an event happened in, unless it was on a resize handle. */
function headerCellOf(event: Event): { cell: HTMLElement; column: ColumnId } | undefined {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('.head-cell');
  const column = cell?.dataset.column as ColumnId | undefined;
  return cell && column ? { cell, column } : undefined;
}

/**
 * A click on a header sorts, a drag of its edge resizes, a drag of the header moves its column (the header row's cells
 * are redrawn often: one listener each, on the row).
 */
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
      startResize(event, hit.column);
    }
  });
  header.addEventListener('dblclick', (event) => {
    const hit = headerCellOf(event);
    if (hit !== undefined && (event.target as HTMLElement).closest('.resize')) {
      fitColumn(hit.column);
    }
  });
  wireHeaderDrag();
}
