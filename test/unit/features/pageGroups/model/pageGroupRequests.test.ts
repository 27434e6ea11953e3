import { strict as assert } from 'node:assert';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../../src/api/model';
import { pageGroupsRequest } from '../../../../../src/features/pageGroups/model/pageGroupsList';
import { firstPageQuery, itemQuery, nextQuery } from '../../../../../src/features/pageGroups/model/pageGroupRequests';
import { EMPTY_STATUS, NO_STATUS, PageGroupsModel } from '../../../../../src/features/pageGroups/model/pageGroupsModel';

const pg = (id: string, status?: string): CheckedPageGroup => {
  const value = { pageGroupId: id, ...(status === undefined ? {} : { status }) };
  return { raw: value, value, problems: [] };
};

/** Pages of two by offset cursor, filtered by status. */
function list(items: readonly CheckedPageGroup[]) {
  return async (query: PageGroupQuery): Promise<PageGroupPage> => {
    const matching = items.filter((item) => query.status === undefined || item.value.status === query.status);
    const start = query.cursor === undefined ? 0 : Number(query.cursor.slice(1));
    const end = start + (query.limit ?? 20);
    return { items: matching.slice(start, end), hasMore: end < matching.length, limit: query.limit ?? 20, ...(end < matching.length ? { nextCursor: `@${end}` } : {}) };
  };
}

describe('page group requests (Copy as cURL)', () => {
  it('builds the URL the client sends: limit, status, cursor, percent-encoded, under a path prefix', () => {
    assert.equal(pageGroupsRequest('https://h.example/gw', { limit: 20, status: 'in review', cursor: 'a/b+c' }).url, 'https://h.example/gw/v0/page_groups?limit=20&status=in%20review&cursor=a%2Fb%2Bc');
    assert.deepEqual(firstPageQuery('draft', 20), { limit: 20, status: 'draft' });
    assert.deepEqual(firstPageQuery(NO_STATUS, 5), { limit: 5 });
  });

  it('a page group row: the query of the page it arrived in; "Load more…": the next cursor, the first page before any', async () => {
    const data = [pg('pg_1', 'draft'), pg('pg_2', 'draft'), pg('pg_3', 'draft')];
    const model = new PageGroupsModel(list(data));
    assert.deepEqual(nextQuery(model, 'draft', 2), { limit: 2, status: 'draft' }, 'before any page: the first page');
    await model.chain('draft').loadMore(2);
    await model.chain('draft').loadMore(2);
    const [first, second, third] = model.itemsOf('draft');
    assert.ok(first && second && third);
    assert.deepEqual(itemQuery(model, 'draft', second), { limit: 2, status: 'draft' });
    assert.deepEqual(itemQuery(model, 'draft', third), { limit: 2, status: 'draft', cursor: '@2' });
    assert.deepEqual(nextQuery(model, 'draft', 50), { limit: 50, status: 'draft' }, 'no page left: back to the first');
    assert.equal(itemQuery(model, 'draft', pg('pg_9', 'draft')), undefined, 'not loaded');
  });

  it('groups fed by the unfiltered chain ask it, without status; a refresh keeps old rows\' requests until its first page lands', async () => {
    const data = [pg('pg_1'), pg('pg_2', ''), pg('pg_3'), pg('pg_4', 'draft')];
    const model = new PageGroupsModel(list(data));
    await model.discovery.loadMore(2);
    assert.deepEqual(nextQuery(model, NO_STATUS, 2), { limit: 2, cursor: '@2' });
    await model.discovery.loadMore(2);
    const [withoutStatus] = model.itemsOf(NO_STATUS);
    const [empty] = model.itemsOf(EMPTY_STATUS);
    assert.ok(withoutStatus && empty);
    assert.deepEqual(itemQuery(model, NO_STATUS, withoutStatus), { limit: 2 });
    assert.deepEqual(itemQuery(model, EMPTY_STATUS, empty), { limit: 2 }, 'the empty status comes from the unfiltered chain');
    const third = model.discovery.items[2];
    assert.ok(third);
    model.refresh();
    assert.deepEqual(itemQuery(model, NO_STATUS, third), { limit: 2, cursor: '@2' }, 'refreshing: still shown, still its request');
    assert.deepEqual(nextQuery(model, NO_STATUS, 2), { limit: 2 }, 'the refresh asks for page 1 next');
    await model.discovery.loadMore(2);
    assert.equal(itemQuery(model, NO_STATUS, third), undefined, 'replaced by the new first page');
  });
});
