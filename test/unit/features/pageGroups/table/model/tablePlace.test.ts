import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { activeAgain, MAX_SELECTED_RUNS, readPlace, selectedAgain, selectionRuns, type TablePlace } from '../../../../../../src/features/pageGroups/table/model/tablePlace';

/** Ids of a shown order: `pg_<n>` for each position's row. */
const idsOf = (order: readonly number[]) => (position: number): string | null => (order[position] === undefined ? null : `pg_${order[position]}`);

describe('Page Groups table: the place kept when the tab is hidden or the window reloads', () => {
  it('a selection is kept as runs and comes back whole when the rows are where they were', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 120 }), (picked) => {
        const positions = [...picked].sort((a, b) => a - b);
        const order = Array.from({ length: 301 }, (_, i) => 1000 + i);
        const runs = selectionRuns(positions, idsOf(order));
        assert.equal(
          runs.reduce((sum, [, length]) => sum + length, 0),
          positions.length,
        );
        assert.deepEqual(selectedAgain(runs, order.length, idsOf(order)), positions);
      }),
    );
  });

  it('Ctrl+A of 100,000 rows is one run; a Shift range is one run', () => {
    const all = Array.from({ length: 100_000 }, (_, i) => i);
    assert.deepEqual(selectionRuns(all, idsOf(all)), [[0, 100_000, 'pg_0']]);
    assert.deepEqual(selectionRuns([5, 6, 7, 9], idsOf(all)), [
      [5, 3, 'pg_5'],
      [9, 1, 'pg_9'],
    ]);
  });

  it('a run whose first row is no longer there is not selected again; one past the rows shown now is cut to them', () => {
    const before = [10, 11, 12, 13, 14];
    const runs = selectionRuns([0, 1, 3, 4], idsOf(before));
    // Rows 10 and 11 left: the run that started with 10 is dropped, the one of 13 comes back if 13 is still at 3.
    assert.deepEqual(selectedAgain(runs, 5, idsOf([12, 99, 98, 13, 14])), [3, 4]);
    assert.deepEqual(selectedAgain(runs, 4, idsOf(before)), [0, 1, 3]);
  });

  it('more separate pieces than it keeps: no selection is kept rather than part of it', () => {
    const every2nd = Array.from({ length: MAX_SELECTED_RUNS + 1 }, (_, i) => i * 2);
    assert.deepEqual(selectionRuns(every2nd, () => 'x'), []);
  });

  it('the active cell goes back to its row: where it was, where it moved, else to its old place within the rows', () => {
    const active = { position: 2, column: 'title', id: 'pg_c' };
    assert.equal(activeAgain(active, 4, (p) => ['pg_a', 'pg_b', 'pg_c', 'pg_d'][p] ?? null), 2);
    assert.equal(activeAgain(active, 4, (p) => ['pg_c', 'pg_a', 'pg_b', 'pg_d'][p] ?? null), 0);
    assert.equal(activeAgain(active, 2, (p) => ['pg_a', 'pg_b'][p] ?? null), 1);
    assert.equal(activeAgain({ ...active, position: -1, id: null }, 4, () => null), -1, 'the header row stays the header row');
    assert.equal(activeAgain(active, 0, () => null), 0);
  });

  it('reads back what it wrote, and nothing of a state that is not a place', () => {
    const place: TablePlace = { scrollTop: 480, active: { position: 20, column: 'updatedAt', id: 'pg_1' }, selection: [[20, 3, 'pg_1']], filtersHidden: true };
    assert.deepEqual(readPlace(JSON.parse(JSON.stringify(place))), place);
    for (const bad of [
      undefined,
      null,
      'place',
      { ...place, scrollTop: -1 },
      { ...place, scrollTop: Number.NaN },
      { ...place, filtersHidden: 'yes' },
      { ...place, active: { position: 1.5, column: 'x', id: null } },
      { ...place, active: { position: -2, column: 'x', id: null } },
      { ...place, active: { position: 1, column: 3, id: null } },
      { ...place, active: { position: 1, column: 'x', id: 'x'.repeat(201) } },
      { ...place, selection: [[0, 0, 'a']] },
      { ...place, selection: [[0, 1]] },
      { ...place, selection: [[-1, 1, 'a']] },
      { ...place, selection: 'all' },
      { ...place, selection: Array.from({ length: MAX_SELECTED_RUNS + 1 }, (_, i) => [i * 2, 1, null]) },
    ]) {
      assert.equal(readPlace(bad), undefined, JSON.stringify(bad)?.slice(0, 120));
    }
  });
});
