import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroup } from '../../../../../src/api/model';
import { filterTest, groupValueOf, hasDeletedAt, isEmptyFilter, NO_VALUE, parseTimeBound, type PageGroupFilter } from '../../../../../src/features/pageGroups/model/pageGroupFilter';
import { NO_STATUS } from '../../../../../src/features/pageGroups/model/pageGroupsModel';

const checked = (value: PageGroup): CheckedPageGroup => ({ raw: value, value, problems: [] });
const matching = (filter: PageGroupFilter, values: readonly PageGroup[]): Array<string | undefined> => values.map(checked).filter(filterTest(filter)).map((item) => item.value.pageGroupId);

const GROUPS: readonly PageGroup[] = [
  { pageGroupId: 'pg_1', name: 'checkout', title: 'Checkout', status: 'draft', tenantId: 'tnt_a', brandId: 'brd_x', pageContext: 'shop', pagesCount: 3, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-20T10:00:00Z' },
  { pageGroupId: 'pg_2', name: 'checkout-flow-2', title: 'Checkout Flow 2', status: 'published', tenantId: 'tnt_b', brandId: 'brd_x', pagesCount: 31, createdAt: '2026-10-01T00:00:00Z', updatedAt: '2026-11-26T23:59:59.999Z', deletedAt: '2026-11-25T12:00:00Z' },
  { pageGroupId: 'pg_3', name: 'Café', title: 'Landing Page 22', tenantId: 'tnt_a', createdAt: 'not a time', deletedAt: '' },
];

describe('page group filter', () => {
  it('an empty filter matches everything and says it is empty', () => {
    assert.equal(isEmptyFilter({}), true);
    assert.equal(isEmptyFilter({ query: '  ', deletedState: 'include' }), true);
    assert.deepEqual(matching({}, GROUPS), ['pg_1', 'pg_2', 'pg_3']);
  });

  it('query: Search matcher; exact: whole id, name or title, case and accents ignored', () => {
    assert.deepEqual(matching({ query: 'checkout' }, GROUPS), ['pg_1', 'pg_2']);
    assert.deepEqual(matching({ query: 'CHECKOUT', exact: true }, GROUPS), ['pg_1']);
    assert.deepEqual(matching({ query: 'cafe', exact: true }, GROUPS), ['pg_3']);
    assert.deepEqual(matching({ query: 'landing page 22', exact: true }, GROUPS), ['pg_3']);
    assert.deepEqual(matching({ query: 'landing page 2', exact: true }, GROUPS), []);
    assert.deepEqual(matching({ query: 'PG_2', exact: true }, GROUPS), ['pg_2']);
  });

  it('statuses by group key (NO_STATUS for none), values exactly', () => {
    assert.deepEqual(matching({ statuses: ['draft'] }, GROUPS), ['pg_1']);
    assert.deepEqual(matching({ statuses: [NO_STATUS, 'published'] }, GROUPS), ['pg_2', 'pg_3']);
    assert.deepEqual(matching({ statuses: ['Draft'] }, GROUPS), []);
    assert.deepEqual(matching({ tenantIds: ['tnt_a'] }, GROUPS), ['pg_1', 'pg_3']);
    assert.deepEqual(matching({ brandIds: ['brd_x'], tenantIds: ['tnt_b'] }, GROUPS), ['pg_2']);
    assert.deepEqual(matching({ pageContexts: ['shop'] }, GROUPS), ['pg_1']);
    // NO_VALUE: the items without the field ("(none)"), not those with an empty one.
    assert.deepEqual(matching({ pageContexts: [NO_VALUE] }, GROUPS), ['pg_2', 'pg_3']);
    assert.deepEqual(matching({ brandIds: [NO_VALUE, 'brd_x'] }, GROUPS), ['pg_1', 'pg_2', 'pg_3']);
    assert.deepEqual(matching({ tenantIds: [NO_VALUE] }, GROUPS), []);
    assert.deepEqual(matching({ statuses: [] }, GROUPS), []);
  });

  it('pagesCount range includes both ends; an item without a count matches no range', () => {
    assert.deepEqual(matching({ pagesCount: { min: 31 } }, GROUPS), ['pg_2']);
    assert.deepEqual(matching({ pagesCount: { max: 3 } }, GROUPS), ['pg_1']);
    assert.deepEqual(matching({ pagesCount: { min: 4, max: 30 } }, GROUPS), []);
  });

  it('windows: after included, before excluded; missing or unreadable timestamps match no window', () => {
    const nov20 = parseTimeBound('2026-11-20') as number;
    assert.deepEqual(matching({ updated: { after: nov20 } }, GROUPS), ['pg_1', 'pg_2']);
    assert.deepEqual(matching({ updated: { before: parseTimeBound('2026-11-20T10:00Z') } }, GROUPS), []);
    assert.deepEqual(matching({ updated: { after: parseTimeBound('2026-11-20T10:00Z') } }, GROUPS), ['pg_1', 'pg_2']);
    assert.deepEqual(matching({ created: { before: parseTimeBound('2026-11-01') } }, GROUPS), ['pg_2']);
    assert.deepEqual(matching({ created: { after: 0 } }, GROUPS), ['pg_1', 'pg_2']);
    assert.deepEqual(matching({ deleted: { after: parseTimeBound('2026-11-23'), before: parseTimeBound('2026-11-30') } }, GROUPS), ['pg_2']);
  });

  it('deletedState: include, only, exclude (an empty deletedAt is not deleted)', () => {
    assert.deepEqual(matching({ deletedState: 'only' }, GROUPS), ['pg_2']);
    assert.deepEqual(matching({ deletedState: 'exclude' }, GROUPS), ['pg_1', 'pg_3']);
    assert.equal(hasDeletedAt({ deletedAt: '' }), false);
  });

  it('parseTimeBound: dates are 00:00Z, zones are applied, impossible dates and other text are refused', () => {
    assert.equal(parseTimeBound('2024-02-29'), Date.UTC(2024, 1, 29));
    assert.equal(parseTimeBound('2023-02-29'), undefined);
    assert.equal(parseTimeBound('2026-11-20T08:30Z'), Date.UTC(2026, 10, 20, 8, 30));
    assert.equal(parseTimeBound('2026-11-20T08:30:15.5+01:00'), Date.UTC(2026, 10, 20, 7, 30, 15, 500));
    assert.equal(parseTimeBound('2026-11-20T08:30:00'), Date.UTC(2026, 10, 20, 8, 30));
    assert.equal(parseTimeBound(' 2026-11-20 '), Date.UTC(2026, 10, 20));
    for (const bad of ['', 'yesterday', '2026-13-01', '2026-11-20T24:00Z', '20261120', '2026-11-20T08:61Z', '2026-11-20T08:30+25:00']) {
      assert.equal(parseTimeBound(bad), undefined, bad);
    }
  });

  it('property: a date-time bound equals Date.parse of the same instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2200, 0, 1)), noInvalidDate: true }), (date) => {
        assert.equal(parseTimeBound(date.toISOString()), date.getTime());
      }),
    );
  });

  it('groupValueOf reads the grouped field', () => {
    const item = checked(GROUPS[0] as PageGroup);
    assert.deepEqual(['status', 'tenantId', 'brandId', 'pageContext'].map((field) => groupValueOf(item, field as 'status')), ['draft', 'tnt_a', 'brd_x', 'shop']);
    assert.equal(groupValueOf(checked(GROUPS[2] as PageGroup), 'status'), undefined);
  });
});
