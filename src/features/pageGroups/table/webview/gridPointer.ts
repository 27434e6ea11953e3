// l10n-ignore-file: no words here, only class names and event names
/**
 * The grid's mouse: a click selects the row (Shift: the range from the anchor; Ctrl/Cmd: adds or removes it), a
 * double-click opens the JSON, a right-click opens the rows' context menu (on the selection when the row is in it; on a
 * header, the header's menu); the
 * cell under the pointer gets its tooltip.
 */
import { cursor, selectOnly, selected, toggleSelected } from './cursor';
import { drawRows, moveFocus } from './grid';
import { body, gridScroller } from './layout';
import { hoverCell } from './gridRows';
import { openHeaderMenu } from './headerMenu';
import { act, openMenu } from './rowMenu';
import { rowAt } from './tableData';

/** The grid's clicks, double-clicks, context menu and the tooltip of the cell under the pointer. */
export function wireGridPointer(): void {
  body.addEventListener('pointerover', (event) => hoverCell(((event.target as HTMLElement).closest('.cell') as HTMLElement | null) ?? undefined));
  body.addEventListener('pointerleave', () => hoverCell(undefined));
  body.addEventListener('click', (event) => {
    const line = (event.target as HTMLElement).closest('.row') as HTMLElement | null;
    const cell = (event.target as HTMLElement).closest('.cell') as HTMLElement | null;
    if (!line) {
      return;
    }
    const position = Number(line.dataset.position);
    const col = cell ? Math.max(0, Number(cell.getAttribute('aria-colindex')) - 1) : cursor.col;
    const row = rowAt(position);
    if (event.shiftKey) {
      moveFocus(position, col, true, false);
      return;
    }
    if ((event.ctrlKey || event.metaKey) && row !== undefined) {
      toggleSelected(position);
      moveFocus(position, col, false, true);
      return;
    }
    selectOnly(position);
    moveFocus(position, col, false, false);
    gridScroller.focus();
  });
  body.addEventListener('dblclick', (event) => {
    if ((event.target as HTMLElement).closest('.row')) {
      act('openJson');
    }
  });
  gridScroller.addEventListener('contextmenu', (event) => {
    const head = (event.target as HTMLElement).closest('.head-cell') as HTMLElement | null;
    if (head) {
      event.preventDefault();
      openHeaderMenu(Math.max(0, Number(head.getAttribute('aria-colindex')) - 1), event.clientX, event.clientY);
      return;
    }
    const line = (event.target as HTMLElement).closest('.row') as HTMLElement | null;
    if (!line) {
      return;
    }
    event.preventDefault();
    const position = Number(line.dataset.position);
    const row = rowAt(position);
    if (row !== undefined && !selected.has(row)) {
      selectOnly(position);
    }
    cursor.row = position;
    // The cell under the pointer is the active one: Copy and Filter to act on its column.
    const cell = (event.target as HTMLElement).closest('.cell') as HTMLElement | null;
    if (cell) {
      cursor.col = Math.max(0, Number(cell.getAttribute('aria-colindex')) - 1);
    }
    drawRows();
    openMenu(event.clientX, event.clientY);
  });
}
