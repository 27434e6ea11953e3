// l10n-ignore-file: no words here (the words come from the host); the literals are class names, ARIA attributes and icon names
/**
 * The grid's drawing: the header row (labels, sort arrows and ranks, resize handles) and the rows in view (only those
 * exist in the DOM: model/rowWindow.ts says which, from the grid's scroll position; gridRows.ts fills them, reusing
 * the elements of the last draw). The active cell is announced by aria-activedescendant. What a click on a header does
 * is columnHeaders.ts's; this file only draws (each header cell says its column in `data-column`).
 */
import type { SortKey } from '../model/tableState';
import { focusRow, rangeOf } from '../model/tableInteraction';
import { bodyHeight, rowsToDraw, scrollLeftFor, scrollTopFor, type RowBox } from '../model/rowWindow';
import { clearSelection, cursor, selected } from './cursor';
import { drawVisibleRows, freezeCell } from './gridRows';
import { notePlaceChanged } from './placeMemory';
import { el, icon } from './dom';
import { body, gridScroller, header } from './layout';
import { drawStatus } from './statusLine';
import { frozenLefts, rowAt, shownCount, t, table, visibleColumns, widthOf } from './tableData';

/** The rows' height at the editor's default font size (14 px), as the editor's lists. */
const ROW_HEIGHT = 24;
/** A row's height for each pixel of the editor's font size: 24 px at 14 px (the cells' font is the editor's). */
const ROW_HEIGHT_PER_FONT_PX = 24 / 14;
/** Rows drawn ahead on either side of those in view (once the first rows are on screen: `drawAhead`). */
const OVERSCAN = 4;
/** Rows drawn ahead now: none until the first rows were painted, so that the first frame holds only what is in view. */
let overscan = 0;

/**
 * The grid's scroll position and size as last seen, kept from its scroll and resize events: read after the rows were
 * changed, they would have the browser lay the page out then and there. `rowHeight` follows the editor's font size
 * (`editor.fontSize`, which the editor passes as a style variable): a larger font gets taller rows, never shorter
 * than ROW_HEIGHT.
 */
const seen = { scrollTop: 0, viewHeight: 0, headerHeight: ROW_HEIGHT, rowHeight: ROW_HEIGHT };

/**
 * Sizes the rows for the editor's font size now (the grid's CSS reads `--row-height`, set on the grid: the editor
 * rewrites the root element's style); true when that changed their height.
 */
function measureRowHeight(): boolean {
  const fontSize = Number.parseFloat(getComputedStyle(gridScroller).fontSize);
  const height = Number.isFinite(fontSize) ? Math.max(ROW_HEIGHT, Math.round(fontSize * ROW_HEIGHT_PER_FONT_PX)) : ROW_HEIGHT;
  if (height === seen.rowHeight && gridScroller.style.getPropertyValue('--row-height') !== '') {
    return false;
  }
  seen.rowHeight = height;
  gridScroller.style.setProperty('--row-height', `${height}px`);
  return true;
}

// The editor sets its theme's and font's variables on the page's root element, again when the user changes them.
new MutationObserver(() => {
  if (measureRowHeight()) {
    seen.headerHeight = header.offsetHeight || seen.rowHeight;
    drawRows();
  }
}).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });

gridScroller.addEventListener(
  'scroll',
  () => {
    seen.scrollTop = gridScroller.scrollTop;
    drawRows();
  },
  { passive: true },
);
// Its first call comes with the first frame laid out, which the first draw measured already (`redraw`): the rows
// are drawn again only when the grid's height, its header's or the rows' changed.
new ResizeObserver(() => {
  const before = `${seen.viewHeight} ${seen.headerHeight} ${seen.rowHeight}`;
  measureGrid();
  if (`${seen.viewHeight} ${seen.headerHeight} ${seen.rowHeight}` !== before) {
    drawRows();
  }
}).observe(gridScroller);

function measureGrid(): void {
  measureRowHeight();
  seen.viewHeight = gridScroller.clientHeight;
  seen.headerHeight = header.offsetHeight || seen.rowHeight;
}

/** The furthest the grid scrolls with `count` rows. */
function maxScrollTop(count: number): number {
  return Math.max(0, seen.headerHeight + bodyHeight(count, seen.rowHeight) - seen.viewHeight);
}

/** The grid as last seen, its scroll position kept within the rows there are now (a filter may leave fewer). */
function rowBox(count: number): RowBox {
  return { scrollTop: Math.min(seen.scrollTop, maxScrollTop(count)), viewHeight: seen.viewHeight, headerHeight: seen.headerHeight, rowHeight: seen.rowHeight };
}

