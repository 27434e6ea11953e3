// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA attributes and icon names
/**
 * The grid's drawing: the header row (labels, sort arrows and ranks, resize handles) and the rows the virtualizer
 * says are visible (@tanstack/virtual-core: only those exist in the DOM), each cell's text set as text, deleted rows
 * and rows that break the contract marked as in the tree. The active cell is announced by aria-activedescendant.
 * What a click on a header does is columnHeaders.ts's; this file only draws (each header cell says its column in
 * `data-column`).
 */
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core';
import { visibleText } from '../../../../text/displayText';
import type { SortKey } from '../model/tableState';
import { rangeOf } from '../model/tableInteraction';
import { cellText } from './cellText';
import { cursor, selected } from './cursor';
import { el, icon } from './dom';
import { body, gridScroller, header } from './layout';
import { drawStatus } from './statusLine';
import { rowAt, shownCount, t, table, visibleColumns, widthOf } from './tableData';

export const ROW_HEIGHT = 24;

const virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
  count: 0,
  getScrollElement: () => gridScroller,
  estimateSize: () => ROW_HEIGHT,
  overscan: 8,
  scrollToFn: elementScroll,
  observeElementRect,
  observeElementOffset,
  scrollPaddingStart: ROW_HEIGHT,
  onChange: () => drawRows(),
});
virtualizer._didMount();

/** Draws the header row (and sizes the grid to the visible columns). */
export function drawHeader(): void {
  const visible = visibleColumns();
  header.replaceChildren();
  const sort = table.state?.sort ?? [];
  visible.forEach((column, index) => {
    const cell = el('div', 'cell head-cell');
    cell.setAttribute('role', 'columnheader');
    cell.setAttribute('aria-colindex', String(index + 1));
    cell.id = `h-${index}`;
    cell.dataset.column = column.id;
    cell.style.width = `${widthOf(column.id)}px`;
    cell.title = t('sortHint');
    const label = el('span', 'label', column.label);
    cell.append(label);
    const key = sort.findIndex((k) => k.column === column.id);
    if (key >= 0) {
      const descending = (sort[key] as SortKey).descending;
      cell.append(icon(descending ? 'arrow-down' : 'arrow-up'));
      if (sort.length > 1) {
        cell.append(el('span', 'sort-rank', String(key + 1)));
      }
      if (key === 0) {
        cell.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      } else {
        cell.setAttribute('aria-description', descending ? t('sortedDescending') : t('sortedAscending'));
      }
    }
    const handle = el('div', 'resize');
    handle.title = t('resize');
    cell.append(handle);
    header.append(cell);
  });
  const total = visible.reduce((sum, column) => sum + widthOf(column.id), 0);
  header.style.width = `${total}px`;
  body.style.width = `${total}px`;
  gridScroller.setAttribute('aria-colcount', String(visible.length));
}

/** Draws the visible rows (and marks the active cell). */
export function drawRows(): void {
  const visible = visibleColumns();
  const count = shownCount();
  const { cells, deleted, problems } = table;
  gridScroller.setAttribute('aria-rowcount', String(count + 1));
  body.style.height = `${virtualizer.getTotalSize()}px`;
  const fragment = document.createDocumentFragment();
  for (const item of virtualizer.getVirtualItems()) {
    const row = rowAt(item.index);
    if (row === undefined) {
      continue;
    }
    const line = el('div', 'row');
    line.setAttribute('role', 'row');
    line.setAttribute('aria-rowindex', String(item.index + 2));
    line.setAttribute('aria-selected', selected.has(row) ? 'true' : 'false');
    line.dataset.position = String(item.index);
    line.style.transform = `translateY(${item.start}px)`;
    if (deleted[row] === 1) {
      line.classList.add('deleted');
    }
    if (selected.has(row)) {
      line.classList.add('selected');
    }
    const problem = problems[row];
    visible.forEach((column, index) => {
      const cell = el('div', 'cell');
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-colindex', String(index + 1));
      cell.id = `c-${item.index}-${index}`;
      cell.style.width = `${widthOf(column.id)}px`;
      const { text, title } = cellText(column, cells.get(column.id)?.[row]);
      if (index === 0) {
        cell.append(icon(problem ? 'warning' : deleted[row] === 1 ? 'trash' : 'files'));
      }
      cell.append(el('span', 'text', text));
      const tip = [title, index === 0 && problem ? `${t('problems')}\n${visibleText(problem)}` : '', index === 0 && deleted[row] === 1 ? t('deletedMark') : ''].filter((part) => part !== '').join('\n');
      if (tip !== '') {
        cell.title = tip;
      }
      if (index === 0 && (problem || deleted[row] === 1)) {
        cell.setAttribute('aria-description', [deleted[row] === 1 ? t('deletedMark') : '', problem ? t('problems') : ''].filter((p) => p !== '').join(', '));
      }
      if (item.index === cursor.row && index === cursor.col) {
        cell.classList.add('focused');
      }
      line.append(cell);
    });
    fragment.append(line);
  }
  body.replaceChildren(fragment);
  const active = cursor.row < 0 ? `h-${cursor.col}` : `c-${cursor.row}-${cursor.col}`;
  if (document.getElementById(active)) {
    gridScroller.setAttribute('aria-activedescendant', active);
  } else {
    gridScroller.removeAttribute('aria-activedescendant');
  }
  header.querySelectorAll('.focused').forEach((cell) => cell.classList.remove('focused'));
  if (cursor.row < 0) {
    document.getElementById(`h-${cursor.col}`)?.classList.add('focused');
  }
  document.body.dataset.domRows = String(body.childElementCount);
}

/** Draws everything again for the rows now shown (the header, the rows, the status). */
export function redraw(): void {
  virtualizer.setOptions({ ...virtualizer.options, count: shownCount() });
  virtualizer._willUpdate();
  drawHeader();
  drawRows();
  drawStatus();
}

let rowDrawPending = false;

/** Draws the rows at the next frame (once, however many times it is asked before). */
export function scheduleRowDraw(): void {
  if (!rowDrawPending) {
    rowDrawPending = true;
    requestAnimationFrame(() => {
      rowDrawPending = false;
      drawRows();
    });
  }
}

/** The rows a Page Up/Down moves by. */
export function visibleRowsPerPage(): number {
  return Math.max(1, Math.floor((gridScroller.clientHeight - ROW_HEIGHT) / ROW_HEIGHT) - 1);
}

/**
 * Moves the active cell to (`row`, `col`), kept inside the grid, and scrolls it into view. `extend`: the selection
 * becomes the range from the anchor; `toggle`: the anchor stays (Ctrl moves without selecting).
 */
export function moveFocus(row: number, col: number, extend: boolean, toggle: boolean): void {
  const count = shownCount();
  const visible = visibleColumns().length;
  cursor.row = Math.max(-1, Math.min(count - 1, row));
  cursor.col = Math.max(0, Math.min(visible - 1, col));
  if (cursor.row >= 0) {
    const at = rowAt(cursor.row);
    if (extend) {
      selected.clear();
      rangeOf(cursor.anchor, cursor.row).forEach((position) => {
        const r = rowAt(position);
        if (r !== undefined) {
          selected.add(r);
        }
      });
    } else if (!toggle && at !== undefined) {
      cursor.anchor = cursor.row;
    }
    virtualizer.scrollToIndex(cursor.row, { align: 'auto' });
  }
  drawRows();
  drawStatus();
}
