// What an export of page groups writes: the loaded items of a group in order, then (everything) each page as it
// lands in the model at limit=100; derived groups filtered from the unfiltered list; failures, aborts and refreshes.
import { strict as assert } from 'node:assert';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../../src/api/model';
import { GatewayError } from '../../../../../src/api/errors';
import { EXPORT_PAGE_SIZE, exportPageGroups } from '../../../../../src/features/pageGroups/model/pageGroupExport';
import { NO_STATUS, PageGroupsModel } from '../../../../../src/features/pageGroups/model/pageGroupsModel';

function item(n: number, status: string | undefined): CheckedPageGroup {
  const value = { pageGroupId: `pg_${n}`, ...(status === undefined ? {} : { status }) };
  return { raw: { ...value, unknownField: n }, value, problems: [] };
}

/** A gateway of `total` page groups (every third without a status, the others published/draft), cursor = next index. */
function fakeGateway(total: number, options: { failAt?: number } = {}): { list: (q: PageGroupQuery, s: AbortSignal) => Promise<PageGroupPage>; queries: PageGroupQuery[] } {
  const all = Array.from({ length: total }, (_, n) => item(n, n % 3 === 0 ? undefined : n % 3 === 1 ? 'published' : 'draft'));
  const queries: PageGroupQuery[] = [];
  const list = async (query: PageGroupQuery, signal: AbortSignal): Promise<PageGroupPage> => {
    queries.push(query);
    await Promise.resolve();
    if (signal.aborted) {
      throw new GatewayError('cancelled', 'cancelled');
    }
    const matching = query.status === undefined ? all : all.filter((pg) => pg.value.status === query.status);
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    if (options.failAt !== undefined && start >= options.failAt) {
      throw new GatewayError('server', 'HTTP 500');
    }
    const limit = query.limit ?? 20;
    const items = matching.slice(start, start + limit);
    const next = start + items.length;
    return { items, limit, hasMore: next < matching.length, ...(next < matching.length ? { nextCursor: String(next) } : {}) };
  };
  return { list, queries };
}

const ids = (batches: readonly (readonly CheckedPageGroup[])[]): string[] => batches.flat().map((pg) => String(pg.value.pageGroupId));

