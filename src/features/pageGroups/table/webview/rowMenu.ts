// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA roles and message types
/**
 * What the user does to rows: the actions the host runs (Open as JSON, Copy ID, Copy Link, Reveal in Tree, Select
 * for Compare), Copy of the active cell's column and Filter to its value, Export of the selection or of the filtered
 * rows, and the rows' context menu. The popups (this menu
 * and the columns menu) close on Escape or a click elsewhere, and arrows walk their items.
 */
import { dayOfCell, filtersColumn, filterToCell } from '../model/cellFilter';
import { ariaShortcut, shortcutLabel } from '../model/rowShortcuts';
import type { CellValue, ColumnId } from '../model/tableColumns';
import type { RowAction } from '../model/tableProtocol';
import { filterValueLabel } from './cellText';
import { actionRows, cursor } from './cursor';
import { el } from './dom';
import { columnsButton, columnsMenu, gridScroller, menu } from './layout';
import { rowAt, t, table, visibleColumns } from './tableData';
import { flushViewState, setFilter } from './viewRequests';
import { post } from './webviewHost';

/**
 * Asks the host to run `action` on the rows it applies to: Copy ID on the selection (or the focused row), Compare on
 * two selected rows (Compare Selected); the actions on one row (Open as JSON, Copy Link, Reveal, Select for Compare) on
 * the focused row, the one Enter or a double-click is on, else the first selected.
 */
export function act(action: RowAction): void {
  const focused = rowAt(cursor.row);
  const all = actionRows();
  const rows = action === 'copyId' || (action === 'compare' && all.length === 2) || focused === undefined ? all : [focused];
  if (rows.length > 0) {
    post({ type: 'action', action, generation: table.generation, rows });
  }
}

/** Asks the host to export the selection (or the focused row) or every row the filter lets through. */
export function exportRows(which: 'selection' | 'filtered'): void {
  const rows = which === 'filtered' ? 'filtered' : actionRows();
  if (rows === 'filtered' || rows.length > 0) {
    // The filtered rows are the host's: it learns a filter computed here a moment later, unless told now.
    flushViewState();
    post({ type: 'export', generation: table.generation, rows });
  }
}

/** Whether the editor runs on a Mac (its keys are shown in the Mac's symbols). */
const MAC = /Mac|iPhone|iPad/.test(navigator.userAgent);

/** An item of the rows' context menu: its words, what it does, its row action (its key is shown beside it). */
interface MenuItem {
  readonly label: string;
  readonly run: () => void;
  readonly action?: RowAction;
  /** Shown but not offered (Copy of a column the rows have no value in, Filter to of a value no filter can hold). */
  readonly disabled?: boolean;
}

/** Copies the focused column's values of the rows an action applies to (the host reads them from its rows). */
function copyValues(column: ColumnId, rows: readonly number[]): void {
  post({ type: 'copyValues', column, generation: table.generation, rows });
}

/**
 * The items of the active cell's column: Copy {column} (of the rows an action applies to) and, when the filter has a
 * field for the column, Filter to {column}: {the focused row's value}.
 */
function cellItems(rows: readonly number[]): MenuItem[] {
  const column = visibleColumns()[cursor.col];
  const focused = rowAt(cursor.row);
  if (column === undefined || focused === undefined || !table.state) {
    return [];
  }
  const cells = table.cells.get(column.id);
  const valueOf = (row: number): CellValue => cells?.[row] ?? null;
  const items: MenuItem[] = [{ label: t('copyValue', column.label), run: () => copyValues(column.id, rows), disabled: rows.every((row) => valueOf(row) === null) }];
  if (filtersColumn(column.id)) {
    const value = valueOf(focused);
    const narrowed = filterToCell(table.state.filter, column.id, value);
    const day = column.kind === 'time' ? dayOfCell(value)?.after : undefined;
    items.push({
      label: t('filterTo', column.label, filterValueLabel(column, value, day)),
      run: () => narrowed && setFilter(narrowed),
      disabled: narrowed === undefined,
    });
  }
  return items;
}

/** Opens the rows' context menu at (`x`, `y`), each action's key beside it. */
export function openMenu(x: number, y: number): void {
  const rows = actionRows();
  if (rows.length === 0) {
    return;
  }
  const items: MenuItem[] = [
    { label: t('openJson'), run: () => act('openJson'), action: 'openJson' },
    { label: rows.length > 1 ? t('copyIds') : t('copyId'), run: () => act('copyId'), action: 'copyId' },
    { label: t('copyLink'), run: () => act('copyLink'), action: 'copyLink' },
    ...cellItems(rows),
    { label: t('reveal'), run: () => act('reveal'), action: 'reveal' },
    { label: rows.length === 2 ? t('compareSelected') : t('compare'), run: () => act('compare'), action: 'compare' },
    { label: t('exportSelection'), run: () => exportRows('selection') },
    { label: t('exportFiltered'), run: () => exportRows('filtered') },
  ];
  const names = { ctrl: t('keyCtrl'), shift: t('keyShift'), alt: t('keyAlt'), enter: t('keyEnter') };
  showMenu(
    menu,
    items.map(({ label, run, action, disabled }) => {
      const button = el('button', 'menu-item');
      button.setAttribute('role', 'menuitem');
      button.tabIndex = -1;
      button.disabled = disabled === true;
      button.append(el('span', 'menu-label', label));
      if (action !== undefined) {
        // Named by its label; its key is announced as the item's shortcut, not read as part of the name.
        button.setAttribute('aria-label', label);
        button.setAttribute('aria-keyshortcuts', ariaShortcut(action, MAC));
        const key = el('span', 'menu-key', shortcutLabel(action, MAC, names));
        key.setAttribute('aria-hidden', 'true');
        button.append(key);
      }
      button.addEventListener('click', () => {
        closeMenus();
        run();
      });
      return button;
    }),
    x,
    y,
  );
}

/** Shows the popup `which` with `entries` at (`x`, `y`), kept inside the window, its first item focused. */
export function showMenu(which: HTMLElement, entries: HTMLElement[], x: number, y: number): void {
  which.replaceChildren(...entries);
  which.hidden = false;
  which.style.left = `${Math.min(x, window.innerWidth - 260)}px`;
  which.style.top = `${Math.min(y, window.innerHeight - entries.length * 26 - 8)}px`;
  (which.querySelector('button:not([disabled]), input') as HTMLElement | null)?.focus();
}

/** Closes the popups; when one was open, the grid gets the focus back. */
export function closeMenus(): void {
  const wasOpen = !menu.hidden || !columnsMenu.hidden;
  menu.hidden = true;
  columnsMenu.hidden = true;
  if (wasOpen) {
    gridScroller.focus();
  }
}

/** The popups' keys (Escape, Up, Down) and their closing on a click elsewhere. */
export function wirePopups(): void {
  document.addEventListener('mousedown', (event) => {
    const target = event.target as HTMLElement;
    if (!menu.contains(target) && !columnsMenu.contains(target) && target !== columnsButton && !columnsButton.contains(target)) {
      menu.hidden = true;
      columnsMenu.hidden = true;
    }
  });
  for (const popup of [menu, columnsMenu]) {
    popup.addEventListener('keydown', (event) => {
      const items = Array.from(popup.querySelectorAll<HTMLElement>('button:not([disabled]), input'));
      const at = items.indexOf(document.activeElement as HTMLElement);
      if (event.key === 'Escape') {
        event.preventDefault();
        closeMenus();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const next = items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
        next?.focus();
      }
    });
  }
}
