import { strict as assert } from 'node:assert';
import { getEventListeners } from 'node:events';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { GatewayError } from '../../../src/api/errors';
import { cursorDigest } from '../../../src/api/cursorDigest';
import { CursorChain, MAX_EMPTY_PAGES, MAX_RECORDED_CURSOR, usedCursorKey, type PageRequest, type PageResult } from '../../../src/lists/paging';

interface Item {
  readonly id: string;
}

/** A hand-driven page source: each request waits until the test answers it. */
class ScriptedSource {
  public readonly requests: PageRequest[] = [];
  private readonly pending: Array<{
    resolve: (page: PageResult<Item>) => void;
    reject: (error: unknown) => void;
    signal: AbortSignal;
  }> = [];

  public readonly fetch = (request: PageRequest, signal: AbortSignal): Promise<PageResult<Item>> => {
    this.requests.push(request);
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject, signal };
      this.pending.push(entry);
      signal.addEventListener(
        'abort',
        () => {
          this.pending.splice(this.pending.indexOf(entry), 1);
          reject(new GatewayError({ kind: 'cancelled' }));
        },
        { once: true },
      );
    });
  };

  public answer(page: PageResult<Item>): void {
    const next = this.pending.shift();
    assert.ok(next, 'no request is waiting');
    next.resolve(page);
  }

  public fail(error: unknown): void {
    const next = this.pending.shift();
    assert.ok(next, 'no request is waiting');
    next.reject(error);
  }

  public get waiting(): number {
    return this.pending.length;
  }
}

const ids = (chain: CursorChain<Item>): string[] => chain.items.map((item) => item.id);
const page = (from: number, to: number, nextCursor?: string): PageResult<Item> => ({
  items: Array.from({ length: to - from }, (_, i) => ({ id: `pg_${from + i}` })),
  hasMore: nextCursor !== undefined,
  ...(nextCursor === undefined ? {} : { nextCursor }),
});
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A source that answers at once with `pages[n]` for the n-th request, and ends the chain when they run out. */
function scripted(pages: ReadonlyArray<PageResult<Item>>): { fetch: (request: PageRequest) => Promise<PageResult<Item>>; requests: PageRequest[] } {
  const requests: PageRequest[] = [];
  return {
    requests,
    fetch: (request) => {
      requests.push(request);
      return Promise.resolve(pages[requests.length - 1] ?? { items: [], hasMore: false });
    },
  };
}

/** Every string reachable from `root` through own properties, arrays, sets and maps. */
function reachableStrings(root: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      found.push(value);
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) {
      return;
    }
    seen.add(value);
    if (value instanceof Set || value instanceof Map) {
      for (const entry of value) {
        visit(entry);
      }
      return;
    }
    for (const key of Object.keys(value)) {
      visit((value as Record<string, unknown>)[key]);
    }
  };
  visit(root);
  return found;
}

