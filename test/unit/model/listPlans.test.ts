// Export plans built from a kind: a paged list (a cursor chain) and a list the gateway returns whole, as the Export
// command runs them (what they say they hold, what loading the rest costs, what they write, how they end).
import { strict as assert } from 'node:assert';
import { GatewayError } from '../../../src/api/errors';
import type { Checked } from '../../../src/api/model';
import { Loadable } from '../../../src/lists/loadable';
import { CursorChain, type PageRequest } from '../../../src/lists/paging';
import { chainPlan, wholeListPlan } from '../../../src/model/listPlans';
import { fakeGateway, fakeKind, thing, type Thing } from './fakeKinds';

const gateway = fakeGateway('staging');
const kind = fakeKind('form');

/** A paged list of `total` things (cursor = next index); `failAt`: the page starting there fails. */
function pagedList(total: number, options: { failAt?: number; mayLoad?: () => boolean } = {}): { chain: CursorChain<Checked<Thing>>; requests: PageRequest[] } {
  const all = Array.from({ length: total }, (_, n) => thing(`f${n}`, n % 2 === 0 ? 'even' : 'odd'));
  const requests: PageRequest[] = [];
  const chain = new CursorChain<Checked<Thing>>(
    async (request) => {
      requests.push(request);
      const start = request.cursor === undefined ? 0 : Number(request.cursor);
      if (options.failAt !== undefined && start >= options.failAt) {
        throw new GatewayError('server', 'HTTP 500');
      }
      const items = all.slice(start, start + request.limit);
      const next = start + items.length;
      return { items, hasMore: next < total, ...(next < total ? { nextCursor: String(next) } : {}) };
    },
    (item) => item.value.id,
    options.mayLoad,
  );
  return { chain, requests };
}

/** Runs a plan and returns the ids written. */
async function written(run: (write: (items: readonly Checked<unknown>[]) => Promise<void>) => Promise<string>): Promise<{ outcome: string; ids: string[] }> {
  const ids: string[] = [];
  const outcome = await run(async (items) => {
    ids.push(...items.map((item) => String((item.value as Thing).id)));
  });
  return { outcome, ids };
}

describe('export plans built from a kind', () => {
  const signal = (): AbortSignal => new AbortController().signal;

  it('a paged list: says what it holds, loads the rest at limit=100 for everything, names the gateway when there are several', async () => {
    const { chain, requests } = pagedList(250);
    await chain.loadMore(20);
    const plan = chainPlan(gateway, kind, chain, { what: 'forms', nameParts: ['forms'], several: true, total: () => 250 });
    assert.equal(plan.kind, kind);
    assert.deepEqual(plan.nameParts, ['forms', 'staging']);
    assert.equal(plan.what, 'forms of staging');
    assert.equal(plan.canLoadMore, true);
    assert.equal(plan.loadedCount(), 20);
    assert.deepEqual(plan.remaining(), { items: 230, requests: 3 });
    const loaded = await written((write) => plan.run(false, signal(), write));
    assert.deepEqual(loaded, { outcome: 'complete', ids: Array.from({ length: 20 }, (_, n) => `f${n}`) });
    const all = await written((write) => plan.run(true, signal(), write));
    assert.equal(all.outcome, 'complete');
    assert.deepEqual(all.ids, Array.from({ length: 250 }, (_, n) => `f${n}`));
    assert.deepEqual(requests.slice(1).map((r) => r.limit), [100, 100, 100]);
    assert.equal(plan.problem(), undefined);
  });

  it('a paged list with a filter and a wider "loaded": counts and writes what belongs to the list', async () => {
    const { chain } = pagedList(10);
    await chain.loadMore(10);
    const even = (item: Checked<Thing>): boolean => item.value.title === 'even';
    const plan = chainPlan(gateway, kind, chain, { what: 'even forms', nameParts: ['forms', 'even'], several: false, keep: even });
    assert.equal(plan.loadedCount(), 5);
    assert.deepEqual((await written((write) => plan.run(true, signal(), write))).ids, ['f0', 'f2', 'f4', 'f6', 'f8']);
    const wider = chainPlan(gateway, kind, chain, { what: 'forms', nameParts: ['forms'], several: false, loaded: () => [thing('x1'), thing('x2')] });
    assert.equal(wider.loadedCount(), 2);
    assert.deepEqual((await written((write) => wider.run(false, signal(), write))).ids, ['x1', 'x2'], 'what is loaded of the wider list');
  });

  it('a failed page ends it failed with the error in words; the load limit ends it stopped, said in the kind’s words', async () => {
    const failing = pagedList(300, { failAt: 120 });
    await failing.chain.loadMore(20);
    const plan = chainPlan(gateway, kind, failing.chain, { what: 'forms', nameParts: ['forms'], several: false });
    const result = await written((write) => plan.run(true, signal(), write));
    assert.equal(result.outcome, 'failed');
    assert.equal(result.ids.length, 120, 'what loaded before the failure was handed on');
    assert.match(plan.problem() ?? '', /500/);

    let mayLoad = true;
    const capped = pagedList(300, { mayLoad: () => mayLoad });
    await capped.chain.loadMore(100);
    mayLoad = false;
    const limitWords = { ...kind, words: { ...kind.words, stoppedAtLimit: (count: number, name?: string) => `Stopped at ${count} on ${name ?? 'the gateway'}` } };
    const cappedPlan = chainPlan(gateway, limitWords, capped.chain, { what: 'forms', nameParts: ['forms'], several: true, limit: () => 100 });
    assert.equal((await written((write) => cappedPlan.run(true, signal(), write))).outcome, 'stopped');
    assert.equal(cappedPlan.problem(), 'Stopped at 100 on staging');
  });

  it('a whole list: loaded once by the export when it is not yet; a failure before any load ends it failed; a cut list is noted', async () => {
    let calls = 0;
    let fail = true;
    const list = new Loadable<Checked<Thing>>(async () => {
      calls += 1;
      if (fail) {
        throw new GatewayError('server', 'HTTP 503');
      }
      return { items: [thing('w1'), thing('w2')], truncated: { kept: 2, total: 5 } };
    }, (item) => item.value.id);
    const plan = wholeListPlan(gateway, kind, list, { what: 'forms', nameParts: ['forms'], several: false });
    assert.equal(plan.canLoadMore, false);
    assert.equal((await written((write) => plan.run(false, signal(), write))).outcome, 'failed');
    assert.match(plan.problem() ?? '', /503/);
    fail = false;
    assert.deepEqual(await written((write) => plan.run(false, signal(), write)), { outcome: 'complete', ids: ['w1', 'w2'] });
    assert.equal(calls, 2);
    await written((write) => plan.run(false, signal(), write));
    assert.equal(calls, 2, 'loaded: no request');
    assert.equal(plan.note(), 'The gateway sent 5 forms; the first 2 are kept, and exported.');
    assert.equal(plan.loadedCount(), 2);
  });
});
