import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroup } from '../../../../../../src/api/model';
import type { PageGroupFilter } from '../../../../../../src/features/pageGroups/model/pageGroupFilter';
import { COLUMN_IDS } from '../../../../../../src/features/pageGroups/table/model/tableColumns';
import type { RowBatch } from '../../../../../../src/features/pageGroups/table/model/tableProtocol';
import { TableRows } from '../../../../../../src/features/pageGroups/table/model/tableRows';
import { DEFAULT_STATE, type SortKey } from '../../../../../../src/features/pageGroups/table/model/tableState';
import { holdsEveryRow, localView, noteRows, useCollatorLocale } from '../../../../../../src/features/pageGroups/table/webview/localView';
import { table } from '../../../../../../src/features/pageGroups/table/webview/tableData';

const checked = (value: PageGroup): CheckedPageGroup => ({ raw: value, value, problems: [] });

/** The host's rows sent as the host sends them (column batches of `size` from 0), taken in as the webview takes them. */
function sendToWebview(host: TableRows, generation: number, size: number): void {
  const total = host.rows.length;
  table.generation = generation;
  table.cells.clear();
  for (const id of COLUMN_IDS) {
    table.cells.set(id, new Array<null>(total).fill(null));
  }
  for (let start = 0; start < total; start += size) {
    const indexes = Array.from({ length: Math.min(size, total - start) }, (_, i) => start + i);
    const { cells, deleted, count } = host.cells(indexes);
    for (const id of COLUMN_IDS) {
      const column = table.cells.get(id) as Array<string | number | null>;
      cells[id].forEach((value, i) => (column[start + i] = value));
    }
    const batch: RowBatch = { type: 'rows', generation, total, start, count, cells, deleted, problems: new Array<null>(count).fill(null) };
    noteRows(batch);
  }
}

describe('Page Groups table webview: filter, sort and facets computed where the rows are shown', () => {
  const group = fc.record(
    {
      pageGroupId: fc.constantFrom('pg_1', 'pg_2', 'pg_10', 'abc'),
      name: fc.constantFrom('checkout', 'Café', 'pg_1 page'),
      title: fc.constantFrom('Checkout Flow 9', 'Checkout Flow 10', 'Äpfel', 'apple', 'ZEBRA', ''),
      status: fc.constantFrom('draft', 'published', ''),
      tenantId: fc.constantFrom('tnt_a', 'tnt_b'),
      brandId: fc.constantFrom('brd_x', 'brd_ü'),
      pageContext: fc.constantFrom('shop', 'blog'),
      pagesCount: fc.integer({ min: 0, max: 40 }),
      createdAt: fc.constantFrom('2026-11-20T10:00:00Z', '2026-11-21T00:00:00+02:00', 'bad'),
      updatedAt: fc.constantFrom('2026-11-20T10:00:00.000Z', '2026-03-02T00:00:00.000Z'),
      deletedAt: fc.constantFrom('2026-03-05T00:00:00.000Z', ''),
      actions: fc.constantFrom([], [{}], [{}, {}]),
    },
    { requiredKeys: [] },
  );
  const filter = fc.record<PageGroupFilter>(
    {
      query: fc.constantFrom('check', 'cafe', 'É', 'pg_1', 'see pg_10 here', 'x'),
      exact: fc.boolean(),
      statuses: fc.constantFrom(['draft'], ['published', '\u0000no-status'], ['']),
      tenantIds: fc.constantFrom(['tnt_a'], []),
      brandIds: fc.constantFrom(['brd_ü']),
      pageContexts: fc.constantFrom(['blog']),
      pagesCount: fc.constantFrom({ min: 10 }, { max: 20 }),
      updated: fc.constantFrom({ after: Date.UTC(2026, 2, 1), before: Date.UTC(2026, 3, 1) }),
      deletedState: fc.constantFrom('include' as const, 'only' as const, 'exclude' as const),
    },
    { requiredKeys: [] },
  );
  const sort = fc.array(
    fc.record<SortKey>({ column: fc.constantFrom('title', 'name', 'pagesCount', 'createdAt', 'deletedAt', 'actions', 'status'), descending: fc.boolean() }),
    { maxLength: 3 },
  );

  it("property: the webview's order and facets are the host's TableRows' for the same rows, filter, sort and facet search", () => {
    useCollatorLocale('en');
    let generation = 100;
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 40 }), fc.array(filter, { minLength: 1, maxLength: 4 }), sort, fc.integer({ min: 1, max: 7 }), (groups, filters, keys, size) => {
        const clean = JSON.parse(JSON.stringify(groups.map((g, i) => ({ ...g, pageGroupId: `${g.pageGroupId ?? 'pg'}_${i}` })))) as PageGroup[];
        const host = new TableRows(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
        host.sync(clean.map(checked));
        generation += 1;
        table.state = { ...DEFAULT_STATE, sort: keys };
        sendToWebview(host, generation, size);
        assert.ok(holdsEveryRow());
        for (const f of filters) {
          table.state = { ...table.state, filter: f, facetSearch: { brandId: 'ü' } };
          const view = localView();
          const expected = host.compute(f, keys, { brandId: 'ü' });
          assert.ok(view !== undefined);
          assert.equal(view.generation, generation);
          assert.deepEqual(Array.from(view.order), Array.from(expected.order), JSON.stringify({ f, keys }));
          assert.deepEqual(view.facets, expected.facets);
          assert.deepEqual(view.filter, f);
          assert.deepEqual(view.sort, keys);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers only once every row of the generation shown is held (until then the host computes the view)', () => {
    const host = new TableRows();
    host.sync([checked({ pageGroupId: 'pg_a', title: 'a' }), checked({ pageGroupId: 'pg_b', title: 'b' })]);
    table.state = DEFAULT_STATE;
    table.generation = 7;
    const { cells, deleted } = host.cells([0]);
    for (const id of COLUMN_IDS) {
      table.cells.set(id, [cells[id][0] ?? null, null]);
    }
    noteRows({ type: 'rows', generation: 7, total: 2, start: 0, count: 1, cells, deleted, problems: [null] });
    assert.equal(localView(), undefined);
    const second = host.cells([1]);
    for (const id of COLUMN_IDS) {
      (table.cells.get(id) as Array<string | number | null>)[1] = second.cells[id][0] ?? null;
    }
    noteRows({ type: 'rows', generation: 7, total: 2, start: 1, count: 1, cells: second.cells, deleted: second.deleted, problems: [null] });
    assert.deepEqual(Array.from(localView()?.order ?? []), [0, 1]);
    // Rows of another generation shown: the host's view again.
    table.generation = 8;
    assert.equal(localView(), undefined);
  });
});
