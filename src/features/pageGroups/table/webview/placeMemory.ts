// l10n-ignore-file: no words here, only a column id and attribute names
/**
 * The table's place (model/tablePlace.ts: scroll position, active cell, selection, the filters' panel shown or not)
 * kept with the editor's webview state, and put back when the page loads again: the editor reloads a hidden webview
 * when its tab is shown again (the table keeps no hidden page alive), and after a window reload. Saved a moment after
 * each draw of the rows; put back in steps: the filters' panel at init, the scroll position with the first view that
 * has the whole order, the active cell and the selection once every row's id is in (they are checked by id). Until it
 * is put back nothing is saved, and a user who clicked or moved meanwhile keeps what they did.
 */
import { activeAgain, readPlace, selectedAgain, selectionRuns, type TablePlace } from '../model/tablePlace';
import { cursor, selected } from './cursor';
import { filters, filtersButton, gridScroller } from './layout';
import { rowAt, shownCount, table, visibleColumns } from './tableData';
import { keepState, savedState } from './webviewHost';

/** The time after a draw before the place is saved (scrolling draws every frame). */
const SAVE_DELAY_MS = 100;
/** The longest the active cell and selection wait for every row's id after the scroll position was put back. */
const RESTORE_WAIT_MS = 10_000;

/** What is still to be put back (undefined: nothing, or done). */
let pending: TablePlace | undefined = readPlace((savedState() as { place?: unknown } | undefined)?.place);
/** When the scroll position was put back (the active cell and selection follow once the rows are in). */
let scrolledAt: number | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** The page group id of the row at `position` of the view (null: none, or a row without one). */
function idAt(position: number): string | null {
  const row = rowAt(position);
  const id = row === undefined ? undefined : table.cells.get('pageGroupId')?.[row];
  return typeof id === 'string' ? id : null;
}

/** At init: the filters' panel as it was left, and the Filters button saying so. */
export function restorePanel(): void {
  if (pending !== undefined) {
    filters.hidden = pending.filtersHidden;
  }
  filtersButton.setAttribute('aria-pressed', String(!filters.hidden));
}

/**
 * After a view is drawn or rows came in: puts back what can be put back now (the active cell and the selection once
 * every row's id is in: they are checked by id). Returns whether the active cell or selection changed (the caller
 * draws again).
 */
export function resumePlace(): boolean {
  const place = pending;
  const view = table.view;
  if (place === undefined || view === undefined || view.generation !== table.generation || view.shown !== undefined) {
    // Nothing to put back, or only a first screen (the order of its first rows): the scroll position waits.
    return false;
  }
  if (scrolledAt === undefined) {
    scrolledAt = performance.now();
    gridScroller.scrollTop = place.scrollTop;
  }
  if (!table.complete && performance.now() - scrolledAt < RESTORE_WAIT_MS) {
    return false;
  }
  pending = undefined;
  if (selected.size > 0 || cursor.row !== 0 || cursor.col !== 0) {
    // The user acted before the rows were in: what they did stays.
    return false;
  }
  const count = shownCount();
  for (const position of selectedAgain(place.selection, count, idAt)) {
    const row = rowAt(position);
    if (row !== undefined) {
      selected.add(row);
    }
  }
  cursor.row = activeAgain(place.active, count, idAt);
  cursor.anchor = Math.max(0, cursor.row);
  const column = visibleColumns().findIndex((c) => c.id === place.active.column);
  cursor.col = column >= 0 ? column : 0;
  return true;
}

/** The rows were drawn (a scroll, a move, a new view): the place is saved a moment later. */
export function notePlaceChanged(): void {
  if (pending !== undefined || saveTimer !== undefined) {
    return;
  }
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    save();
  }, SAVE_DELAY_MS);
}

function save(): void {
  const view = table.view;
  if (view === undefined || view.shown !== undefined || pending !== undefined) {
    return;
  }
  const positions: number[] = [];
  if (selected.size > 0) {
    view.order.forEach((row, position) => {
      if (selected.has(row)) {
        positions.push(position);
      }
    });
  }
  const place: TablePlace = {
    scrollTop: gridScroller.scrollTop,
    active: { position: cursor.row, column: visibleColumns()[cursor.col]?.id ?? '', id: cursor.row < 0 ? null : idAt(cursor.row) },
    selection: selectionRuns(positions, idAt),
    filtersHidden: filters.hidden,
  };
  keepState(table.gatewayName, table.gatewayKey, place);
}
