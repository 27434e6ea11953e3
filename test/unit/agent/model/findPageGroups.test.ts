// Find Page Groups for the agent over a fake gateway: loaded first (no request), then the scan at most N requests per
// call, the continuation resumes without a page sent twice and without a match returned twice.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../src/api/model';
import { GatewayError } from '../../../../src/api/errors';
import { PageGroupsModel } from '../../../../src/features/pageGroups/model/pageGroupsModel';
import { decodeContinuation, encodeContinuation } from '../../../../src/agent/model/continuation';
import { findPageGroups, resumePositions, type FindOutcome } from '../../../../src/agent/model/findPageGroups';

function item(n: number): CheckedPageGroup {
  const value = { pageGroupId: `pg_${n}`, name: n % 10 === 0 ? `Café ${n}` : `landing ${n}`, tenantId: n % 3 === 0 ? 'tnt_acme' : 'tnt_other', status: n % 2 === 0 ? 'published' : 'draft' };
  return { raw: value, value, problems: [] };
}

function fakeList(total: number, options: { failAt?: number } = {}): { list: (q: PageGroupQuery, s: AbortSignal) => Promise<PageGroupPage>; queries: PageGroupQuery[] } {
  const queries: PageGroupQuery[] = [];
  const list = async (query: PageGroupQuery, signal: AbortSignal): Promise<PageGroupPage> => {
    queries.push(query);
    await Promise.resolve();
    if (signal.aborted) {
      throw new GatewayError('cancelled', 'cancelled');
    }
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    if (options.failAt !== undefined && start >= options.failAt) {
      throw new GatewayError('server', 'HTTP 500');
    }
    const all = Array.from({ length: total }, (_, i) => item(i)).filter((pg) => query.status === undefined || pg.value.status === query.status);
    const limit = query.limit ?? 20;
    const items = all.slice(start, start + limit);
    const next = start + items.length;
    return { items, limit, hasMore: next < all.length, ...(next < all.length ? { nextCursor: String(next) } : {}) };
  };
  return { list, queries };
}

const ids = (outcome: FindOutcome, kept = outcome.found.length): string[] => outcome.found.slice(0, kept).map((f) => String(f.item.value.pageGroupId));

async function call(model: PageGroupsModel, query: string, limit: number, positions = new Map(), maxRequests = 20, status?: string): Promise<FindOutcome> {
  return findPageGroups([{ name: 'staging', model, ready: true }], { query, status, limit, maxRequests, positions, signal: new AbortController().signal });
}