/** What the header row was last drawn for (its columns, their widths, the sort, the words). */
let headerDrawnFor = '';

/**
 * Draws the header row (and sizes the grid to the visible columns) when what it shows changed: a keystroke or a
 * facet redraws the rows, not the header (a new header would have the browser style and lay it out again).
 */
export function drawHeader(): void {
  const visible = visibleColumns();
  const sort = table.state?.sort ?? [];
  const lefts = frozenLefts(visible);
  const drawFor = JSON.stringify([visible.map((column) => [column.id, column.label, widthOf(column.id)]), lefts.length, sort, t('sortHint'), t('resize'), t('sortedAscending'), t('sortedDescending')]);
  if (drawFor === headerDrawnFor) {
    return;
  }
  headerDrawnFor = drawFor;
  header.replaceChildren();
  visible.forEach((column, index) => {
    const cell = el('div', 'cell head-cell');
    cell.setAttribute('role', 'columnheader');
    cell.setAttribute('aria-colindex', String(index + 1));
    cell.id = `h-${index}`;
    cell.dataset.column = column.id;
    cell.draggable = true;
    cell.style.width = `${widthOf(column.id)}px`;
    freezeCell(cell, index, lefts);
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
  const count = shownCount();
  gridScroller.setAttribute('aria-rowcount', String(count + 1));
  body.style.height = `${bodyHeight(count, seen.rowHeight)}px`;
  drawVisibleRows(rowsToDraw(rowBox(count), count, overscan), visibleColumns());
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
  notePlaceChanged();
}

/** Draws everything again for the rows now shown (the header, the rows, the status). */
export function redraw(): void {
  if (seen.viewHeight === 0 || body.childElementCount === 0) {
    // Before the first rows: the grid's size is needed now (its resize event comes after the frame is laid out, and
    // the toolbar given its words since the last one may have changed it). With no rows in it yet, measuring the
    // page costs little; the resize event then finds the size the rows were drawn for and draws nothing again.
    measureGrid();
  }
  drawHeader();
  drawRows();
  drawStatus();
}

/** The first rows are on screen: from now on rows are drawn ahead of those in view, starting at the next frame. */
export function drawAhead(): void {
  if (overscan !== OVERSCAN) {
    overscan = OVERSCAN;
    scheduleRowDraw();
  }
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
  return Math.max(1, Math.floor((gridScroller.clientHeight - seen.headerHeight) / seen.rowHeight) - 1);
}

/**
 * Moves the active cell to (`row`, `col`), kept inside the grid, and scrolls it into view (its row, and its column
 * when the columns are wider than the grid: Home, End, arrows). `extend`: the selection
 * becomes the range from the anchor; `toggle`: the anchor stays (Ctrl moves without selecting).
 */
export function moveFocus(row: number, col: number, extend: boolean, toggle: boolean): void {
  const count = shownCount();
  const visible = visibleColumns().length;
  cursor.row = focusRow(row, count);
  cursor.col = Math.max(0, Math.min(visible - 1, col));
  if (cursor.row >= 0) {
    const at = rowAt(cursor.row);
    if (extend) {
      clearSelection();
      rangeOf(cursor.anchor, cursor.row).forEach((position) => {
        const r = rowAt(position);
        if (r !== undefined) {
          selected.add(r);
        }
      });
    } else if (!toggle && at !== undefined) {
      cursor.anchor = cursor.row;
    }
    const box = rowBox(count);
    const scrollTop = scrollTopFor(box, cursor.row, maxScrollTop(count));
    if (scrollTop !== box.scrollTop) {
      seen.scrollTop = scrollTop;
      gridScroller.scrollTop = scrollTop;
    }
  }
  const columns = visibleColumns();
  const start = columns.slice(0, cursor.col).reduce((sum, column) => sum + widthOf(column.id), 0);
  const active = columns[cursor.col];
  if (active !== undefined) {
    const frozen = columns.slice(0, frozenLefts(columns).length).reduce((sum, column) => sum + widthOf(column.id), 0);
    const scrollLeft = scrollLeftFor(gridScroller.scrollLeft, gridScroller.clientWidth, start, widthOf(active.id), frozen);
    if (scrollLeft !== gridScroller.scrollLeft) {
      gridScroller.scrollLeft = scrollLeft;
    }
  }
  drawRows();
  drawStatus();
}
