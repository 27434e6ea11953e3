/**
 * Rows of one fixed height in a scrolled box under a header that stays on top (the table's grid): which rows to draw
 * for a scroll position, and where to scroll to bring a row into view. Every row is `rowHeight` pixels, so both are
 * arithmetic: nothing is measured or kept per row, and a filter that changes the number of rows from 20 to 100,000
 * costs nothing here. Pure: no DOM.
 */

/** The box: its scroll position and height, the header's height, and the rows' height (pixels). */
export interface RowBox {
  readonly scrollTop: number;
  readonly viewHeight: number;
  readonly headerHeight: number;
  readonly rowHeight: number;
}

/** A row to draw: its position in the rows shown and its top in the body (pixels). */
export interface PlacedRow {
  readonly index: number;
  readonly start: number;
}

/**
 * The rows of `count` that the box shows, with `overscan` more on either side (drawn ahead, so that a small scroll
 * shows drawn rows), in order. None when the box has no height or there are no rows.
 */
export function rowsToDraw(box: RowBox, count: number, overscan: number): PlacedRow[] {
  if (count <= 0 || box.viewHeight <= 0 || box.rowHeight <= 0) {
    return [];
  }
  const top = box.scrollTop - box.headerHeight;
  const first = Math.max(0, Math.floor(top / box.rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((top + box.viewHeight) / box.rowHeight) - 1 + overscan);
  const rows: PlacedRow[] = [];
  for (let index = first; index <= last; index++) {
    rows.push({ index, start: index * box.rowHeight });
  }
  return rows;
}

/** The body's height for `count` rows (pixels). */
export function bodyHeight(count: number, rowHeight: number): number {
  return Math.max(0, count) * rowHeight;
}

/**
 * The scroll position that brings row `index` wholly into view below the header, moving as little as possible (the
 * box's own when it is in view already), within 0 and `maxScrollTop`.
 */
export function scrollTopFor(box: RowBox, index: number, maxScrollTop: number): number {
  const top = box.headerHeight + index * box.rowHeight;
  const bottom = top + box.rowHeight;
  let scrollTop = box.scrollTop;
  if (bottom > scrollTop + box.viewHeight) {
    scrollTop = bottom - box.viewHeight;
  }
  if (top < scrollTop + box.headerHeight) {
    scrollTop = top - box.headerHeight;
  }
  return Math.max(0, Math.min(Math.max(0, maxScrollTop), scrollTop));
}

/** The left edges of the first `frozen` of columns `widths` wide (where each stays as the view scrolls sideways). */
export function frozenEdges(widths: readonly number[], frozen: number): number[] {
  const edges: number[] = [];
  let left = 0;
  for (const width of widths.slice(0, frozen)) {
    edges.push(left);
    left += width;
  }
  return edges;
}

/**
 * The horizontal scroll position that brings the column spanning `start` to `start + width` (pixels from the grid's
 * left edge) into a view `viewWidth` wide scrolled to `scrollLeft`, moving as little as possible (the view's own when
 * the column is in view already). A column wider than the view is shown from its start, where its text begins.
 *
 * With `frozen` pixels of frozen columns at the view's left (they stay there as it scrolls), a column right of them
 * is brought into the part of the view they leave; a frozen column itself (`start < frozen`) is always in view.
 */
export function scrollLeftFor(scrollLeft: number, viewWidth: number, start: number, width: number, frozen = 0): number {
  if (frozen > 0) {
    return start < frozen ? scrollLeft : scrollLeftFor(scrollLeft, Math.max(0, viewWidth - frozen), start - frozen, width);
  }
  let left = scrollLeft;
  if (start + width > left + viewWidth) {
    left = start + width - viewWidth;
  }
  if (start < left) {
    left = start;
  }
  return Math.max(0, left);
}
