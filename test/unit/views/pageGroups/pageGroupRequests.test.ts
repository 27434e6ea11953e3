import { strict as assert } from 'node:assert';
import type { PageGroupPage, PageGroupQuery } from '../../../../src/api/model';
import { PageGroupRequests, firstPageQuery, pageGroupsRequest } from '../../../../src/views/pageGroups/pageGroupRequests';
import { NO_STATUS } from '../../../../src/views/pageGroups/pageGroupsModel';

const page = (ids: string[], nextCursor?: string): PageGroupPage => ({
  items: ids.map((pageGroupId) => ({ raw: { pageGroupId }, value: { pageGroupId }, problems: [] })),
  hasMore: nextCursor !== undefined,
  limit: 20,
  ...(nextCursor === undefined ? {} : { nextCursor }),
});

describe('page group requests (Copy as cURL)', () => {
  it('builds the URL the client sends: limit, status, cursor, percent-encoded, under a path prefix', () => {
    assert.equal(pageGroupsRequest('https://h.example/gw', { limit: 20, status: 'in review', cursor: 'a/b+c' }).url, 'https://h.example/gw/v0/page_groups?limit=20&status=in%20review&cursor=a%2Fb%2Bc');
    assert.deepEqual(firstPageQuery('draft', 20), { limit: 20, status: 'draft' });
    assert.deepEqual(firstPageQuery(NO_STATUS, 5), { limit: 5 });
  });

  it('remembers which query each item came from, and the next cursor of each chain', async () => {
    const requests = new PageGroupRequests();
    const answers: Record<string, PageGroupPage> = { first: page(['pg_1', 'pg_2'], 'c2'), c2: page(['pg_3']) };
    const list = requests.wrap(async (query: PageGroupQuery) => answers[query.cursor ?? 'first'] as PageGroupPage);
    assert.deepEqual(requests.nextQuery('draft', 20), { limit: 20, status: 'draft' }, 'before any page: the first page');
    const first = await list({ limit: 20, status: 'draft' }, new AbortController().signal);
    assert.deepEqual(requests.queryOf('draft', first.items[1] as PageGroupPage['items'][number]), { limit: 20, status: 'draft' });
    assert.deepEqual(requests.nextQuery('draft', 50), { status: 'draft', cursor: 'c2', limit: 50 });
    const second = await list({ limit: 20, status: 'draft', cursor: 'c2' }, new AbortController().signal);
    assert.deepEqual(requests.queryOf('draft', second.items[0] as PageGroupPage['items'][number]), { limit: 20, status: 'draft', cursor: 'c2' });
    assert.deepEqual(requests.nextQuery('draft', 20), { limit: 20, status: 'draft' }, 'no page left: back to the first');
  });

  it('the unfiltered chain is NO_STATUS; an aborted (stale) answer is not recorded; restart forgets the cursor', async () => {
    const requests = new PageGroupRequests();
    const list = requests.wrap(async () => page(['pg_1'], 'next'));
    await list({ limit: 20 }, new AbortController().signal);
    assert.deepEqual(requests.nextQuery(NO_STATUS, 20), { cursor: 'next', limit: 20 });
    requests.restart(NO_STATUS);
    const controller = new AbortController();
    controller.abort();
    const stale = await list({ limit: 20 }, controller.signal);
    assert.equal(requests.queryOf(NO_STATUS, stale.items[0] as PageGroupPage['items'][number]), undefined);
    assert.deepEqual(requests.nextQuery(NO_STATUS, 20), { limit: 20 });
  });

  it('a group fed by the unfiltered chain finds its rows there; after a refresh the old rows keep their request until the new first page lands; reset forgets all', async () => {
    const requests = new PageGroupRequests();
    const answers: Record<string, PageGroupPage> = { first: page(['pg_1'], 'c2'), c2: page(['pg_2']) };
    const list = requests.wrap(async (query: PageGroupQuery) => answers[query.cursor ?? 'first'] as PageGroupPage);
    const signal = new AbortController().signal;
    const first = await list({ limit: 20 }, signal);
    const second = await list({ limit: 20, cursor: 'c2' }, signal);
    const [old1] = first.items;
    const [old2] = second.items;
    assert.ok(old1 && old2);
    assert.deepEqual(requests.queryOf(NO_STATUS, old2), { limit: 20, cursor: 'c2' }, 'the unfiltered chain');
    assert.deepEqual(requests.queryOf('', old2), { limit: 20, cursor: 'c2' }, 'the empty-status group is fed by the unfiltered chain');
    assert.equal(requests.queryOf('draft', old2), undefined, 'not from the draft chain');
    requests.restart();
    assert.deepEqual(requests.queryOf(NO_STATUS, old1), { limit: 20 }, 'refreshing: the rows still shown keep their request');
    const renewed = await list({ limit: 20 }, signal);
    assert.equal(requests.queryOf(NO_STATUS, old2), undefined, 'the new first page replaced the old pages');
    assert.deepEqual(requests.queryOf(NO_STATUS, renewed.items[0] as PageGroupPage['items'][number]), { limit: 20 });
    requests.reset();
    assert.equal(requests.queryOf(NO_STATUS, renewed.items[0] as PageGroupPage['items'][number]), undefined, 'a reset (key or URL changed) forgets every page');
  });
});
