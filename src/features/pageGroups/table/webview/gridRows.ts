// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA attributes and icon names
/**
 * The grid's rows in view, drawn into the body. The elements of the last draw are kept and filled again (a row
 * element per place in view, a cell element per column shown): a keystroke or a scroll changes the text of the cells
 * and the attributes that differ, and makes no new elements, so the browser styles nothing anew and lays out only
 * the text that changed. Each cell's text is set as text after `visibleText`; deleted rows and rows that break the
 * contract are marked as in the tree.
 */
import { visibleText } from '../../../../text/displayText';
import type { ColumnInfo } from '../model/tableProtocol';
import { cellText } from './cellText';
import { cursor, selected } from './cursor';
import { el, icon } from './dom';
import { body } from './layout';
import { frozenLefts, rowAt, t, table, visibleColumns, widthOf } from './tableData';

/** One place of the rows in view: its row element and its cells, for the columns it was made for. */
interface DrawnRow {
  readonly line: HTMLDivElement;
  readonly cells: readonly DrawnCell[];
}

interface DrawnCell {
  readonly cell: HTMLDivElement;
  /** The cell's text (after the first cell's icon). */
  readonly text: Text;
}

/** The first cell's icon: a warning for a row that breaks the contract, a bin for a deleted one. */
const ICONS = ['files', 'trash', 'warning'] as const;

let drawn: DrawnRow[] = [];
/** The columns (ids, in order) the drawn rows were made for. */
let drawnFor = '';

