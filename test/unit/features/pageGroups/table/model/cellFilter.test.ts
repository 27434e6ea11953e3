import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroup } from '../../../../../../src/api/model';
import { NO_STATUS } from '../../../../../../src/features/pageGroups/model/groupKey';
import { filterTest, NO_VALUE, type PageGroupFilter } from '../../../../../../src/features/pageGroups/model/pageGroupFilter';
import { filterToCell } from '../../../../../../src/features/pageGroups/table/model/cellFilter';
import { cellOf, COLUMN_IDS, type ColumnId } from '../../../../../../src/features/pageGroups/table/model/tableColumns';

const checked = (value: PageGroup): CheckedPageGroup => ({ raw: value, value, problems: [] });
const passes = (filter: PageGroupFilter, group: PageGroup): boolean => filterTest(filter)(checked(group));

const GROUP: PageGroup = { pageGroupId: 'pg_1', name: 'checkout', title: 'Checkout', status: 'draft', tenantId: 'tnt_a', pagesCount: 31, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-20T23:30:00Z', deletedAt: '2026-11-25T12:00:00.000Z' };
const OTHERS: readonly PageGroup[] = [
  { ...GROUP, pageGroupId: 'pg_2', status: 'published', tenantId: 'tnt_b', pagesCount: 30, updatedAt: '2026-11-21T00:30:00Z', deletedAt: undefined },
  { pageGroupId: 'pg_3', name: 'bare', title: 'Bare' },
];
const ids = (filter: PageGroupFilter): string[] => [GROUP, ...OTHERS].filter((group) => passes(filter, group)).map((group) => group.pageGroupId as string);

/** Runs `body` with the process in time zone `tz` (Node reads TZ again when it changes). */
function inZone<T>(tz: string, body: () => T): T {
  const zone = process.env.TZ;
  process.env.TZ = tz;
  try {
    return body();
  } finally {
    if (zone === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = zone;
    }
  }
}

describe('Page Groups table: Filter to a cell\'s value', () => {
  it('a status, tenant, brand or page context: that value alone; a missing one: "(none)"', () => {
    assert.deepEqual(filterToCell({}, 'status', 'draft'), { statuses: ['draft'] });
    assert.deepEqual(filterToCell({}, 'status', null), { statuses: [NO_STATUS] });
    assert.deepEqual(filterToCell({}, 'status', ''), { statuses: [''] });
    assert.deepEqual(filterToCell({}, 'tenantId', 'tnt_a'), { tenantIds: ['tnt_a'] });
    assert.deepEqual(filterToCell({}, 'brandId', null), { brandIds: [NO_VALUE] });
    assert.deepEqual(filterToCell({}, 'pageContext', 'shop'), { pageContexts: ['shop'] });
    assert.deepEqual(ids(filterToCell({}, 'tenantId', 'tnt_a') as PageGroupFilter), ['pg_1']);
    assert.deepEqual(ids(filterToCell({}, 'tenantId', null) as PageGroupFilter), ['pg_3']);
  });

  it('pages: that number (both ends); a missing count gives nothing (no range holds it)', () => {
    assert.deepEqual(filterToCell({}, 'pagesCount', 31), { pagesCount: { min: 31, max: 31 } });
    assert.deepEqual(ids({ pagesCount: { min: 31, max: 31 } }), ['pg_1']);
    assert.equal(filterToCell({}, 'pagesCount', null), undefined);
  });

  it('a time: the user\'s day it falls on (not UTC\'s), from its start to the next day\'s', () => {
    inZone('America/New_York', () => {
      // 23:30 UTC on the 20th is 18:30 on the 20th in New York; 00:30 UTC on the 21st is 19:30 on the 20th there.
      const day = filterToCell({}, 'updatedAt', GROUP.updatedAt as string) as PageGroupFilter;
      assert.deepEqual(day, { updated: { after: Date.parse('2026-11-20T05:00:00Z'), before: Date.parse('2026-11-21T05:00:00Z') } });
      assert.deepEqual(ids(day), ['pg_1', 'pg_2']);
    });
    inZone('Asia/Tokyo', () => {
      assert.deepEqual(ids(filterToCell({}, 'updatedAt', GROUP.updatedAt as string) as PageGroupFilter), ['pg_1', 'pg_2']);
      assert.deepEqual(filterToCell({}, 'createdAt', '2026-11-01T00:00:00Z'), { created: { after: Date.parse('2026-10-31T15:00:00Z'), before: Date.parse('2026-11-01T15:00:00Z') } });
    });
    inZone('UTC', () => {
      assert.deepEqual(ids(filterToCell({}, 'updatedAt', GROUP.updatedAt as string) as PageGroupFilter), ['pg_1']);
    });
    for (const unreadable of [null, '', 'not a time']) {
      assert.equal(filterToCell({}, 'createdAt', unreadable), undefined, String(unreadable));
    }
  });

  it('keeps the rest of the filter; a deletion day lets deleted rows through ("exclude deleted" becomes "include")', () => {
    const base: PageGroupFilter = { query: 'check', statuses: ['draft', 'published'], deletedState: 'exclude', pagesCount: { min: 2 } };
    assert.deepEqual(filterToCell(base, 'status', 'draft'), { ...base, statuses: ['draft'] });
    const deleted = inZone('UTC', () => filterToCell(base, 'deletedAt', GROUP.deletedAt as string)) as PageGroupFilter;
    assert.deepEqual(deleted, { ...base, deletedState: 'include', deleted: { after: Date.parse('2026-11-25T00:00:00Z'), before: Date.parse('2026-11-26T00:00:00Z') } });
    assert.deepEqual(ids(deleted), ['pg_1']);
    assert.equal(inZone('UTC', () => filterToCell({ deletedState: 'only' }, 'deletedAt', GROUP.deletedAt as string))?.deletedState, 'only');
  });

  it('the columns the filter has no field for give nothing (id, name and title are the filter box\'s)', () => {
    for (const column of ['pageGroupId', 'name', 'title', 'headerActionId', 'actions', 'footerLinks', 'scripts'] as const) {
      assert.equal(filterToCell({}, column, cellOf(GROUP, column) ?? 'x'), undefined, column);
    }
  });

  describe('the row a cell comes from passes the filter made of it', () => {
    const text = fc.oneof(fc.constantFrom('', ' ', 'draft', 'Draft', 'tnt_a', '\u0000none', '\u0000no-status', 'café', 'cafe\u0301'), fc.string({ maxLength: 12 }));
    const time = fc.oneof(
      fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString()),
      fc.tuple(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('Z', '+05:45', '-03:30', '+14:00')).map(([date, zone]) => date.toISOString().slice(0, 19) + zone),
      fc.constantFrom('', 'not a time', '2026-02-31T00:00:00Z', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '2026-03-29T01:30:00Z'),
    );
    const group: fc.Arbitrary<PageGroup> = fc.record(
      {
        pageGroupId: text,
        name: text,
        title: text,
        status: text,
        tenantId: text,
        brandId: text,
        pageContext: text,
        pagesCount: fc.integer({ min: 0, max: 10_000 }),
        createdAt: time,
        updatedAt: time,
        deletedAt: time,
        headerActionId: text,
      },
      { requiredKeys: [] },
    );
    const columns = fc.shuffledSubarray([...COLUMN_IDS], { minLength: 1 });

    for (const tz of ['UTC', 'Europe/Berlin', 'America/Sao_Paulo', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'America/St_Johns']) {
      it(`narrowed column after column, the row still passes (${tz})`, () => {
        inZone(tz, () =>
          fc.assert(
            fc.property(group, columns, fc.constantFrom<PageGroupFilter>({}, { deletedState: 'exclude' }, { deletedState: 'only' }), (value, order: ColumnId[], start) => {
              let filter = start;
              for (const column of order) {
                const before = passes(filter, value);
                const next = filterToCell(filter, column, cellOf(value, column));
                if (next !== undefined) {
                  filter = next;
                  // A row that passed still passes; one that did not (a deleted row with "exclude") may pass now.
                  assert.ok(!before || passes(filter, value), `${column} ${JSON.stringify(filter)}`);
                }
              }
              const each = order.map((column) => filterToCell({}, column, cellOf(value, column)));
              for (const one of each) {
                assert.ok(one === undefined || passes(one, value), JSON.stringify(one));
              }
            }),
            { numRuns: 300 },
          ),
        );
      });
    }
  });
});
