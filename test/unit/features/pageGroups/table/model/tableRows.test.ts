import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroup } from '../../../../../../src/api/model';
import { filterTest, NO_VALUE, type PageGroupFilter } from '../../../../../../src/features/pageGroups/model/pageGroupFilter';
import { NO_STATUS } from '../../../../../../src/features/pageGroups/model/pageGroupsModel';
import { MAX_FACET_VALUES, TableRows } from '../../../../../../src/features/pageGroups/table/model/tableRows';
import type { Facet } from '../../../../../../src/features/pageGroups/table/model/tableProtocol';
import type { SortKey } from '../../../../../../src/features/pageGroups/table/model/tableState';

const checked = (value: PageGroup): CheckedPageGroup => ({ raw: value, value, problems: [] });

const GROUPS: readonly PageGroup[] = [
  { pageGroupId: 'pg_1', title: 'banana', status: 'draft', tenantId: 'tnt_a', brandId: 'brd_x', pageContext: 'shop', pagesCount: 3, updatedAt: '2026-11-20T10:00:00Z' },
  { pageGroupId: 'pg_2', title: 'Äpfel', status: 'published', tenantId: 'tnt_b', brandId: 'brd_x', pagesCount: 31, updatedAt: '2026-11-26T23:59:59Z', deletedAt: '2026-11-25T12:00:00Z' },
  { pageGroupId: 'pg_3', title: 'apple 10', tenantId: 'tnt_a', updatedAt: 'not a time' },
  { pageGroupId: 'pg_4', title: 'apple 9', status: 'draft', tenantId: 'tnt_a', pagesCount: 12, updatedAt: '2026-11-21T00:00:00+02:00' },
  { pageGroupId: 'pg_5', status: 'draft', tenantId: 'tnt_c', pagesCount: 12 },
];