describe('agent tools: find page groups', () => {
  it('answers from what is loaded without a request when the limit is reached there', async () => {
    const { list, queries } = fakeList(1000);
    const model = new PageGroupsModel(list);
    await model.discovery.loadMore(100);
    queries.length = 0;
    const outcome = await call(model, 'cafe', 5);
    assert.equal(queries.length, 0);
    assert.deepEqual(ids(outcome), ['pg_0', 'pg_10', 'pg_20', 'pg_30', 'pg_40']);
    assert.equal(outcome.more, 5, 'the other loaded matches are counted');
    assert.equal(outcome.requests, 0);
  });

  it('scans at most maxRequests pages of 100 per call, and says how far it got', async () => {
    const { list, queries } = fakeList(5000);
    const model = new PageGroupsModel(list);
    const outcome = await call(model, 'nothing matches this', 20, new Map(), 20);
    assert.equal(queries.length, 20);
    assert.ok(queries.every((q) => q.limit === 100 && q.status === undefined));
    assert.equal(outcome.requests, 20);
    assert.equal(outcome.gateways[0]?.scanned, 2000);
    assert.equal(outcome.gateways[0]?.complete, false);
    assert.equal(outcome.gateways[0]?.stop, 'requests');
  });

  it('a continuation resumes where the call stopped: no page requested twice, no match returned twice, none skipped', async () => {
    const { list, queries } = fakeList(3000);
    const model = new PageGroupsModel(list);
    const returned: string[] = [];
    let positions = new Map();
    for (let round = 0; round < 50; round += 1) {
      const outcome = await call(model, 'tnt_acme', 37, positions, 3);
      returned.push(...ids(outcome));
      // Through the token, as the model passes it back.
      const token = encodeContinuation({ query: 'tnt_acme', status: undefined, positions: resumePositions(outcome, outcome.found.length) });
      positions = new Map(decodeContinuation(token)?.positions);
      if (outcome.gateways.every((g) => g.complete) && outcome.more === 0) {
        break;
      }
    }
    const cursors = queries.map((q) => q.cursor ?? '');
    assert.equal(new Set(cursors).size, cursors.length, 'no page twice');
    assert.equal(queries.length, 30);
    const expected = Array.from({ length: 3000 }, (_, i) => i).filter((i) => i % 3 === 0).map((i) => `pg_${i}`);
    assert.deepEqual(returned, expected);
  });

  it('items cut to fit the budget come again with the continuation', async () => {
    const { list } = fakeList(500);
    const model = new PageGroupsModel(list);
    await model.discovery.loadAll(100);
    const first = await call(model, 'cafe', 10);
    const positions = resumePositions(first, 4);
    const second = await call(model, 'cafe', 10, positions);
    assert.deepEqual([...ids(first, 4), ...ids(second)], Array.from({ length: 14 }, (_, i) => `pg_${i * 10}`));
  });

  it('property: whatever the limits and the cut, paging through returns every match once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 49 }), async (limit, maxRequests, cutSeed) => {
        const { list } = fakeList(700);
        const model = new PageGroupsModel(list);
        await model.discovery.loadMore(20);
        await model.chain('draft').loadMore(20);
        const returned: string[] = [];
        let positions = new Map();
        for (let round = 0; round < 1000; round += 1) {
          const outcome = await call(model, 'landing', limit, positions, maxRequests);
          const kept = outcome.found.length === 0 ? 0 : Math.max(1, outcome.found.length - (cutSeed % outcome.found.length));
          returned.push(...ids(outcome, kept));
          positions = resumePositions(outcome, kept);
          if (outcome.gateways.every((g) => g.complete) && outcome.more === 0 && kept === outcome.found.length) {
            break;
          }
        }
        const expected = new Set(Array.from({ length: 700 }, (_, i) => i).filter((i) => i % 10 !== 0).map((i) => `pg_${i}`));
        assert.equal(returned.length, expected.size);
        assert.deepEqual(new Set(returned), expected);
      }),
      { numRuns: 40 },
    );
  });

  it('a status filter keeps only that status; a refresh since the continuation starts again', async () => {
    const { list } = fakeList(300);
    const model = new PageGroupsModel(list);
    const first = await call(model, '', 5, new Map(), 20, 'Draft');
    assert.deepEqual(ids(first), ['pg_1', 'pg_3', 'pg_5', 'pg_7', 'pg_9']);
    const positions = resumePositions(first, 5);
    model.discovery.reset();
    const again = await call(model, '', 5, positions, 20, 'draft');
    assert.equal(again.gateways[0]?.restarted, true);
    assert.deepEqual(ids(again), ['pg_1', 'pg_3', 'pg_5', 'pg_7', 'pg_9']);
  });

  it('a failed page stops the scan with the error; a gateway that is not ready is searched only where loaded', async () => {
    const { list } = fakeList(1000, { failAt: 200 });
    const model = new PageGroupsModel(list);
    const outcome = await call(model, 'nothing', 20);
    assert.equal(outcome.gateways[0]?.stop, 'failed');
    assert.ok(outcome.gateways[0]?.error);
    const other = fakeList(1000);
    const idle = new PageGroupsModel(other.list);
    const notReady = await findPageGroups([{ name: 'prod', model: idle, ready: false }], {
      query: '',
      status: undefined,
      limit: 5,
      maxRequests: 20,
      positions: new Map(),
      signal: new AbortController().signal,
    });
    assert.equal(other.queries.length, 0);
    assert.equal(notReady.gateways[0]?.stop, 'notReady');
  });

  it('an aborted call sends nothing more', async () => {
    const { list, queries } = fakeList(1000);
    const model = new PageGroupsModel(list);
    const controller = new AbortController();
    controller.abort();
    const outcome = await findPageGroups([{ name: 'staging', model, ready: true }], {
      query: 'x',
      status: undefined,
      limit: 5,
      maxRequests: 20,
      positions: new Map(),
      signal: controller.signal,
    });
    assert.equal(queries.length, 0);
    assert.equal(outcome.gateways[0]?.stop, 'cancelled');
  });
});
