import { strict as assert } from 'node:assert';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../../src/api/model';
import { GatewayError } from '../../../../../src/api/errors';
import { PageGroupsModel } from '../../../../../src/features/pageGroups/model/pageGroupsModel';
import { SCAN_PAGE_SIZE } from '../../../../../src/model/chainScan';
import { scanPageGroups } from '../../../../../src/features/pageGroups/model/pageGroupScan';

function item(n: number): CheckedPageGroup {
  const value = { pageGroupId: `pg_${n}`, status: n % 2 === 0 ? 'published' : 'draft' };
  return { raw: value, value, problems: [] };
}

/** A fake gateway of `total` page groups behind a cursor (the cursor is the next index). */
function fakeList(total: number, options: { failAt?: number; gate?: () => Promise<void> } = {}): { list: (q: PageGroupQuery, s: AbortSignal) => Promise<PageGroupPage>; queries: PageGroupQuery[] } {
  const queries: PageGroupQuery[] = [];
  const list = async (query: PageGroupQuery, signal: AbortSignal): Promise<PageGroupPage> => {
    queries.push(query);
    await options.gate?.();
    if (signal.aborted) {
      throw new GatewayError('cancelled', 'cancelled');
    }
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    if (options.failAt !== undefined && start >= options.failAt) {
      throw new GatewayError('server', 'HTTP 500');
    }
    const limit = query.limit ?? 20;
    const items = Array.from({ length: Math.min(limit, total - start) }, (_, i) => item(start + i));
    const next = start + items.length;
    return { items, limit, hasMore: next < total, ...(next < total ? { nextCursor: String(next) } : {}) };
  };
  return { list, queries };
}

describe('scanning page groups', () => {
  it('continues the unfiltered chain at limit=100 until it ends, delivering each page once', async () => {
    const { list, queries } = fakeList(1050);
    const model = new PageGroupsModel(list);
    const seen: string[] = [];
    const outcome = await scanPageGroups(model, new AbortController().signal, (items) => seen.push(...items.map((i) => String(i.value.pageGroupId))));
    assert.equal(outcome, 'complete');
    assert.equal(queries.length, 11);
    assert.ok(queries.every((q) => q.limit === SCAN_PAGE_SIZE && q.status === undefined));
    assert.equal(seen.length, 1050);
    assert.equal(new Set(seen).size, 1050);
    assert.equal(model.discovery.items.length, 1050, 'the pages land in the model');
  });

  it('resumes where the chain is (what it holds is delivered first) and never refetches', async () => {
    const { list, queries } = fakeList(250);
    const model = new PageGroupsModel(list);
    await model.discovery.loadMore(20);
    const first: number[] = [];
    await scanPageGroups(model, new AbortController().signal, (items) => first.push(items.length));
    assert.deepEqual(first, [20, 100, 100, 30]);
    assert.deepEqual(queries.map((q) => q.cursor), [undefined, '20', '120', '220']);
    const again: number[] = [];
    const outcome = await scanPageGroups(model, new AbortController().signal, (items) => again.push(items.length));
    assert.equal(outcome, 'complete');
    assert.deepEqual(again, [250]);
    assert.equal(queries.length, 4, 'a second scan sends nothing');
  });

  it('stops on abort: the page in flight never lands and nothing more is requested', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const { list, queries } = fakeList(1000, {
      gate: () => {
        calls += 1;
        return calls <= 3 ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve));
      },
    });
    const model = new PageGroupsModel(list);
    const controller = new AbortController();
    const scan = scanPageGroups(model, controller.signal, () => undefined);
    while (queries.length < 4) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    controller.abort();
    release();
    assert.equal(await scan, 'aborted');
    assert.equal(model.discovery.pages, 3);
    assert.equal(model.discovery.error, undefined);
    assert.equal(queries.length, 4);
  });

  it('a failing page ends the scan as failed, keeps what was loaded, and a new scan retries that page', async () => {
    const { list, queries } = fakeList(500, { failAt: 300 });
    const model = new PageGroupsModel(list);
    assert.equal(await scanPageGroups(model, new AbortController().signal, () => undefined), 'failed');
    assert.equal(model.discovery.items.length, 300);
    assert.equal(model.discovery.error?.kind, 'server');
    assert.equal(await scanPageGroups(model, new AbortController().signal, () => undefined), 'failed');
    assert.equal(queries[queries.length - 1]?.cursor, '300', 'the retry asks for the same page');
  });

  it('a refresh during a scan stops it; its stale page never lands', async () => {
    let release: () => void = () => undefined;
    const { list } = fakeList(1000, { gate: () => new Promise<void>((resolve) => (release = resolve)) });
    const model = new PageGroupsModel(list);
    const scan = scanPageGroups(model, new AbortController().signal, () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    model.resetAll();
    release();
    assert.equal(await scan, 'reset');
    assert.equal(model.discovery.items.length, 0);
  });
});
