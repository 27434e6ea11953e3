import { strict as assert } from 'node:assert';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../../src/api/model';
import { GatewayError } from '../../../../../src/api/errors';
import { filterTest } from '../../../../../src/features/pageGroups/model/pageGroupFilter';
import { readPageGroups, type ReadOptions } from '../../../../../src/features/pageGroups/model/pageGroupRead';
import { PageGroupsModel } from '../../../../../src/features/pageGroups/model/pageGroupsModel';

const STATUSES = ['draft', 'published', 'archived'];

function dataset(count: number): CheckedPageGroup[] {
  return Array.from({ length: count }, (_, i) => {
    const value = { pageGroupId: `pg_${String(i).padStart(6, '0')}`, name: `group-${i}`, title: i % 7 === 0 ? `Checkout ${i}` : `Landing ${i}`, status: STATUSES[i % 3] as string };
    return { raw: value, value, problems: [] };
  });
}

/** A model served from memory (with `?status=` lists), recording each request's query; `fail` makes the next request fail. */
function served(all: readonly CheckedPageGroup[]): { model: PageGroupsModel; queries: PageGroupQuery[]; failNext: () => void } {
  const queries: PageGroupQuery[] = [];
  let fail = false;
  const list = (query: PageGroupQuery): Promise<PageGroupPage> => {
    queries.push(query);
    if (fail) {
      fail = false;
      return Promise.reject(new GatewayError('server', 'unavailable', { status: 503 }));
    }
    const source = query.status === undefined ? all : all.filter((item) => item.value.status === query.status);
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const limit = query.limit ?? 20;
    const page = source.slice(start, start + limit);
    const next = start + page.length;
    return Promise.resolve({ items: page, limit, hasMore: next < source.length, ...(next < source.length ? { nextCursor: String(next) } : {}) });
  };
  return { model: new PageGroupsModel(list), queries, failNext: () => (fail = true) };
}

function options(overrides: Partial<ReadOptions> & { status?: string }): ReadOptions {
  return {
    status: overrides.status,
    test: overrides.test ?? filterTest(overrides.status === undefined ? {} : { statuses: [overrides.status] }),
    ready: true,
    maxRequests: 20,
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('reading page groups for the agent', () => {
  it('a status is read from its own ?status= list, at most 20 pages a call, until it is whole: then exact', async () => {
    const all = dataset(3000);
    const { model, queries } = served(all);
    const first = await readPageGroups(model, options({ status: 'draft' }));
    assert.equal(first.source, 'status');
    assert.equal(first.requests, 10);
    assert.equal(first.complete, true);
    assert.equal(first.matches.length, 1000);
    assert.ok(queries.every((query) => query.status === 'draft' && query.limit === 100), 'never the unfiltered list');
    const again = await readPageGroups(model, options({ status: 'draft' }));
    assert.equal(again.requests, 0, 'read pages are never read again');
    assert.equal(again.matches.length, 1000);
  });

  it('the unfiltered list stops after 20 pages and says so; the next call goes on where it stopped', async () => {
    const { model, queries } = served(dataset(3500));
    const test = filterTest({ query: 'checkout' });
    const first = await readPageGroups(model, options({ test }));
    assert.deepEqual([first.requests, first.complete, first.stop, first.read], [20, false, 'requests', 2000]);
    const second = await readPageGroups(model, options({ test }));
    assert.deepEqual([second.requests, second.complete, second.read], [15, true, 3500]);
    assert.equal(second.matches.length, Math.ceil(3500 / 7));
    assert.equal(new Set(queries.map((query) => query.cursor ?? '')).size, queries.length, 'no page twice');
  });

  it('enough matches stop a find early; not ready sends nothing; a failed page says failed and keeps what was read', async () => {
    const { model, queries, failNext } = served(dataset(3000));
    const found = await readPageGroups(model, options({ enough: 21 }));
    assert.deepEqual([found.requests, found.stop, found.complete], [1, 'enough', false]);
    const notReady = await readPageGroups(model, options({ ready: false }));
    assert.deepEqual([notReady.requests, notReady.stop, notReady.read], [0, 'notReady', 100]);
    failNext();
    const failed = await readPageGroups(model, options({}));
    assert.equal(failed.stop, 'failed');
    assert.ok(failed.error instanceof GatewayError);
    assert.equal(failed.read, 100);
    assert.equal(queries.length, 2);
  });

  it('a status while the unfiltered list is whole: answered from it, exactly, without a request', async () => {
    const { model, queries } = served(dataset(600));
    await model.discovery.loadAll(100);
    const before = queries.length;
    const outcome = await readPageGroups(model, options({ status: 'archived' }));
    assert.deepEqual([outcome.source, outcome.complete, outcome.requests, outcome.matches.length], ['unfiltered', true, 0, 200]);
    assert.equal(queries.length, before);
  });

  it('a continuation whose list was refreshed since restarts (and says so); a cancelled call stops', async () => {
    const { model } = served(dataset(3000));
    const first = await readPageGroups(model, options({ maxRequests: 2 }));
    model.resetAll();
    const again = await readPageGroups(model, options({ maxRequests: 2, resume: { source: first.source, version: first.version } }));
    assert.equal(again.restarted, true);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await readPageGroups(model, options({ signal: controller.signal }));
    assert.equal(cancelled.stop, 'cancelled');
    assert.equal(cancelled.requests, 0);
  });

  it('the text index answers like testing every page group (long lists)', async () => {
    const { model } = served(dataset(12_000));
    await model.discovery.loadAll(100);
    for (const text of ['checkout 7', 'pg_000021', 'see /pg_000700?x', 'LANDING 1', 'nothing']) {
      const test = filterTest({ query: text });
      const indexed = await readPageGroups(model, options({ test, searchText: text }));
      const plain = await readPageGroups(model, options({ test }));
      assert.deepEqual(
        indexed.matches.map((item) => item.value.pageGroupId),
        plain.matches.map((item) => item.value.pageGroupId),
        text,
      );
    }
  });
});