function rowsOf(groups: readonly PageGroup[] = GROUPS): { table: TableRows; items: CheckedPageGroup[] } {
  const table = new TableRows(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
  const items = groups.map(checked);
  table.sync(items);
  return { table, items };
}

const ids = (table: TableRows, order: Int32Array): Array<string | undefined> => Array.from(order, (index) => table.rows[index]?.value.pageGroupId);

describe('Page Groups table: rows, sort, filter, facets', () => {
  it('sorts text by locale (accents, case and numbers in text as a reader expects), missing last both ways', () => {
    const { table } = rowsOf();
    assert.deepEqual(ids(table, table.order({}, [{ column: 'title', descending: false }])), ['pg_2', 'pg_4', 'pg_3', 'pg_1', 'pg_5']);
    assert.deepEqual(ids(table, table.order({}, [{ column: 'title', descending: true }])), ['pg_1', 'pg_3', 'pg_4', 'pg_2', 'pg_5']);
  });

  it('sorts numbers as numbers and times as instants (zones honoured, unreadable ones last)', () => {
    const { table } = rowsOf();
    assert.deepEqual(ids(table, table.order({}, [{ column: 'pagesCount', descending: false }])), ['pg_1', 'pg_4', 'pg_5', 'pg_2', 'pg_3']);
    assert.deepEqual(ids(table, table.order({}, [{ column: 'pagesCount', descending: true }])), ['pg_2', 'pg_4', 'pg_5', 'pg_1', 'pg_3']);
    // 2026-11-21T00:00+02:00 is 2026-11-20T22:00Z: after pg_1's 10:00Z.
    assert.deepEqual(ids(table, table.order({}, [{ column: 'updatedAt', descending: false }])), ['pg_1', 'pg_4', 'pg_2', 'pg_3', 'pg_5']);
  });

  it('a second key breaks the ties of the first; remaining ties keep load order', () => {
    const { table } = rowsOf();
    assert.deepEqual(
      ids(table, table.order({}, [{ column: 'pagesCount', descending: true }, { column: 'tenantId', descending: true }])),
      ['pg_2', 'pg_5', 'pg_4', 'pg_1', 'pg_3'],
    );
    assert.deepEqual(ids(table, table.order({}, [])), ['pg_1', 'pg_2', 'pg_3', 'pg_4', 'pg_5']);
  });

  it('filters with the filter model the agent tools use, row for row', () => {
    const { table, items } = rowsOf();
    const filters: PageGroupFilter[] = [{ query: 'apple' }, { statuses: ['draft'] }, { statuses: [NO_STATUS] }, { deletedState: 'only' }, { pagesCount: { min: 10 } }, { tenantIds: ['tnt_a'], deletedState: 'exclude' }];
    for (const filter of filters) {
      const test = filterTest(filter);
      assert.deepEqual(ids(table, table.order(filter, [])), items.filter(test).map((item) => item.value.pageGroupId), JSON.stringify(filter));
    }
  });

  it('facets count the filtered rows; a field narrowed by the filter counts as if its own part were left out', () => {
    const { table } = rowsOf();
    const filter: PageGroupFilter = { statuses: ['draft'], tenantIds: ['tnt_a'] };
    const { order, facets } = table.compute(filter, []);
    assert.deepEqual(ids(table, order), ['pg_1', 'pg_4']);
    const facet = (field: string): Record<string, number> => Object.fromEntries((facets.find((f) => f.field === field)?.values ?? []).map(([value, count]) => [String(value), count]));
    // status: rows of tenant tnt_a, whatever their status.
    assert.deepEqual(facet('status'), { draft: 2, null: 1 });
    // tenant: draft rows, whatever their tenant.
    assert.deepEqual(facet('tenantId'), { tnt_a: 2, tnt_c: 1 });
    // brand and page context: the rows the whole filter lets through.
    assert.deepEqual(facet('brandId'), { brd_x: 1, null: 1 });
    assert.deepEqual(facet('pageContext'), { shop: 1, null: 1 });
  });

  it('lists at most MAX_FACET_VALUES values per facet, most frequent first, and counts the others', () => {
    const many = Array.from({ length: MAX_FACET_VALUES + 5 }, (_, i) => ({ pageGroupId: `pg_${i}`, tenantId: i === 0 ? 'common' : `t_${i}` }));
    const { table } = rowsOf([...many, { pageGroupId: 'x', tenantId: 'common' }]);
    const tenant = table.compute({}, []).facets.find((f) => f.field === 'tenantId');
    assert.equal(tenant?.values.length, MAX_FACET_VALUES);
    assert.deepEqual(tenant?.values[0], ['common', 2]);
    assert.equal(tenant?.more, 5);
  });

  it('a facet of more than MAX_FACET_VALUES values offers a search that narrows its value list (case and accents ignored); counts stay those of the filter', () => {
    // 250 tenants: "Zürich 0" … "Zürich 49" (3 rows each) and "Tenant 50" … "Tenant 249" (1 row each).
    const groups: PageGroup[] = [];
    for (let i = 0; i < 250; i++) {
      const tenantId = i < 50 ? `Zürich ${i}` : `Tenant ${i}`;
      for (let copy = 0; copy < (i < 50 ? 3 : 1); copy++) {
        groups.push({ pageGroupId: `pg_${i}_${copy}`, tenantId, status: copy === 0 ? 'draft' : 'published' });
      }
    }
    const { table } = rowsOf(groups);
    const tenants = (filter: PageGroupFilter, query?: string): Facet => table.compute(filter, [], query === undefined ? {} : { tenantId: query }).facets.find((f) => f.field === 'tenantId') as Facet;
    const all = tenants({});
    assert.equal(all.distinct, 250);
    assert.equal(all.searchable, true);
    assert.equal(all.values.length, MAX_FACET_VALUES);
    assert.equal(all.more, 50);
    assert.equal(all.query, undefined);
    // "zurich 1" matches "Zürich 1" and "Zürich 10" … "Zürich 19": 11 values, each with its 3 rows.
    const searched = tenants({}, 'ZURICH 1');
    assert.equal(searched.query, 'ZURICH 1');
    assert.deepEqual(new Map(searched.values), new Map([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((i) => [`Zürich ${i}`, 3])));
    assert.equal(searched.more, 0);
    assert.equal(searched.distinct, 250, 'the search narrows the list, not the values the filter leaves');
    // The search finds values beyond the first 200 (the single-row tenants listed last).
    assert.deepEqual(tenants({}, 'tenant 249').values, [['Tenant 249', 1]]);
    // Counts follow the filter, the search only picks the values: drafts only, one a tenant.
    assert.deepEqual(new Map(tenants({ statuses: ['draft'] }, 'zürich 4').values), new Map([4, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49].map((i) => [`Zürich ${i}`, 1])));
    // A chosen value stays listed (so it can be unchosen) whatever the search; the rows are not narrowed by the search.
    const chosen = table.compute({ tenantIds: ['Tenant 100'] }, [], { tenantId: 'zurich 7' });
    assert.deepEqual(new Map(chosen.facets.find((f) => f.field === 'tenantId')?.values), new Map([['Tenant 100', 1], ['Zürich 7', 3]]));
    assert.equal(chosen.order.length, 1);
    // No value matches: an empty list, the box stays (the query is echoed).
    assert.deepEqual(tenants({}, 'nowhere').values, []);
    assert.equal(tenants({}, 'nowhere').query, 'nowhere');
    // Facets of fewer values offer no search.
    assert.equal(table.compute({}, []).facets.find((f) => f.field === 'status')?.searchable, false);
  });

  it('sync appends new page groups, replaces one refreshed under its id in place, and starts a new generation when one is gone', () => {
    const { table, items } = rowsOf(GROUPS.slice(0, 3));
    assert.equal(table.generation, 0);
    const more = GROUPS.slice(3).map(checked);
    const appended = table.sync([...items, ...more]);
    assert.deepEqual(appended, { reset: false, appendedFrom: 3, replaced: [] });
    assert.equal(table.rows.length, 5);
    const refreshed = checked({ ...GROUPS[1], title: 'renamed' });
    const replaced = table.sync([items[0] as CheckedPageGroup, refreshed, items[2] as CheckedPageGroup, ...more]);
    assert.deepEqual(replaced, { reset: false, appendedFrom: 5, replaced: [1] });
    assert.equal(table.rows[1]?.value.title, 'renamed');
    assert.equal(table.generation, 0);
    // The sort keys follow the replaced row.
    assert.equal(ids(table, table.order({}, [{ column: 'title', descending: true }]))[0], 'pg_2');
    const reset = table.sync(more);
    assert.equal(reset.reset, true);
    assert.equal(table.generation, 1);
    assert.deepEqual(table.rows.map((row) => row.value.pageGroupId), ['pg_4', 'pg_5']);
  });

  it("a new table's first sync takes a copy of the loaded list: the caller's array changing later is not the table's rows", () => {
    const loaded = GROUPS.slice(0, 3).map(checked);
    const table = new TableRows(new Intl.Collator('en'));
    assert.deepEqual(table.sync(loaded), { reset: false, appendedFrom: 0, replaced: [] });
    loaded.push(checked({ pageGroupId: 'late' }));
    loaded[0] = checked({ pageGroupId: 'swapped' });
    assert.deepEqual(table.rows.map((row) => row.value.pageGroupId), ['pg_1', 'pg_2', 'pg_3']);
    // The next sync sees that change: pg_1 is gone, so the rows start over as a new generation.
    assert.deepEqual(table.sync(loaded), { reset: true, appendedFrom: 0, replaced: [] });
  });

  it('sync keeps the rows as the lookup by id and object would, whether the list only grew at its end or changed anywhere (property)', () => {
    // The rule before the append-only shortcut: every loaded item looked up by object, then by id.
    const reference = (held: CheckedPageGroup[], loaded: readonly CheckedPageGroup[]): { rows: CheckedPageGroup[]; reset: boolean } => {
      const known = new Set(held);
      const byId = new Map(held.map((item, index) => [item.value.pageGroupId, index]));
      const rows = [...held];
      let kept = 0;
      const added: CheckedPageGroup[] = [];
      for (const item of loaded) {
        const index = known.has(item) ? -1 : byId.get(item.value.pageGroupId);
        if (index === -1 || index !== undefined) {
          kept += 1;
          if (index !== undefined && index >= 0) {
            rows[index] = item;
          }
        } else {
          added.push(item);
        }
      }
      return kept < held.length ? { rows: [...loaded], reset: true } : { rows: [...rows, ...added], reset: false };
    };
    // Each step: the loaded list, as ids (pg_0..pg_11) with a version (a new version is a refreshed object).
    const step = fc.uniqueArray(fc.record({ id: fc.integer({ min: 0, max: 11 }), version: fc.integer({ min: 0, max: 2 }) }), { selector: (entry) => entry.id, maxLength: 12 });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), fc.boolean(), (steps, growOnly) => {
        const objects = new Map<string, CheckedPageGroup>();
        const itemOf = (id: number, version: number): CheckedPageGroup => {
          const key = `${id}/${version}`;
          const item = objects.get(key) ?? checked({ pageGroupId: `pg_${id}`, title: key });
          objects.set(key, item);
          return item;
        };
        const table = new TableRows(new Intl.Collator('en'));
        let held: CheckedPageGroup[] = [];
        let loaded: CheckedPageGroup[] = [];
        for (const entries of steps) {
          // growOnly: each step appends the ids not loaded yet (the shortcut's case); otherwise any list.
          loaded = growOnly ? [...loaded, ...entries.filter((e) => !loaded.some((item) => item.value.pageGroupId === `pg_${e.id}`)).map((e) => itemOf(e.id, 0))] : entries.map((e) => itemOf(e.id, e.version));
          const expected = reference(held, loaded);
          const result = table.sync(loaded);
          assert.equal(result.reset, expected.reset);
          assert.deepEqual(table.rows, expected.rows);
          held = expected.rows;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the cells of rows go out column by column (arrays as their length, deleted as 1)', () => {
    const { table } = rowsOf([{ pageGroupId: 'a', actions: [1, 2], pagesCount: 2, deletedAt: '2026-01-01T00:00:00Z' }, { title: 'b' }]);
    const { cells, deleted, count } = table.cells([0, 1]);
    assert.equal(count, 2);
    assert.deepEqual(cells.pageGroupId, ['a', null]);
    assert.deepEqual(cells.actions, [2, null]);
    assert.deepEqual(cells.title, [null, 'b']);
    assert.deepEqual(deleted, [1, 0]);
  });

  it('property: the order is a sorted permutation of exactly the rows the filter lets through', () => {
    const group = fc.record(
      { pageGroupId: fc.string({ maxLength: 4 }), title: fc.string({ maxLength: 6 }), pagesCount: fc.integer({ min: -5, max: 50 }), status: fc.constantFrom('draft', 'published', '') },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(group, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 0, max: 40 }), (groups, descending, min) => {
        const { table, items } = rowsOf(groups);
        const filter: PageGroupFilter = { pagesCount: { min } };
        const order = table.order(filter, [{ column: 'pagesCount', descending }]);
        const expected = items.map((item, index) => (filterTest(filter)(item) ? index : -1)).filter((index) => index >= 0);
        assert.deepEqual([...order].sort((a, b) => a - b), expected);
        const values = Array.from(order, (index) => items[index]?.value.pagesCount as number);
        for (let i = 1; i < values.length; i++) {
          assert.ok(descending ? (values[i - 1] as number) >= (values[i] as number) : (values[i - 1] as number) <= (values[i] as number));
        }
      }),
    );
  });
});

describe('Page Groups table: the two-step filter agrees with the filter model', () => {
  it('property: for any filter with value lists, the rows and every facet equal filterTest of the filter (without the facet\'s own part)', () => {
    const value = fc.constantFrom('a', 'b', '', undefined);
    const group = fc.record({ pageGroupId: fc.string({ maxLength: 3 }), title: fc.constantFrom('apple', 'banana', 'x'), status: value, tenantId: value, brandId: value, pageContext: value }, { requiredKeys: [] });
    const list = fc.option(fc.subarray(['a', 'b', '', NO_STATUS, NO_VALUE]), { nil: undefined });
    const filter = fc.record({ query: fc.option(fc.constantFrom('a', 'an', 'x'), { nil: undefined }), statuses: list, tenantIds: list, brandIds: list, pageContexts: list }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(group, { maxLength: 40 }), filter, (groups, f) => {
        const clean = JSON.parse(JSON.stringify(groups)) as PageGroup[];
        const { table, items } = rowsOf(clean);
        const { order, facets } = table.compute(f, []);
        assert.deepEqual(Array.from(order), items.flatMap((item, index) => (filterTest(f)(item) ? [index] : [])));
        const lists = { status: 'statuses', tenantId: 'tenantIds', brandId: 'brandIds', pageContext: 'pageContexts' } as const;
        for (const facet of facets) {
          const own = lists[facet.field as keyof typeof lists];
          const others: PageGroupFilter = { ...f, [own]: undefined };
          const expected = new Map<string | null, number>();
          for (const item of items.filter(filterTest(others))) {
            const key = (item.value as Record<string, string | undefined>)[facet.field] ?? null;
            expected.set(key, (expected.get(key) ?? 0) + 1);
          }
          // A chosen value that some row holds stays listed, with 0 when the rest of the filter leaves none of it.
          const chosen = (f[own] ?? []).map((value) => ((value === NO_STATUS && facet.field === 'status') || (value === NO_VALUE && facet.field !== 'status') ? null : value));
          for (const item of items) {
            const key = (item.value as Record<string, string | undefined>)[facet.field] ?? null;
            if (chosen.includes(key as string) && !expected.has(key)) {
              expected.set(key, 0);
            }
          }
          assert.deepEqual(new Map(facet.values), expected, facet.field);
        }
      }),
    );
  });
});

