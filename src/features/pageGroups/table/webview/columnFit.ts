// l10n-ignore-file: no words here, only class names and selectors
/**
 * A column fitted to what it shows (a double-click on the edge of its header): as wide as its header and the widest
 * of its cells drawn (the rows on screen and those drawn just around them), as spreadsheets and the grids of the
 * editor's data tools fit a column to what is loaded in view. Measured on copies of those cells, unclipped, in one
 * layout, with the grid's own styles.
 */
import type { ColumnId } from '../model/tableColumns';
import { el } from './dom';
import { body, header } from './layout';
import { visibleColumns } from './tableData';

/** The width, in CSS pixels, that shows the header and every drawn cell of column `id` whole; undefined when not shown. */
export function fittedWidth(id: ColumnId): number | undefined {
  const index = visibleColumns().findIndex((column) => column.id === id);
  if (index < 0) {
    return undefined;
  }
  const shown = [
    ...Array.from(header.querySelectorAll<HTMLElement>(`.head-cell[aria-colindex="${index + 1}"]`)),
    ...Array.from(body.querySelectorAll<HTMLElement>(`.row > .cell[aria-colindex="${index + 1}"]`)),
  ];
  // Copies side by side in one hidden row of their own width: one layout measures them all.
  const measure = el('div', 'row fit-measure');
  measure.setAttribute('aria-hidden', 'true');
  const copies = shown.map((cell) => {
    const copy = cell.cloneNode(true) as HTMLElement;
    copy.removeAttribute('id');
    copy.style.width = '';
    measure.append(copy);
    return copy;
  });
  body.append(measure);
  const widest = copies.reduce((most, copy) => Math.max(most, Math.ceil(copy.getBoundingClientRect().width)), 0);
  measure.remove();
  return widest;
}
