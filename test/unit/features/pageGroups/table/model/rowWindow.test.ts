import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { bodyHeight, frozenEdges, rowsToDraw, scrollLeftFor, scrollTopFor, type RowBox } from '../../../../../../src/features/pageGroups/table/model/rowWindow';

const ROW = 24;
const box = (scrollTop: number, viewHeight = 240, headerHeight = ROW): RowBox => ({ scrollTop, viewHeight, headerHeight, rowHeight: ROW });
const indexes = (rows: readonly { index: number }[]): number[] => rows.map((row) => row.index);

describe('Page Groups table: the rows in view (fixed-height rows under a header)', () => {
  it('at the top: the rows under the header and the overscan after them; each placed at its index × the row height', () => {
    // 240 px high, 24 of them the header: rows 0–8 are in view (row 8 up to the bottom edge).
    const rows = rowsToDraw(box(0), 100_000, 4);
    assert.deepEqual(indexes(rows), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual(rows[3], { index: 3, start: 72 });
    assert.equal(bodyHeight(100_000, ROW), 2_400_000);
  });

  it('scrolled: from the row under the header less the overscan; at the end: up to the last row; nothing without rows or height', () => {
    // Scrolled by 2,424 in a box of 240: rows start at 24, so rows 100 (under the header) to 109 (cut by the bottom edge).
    assert.deepEqual(indexes(rowsToDraw(box(2424), 1000, 2)), [98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111]);
    assert.deepEqual(indexes(rowsToDraw(box(10_000), 20, 4)), []);
    assert.deepEqual(indexes(rowsToDraw(box(264), 20, 4)), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    assert.deepEqual(rowsToDraw(box(0), 0, 4), []);
    assert.deepEqual(rowsToDraw(box(0, 0), 50, 4), []);
  });

  it('every row in view is drawn, and at most the rows that fit plus two overscans (property)', () => {
    fc.assert(
      fc.property(fc.nat(200_000), fc.nat(5_000_000), fc.integer({ min: 1, max: 2000 }), fc.nat(30), fc.nat(8), (count, scrollTop, viewHeight, headerHeight, overscan) => {
        const rows = rowsToDraw(box(scrollTop, viewHeight, headerHeight), count, overscan);
        const drawn = new Set(indexes(rows));
        for (let index = 0; index < count; index++) {
          const top = headerHeight + index * ROW;
          if (top < scrollTop + viewHeight && top + ROW > scrollTop + headerHeight) {
            assert.ok(drawn.has(index), `row ${index} is in view`);
          }
          if (top > scrollTop + viewHeight + (overscan + 1) * ROW) {
            break;
          }
        }
        assert.ok(rows.length <= Math.ceil(viewHeight / ROW) + 1 + 2 * overscan, `${rows.length} rows drawn`);
        rows.forEach((row, i) => assert.equal(row.index, (rows[0]?.index ?? 0) + i));
      }),
    );
  });

  it('bringing a row into view: the least scroll that shows it whole below the header, none when it is shown (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.nat(3_000_000), fc.integer({ min: 2 * ROW + 1, max: 2000 }), fc.nat(100_000), (count, from, viewHeight, wanted) => {
        const index = wanted % count;
        const max = Math.max(0, ROW + count * ROW - viewHeight);
        const scrollTop = Math.min(from, max);
        const to = scrollTopFor(box(scrollTop, viewHeight), index, max);
        const top = ROW + index * ROW;
        assert.ok(to >= 0 && to <= max);
        assert.ok(top >= to + ROW && top + ROW <= to + viewHeight, `row ${index} at ${top} in view at ${to}`);
        const shown = top >= scrollTop + ROW && top + ROW <= scrollTop + viewHeight;
        if (shown) {
          assert.equal(to, scrollTop, 'no scroll when it is shown');
        }
        assert.ok(Math.abs(to - scrollTop) <= Math.abs(top - ROW - scrollTop) + viewHeight, 'moves no further than needed');
      }),
    );
    assert.equal(scrollTopFor(box(0), 20, 10_000), 24 + 21 * 24 - 240, 'below: its bottom at the bottom edge');
    assert.equal(scrollTopFor(box(4800), 3, 10_000), 72, 'above: its top under the header');
  });

  it('bringing a column into view: the least horizontal scroll that shows it whole (from its start when wider than the view), none when it is shown (property)', () => {
    fc.assert(
      fc.property(fc.nat(20_000), fc.integer({ min: 1, max: 3000 }), fc.nat(20_000), fc.integer({ min: 1, max: 2000 }), (scrollLeft, viewWidth, start, width) => {
        const to = scrollLeftFor(scrollLeft, viewWidth, start, width);
        assert.ok(to >= 0);
        if (width <= viewWidth) {
          assert.ok(start >= to && start + width <= to + viewWidth, `column ${start}+${width} in view at ${to}`);
        } else {
          assert.equal(to, start, 'a column wider than the view is shown from its start');
        }
        if (start >= scrollLeft && start + width <= scrollLeft + viewWidth) {
          assert.equal(to, scrollLeft, 'no scroll when it is shown');
        }
        assert.ok(Math.abs(to - scrollLeft) <= Math.max(Math.abs(start - scrollLeft), Math.abs(start + width - viewWidth - scrollLeft)), 'moves no further than needed');
      }),
    );
    assert.equal(scrollLeftFor(0, 600, 700, 120), 220, 'right of the view: its right edge at the view\'s');
    assert.equal(scrollLeftFor(500, 600, 240, 240), 240, 'left of the view: its left edge at the view\'s');
  });

  it('frozen columns: each stays at the sum of the widths before it; a column right of them is brought into the part of the view they leave (property)', () => {
    assert.deepEqual(frozenEdges([240, 100, 160], 2), [0, 240]);
    assert.deepEqual(frozenEdges([240, 100], 0), []);
    fc.assert(
      fc.property(fc.nat(20_000), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 1000 }), fc.nat(20_000), fc.integer({ min: 1, max: 2000 }), (scrollLeft, viewWidth, frozen, start, width) => {
        const to = scrollLeftFor(scrollLeft, viewWidth, start, width, frozen);
        assert.ok(to >= 0);
        if (start < frozen) {
          assert.equal(to, scrollLeft, 'a frozen column is always in view');
        } else if (width <= viewWidth - frozen) {
          // Its cells are at start - to in the view: right of the frozen ones, inside the view.
          assert.ok(start - to >= frozen && start - to + width <= viewWidth, `column ${start}+${width} at ${start - to} of ${viewWidth}, ${frozen} frozen`);
        } else {
          assert.equal(start - to, frozen, 'a column wider than the room left is shown from its start, next to the frozen ones');
        }
      }),
    );
    // 240 px frozen in a view of 600 scrolled to 500: the column at 600 is under the frozen ones; it is brought out.
    assert.equal(scrollLeftFor(500, 600, 600, 100, 240), 360);
  });
});
