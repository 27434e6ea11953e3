// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA roles and message types
/**
 * What the user does to rows: the actions the host runs (Open as JSON, Copy ID, Copy Link, Reveal in Tree, Select
 * for Compare), Export of the selection or of the filtered rows, and the rows' context menu. The popups (this menu
 * and the columns menu) close on Escape or a click elsewhere, and arrows walk their items.
 */
import { ariaShortcut, shortcutLabel } from '../model/rowShortcuts';
import type { RowAction } from '../model/tableProtocol';
import { actionRows, cursor } from './cursor';
import { el } from './dom';
import { columnsButton, columnsMenu, gridScroller, menu } from './layout';
import { rowAt, t, table } from './tableData';
import { flushViewState } from './viewRequests';
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

/** Opens the rows' context menu at (`x`, `y`), each action's key beside it. */
export function openMenu(x: number, y: number): void {
  const rows = actionRows();
  if (rows.length === 0) {
    return;
  }
  const items: Array<[string, () => void, RowAction?]> = [
    [t('openJson'), () => act('openJson'), 'openJson'],
    [rows.length > 1 ? t('copyIds') : t('copyId'), () => act('copyId'), 'copyId'],
    [t('copyLink'), () => act('copyLink'), 'copyLink'],
    [t('reveal'), () => act('reveal'), 'reveal'],
    [rows.length === 2 ? t('compareSelected') : t('compare'), () => act('compare'), 'compare'],
    [t('exportSelection'), () => exportRows('selection')],
    [t('exportFiltered'), () => exportRows('filtered')],
  ];
  const names = { ctrl: t('keyCtrl'), shift: t('keyShift'), alt: t('keyAlt'), enter: t('keyEnter') };
  showMenu(
    menu,
    items.map(([label, run, action]) => {
      const button = el('button', 'menu-item');
      button.setAttribute('role', 'menuitem');
      button.tabIndex = -1;
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
  (which.querySelector('button, input') as HTMLElement | null)?.focus();
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
