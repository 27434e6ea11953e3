// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA roles and message types
/**
 * What the user does to rows: the actions the host runs (Open as JSON, Copy ID, Copy Link, Reveal in Tree, Select
 * for Compare), Copy of the active cell's column and Filter to its value, Export of the selection or of the filtered
 * rows, and the rows' context menu. The popups (this menu and the columns menu) close on Escape or a click elsewhere,
 * and arrows walk their items.
 */
import { dayOfCell, filtersColumn, filterToCell } from '../model/cellFilter';
import { ariaShortcut, shortcutLabel, type KeyNames } from '../model/rowShortcuts';
import type { CellValue, ColumnId } from '../model/tableColumns';
import type { ColumnInfo, RowAction } from '../model/tableProtocol';
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

/** An item of a context menu: its words, what it does, its row action (its key is shown beside it). */
export interface MenuItem {
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

/** The focused row's cell in the active column: its column and value (none off the grid). */
function activeCell(): { column: ColumnInfo; value: CellValue; cells: ReadonlyArray<CellValue> | undefined } | undefined {
  const column = visibleColumns()[cursor.col];
  const focused = rowAt(cursor.row);
  if (column === undefined || focused === undefined) {
    return undefined;
  }
  const cells = table.cells.get(column.id);
  return { column, value: cells?.[focused] ?? null, cells };
}

/** Copy {column} of the active cell's column, for the rows an action applies to (disabled when none has a value). */
function copyColumnItem(rows: readonly number[]): MenuItem[] {
  const cell = activeCell();
  if (cell === undefined) {
    return [];
  }
  const { column, cells } = cell;
  return [{ label: t('copyValue', column.label), run: () => copyValues(column.id, rows), disabled: rows.every((row) => (cells?.[row] ?? null) === null) }];
}

/** Filter to {column}: {the focused row's value}, when the filter has a field for the active cell's column. */
function filterToItem(): MenuItem[] {
  const cell = activeCell();
  const filter = table.state?.filter;
  if (cell === undefined || filter === undefined || !filtersColumn(cell.column.id)) {
    return [];
  }
  const { column, value } = cell;
  const narrowed = filterToCell(filter, column.id, value);
  const day = column.kind === 'time' ? dayOfCell(value)?.after : undefined;
  return [{ label: t('filterTo', column.label, filterValueLabel(column, value, day)), run: () => narrowed && setFilter(narrowed), disabled: narrowed === undefined }];
}

/** A menu item's button: its words, its key beside them when it has one (named to screen readers as its shortcut). */
function menuButton({ label, run, action, disabled }: MenuItem, names: KeyNames): HTMLElement {
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
}

/** The buttons of a menu's groups of items (empty groups left out), a separator between two groups. */
export function menuEntries(groups: ReadonlyArray<readonly MenuItem[]>): HTMLElement[] {
  const names: KeyNames = { ctrl: t('keyCtrl'), shift: t('keyShift'), alt: t('keyAlt'), enter: t('keyEnter') };
  return groups
    .filter((group) => group.length > 0)
    .flatMap((group, i) => {
      const buttons = group.map((item) => menuButton(item, names));
      if (i === 0) {
        return buttons;
      }
      const separator = el('div', 'menu-separator');
      separator.setAttribute('role', 'separator');
      return [separator, ...buttons];
    });
}

/**
 * Opens the rows' context menu at (`x`, `y`), each action's key beside it, in groups: open; the copies (of the ids, the
 * link, the active cell's column, the rows with headers); Filter to the active cell's value; reveal and compare; export.
 */
export function openMenu(x: number, y: number): void {
  const rows = actionRows();
  if (rows.length === 0) {
    return;
  }
  const groups: MenuItem[][] = [
    [{ label: t('openJson'), run: () => act('openJson'), action: 'openJson' }],
    [
      { label: rows.length > 1 ? t('copyIds') : t('copyId'), run: () => act('copyId'), action: 'copyId' },
      { label: t('copyLink'), run: () => act('copyLink'), action: 'copyLink' },
      ...copyColumnItem(rows),
      { label: rows.length > 1 ? t('copyRows') : t('copyRow'), run: () => post({ type: 'copyRows', generation: table.generation, rows }) },
    ],
    filterToItem(),
    [
      { label: t('reveal'), run: () => act('reveal'), action: 'reveal' },
      { label: rows.length === 2 ? t('compareSelected') : t('compare'), run: () => act('compare'), action: 'compare' },
    ],
    [
      { label: t('exportSelection'), run: () => exportRows('selection') },
      { label: t('exportFiltered'), run: () => exportRows('filtered') },
    ],
  ];
  showMenu(menu, menuEntries(groups), x, y);
}

/** Shows the popup `which` with `entries` at (`x`, `y`), moved to stay inside the window, its first item focused. */
export function showMenu(which: HTMLElement, entries: HTMLElement[], x: number, y: number): void {
  which.replaceChildren(...entries);
  which.style.left = '0px';
  which.style.top = '0px';
  which.hidden = false;
  // Placed by its size once drawn: to the left of the pointer, or above it, when it would pass the window's edge.
  const { width, height } = which.getBoundingClientRect();
  which.style.left = `${Math.max(0, Math.min(x, window.innerWidth - width - 2))}px`;
  which.style.top = `${Math.max(0, y + height > window.innerHeight ? Math.min(y, window.innerHeight) - height : y)}px`;
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