describe('Page Groups table: a filter changed step by step gives what a fresh one gives', () => {
  /** Ids a query can hold as tokens (Search's other rule), titles and tenants that share pieces with the queries. */
  const ID = fc.constantFrom('pg_1', 'pg_12', 'pg_123', 'abc', 'x');
  const group = fc.record(
    {
      pageGroupId: ID,
      title: fc.array(fc.constantFrom('Café ', 'cafe', 'pg_1', 'Ab', 'c', ' 12', 'É'), { maxLength: 4 }).map((pieces) => pieces.join('')),
      status: fc.constantFrom('draft', 'published'),
      tenantId: fc.constantFrom('tnt_a', 'tnt_ab'),
      pagesCount: fc.integer({ min: 0, max: 5 }),
    },
    { requiredKeys: ['title'] },
  );
  /** A query typed key by key (some keys extend it, a backspace shortens it), with other parts changed at times. */
  const step = fc.record({
    key: fc.constantFrom('c', 'a', 'f', 'é', ' ', 'p', 'g', '_', '1', '2', '3', 'b', 'BACKSPACE'),
    statuses: fc.option(fc.constantFrom(['draft'], ['published']), { nil: undefined }),
    deletedState: fc.option(fc.constantFrom('exclude' as const), { nil: undefined }),
    exact: fc.boolean(),
    sort: fc.constantFrom<SortKey[]>([], [{ column: 'title', descending: false }], [{ column: 'pagesCount', descending: true }, { column: 'title', descending: false }]),
  });

  it('property: each step of a session (the previous matches reused, the sorted order filtered) equals a fresh table of the same rows', () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 30 }), fc.array(step, { minLength: 1, maxLength: 12 }), fc.boolean(), (groups, steps, stable) => {
        const unique = groups.map((g, i) => ({ ...g, pageGroupId: g.pageGroupId === undefined ? undefined : `${g.pageGroupId}${i % 3 === 0 ? '' : `-${i}`}` }));
        const clean = JSON.parse(JSON.stringify(unique)) as PageGroup[];
        const { table } = rowsOf(clean);
        let query = '';
        for (const s of steps) {
          query = s.key === 'BACKSPACE' ? query.slice(0, -1) : query + s.key;
          // Most steps only type on (the case the engine shortens); `stable` sessions never change the other parts.
          const filter: PageGroupFilter = stable ? { query } : { query, statuses: s.statuses, deletedState: s.deletedState, exact: s.exact && query.length > 4 };
          const sort = stable ? [{ column: 'title' as const, descending: false }] : s.sort;
          const step1 = table.compute(filter, sort);
          const fresh = rowsOf(clean).table.compute(filter, sort);
          assert.deepEqual(Array.from(step1.order), Array.from(fresh.order), JSON.stringify({ filter, sort }));
          assert.deepEqual(step1.facets, fresh.facets, JSON.stringify({ filter, sort }));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("property: a query is answered from the rows' search texts exactly as Search's matcher answers it (NUL, accents, case, Greek sigma, ids as tokens)", () => {
    // Pieces that meet at a field's edge, fold (accents, case, final sigma), hold the separator (NUL) or a control.
    const piece = fc.constantFrom('a', 'B', 'é', 'E\u0301', 'Σ', 'σ', 'ς', 'ΟΣ', '\u0000', '\u0001', ' ', '_', 'pg_1', 'İ', 'ß', '1');
    const text = fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join(''));
    const group = fc.record({ pageGroupId: text, name: text, title: text, tenantId: text, brandId: text }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(group, { maxLength: 25 }), fc.array(text, { minLength: 1, maxLength: 4 }), (groups, queries) => {
        const { table, items } = rowsOf(groups);
        // Typed on one after the other (the engine reuses the last matches) and each also on a fresh table.
        let query = '';
        for (const more of queries) {
          query += more;
          const want = items.filter(filterTest({ query })).map((item) => item.value.pageGroupId);
          assert.deepEqual(ids(table, table.order({ query }, [])), want, JSON.stringify(query));
          const fresh = rowsOf(groups).table;
          assert.deepEqual(ids(fresh, fresh.order({ query }, [])), want, `fresh: ${JSON.stringify(query)}`);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('search prepared ahead in slices, then rows appended (an id repeated among them): the answers are a fresh table\'s', () => {
    const first: PageGroup[] = [
      { pageGroupId: 'pg_1', title: 'Café' },
      { pageGroupId: 'pg_2', title: 'other' },
      { pageGroupId: 'pg_3', title: 'cafe 3' },
    ];
    const more: PageGroup[] = [...first, { pageGroupId: 'pg_4', title: 'CAFÉ' }, { pageGroupId: 'pg_2', title: 'again' }];
    const { table, items } = rowsOf(first);
    assert.equal(table.prepareSearch(2), false, 'two rows of three made');
    assert.equal(table.prepareSearch(2), true);
    // The list grew at its end (the same first three objects): the rows are appended, the repeated id among them.
    table.sync([...items, ...more.slice(first.length).map(checked)]);
    assert.equal(table.rows.length, 5);
    const fresh = rowsOf(more).table;
    for (const query of ['cafe', 'café 3', 'see pg_2', 'pg_4 x', 'zzz']) {
      assert.deepEqual(ids(table, table.order({ query }, [])), ids(fresh, fresh.order({ query }, [])), query);
    }
    assert.deepEqual(ids(table, table.order({ query: 'cafe' }, [])), ['pg_1', 'pg_3', 'pg_4']);
    assert.equal(table.prepareSearch(), true);
  });

  it('facets prepared ahead, a field a call, then rows appended: the views are a fresh table\'s', () => {
    const first: PageGroup[] = [
      { pageGroupId: 'pg_1', status: 'draft', tenantId: 'tnt_a' },
      { pageGroupId: 'pg_2', status: 'published', tenantId: 'tnt_b', brandId: 'brd_x' },
    ];
    const more: PageGroup[] = [...first, { pageGroupId: 'pg_3', status: 'draft', pageContext: 'shop' }];
    const { table, items } = rowsOf(first);
    const calls = [table.prepareFacets(), table.prepareFacets(), table.prepareFacets(), table.prepareFacets(), table.prepareFacets()];
    assert.deepEqual(calls, [false, false, false, false, true], 'status, tenant, brand, page context, then done');
    table.sync([...items, ...more.slice(first.length).map(checked)]);
    assert.equal(table.prepareFacets(), false, 'the appended row is not in the value ids yet');
    const fresh = rowsOf(more).table;
    for (const filter of [{}, { statuses: ['draft'] }, { tenantIds: ['tnt_a'], statuses: ['draft'] }]) {
      const view = table.compute(filter, []);
      const expected = fresh.compute(filter, []);
      assert.deepEqual(ids(table, view.order), ids(fresh, expected.order), JSON.stringify(filter));
      assert.deepEqual(view.facets, expected.facets, JSON.stringify(filter));
    }
  });

  it("the order of a table with no filter and no sort reads no row's facet fields (a new table's first screen); the facets then do, once", () => {
    let reads = 0;
    const FACET_FIELDS = new Set<PropertyKey>(['tenantId', 'brandId', 'pageContext']);
    const counted = (value: PageGroup): CheckedPageGroup => {
      const watched = new Proxy(value, {
        get: (target, key, receiver): unknown => {
          if (FACET_FIELDS.has(key)) {
            reads += 1;
          }
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      return { raw: value, value: watched, problems: [] };
    };
    const table = new TableRows(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
    table.sync(GROUPS.map(counted));
    reads = 0;
    assert.deepEqual(ids(table, table.order({}, [])), ['pg_1', 'pg_2', 'pg_3', 'pg_4', 'pg_5']);
    assert.equal(reads, 0, 'no facet field read for the first screen');
    const view = table.compute({}, []);
    assert.equal(reads, 3 * GROUPS.length, 'each row read once per facet field');
    assert.deepEqual(view.facets.find((facet) => facet.field === 'tenantId')?.values, [['tnt_a', 3], ['tnt_b', 1], ['tnt_c', 1]]);
    table.compute({ tenantIds: ['tnt_a'] }, []);
    assert.equal(reads, 3 * GROUPS.length, 'kept for the next view');
  });

  it('a query typed on still finds a row whose id it names as a token (the shorter query did not match it)', () => {
    const { table } = rowsOf([
      { pageGroupId: 'pg_7', title: 'unrelated' },
      { pageGroupId: 'pg_8', title: 'see pg_' },
    ]);
    assert.deepEqual(ids(table, table.order({ query: 'see pg_' }, [])), ['pg_8']);
    assert.deepEqual(ids(table, table.order({ query: 'see pg_7' }, [])), ['pg_7']);
  });
});
