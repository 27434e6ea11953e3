// l10n-ignore-file: no words here (the words come from the host); the literals are class names and icon names
/**
 * The columns menu: show or hide each column (at least one stays), move it up or down the order, and Reset Columns
 * (the columns of a new table: which are shown, their order and widths, none frozen).
 */
import type { ColumnId } from '../model/tableColumns';
import { hasDefaultColumns, withDefaultColumns } from '../model/tableState';
import type { ColumnInfo } from '../model/tableProtocol';
import { columnChoiceLabels } from './cellText';
import { cursor } from './cursor';
import { el, icon } from './dom';
import type { IconName } from './iconNames';
import { redraw } from './grid';
import { columnsButton, columnsMenu } from './layout';
import { menuEntries, showMenu } from './rowMenu';
import { t, table, visibleColumns } from './tableData';
import { saveColumns } from './viewRequests';

/** Shows or hides column `id`; false when that would hide the last column shown (nothing changes then). */
export function setColumnShown(id: ColumnId, shown: boolean): boolean {
  const state = table.state;
  if (!state) {
    return false;
  }
  const hidden = shown ? state.hidden.filter((h) => h !== id) : [...state.hidden.filter((h) => h !== id), id];
  if (hidden.length >= table.columns.length) {
    return false;
  }
  // A frozen column hidden leaves the others frozen (the count of frozen columns goes down with it).
  const at = visibleColumns().findIndex((column) => column.id === id);
  const frozen = !shown && at >= 0 && at < state.frozen ? state.frozen - 1 : state.frozen;
  table.state = { ...state, hidden, frozen };
  cursor.col = Math.min(cursor.col, visibleColumns().length - 1);
  redraw();
  saveColumns();
  return true;
}

/** Whether Reset Columns would change something. */
export function columnsChanged(): boolean {
  return table.state !== undefined && !hasDefaultColumns(table.state);
}

/**
 * Puts the columns back as a new table shows them (sort and filter stay); the active cell stays on its column when
 * that is still shown.
 */
export function resetColumns(): void {
  const state = table.state;
  if (!state) {
    return;
  }
  const active = visibleColumns()[cursor.col]?.id;
  table.state = withDefaultColumns(state);
  const columns = visibleColumns();
  const at = columns.findIndex((column) => column.id === active);
  cursor.col = at >= 0 ? at : Math.min(cursor.col, columns.length - 1);
  redraw();
  saveColumns();
}

/** Opens the columns menu under its toolbar button (drawn again after each move). */
export function openColumnsMenu(): void {
  if (!table.state) {
    return;
  }
  const current = table.state;
  const entries = current.order.map((id, index) => {
    const column = table.columns.find((c) => c.id === id) as ColumnInfo;
    const line = el('div', 'column-choice');
    const label = el('label');
    const box = el('input');
    box.type = 'checkbox';
    box.checked = !current.hidden.includes(id);
    const labels = columnChoiceLabels(column.label);
    box.setAttribute('aria-label', labels.show);
    box.addEventListener('change', () => {
      if (!setColumnShown(id, box.checked)) {
        box.checked = true;
      }
    });
    label.append(box, el('span', '', column.label));
    const move = (delta: number, name: IconName, title: string, spoken: string): HTMLButtonElement => {
      const button = el('button', 'icon-button');
      button.append(icon(name));
      button.title = title;
      button.setAttribute('aria-label', spoken);
      button.disabled = index + delta < 0 || index + delta >= current.order.length;
      button.addEventListener('click', () => {
        const state = table.state;
        if (!state) {
          return;
        }
        const order = [...state.order];
        const [moved] = order.splice(index, 1);
        order.splice(index + delta, 0, moved as ColumnId);
        table.state = { ...state, order };
        redraw();
        saveColumns();
        openColumnsMenu();
      });
      return button;
    };
    line.append(label, move(-1, 'arrow-up', t('moveLeft'), labels.moveLeft), move(1, 'arrow-down', t('moveRight'), labels.moveRight));
    return line;
  });
  const separator = el('div', 'menu-separator');
  separator.setAttribute('role', 'separator');
  // The menu stays open on the columns as reset.
  const resetAndShow = (): void => {
    resetColumns();
    openColumnsMenu();
  };
  const reset = menuEntries([[{ label: t('resetColumns'), run: resetAndShow, disabled: !columnsChanged() }]]);
  const rect = columnsButton.getBoundingClientRect();
  showMenu(columnsMenu, [...entries, separator, ...reset], rect.left, rect.bottom + 2);
}
