// l10n-ignore-file: no words here (the words come from the host)
/**
 * A column header's context menu (a right-click on it, or Shift+F10 with it focused): sort by the column ascending or
 * descending (the sort then has this one key), take it out of the sort, fit its width to what it shows, hide it (not
 * the last one shown), the columns menu, and Reset Columns. Freeze up to This Column keeps the columns up to it in
 * view when the grid scrolls sideways (not offered on the last column shown, or where the frozen ones would take more
 * than most of the grid's width); Unfreeze Columns lets them scroll again.
 */
import { applySort, fitColumn } from './columnHeaders';
import { columnsChanged, openColumnsMenu, resetColumns, setColumnShown } from './columnsMenu';
import { moveFocus } from './grid';
import { menu } from './layout';
import { menuEntries, showMenu, type MenuItem } from './rowMenu';
import { t, table, visibleColumns, widthOf } from './tableData';
import { gridScroller } from './layout';
import { redraw } from './grid';
import { saveColumns } from './viewRequests';

/** The most of the grid's width frozen columns may take (the rest scrolls). */
const MOST_FROZEN = 0.75;

/** Keeps the first `count` columns shown in view when the grid scrolls sideways (0: none). */
function freeze(count: number): void {
  if (table.state) {
    table.state = { ...table.state, frozen: count };
    redraw();
    saveColumns();
  }
}

/** Whether columns `widths` wide may be frozen, of `shown` columns: one left to scroll, and room to scroll it in. */
function canFreeze(widths: readonly number[], shown: number): boolean {
  return widths.length < shown && widths.reduce((sum, width) => sum + width, 0) <= gridScroller.clientWidth * MOST_FROZEN;
}

/** Opens the menu of the header of the shown column at `index`, at (`x`, `y`); the header becomes the active cell. */
export function openHeaderMenu(index: number, x: number, y: number): void {
  const columns = visibleColumns();
  const column = columns[index];
  const state = table.state;
  if (column === undefined || state === undefined) {
    return;
  }
  moveFocus(-1, index, false, false);
  const only = state.sort.length === 1 ? state.sort[0] : undefined;
  const sorted = state.sort.some((key) => key.column === column.id);
  const groups: MenuItem[][] = [
    [
      { label: t('sortAscending'), run: () => applySort([{ column: column.id, descending: false }]), disabled: only?.column === column.id && !only.descending },
      { label: t('sortDescending'), run: () => applySort([{ column: column.id, descending: true }]), disabled: only?.column === column.id && only.descending },
      ...(sorted ? [{ label: t('removeSort'), run: () => applySort(state.sort.filter((key) => key.column !== column.id)) }] : []),
    ],
    [
      { label: t('fitColumn'), run: () => fitColumn(column.id) },
      { label: t('hideColumn'), run: () => void setColumnShown(column.id, false), disabled: columns.length <= 1 },
      { label: t('freezeColumns'), run: () => freeze(index + 1), disabled: state.frozen === index + 1 || !canFreeze(columns.slice(0, index + 1).map((c) => widthOf(c.id)), columns.length) },
      ...(state.frozen > 0 ? [{ label: t('unfreezeColumns'), run: () => freeze(0) }] : []),
      { label: t('columnsMore'), run: () => openColumnsMenu() },
      { label: t('resetColumns'), run: resetColumns, disabled: !columnsChanged() },
    ],
  ];
  showMenu(menu, menuEntries(groups), x, y);
}