describe('CursorChain', () => {
  let source: ScriptedSource;
  let chain: CursorChain<Item>;

  beforeEach(() => {
    source = new ScriptedSource();
    chain = new CursorChain<Item>(source.fetch, (item) => item.id);
  });

  it('requests the first page without a cursor and then follows nextCursor', async () => {
    const first = chain.loadMore(2);
    source.answer(page(0, 2, 'c1'));
    await first;
    const second = chain.loadMore(3);
    source.answer(page(2, 4));
    await second;
    assert.deepEqual(source.requests, [{ limit: 2 }, { cursor: 'c1', limit: 3 }]);
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2', 'pg_3']);
    assert.equal(chain.hasMore, false);
    assert.equal(chain.pages, 2);
  });

  it('knows the request of every item (its page, after duplicates dropped), and the cursor of the next page', async () => {
    assert.equal(chain.nextPageCursor, undefined, 'nothing loaded: the first page');
    const first = chain.loadMore(2);
    source.answer(page(0, 2, 'c1'));
    await first;
    assert.equal(chain.nextPageCursor, 'c1');
    const onlyDuplicates = chain.loadMore(2);
    source.answer({ items: [{ id: 'pg_0' }], hasMore: true, nextCursor: 'c2' });
    await onlyDuplicates;
    const third = chain.loadMore(5);
    source.answer({ items: [{ id: 'pg_1' }, { id: 'pg_2' }, { id: 'pg_3' }], hasMore: false });
    await third;
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2', 'pg_3']);
    assert.deepEqual([0, 1, 2, 3].map((index) => chain.requestOf(index)), [{ limit: 2 }, { limit: 2 }, { cursor: 'c2', limit: 5 }, { cursor: 'c2', limit: 5 }]);
    assert.equal(chain.requestOf(4), undefined);
    assert.equal(chain.requestOf(-1), undefined, 'indexOf of an item not there');
    chain.refresh();
    assert.equal(chain.nextPageCursor, undefined, 'a refresh starts at page 1');
    assert.deepEqual(chain.requestOf(3), { cursor: 'c2', limit: 5 }, 'refreshing: the rows shown keep their requests');
    const renewed = chain.loadMore(2);
    source.answer(page(0, 2, 'n1'));
    await renewed;
    assert.deepEqual([0, 1, 2].map((index) => chain.requestOf(index)), [{ limit: 2 }, { limit: 2 }, undefined], 'the first new page replaced them');
    chain.reset();
    assert.equal(chain.requestOf(0), undefined);
    assert.equal(chain.nextPageCursor, undefined);
  });

  it('makes one request for concurrent loadMore calls (a double click)', async () => {
    const a = chain.loadMore(20);
    const b = chain.loadMore(20);
    assert.equal(source.requests.length, 1);
    assert.equal(chain.loading, true);
    source.answer(page(0, 20, 'c1'));
    await Promise.all([a, b]);
    assert.equal(source.requests.length, 1);
    assert.equal(chain.items.length, 20);
    assert.equal(chain.loading, false);
  });

  it('drops items whose id is already loaded and counts them', async () => {
    const first = chain.loadMore(3);
    source.answer(page(0, 3, 'c1'));
    await first;
    const second = chain.loadMore(3);
    source.answer({ items: [{ id: 'pg_2' }, { id: 'pg_3' }, { id: 'pg_0' }], hasMore: false });
    await second;
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2', 'pg_3']);
    assert.equal(chain.duplicatesDropped, 2);
  });

  it('ends the chain with an error notice when the gateway repeats a cursor, instead of looping', async () => {
    const first = chain.loadMore(2);
    source.answer(page(0, 2, 'c1'));
    await first;
    const second = chain.loadMore(2);
    source.answer(page(2, 4, 'c1'));
    await second;
    assert.equal(chain.hasMore, false);
    assert.deepEqual(chain.notice, { severity: 'error', kind: 'repeatedCursor', page: 2 });
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2', 'pg_3']);
    await chain.loadMore(2);
    assert.equal(source.requests.length, 2, 'no request after the chain ended');
  });

  it('detects a cursor that comes back after several pages', async () => {
    for (const [from, next] of [[0, 'a'], [2, 'b'], [4, 'c'], [6, 'a']] as const) {
      const load = chain.loadMore(2);
      source.answer(page(from, from + 2, next));
      await load;
    }
    assert.deepEqual(chain.notice, { severity: 'error', kind: 'repeatedCursor', page: 4 });
    assert.equal(source.requests.length, 4);
  });

  it('ends the chain with a warning when hasMore comes without a cursor', async () => {
    const load = chain.loadMore(2);
    source.answer({ items: [{ id: 'x' }], hasMore: true });
    await load;
    assert.equal(chain.hasMore, false);
    assert.deepEqual(chain.notice, { severity: 'warning', kind: 'missingCursor', page: 1 });
    assert.deepEqual(ids(chain), ['x']);
  });

  it('keeps what was loaded when a page fails, and retries the same cursor', async () => {
    const first = chain.loadMore(2);
    source.answer(page(0, 2, 'c1'));
    await first;
    const failing = chain.loadMore(2);
    source.fail(new GatewayError({ kind: 'server', status: 500 }));
    await failing;
    assert.equal(chain.error?.kind, 'server');
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1']);
    assert.equal(chain.hasMore, true);
    const retry = chain.loadMore(2);
    assert.equal(chain.error, undefined, 'the error clears while retrying');
    source.answer(page(2, 3));
    await retry;
    assert.deepEqual(source.requests.map((r) => r.cursor), [undefined, 'c1', 'c1']);
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2']);
  });

  it('wraps a non-gateway failure into a GatewayError', async () => {
    const load = chain.loadMore(2);
    source.fail(new TypeError('boom'));
    await load;
    assert.ok(chain.error instanceof GatewayError);
    assert.deepEqual(chain.error.facts, { kind: 'invalidResponse', reason: 'unreadable' });
    assert.equal(chain.error.detail, 'TypeError: boom');
  });

  it('discards a response that arrives after reset()', async () => {
    const stale = chain.loadMore(2);
    chain.reset();
    assert.equal(chain.loading, false);
    const fresh = chain.loadMore(2);
    assert.equal(source.requests.length, 2);
    assert.equal(source.waiting, 1, 'the first request was aborted');
    source.answer(page(10, 12));
    await Promise.all([stale, fresh]);
    assert.deepEqual(ids(chain), ['pg_10', 'pg_11']);
    assert.equal(chain.error, undefined);
  });

  it('ignores a stale success that resolves after reset even if the fetch ignores abort', async () => {
    let resolveStale: ((page: PageResult<Item>) => void) | undefined;
    const stubborn = new CursorChain<Item>(
      () => new Promise<PageResult<Item>>((resolve) => (resolveStale = resolve)),
      (item) => item.id,
    );
    const stale = stubborn.loadMore(2);
    stubborn.reset();
    resolveStale?.(page(0, 2, 'c1'));
    await stale;
    assert.deepEqual(ids(stubborn), []);
    assert.equal(stubborn.started, false);
  });

  it("cancels quietly through the caller signal (the fetcher's promise rejected): no error, page can be loaded again", async () => {
    const controller = new AbortController();
    const load = chain.loadMore(2, controller.signal);
    controller.abort();
    await load;
    assert.equal(chain.error, undefined);
    assert.equal(chain.loading, false);
    assert.equal(chain.started, false);
    const again = chain.loadMore(2);
    source.answer(page(0, 2));
    await again;
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1']);
  });

  it('loadAll follows the chain to the end and reports progress', async () => {
    const progress: number[] = [];
    const all = chain.loadAll(100, undefined, (n) => progress.push(n));
    for (const [from, to, next] of [[0, 100, 'a'], [100, 200, 'b'], [200, 250, undefined]] as const) {
      await flush();
      source.answer(page(from, to, next));
    }
    await all;
    assert.deepEqual(progress, [100, 200, 250]);
    assert.equal(chain.items.length, 250);
    assert.ok(source.requests.every((r) => r.limit === 100));
  });

  it('loadAll stops at a failed page and keeps what it loaded', async () => {
    const all = chain.loadAll(100);
    await flush();
    source.answer(page(0, 100, 'a'));
    await flush();
    source.fail(new GatewayError({ kind: 'timeout', timeoutMs: 30_000 }));
    await all;
    assert.equal(chain.items.length, 100);
    assert.equal(chain.error?.kind, 'timeout');
    assert.equal(source.waiting, 0);
  });

  it('loadAll stops when cancelled and keeps what it loaded', async () => {
    const controller = new AbortController();
    const all = chain.loadAll(100, controller.signal);
    await flush();
    source.answer(page(0, 100, 'a'));
    await flush();
    controller.abort();
    await all;
    assert.equal(chain.items.length, 100);
    assert.equal(chain.error, undefined);
    assert.equal(chain.hasMore, true);
  });

  it('appends each page in place: the items array is not copied per page, and reset starts a new one', async () => {
    const long = new CursorChain<Item>(
      scripted(Array.from({ length: 50 }, (_, i) => page(i * 2, i * 2 + 2, i < 49 ? `c${i}` : undefined))).fetch,
      (item) => item.id,
    );
    await long.loadMore(2);
    const items = long.items;
    await long.loadAll(2);
    assert.equal(long.items.length, 100);
    assert.equal(long.items, items, 'the same array grew: no copy of everything loaded per page');
    long.reset();
    assert.notEqual(long.items, items);
    assert.equal(items.length, 100, 'a reset leaves an array a caller holds as it was');
    // @ts-expect-error items are read-only to callers
    long.items.push({ id: 'x' });
  });

  it('keeps a used cursor up to 64 characters as it is and a longer one as its digest, the two kinds apart', () => {
    const short = 'c'.repeat(64);
    assert.equal(usedCursorKey(short), `=${short}`);
    assert.equal(usedCursorKey(`${short}c`), `#${cursorDigest(`${short}c`)}`);
    const lookalike = `#${cursorDigest(`${short}c`)}`.slice(0, 64);
    assert.notEqual(usedCursorKey(lookalike), usedCursorKey(`${short}c`));
  });

  it('remembers long used cursors as fixed-size digests, never the cursors themselves', async () => {
    const cursors = Array.from({ length: 8 }, (_, i) => `${String(i)}${'c'.repeat(100_000)}`);
    const source = scripted(cursors.map((cursor, i) => page(i, i + 1, cursor)));
    const held = new CursorChain<Item>(source.fetch, (item) => item.id);
    for (let i = 0; i < 8; i++) {
      await held.loadMore(1);
    }
    assert.deepEqual(source.requests.map((r) => r.cursor), [undefined, ...cursors.slice(0, 7)]);
    const strings = reachableStrings(held);
    for (const used of cursors.slice(0, 7)) {
      assert.ok(!strings.includes(used), 'a used cursor is still held');
    }
    assert.ok(strings.filter((s) => s.length > 1000).length <= 1, 'only the next cursor is held');
    assert.deepEqual(held.requestOf(0), { limit: 1 }, 'page 1 keeps its request');
    assert.equal(held.requestOf(1), undefined, 'a page asked with a cursor over MAX_RECORDED_CURSOR keeps none');
    assert.ok(cursors[0] !== undefined && cursors[0].length > MAX_RECORDED_CURSOR);
    // The limit itself is kept; one character more is not.
    const edge = scripted([page(0, 1, 'x'.repeat(MAX_RECORDED_CURSOR)), page(1, 2, 'y'.repeat(MAX_RECORDED_CURSOR + 1)), page(2, 3)]);
    const edged = new CursorChain<Item>(edge.fetch, (item) => item.id);
    await edged.loadAll(1);
    assert.equal(edged.requestOf(1)?.cursor?.length, MAX_RECORDED_CURSOR);
    assert.equal(edged.requestOf(2), undefined);
    assert.equal(cursorDigest(cursors[0]).length, 43);
    assert.notEqual(cursorDigest(cursors[0]), cursorDigest(cursors[1]));
    // A repeat of a long cursor is still found.
    const repeat = scripted([page(0, 1, cursors[0]), page(1, 2, cursors[1]), page(2, 3, `${cursors[0]}`.slice(0))]);
    const looping = new CursorChain<Item>(repeat.fetch, (item) => item.id);
    await looping.loadAll(1);
    assert.deepEqual(looping.notice, { severity: 'error', kind: 'repeatedCursor', page: 3 });
  });

  it(`stops after ${MAX_EMPTY_PAGES} pages in a row without items that still say hasMore, with an emptyPages warning`, async () => {
    // Fresh cursors forever: without the bound, loadAll would run through all 1,000 of them.
    const endless = scripted(Array.from({ length: 1000 }, (_, i) => (i === 0 ? page(0, 3, 'c0') : page(0, 0, `c${i}`))));
    const chain = new CursorChain<Item>(endless.fetch, (item) => item.id);
    await chain.loadAll(3);
    assert.equal(MAX_EMPTY_PAGES, 5);
    assert.equal(endless.requests.length, 6, 'one page with items, then five empty ones');
    assert.deepEqual(chain.notice, { severity: 'warning', kind: 'emptyPages', page: 6, emptyPages: 5 });
    assert.equal(chain.hasMore, false);
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2'], 'what was loaded is kept');
    assert.ok(!JSON.stringify(chain.notice).includes('c5'), 'no cursor in the notice');
  });

  it('counts pages of only duplicates as empty, and starts counting again after a page with a new item', async () => {
    const pages: PageResult<Item>[] = [
      page(0, 2, 'a0'),
      ...Array.from({ length: 4 }, (_, i) => page(0, 2, `d${i}`)), // duplicates only: 4 in a row
      page(2, 3, 'b0'), // a new item: the count starts again
      ...Array.from({ length: 4 }, (_, i) => page(0, 0, `e${i}`)), // empty: 4 in a row
      page(3, 4), // the end
    ];
    const source = scripted(pages);
    const chain = new CursorChain<Item>(source.fetch, (item) => item.id);
    await chain.loadAll(2);
    assert.equal(chain.notice, undefined);
    assert.equal(source.requests.length, pages.length);
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1', 'pg_2', 'pg_3']);
    const dupes = scripted([page(0, 2, 'a0'), ...Array.from({ length: 9 }, (_, i) => page(0, 2, `d${i}`))]);
    const stuck = new CursorChain<Item>(dupes.fetch, (item) => item.id);
    await stuck.loadAll(2);
    assert.deepEqual(stuck.notice, { severity: 'warning', kind: 'emptyPages', page: 6, emptyPages: 5 });
    assert.equal(stuck.duplicatesDropped, 10);
  });

  it('notifies listeners on every change', async () => {
    let calls = 0;
    const subscription = chain.onDidChange(() => (calls += 1));
    const load = chain.loadMore(2);
    assert.equal(calls, 1, 'loading started');
    source.answer(page(0, 2));
    await load;
    assert.equal(calls, 2, 'page landed');
    subscription.dispose();
    chain.reset();
    assert.equal(calls, 2);
  });

  it('says it started once the first page landed, and not after a reset', async () => {
    assert.equal(chain.started, false);
    const load = chain.loadMore(2);
    assert.equal(chain.started, false, 'a page on its way is not a start');
    source.answer(page(0, 2, 'c1'));
    await load;
    assert.equal(chain.started, true);
    chain.reset();
    assert.equal(chain.started, false);
  });

  it('version increases on every change (views cache what they derive from it)', async () => {
    const seen = [chain.version];
    chain.onDidChange(() => seen.push(chain.version));
    const load = chain.loadMore(2);
    source.answer(page(0, 2, 'c1'));
    await load;
    chain.reset();
    assert.equal(seen.length, 4, 'loading, landed, reset');
    for (let i = 1; i < seen.length; i++) {
      assert.ok(seen[i] > seen[i - 1], `version ${seen[i]} after ${seen[i - 1]}`);
    }
  });

  it("leaves no listener on the caller's signal once a load ended (a long-lived signal does not collect them)", async () => {
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) {
      const load = chain.loadMore(1, controller.signal);
      assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
      source.answer(page(i, i + 1, `c${i}`));
      await load;
    }
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('a stale load ending after reset() does not end the load that followed it', async () => {
    const stale = chain.loadMore(2);
    chain.reset();
    const fresh = chain.loadMore(2);
    await stale;
    assert.equal(chain.loading, true, 'still waiting for the new request');
    assert.equal(chain.loadMore(2), fresh, 'and a caller joins the new request');
    assert.equal(source.requests.length, 2);
    source.answer(page(0, 2));
    await fresh;
    assert.equal(chain.loading, false);
    assert.deepEqual(ids(chain), ['pg_0', 'pg_1']);
  });

  it('loadAll stops when the chain is reset under it: it does not start over', async () => {
    const progress: number[] = [];
    const all = chain.loadAll(2, undefined, (n) => progress.push(n));
    await flush();
    source.answer(page(0, 2, 'a'));
    await flush();
    assert.equal(source.requests.length, 2, 'the second page is on its way');
    chain.reset();
    await all;
    assert.equal(source.requests.length, 2, 'no request after the reset');
    assert.equal(source.waiting, 0);
    assert.deepEqual(progress, [2]);
    assert.equal(chain.started, false);
  });

  it('loadAll reports no progress for a page that was cancelled', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const all = chain.loadAll(100, controller.signal, (n) => progress.push(n));
    await flush();
    source.answer(page(0, 100, 'a'));
    await flush();
    controller.abort();
    await all;
    assert.deepEqual(progress, [100]);
  });

  it('keeps every item that has no key (they cannot be told apart, so none is a duplicate)', async () => {
    const keyless = new CursorChain<Item>(source.fetch, (item) => (item.id.startsWith('anon') ? undefined : item.id));
    const load = keyless.loadMore(5);
    source.answer({ items: [{ id: 'anon-1' }, { id: 'anon-2' }, { id: 'a' }, { id: 'anon-3' }, { id: 'a' }], hasMore: false });
    await load;
    assert.deepEqual(ids(keyless), ['anon-1', 'anon-2', 'a', 'anon-3']);
    assert.equal(keyless.duplicatesDropped, 1);
  });

  it('treats an empty nextCursor with hasMore as a missing cursor: a warning, and no request with an empty cursor', async () => {
    const load = chain.loadMore(2);
    source.answer({ items: [{ id: 'x' }], hasMore: true, nextCursor: '' });
    await load;
    assert.equal(chain.hasMore, false);
    assert.deepEqual(chain.notice, { severity: 'warning', kind: 'missingCursor', page: 1 });
    await chain.loadMore(2);
    assert.equal(source.requests.length, 1);
  });

  describe('refresh()', () => {
    it('keeps the loaded items while refreshing, and the first new page replaces them', async () => {
      const first = chain.loadMore(2);
      source.answer(page(0, 2, 'c1'));
      await first;
      assert.equal(chain.refreshing, false, 'a chain that was never refreshed is not refreshing');
      const epoch = chain.epoch;
      chain.refresh();
      assert.equal(chain.refreshing, true);
      assert.deepEqual(ids(chain), ['pg_0', 'pg_1'], 'still shown');
      assert.equal(chain.started, false, 'starts again from page 1');
      assert.equal(chain.hasMore, true);
      const again = chain.loadMore(2);
      assert.deepEqual(source.requests[1], { limit: 2 }, 'the first page again, without a cursor');
      source.answer(page(5, 6));
      await again;
      assert.equal(chain.refreshing, false);
      assert.deepEqual(ids(chain), ['pg_5']);
      assert.equal(chain.epoch, epoch + 1, 'the items were replaced, not appended to');
      assert.equal(chain.hasMore, false);
    });

    it('a failed first page after refresh keeps the old items, with the error', async () => {
      const first = chain.loadMore(2);
      source.answer(page(0, 2, 'c1'));
      await first;
      chain.refresh();
      const again = chain.loadMore(2);
      source.fail(new GatewayError({ kind: 'server', status: 503 }));
      await again;
      assert.deepEqual(ids(chain), ['pg_0', 'pg_1']);
      assert.equal(chain.refreshing, true);
      assert.equal(chain.error?.kind, 'server');
    });

    it('refreshing an empty chain is not "refreshing" (there is nothing to keep)', () => {
      chain.refresh();
      assert.equal(chain.refreshing, false);
    });

    it('reset() after refresh() is not refreshing any more, and the next page does not count as a replacement', async () => {
      const first = chain.loadMore(2);
      source.answer(page(0, 2, 'c1'));
      await first;
      chain.refresh();
      chain.reset();
      assert.equal(chain.refreshing, false);
      assert.deepEqual(ids(chain), []);
      const epoch = chain.epoch;
      const again = chain.loadMore(2);
      source.answer(page(0, 1));
      await again;
      assert.equal(chain.epoch, epoch, 'appended to the empty list');
    });
  });

  it('epoch: 0 while pages are only appended; it increases on every reset', async () => {
    const first = chain.loadMore(2);
    source.answer(page(0, 2, 'c1'));
    await first;
    assert.equal(chain.epoch, 0);
    assert.equal(chain.refreshing, false);
    chain.reset();
    assert.equal(chain.epoch, 1);
    chain.reset();
    assert.equal(chain.epoch, 2);
  });

  it('a stale page that fails after reset() leaves no error behind', async () => {
    const stale = chain.loadMore(2);
    chain.reset();
    await stale;
    assert.equal(chain.error, undefined);
    assert.equal(chain.loading, false);
  });

  it('a fetcher that throws instead of rejecting: the load fails with the error kept, and never rejects', async () => {
    const throwing = new CursorChain<Item>(() => {
      throw new GatewayError({ kind: 'invalidRequest', reason: 'noKey' });
    }, (item) => item.id);
    await throwing.loadMore(2);
    assert.equal(throwing.error?.kind, 'invalidRequest');
    assert.equal(throwing.loading, false);
    const odd = new CursorChain<Item>(() => {
      throw new TypeError('not a GatewayError');
    }, (item) => item.id);
    await odd.loadMore(2);
    assert.equal(odd.error?.kind, 'invalidResponse', 'anything else is kept as an unreadable answer');
    assert.equal(odd.error?.detail, 'TypeError: not a GatewayError');
  });

  it('property: any split of a data set into pages, with overlaps, yields each id once in server order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 20, maxLength: 20 }),
        async (total, sizes, overlaps) => {
          const pages: PageResult<Item>[] = [];
          let offset = 0;
          let index = 0;
          while (offset < total) {
            const size = sizes[index % sizes.length] ?? 1;
            const back = Math.min(overlaps[index % overlaps.length] ?? 0, offset);
            const end = Math.min(total, offset + size);
            pages.push({
              ...page(offset - back, end, end < total ? `cursor-${index}` : undefined),
            });
            offset = end;
            index += 1;
          }
          if (pages.length === 0) {
            pages.push({ items: [], hasMore: false });
          }
          let served = 0;
          const walk = new CursorChain<Item>(async () => pages[served++] as PageResult<Item>, (item) => item.id);
          await walk.loadAll(10);
          assert.deepEqual(
            ids(walk),
            Array.from({ length: total }, (_, i) => `pg_${i}`),
          );
          assert.equal(served, pages.length);
          assert.equal(walk.hasMore, false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cursorDigest is the SHA-256 of the cursor\'s UTF-8 in base64url, for any text (lone surrogates as U+FFFD)', () => {
    assert.equal(cursorDigest('abc'), 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (cursor) => {
        assert.equal(cursorDigest(cursor), createHash('sha256').update(Buffer.from(cursor, 'utf8')).digest('base64url'));
      }),
      { numRuns: 500 },
    );
  });
});