describe('exporting page groups', () => {
  const signal = (): AbortSignal => new AbortController().signal;

  it('what is loaded: the group as the tree has it, no request', async () => {
    const { list, queries } = fakeGateway(300);
    const model = new PageGroupsModel(list);
    await model.chain('published').loadMore(20);
    const batches: CheckedPageGroup[][] = [];
    const outcome = await exportPageGroups(model, 'published', false, signal(), async (items) => void batches.push([...items]));
    assert.equal(outcome, 'complete');
    assert.equal(ids(batches).length, 20);
    assert.deepEqual(ids(batches), model.itemsOf('published').map((pg) => String(pg.value.pageGroupId)));
    assert.equal(queries.length, 1, 'only the page loaded before');
  });

  it('everything: the loaded items first, then each page at limit=100 as it lands in the model', async () => {
    const { list, queries } = fakeGateway(900);
    const model = new PageGroupsModel(list);
    await model.chain('published').loadMore(20);
    const sizes: number[] = [];
    const written: string[] = [];
    const outcome = await exportPageGroups(model, 'published', true, signal(), async (items) => {
      sizes.push(items.length);
      written.push(...items.map((pg) => String(pg.value.pageGroupId)));
    });
    assert.equal(outcome, 'complete');
    assert.deepEqual(sizes, [20, 100, 100, 80]);
    assert.equal(new Set(written).size, 300);
    assert.deepEqual(queries.slice(1).map((q) => q.limit), [EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE]);
    assert.equal(model.itemsOf('published').length, 300, 'the pages stay loaded for the tree');
  });

  it('"(no status)" and all page groups come from the unfiltered list', async () => {
    const { list, queries } = fakeGateway(250);
    const model = new PageGroupsModel(list);
    const none: CheckedPageGroup[][] = [];
    assert.equal(await exportPageGroups(model, NO_STATUS, true, signal(), async (items) => void none.push([...items])), 'complete');
    assert.ok(none.flat().every((pg) => pg.value.status === undefined));
    assert.equal(none.flat().length, 84);
    assert.ok(queries.every((q) => q.status === undefined));
    const all: CheckedPageGroup[][] = [];
    assert.equal(await exportPageGroups(model, undefined, true, signal(), async (items) => void all.push([...items])), 'complete');
    assert.equal(all.flat().length, 250, 'everything of the gateway, each once');
  });

  it('hands over the raw objects (unknown fields kept)', async () => {
    const { list } = fakeGateway(5);
    const model = new PageGroupsModel(list);
    const raws: unknown[] = [];
    await exportPageGroups(model, undefined, true, signal(), async (items) => void raws.push(...items.map((pg) => pg.raw)));
    assert.deepEqual(raws[0], { pageGroupId: 'pg_0', unknownField: 0 });
  });

  it('a failed page ends the export as failed (the chain keeps what it loaded)', async () => {
    const { list } = fakeGateway(600, { failAt: 150 });
    const model = new PageGroupsModel(list);
    const outcome = await exportPageGroups(model, undefined, true, signal(), async () => undefined);
    assert.equal(outcome, 'failed');
    assert.ok(model.discovery.error);
    assert.equal(model.discovery.items.length, 200);
  });

  it('stops when aborted, also while a batch is being written', async () => {
    const { list } = fakeGateway(1000);
    const model = new PageGroupsModel(list);
    const controller = new AbortController();
    let batches = 0;
    const outcome = await exportPageGroups(model, undefined, true, controller.signal, async () => {
      batches += 1;
      if (batches === 2) {
        controller.abort();
      }
    });
    assert.equal(outcome, 'aborted');
    assert.equal(batches, 2);
  });

  it('a refresh meanwhile ends it as reset (nothing stale is written after it)', async () => {
    const { list } = fakeGateway(1000);
    const model = new PageGroupsModel(list);
    let batches = 0;
    const outcome = await exportPageGroups(model, undefined, true, signal(), async () => {
      batches += 1;
      if (batches === 2) {
        model.resetAll();
      }
    });
    assert.equal(outcome, 'reset');
    assert.equal(batches, 2);
  });
  it('a status group is written as the tree shows it, also a page group the gateway sent with another status', async () => {
    const odd: PageGroupPage = { items: [item(1, 'published'), item(2, 'draft')], limit: 20, hasMore: false };
    const model = new PageGroupsModel(async () => odd);
    await model.chain('published').loadMore(20);
    const written: string[] = [];
    assert.equal(await exportPageGroups(model, 'published', false, signal(), async (items) => void written.push(...ids([items]))), 'complete');
    assert.deepEqual(written, ['pg_1', 'pg_2']);
  });

  it('the writer never gets an empty batch: a page without any page group of the group writes nothing', async () => {
    const { list } = fakeGateway(300);
    const model = new PageGroupsModel(list);
    const sizes: number[] = [];
    // Only every third page group has no status: a batch of one page always holds some; ask for one status-less page of 1.
    await model.discovery.loadMore(3);
    assert.equal(await exportPageGroups(model, '', false, signal(), async (items) => void sizes.push(items.length)), 'complete');
    assert.deepEqual(sizes, [], 'no page group has the empty status');
  });

  it('everything while the group is being refreshed: what the refresh brings is written, not the rows from before', async () => {
    const { list, queries } = fakeGateway(150);
    const model = new PageGroupsModel(list);
    await model.chain('draft').loadMore(20);
    model.refresh('draft');
    const written: string[] = [];
    const outcome = await exportPageGroups(model, 'draft', true, signal(), async (items) => void written.push(...ids([items])));
    assert.equal(outcome, 'complete');
    assert.equal(written.length, 50);
    assert.equal(new Set(written).size, 50);
    assert.deepEqual(queries.map((q) => q.cursor), [undefined, undefined]);
  });

  it('loaded items are written 500 at a time; an abort or a reset while one is written stops before the next', async () => {
    const { list, queries } = fakeGateway(1200);
    const model = new PageGroupsModel(list);
    await model.discovery.loadAll(100);
    const all: number[] = [];
    assert.equal(await exportPageGroups(model, undefined, false, signal(), async (items) => void all.push(items.length)), 'complete');
    assert.deepEqual(all, [500, 500, 200]);

    const controller = new AbortController();
    const aborted: number[] = [];
    const outcome = await exportPageGroups(model, undefined, false, controller.signal, async (items) => {
      aborted.push(items.length);
      controller.abort();
    });
    assert.equal(outcome, 'aborted');
    assert.deepEqual(aborted, [500]);

    const reset: number[] = [];
    const sent = queries.length;
    const ended = await exportPageGroups(model, undefined, true, signal(), async (items) => {
      reset.push(items.length);
      model.resetAll();
    });
    assert.equal(ended, 'reset');
    assert.deepEqual(reset, [500]);
    assert.equal(queries.length, sent, 'no request after the reset');
  });

  it('an abort while a page loads ends it as aborted, and nothing more is requested', async () => {
    const { list, queries } = fakeGateway(1000);
    const controller = new AbortController();
    const model = new PageGroupsModel(async (query, s) => {
      if (queries.length === 1) {
        controller.abort();
      }
      return list(query, s);
    });
    assert.equal(await exportPageGroups(model, undefined, true, controller.signal, async () => undefined), 'aborted');
    assert.equal(queries.length, 2);
  });

  it('a refresh while a page loads ends it as reset without another request', async () => {
    const { list, queries } = fakeGateway(1000);
    const model: PageGroupsModel = new PageGroupsModel(async (query, s) => {
      if (queries.length === 1) {
        model.refresh();
      }
      return list(query, s);
    });
    assert.equal(await exportPageGroups(model, undefined, true, signal(), async () => undefined), 'reset');
    assert.equal(queries.length, 2);
  });

  it('a list the gateway ends with a notice (no cursor) is written up to there and the export says stopped', async () => {
    const model = new PageGroupsModel(async (query) => {
      const start = query.cursor === undefined ? 0 : 100;
      return { items: [item(start, 'draft'), item(start + 1, 'draft')], limit: 100, hasMore: true, ...(query.cursor === undefined ? { nextCursor: 'x' } : {}) };
    });
    const written: string[] = [];
    assert.equal(await exportPageGroups(model, undefined, true, signal(), async (items) => void written.push(...ids([items]))), 'stopped');
    assert.deepEqual(written, ['pg_0', 'pg_1', 'pg_100', 'pg_101']);
    assert.equal(model.discovery.notice?.kind, 'missingCursor');
    const loadedOnly: string[] = [];
    assert.equal(await exportPageGroups(model, undefined, false, signal(), async (items) => void loadedOnly.push(...ids([items]))), 'complete', 'only what is loaded: complete');
  });
});
