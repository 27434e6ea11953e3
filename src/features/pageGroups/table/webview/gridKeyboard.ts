// l10n-ignore-file: no words here, only key names
/**
 * The grid's keyboard (an ARIA grid with one active cell): arrows, Home/End (Ctrl: the grid's first/last cell), Page
 * Up/Down, Shift to extend the selection, Ctrl to move without selecting, Space to toggle a row (within a type-ahead:
 * a space of it), Ctrl+A, Escape to clear the
 * selection, Enter to open the JSON (on a header: sort), Ctrl+C to copy the IDs, Shift+Alt+C/R/D for Copy Link, Reveal
 * in Tree and Select for Compare (model/rowShortcuts.ts), Shift+F10 or the menu key for the
 * context menu (on a header: the header's menu), Alt+Left/Right to move a header's column (Shift+Alt+Left/Right: narrower, wider), and type-ahead in the
 * focused column.
 */
import { shiftAltRowAction } from '../model/rowShortcuts';
import { typeAhead } from '../model/tableInteraction';
import { cellText } from './cellText';
import { moveFocusedColumn, resizeFocusedColumn, sortBy } from './columnHeaders';
import { clearSelection, cursor, selectAllShown, selectOnly, selected, toggleSelected } from './cursor';
import { drawRows, moveFocus, visibleRowsPerPage } from './grid';
import { gridScroller } from './layout';
import { openHeaderMenu } from './headerMenu';
import { act, openMenu } from './rowMenu';
import { drawStatus } from './statusLine';
import { rowAt, shownCount, table, visibleColumns } from './tableData';

/** What was typed for type-ahead, and when the last key came (a pause of TYPE_AHEAD_PAUSE_MS starts again). */
let typed = '';
let typedAt = 0;

function onKey(event: KeyboardEvent): void {
  const mod = event.ctrlKey || event.metaKey;
  const count = shownCount();
  const cols = visibleColumns();
  const rowAction = shiftAltRowAction(event);
  if (rowAction !== undefined) {
    // Shift+Alt+C, R, D: Copy Link, Reveal in Tree, Select for Compare (Compare Selected with two rows). Not passed on
    // to the editor, whose own Shift+Alt keys (Copy Path, Reveal in the OS) mean nothing in this tab.
    event.preventDefault();
    event.stopPropagation();
    if (cursor.row >= 0) {
      act(rowAction);
    }
    return;
  }
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      event.preventDefault();
      const next = cursor.row + (event.key === 'ArrowDown' ? 1 : -1);
      if (!event.shiftKey && !mod && next >= 0) {
        selectOnly(Math.min(count - 1, next));
      }
      moveFocus(next, cursor.col, event.shiftKey, mod);
      return;
    }
    case 'ArrowLeft':
    case 'ArrowRight': {
      event.preventDefault();
      const delta = event.key === 'ArrowRight' ? 1 : -1;
      if (event.altKey && cursor.row < 0 && table.state) {
        // Alt+Left/Right on a header moves the column; with Shift it makes it narrower or wider.
        if (event.shiftKey) {
          resizeFocusedColumn(delta);
        } else {
          moveFocusedColumn(delta);
        }
        return;
      }
      moveFocus(cursor.row, cursor.col + delta, false, true);
      return;
    }
    case 'Home':
    case 'End': {
      event.preventDefault();
      const end = event.key === 'End';
      if (mod) {
        const target = end ? count - 1 : 0;
        if (!event.shiftKey) {
          selectOnly(target);
        }
        // As an ARIA grid's Ctrl+Home/End: the first cell of the first row, the last cell of the last row.
        moveFocus(target, end ? cols.length - 1 : 0, event.shiftKey, false);
      } else {
        moveFocus(cursor.row, end ? cols.length - 1 : 0, false, true);
      }
      return;
    }
    case 'PageDown':
    case 'PageUp': {
      event.preventDefault();
      const target = Math.max(0, Math.min(count - 1, cursor.row + (event.key === 'PageDown' ? 1 : -1) * visibleRowsPerPage()));
      if (!event.shiftKey) {
        selectOnly(target);
      }
      moveFocus(target, cursor.col, event.shiftKey, false);
      return;
    }
    case 'Enter':
      event.preventDefault();
      if (cursor.row < 0) {
        const column = cols[cursor.col];
        if (column) {
          sortBy(column.id, event.shiftKey);
        }
      } else {
        act('openJson');
      }
      return;
    case ' ':
      event.preventDefault();
      if (cursor.row >= 0 && !mod && typingAhead()) {
        // A space while a type-ahead is being typed is part of it ("Landing Page").
        typeAheadKey(' ', count);
        return;
      }
      if (cursor.row < 0) {
        const column = cols[cursor.col];
        if (column) {
          sortBy(column.id, event.shiftKey);
        }
        return;
      }
      if (rowAt(cursor.row) !== undefined) {
        toggleSelected(cursor.row);
        drawRows();
        drawStatus();
      }
      return;
    case 'Escape':
      if (selected.size > 0) {
        clearSelection();
        drawRows();
        drawStatus();
      }
      return;
    case 'ContextMenu':
    case 'F10':
      if (event.key === 'ContextMenu' || event.shiftKey) {
        event.preventDefault();
        const cell = document.getElementById(cursor.row < 0 ? `h-${cursor.col}` : `c-${cursor.row}-${cursor.col}`);
        const rect = (cell ?? gridScroller).getBoundingClientRect();
        if (cursor.row < 0) {
          openHeaderMenu(cursor.col, rect.left + 8, rect.bottom);
        } else {
          openMenu(rect.left + 8, rect.bottom);
        }
      }
      return;
    default:
      break;
  }
  if (mod && event.key.toLowerCase() === 'a') {
    event.preventDefault();
    selectAllShown();
    drawRows();
    drawStatus();
    return;
  }
  if (mod && event.key.toLowerCase() === 'c') {
    event.preventDefault();
    act('copyId');
    return;
  }
  if (!mod && !event.altKey && event.key.length === 1 && cursor.row >= 0) {
    typeAheadKey(event.key, count);
  }
}

/** A type-ahead pauses this long before the next key starts a new one. */
const TYPE_AHEAD_PAUSE_MS = 800;

/** Whether a type-ahead is being typed (its last key came less than a pause ago). */
function typingAhead(): boolean {
  return typed !== '' && Date.now() - typedAt <= TYPE_AHEAD_PAUSE_MS;
}

/** Type-ahead in the focused column: the next row whose shown text starts with what was typed. */
function typeAheadKey(key: string, count: number): void {
  const now = Date.now();
  typed = now - typedAt > TYPE_AHEAD_PAUSE_MS ? key : typed + key;
  typedAt = now;
  const column = visibleColumns()[cursor.col];
  if (column) {
    const from = typed.length === 1 ? cursor.row + 1 : cursor.row;
    const found = typeAhead(typed, from, count, (position) => {
      const row = rowAt(position);
      return row === undefined ? '' : cellText(column, table.cells.get(column.id)?.[row]).text;
    });
    if (found !== undefined) {
      selectOnly(found);
      moveFocus(found, cursor.col, false, false);
    }
  }
}

/** The grid's keys, and its active cell drawn when it gets the focus. */
export function wireGridKeyboard(): void {
  gridScroller.addEventListener('keydown', onKey);
  gridScroller.addEventListener('focus', () => drawRows());
}
