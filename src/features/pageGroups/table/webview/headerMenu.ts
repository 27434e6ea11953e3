// l10n-ignore-file: no words here (the words come from the host)
/**
 * A column header's context menu (a right-click on it, or Shift+F10 with it focused): sort by the column ascending or
 * descending (the sort then has this one key), take it out of the sort, fit its width to what it shows, hide it (not
 * the last one shown), the columns menu, and Reset Columns.
 */
import { applySort, fitColumn } from './columnHeaders';
import { columnsChanged, openColumnsMenu, resetColumns, setColumnShown } from './columnsMenu';
import { moveFocus } from './grid';
import { menu } from './layout';
import { menuEntries, showMenu, type MenuItem } from './rowMenu';
import { t, table, visibleColumns } from './tableData';

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
      { label: t('columnsMore'), run: () => openColumnsMenu() },
      { label: t('resetColumns'), run: resetColumns, disabled: !columnsChanged() },
    ],
  ];
  showMenu(menu, menuEntries(groups), x, y);
}