/** Sets attribute `name` to `value` (removes it for undefined), only when it differs. */
function setAttribute(element: HTMLElement, name: string, value: string | undefined): void {
  if (value === undefined) {
    if (element.hasAttribute(name)) {
      element.removeAttribute(name);
    }
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/**
 * Makes `cell` (of the column shown at `index`) stay at its place `lefts` gives when the grid scrolls sideways, the
 * last frozen one edged; any other cell scrolls.
 */
export function freezeCell(cell: HTMLElement, index: number, lefts: readonly number[]): void {
  const left = index < lefts.length ? `${lefts[index] as number}px` : '';
  if (cell.style.left !== left) {
    cell.style.left = left;
  }
  cell.classList.toggle('frozen', index < lefts.length);
  cell.classList.toggle('frozen-edge', index === lefts.length - 1);
}

/** A row element with a cell for each of `columns`, the first `lefts.length` frozen. */
function makeRow(columns: readonly ColumnInfo[], lefts: readonly number[]): DrawnRow {
  const line = el('div', 'row');
  line.setAttribute('role', 'row');
  const cells = columns.map((_, index) => {
    const cell = el('div', 'cell');
    cell.setAttribute('role', 'gridcell');
    cell.setAttribute('aria-colindex', String(index + 1));
    if (index === 0) {
      cell.append(icon(ICONS[0]));
    }
    const text = document.createTextNode('');
    cell.append(text);
    freezeCell(cell, index, lefts);
    line.append(cell);
    return { cell, text };
  });
  return { line, cells };
}

/**
 * The tooltip of the cell of row `row` in column `column` (`index`: its place among the columns shown): the cell's
 * value in full (the raw value of a time), and on the first cell the row's contract problems and deleted mark.
 */
function tipOf(row: number, column: ColumnInfo, index: number): string {
  const tip = cellText(column, table.cells.get(column.id)?.[row]).title;
  if (index !== 0) {
    return tip;
  }
  const problem = table.problems[row];
  return [tip, problem ? `${t('problems')}\n${visibleText(problem)}` : '', table.deleted[row] === 1 ? t('deletedMark') : ''].filter((part) => part !== '').join('\n');
}

/**
 * The cell under the pointer. Only it and the active cell carry a `title` (their tooltip, and the active cell's
 * description for a screen reader): a title set or changed on every cell of every row a filter redraws has the
 * browser style each of those cells again (any `[title]` rule in its own stylesheet makes the attribute a style input).
 */
let hoveredCell: HTMLElement | undefined;

/** Sets the `title` of `cell` (one of `place`'s), shown at `position` with row `row`: its tooltip when it has one. */
function setTip(place: DrawnRow, cell: HTMLElement, position: number, row: number, columns: readonly ColumnInfo[]): void {
  const index = place.cells.findIndex((drawnCell) => drawnCell.cell === cell);
  const column = columns[index];
  const wanted = column !== undefined && (cell === hoveredCell || (position === cursor.row && index === cursor.col)) ? tipOf(row, column, index) : '';
  setAttribute(cell, 'title', wanted === '' ? undefined : wanted);
}

/**
 * Fills the row element `place` with the row shown at `position` (row index `row`), `top` pixels down; its frozen
 * cells (it was made for as many as `lefts` says) placed where `lefts` says.
 */
function fillRow(place: DrawnRow, position: number, row: number, top: number, columns: readonly ColumnInfo[], lefts: readonly number[]): void {
  const { line } = place;
  const isDeleted = table.deleted[row] === 1;
  const problem = table.problems[row];
  setAttribute(line, 'aria-rowindex', String(position + 2));
  setAttribute(line, 'aria-selected', selected.has(row) ? 'true' : 'false');
  setAttribute(line, 'data-position', String(position));
  const transform = `translateY(${top}px)`;
  if (line.style.transform !== transform) {
    line.style.transform = transform;
  }
  line.classList.toggle('deleted', isDeleted);
  line.classList.toggle('selected', selected.has(row));
  columns.forEach((column, index) => {
    const { cell, text } = place.cells[index] as DrawnCell;
    setAttribute(cell, 'id', `c-${position}-${index}`);
    const width = `${widthOf(column.id)}px`;
    if (cell.style.width !== width) {
      cell.style.width = width;
    }
    if (index < lefts.length) {
      freezeCell(cell, index, lefts);
    }
    const shown = cellText(column, table.cells.get(column.id)?.[row]);
    if (text.data !== shown.text) {
      text.data = shown.text;
    }
    if (index === 0) {
      const mark = cell.firstElementChild as HTMLElement;
      const name = problem ? ICONS[2] : isDeleted ? ICONS[1] : ICONS[0];
      const className = `codicon codicon-${name}`;
      if (mark.className !== className) {
        mark.className = className;
      }
      const description = [isDeleted ? t('deletedMark') : '', problem ? t('problems') : ''].filter((part) => part !== '').join(', ');
      setAttribute(cell, 'aria-description', description === '' ? undefined : description);
    }
    setTip(place, cell, position, row, columns);
    cell.classList.toggle('focused', position === cursor.row && index === cursor.col);
  });
}

/** The cell under the pointer is now `cell` (undefined: none): its tooltip is set, the last one's taken off. */
export function hoverCell(cell: HTMLElement | undefined): void {
  if (cell === hoveredCell) {
    return;
  }
  const before = hoveredCell;
  hoveredCell = cell;
  const columns = visibleColumns();
  for (const place of drawn) {
    const position = Number(place.line.dataset.position);
    const row = rowAt(position);
    for (const { cell: drawnCell } of place.cells) {
      if ((drawnCell === before || drawnCell === cell) && row !== undefined) {
        setTip(place, drawnCell, position, row, columns);
      }
    }
  }
}

/**
 * Draws the rows in view (`items`: model/rowWindow.ts's, in order; `start` in pixels) with the columns shown, reusing
 * the elements of the last draw; the body holds exactly these rows afterwards, in order.
 */
export function drawVisibleRows(items: readonly { readonly index: number; readonly start: number }[], columns: readonly ColumnInfo[]): void {
  const lefts = frozenLefts(columns);
  const shape = `${columns.map((column) => column.id).join(',')}|${lefts.length}`;
  if (shape !== drawnFor) {
    drawn = [];
    drawnFor = shape;
  }
  let count = 0;
  for (const item of items) {
    const row = rowAt(item.index);
    if (row === undefined) {
      continue;
    }
    const place = (drawn[count] ??= makeRow(columns, lefts));
    fillRow(place, item.index, row, item.start, columns, lefts);
    count++;
  }
  placeRows(count);
}

/**
 * Makes the body hold the first `count` drawn rows, in order, touching only what differs: the body holds a prefix of
 * `drawn` (each draw fills the places in order), so rows are removed from its end or appended to it. A row put back
 * into the document is styled and laid out anew, and a filter that leaves fewer rows than fit must not have the
 * browser do that for every row in view.
 */
function placeRows(count: number): void {
  const lines = body.children;
  const kept = Math.min(lines.length, count);
  for (let i = 0; i < kept; i++) {
    if (lines[i] !== drawn[i]?.line) {
      body.replaceChildren(...drawn.slice(0, count).map((place) => place.line));
      return;
    }
  }
  while (lines.length > count) {
    body.lastElementChild?.remove();
  }
  if (kept < count) {
    body.append(...drawn.slice(kept, count).map((place) => place.line));
  }
}
