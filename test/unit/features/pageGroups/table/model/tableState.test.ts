import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { COLUMN_IDS } from '../../../../../../src/features/pageGroups/table/model/tableColumns';
import { DEFAULT_STATE, hasDefaultColumns, MAX_FILTER_TEXT, readFilter, readFrozen, readTableState, withDefaultColumns } from '../../../../../../src/features/pageGroups/table/model/tableState';

describe('Page Groups table: column state', () => {
  it('nothing saved (or not an object): the default columns, no sort, no filter', () => {
    for (const saved of [undefined, null, 'x', 3, []]) {
      assert.deepEqual(readTableState(saved), DEFAULT_STATE);
    }
    assert.equal(DEFAULT_STATE.order.length, COLUMN_IDS.length);
  });

  it('keeps a valid order, hidden columns, widths and sort; every column appears once, unknown ones are dropped', () => {
    const state = readTableState({
      order: ['status', 'title', 'nope', 'status'],
      hidden: ['scripts', 'unknown'],
      widths: { title: 300, status: 5, name: 99999, nope: 10, brandId: Number.NaN },
      sort: [{ column: 'updatedAt', descending: true }, { column: 'title', descending: false }, { column: 'updatedAt', descending: false }, { column: 'x', descending: true }],
    });
    assert.deepEqual(state.order.slice(0, 2), ['status', 'title']);
    assert.deepEqual([...state.order].sort(), [...COLUMN_IDS].sort());
    assert.deepEqual(state.hidden, ['scripts']);
    assert.deepEqual(state.widths, { title: 300, status: 40, name: 2000 });
    assert.deepEqual(state.sort, [{ column: 'updatedAt', descending: true }, { column: 'title', descending: false }]);
  });

  it('keeps the facet searches of known facets (text as typed, not too long, blank ones dropped)', () => {
    const state = readTableState({ facetSearch: { tenantId: 'Zür', brandId: '  ', title: 'x', status: 3, pageContext: 'x'.repeat(MAX_FILTER_TEXT + 1) } });
    assert.deepEqual(state.facetSearch, { tenantId: 'Zür' });
    assert.deepEqual(readTableState({ facetSearch: 'tenant' }).facetSearch, {});
  });

  it('Reset Columns: the default columns, order and widths; the sort, filter and facet searches stay', () => {
    const changed = readTableState({
      order: ['status', 'title'],
      hidden: ['name'],
      widths: { title: 300 },
      frozen: 2,
      sort: [{ column: 'updatedAt', descending: true }],
      filter: { status: ['draft'] },
      facetSearch: { tenantId: 'Zür' },
    });
    assert.equal(hasDefaultColumns(changed), false);
    const reset = withDefaultColumns(changed);
    assert.equal(hasDefaultColumns(reset), true);
    assert.deepEqual(reset, { ...DEFAULT_STATE, sort: changed.sort, filter: changed.filter, facetSearch: changed.facetSearch });
    assert.equal(hasDefaultColumns(DEFAULT_STATE), true);
    // Each change alone counts; the order hidden columns are listed in does not.
    assert.equal(changed.frozen, 2);
    assert.equal(hasDefaultColumns({ ...DEFAULT_STATE, widths: { title: 300 } }), false);
    assert.equal(hasDefaultColumns({ ...DEFAULT_STATE, frozen: 1 }), false);
    assert.equal(hasDefaultColumns({ ...DEFAULT_STATE, hidden: DEFAULT_STATE.hidden.slice(1) }), false);
    assert.equal(hasDefaultColumns({ ...DEFAULT_STATE, order: [...DEFAULT_STATE.order].reverse() }), false);
    assert.equal(hasDefaultColumns({ ...DEFAULT_STATE, hidden: [...DEFAULT_STATE.hidden].reverse() }), true);
  });

  it('frozen columns: a whole number below the number of columns, else none', () => {
    assert.equal(readTableState({ frozen: 3 }).frozen, 3);
    for (const bad of [-1, 0.5, COLUMN_IDS.length, '1', null, Number.POSITIVE_INFINITY]) {
      assert.equal(readFrozen(bad), 0, String(bad));
    }
    assert.equal(readFrozen(COLUMN_IDS.length - 1), COLUMN_IDS.length - 1);
  });

  it('never hides every column', () => {
    assert.deepEqual(readTableState({ hidden: [...COLUMN_IDS] }).hidden, DEFAULT_STATE.hidden);
  });

  it('a filter keeps only valid fields', () => {
    assert.deepEqual(
      readFilter({
        query: ' draft ',
        exact: 'yes',
        statuses: ['draft', 'draft', '\u0000no-status'],
        tenantIds: ['a', 3],
        brandIds: 'b',
        pagesCount: { min: 30, max: Number.POSITIVE_INFINITY },
        created: { after: 1, before: 'tomorrow' },
        updated: {},
        deletedState: 'only',
        extra: true,
      }),
      { query: ' draft ', statuses: ['draft', '\u0000no-status'], pagesCount: { min: 30 }, created: { after: 1 }, deletedState: 'only' },
    );
    assert.deepEqual(readFilter({ query: 'x'.repeat(MAX_FILTER_TEXT + 1), deletedState: 'include' }), {});
  });

  it('property: anything read is a state whose order is a permutation of the columns', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const state = readTableState(value);
        assert.deepEqual([...state.order].sort(), [...COLUMN_IDS].sort());
        assert.ok(state.hidden.length < COLUMN_IDS.length);
      }),
    );
  });
});
