// Scanning any paged list (Go to ID's scan): what the caller is handed page by page, and why the scan stops.
import { strict as assert } from 'node:assert';
import { CursorChain, type PageRequest, type PageResult } from '../../../src/lists/paging';
import { GatewayError } from '../../../src/api/errors';
import { scanChain, SCAN_PAGE_SIZE, type ScanProgress } from '../../../src/model/chainScan';

interface Form {
  readonly id: string;
}

interface FakeList {
  readonly fetch: (request: PageRequest, signal: AbortSignal) => Promise<PageResult<Form>>;
  readonly requests: PageRequest[];
  /** Called before each answer; may wait or change the list. */
  before?: (call: number) => Promise<void> | void;
  /** Ids start with this prefix (a refreshed list can have other ids). */
  prefix: string;
}

/** A list of `total` forms behind a cursor (the cursor is the next index); `noCursorAt` answers hasMore without a cursor. */
function fakeList(total: number, options: { noCursorAt?: number } = {}): FakeList {
  const fake: FakeList = {
    requests: [],
    prefix: 'f',
    fetch: async (request, signal) => {
      fake.requests.push(request);
      await fake.before?.(fake.requests.length);
      if (signal.aborted) {
        throw new GatewayError('cancelled', 'cancelled');
      }
      const start = request.cursor === undefined ? 0 : Number(request.cursor);
      const items = Array.from({ length: Math.min(request.limit, total - start) }, (_, i) => ({ id: `${fake.prefix}${start + i}` }));
      const next = start + items.length;
      if (options.noCursorAt !== undefined && next >= options.noCursorAt) {
        return { items, hasMore: true };
      }
      return { items, hasMore: next < total, ...(next < total ? { nextCursor: String(next) } : {}) };
    },
  };
  return fake;
}

function chainOf(fake: FakeList, mayLoad: () => boolean = () => true): CursorChain<Form> {
  return new CursorChain<Form>((request, signal) => fake.fetch(request, signal), (form) => form.id, mayLoad);
}

interface Delivery {
  readonly ids: string[];
  readonly progress: ScanProgress;
}

function recorder(): { deliveries: Delivery[]; onItems: (items: readonly Form[], progress: ScanProgress) => void } {
  const deliveries: Delivery[] = [];
  return { deliveries, onItems: (items, progress) => deliveries.push({ ids: items.map((form) => form.id), progress }) };
}

const open = (): AbortSignal => new AbortController().signal;

describe('scanning a paged list', () => {
  it('hands over each page once with how many items the list holds and whether it has more', async () => {
    const fake = fakeList(250);
    const chain = chainOf(fake);
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'complete');
    assert.deepEqual(
      deliveries.map((d) => [d.ids.length, d.progress.scanned, d.progress.hasMore]),
      [
        [0, 0, true],
        [100, 100, true],
        [100, 200, true],
        [50, 250, false],
      ],
    );
    assert.deepEqual(deliveries[1]?.ids.slice(0, 2), ['f0', 'f1']);
    assert.deepEqual(deliveries[3]?.ids.slice(-1), ['f249']);
    assert.ok(fake.requests.every((r) => r.limit === SCAN_PAGE_SIZE));
    assert.equal(SCAN_PAGE_SIZE, 100);
  });

  it('a list already complete is handed over at once, without a request', async () => {
    const fake = fakeList(30);
    const chain = chainOf(fake);
    await chain.loadMore(50);
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'complete');
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(
      deliveries.map((d) => [d.ids.length, d.progress.scanned, d.progress.hasMore]),
      [[30, 30, false]],
    );
  });

  it('a signal aborted before the scan sends nothing and says aborted', async () => {
    const fake = fakeList(250);
    const chain = chainOf(fake);
    const controller = new AbortController();
    controller.abort();
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, controller.signal, onItems), 'aborted');
    assert.equal(fake.requests.length, 0);
    assert.equal(deliveries.length, 1, 'what the list holds is still handed over');
  });

  it('a signal aborted while the last page is answered says aborted, not complete', async () => {
    const fake = fakeList(50);
    const chain = chainOf(fake);
    const controller = new AbortController();
    fake.before = () => controller.abort();
    assert.equal(await scanChain(chain, controller.signal, () => undefined), 'aborted');
  });

  it('stops as capped when the list may not load more, with nothing requested', async () => {
    const fake = fakeList(250);
    let allowed = true;
    const chain = chainOf(fake, () => allowed);
    await chain.loadMore(20);
    allowed = false;
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'capped');
    assert.equal(fake.requests.length, 1);
    assert.deepEqual(deliveries.map((d) => d.ids.length), [20]);
  });

  it('a list that ends with a notice (a page without a cursor) is stopped, and what came is handed over', async () => {
    const fake = fakeList(1000, { noCursorAt: 200 });
    const chain = chainOf(fake);
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'stopped');
    assert.equal(chain.notice?.kind, 'missingCursor');
    assert.equal(deliveries[deliveries.length - 1]?.progress.scanned, 200);
    assert.equal(deliveries[deliveries.length - 1]?.progress.hasMore, false);
  });

  it('a refresh in progress: the rows from before are not handed over, the new first page is, from its start', async () => {
    const fake = fakeList(150);
    const chain = chainOf(fake);
    await chain.loadMore(20);
    chain.refresh();
    fake.prefix = 'new';
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'complete');
    assert.deepEqual(deliveries[0], { ids: [], progress: { scanned: 0, hasMore: true } });
    assert.deepEqual(deliveries[1]?.ids.slice(0, 2), ['new0', 'new1']);
    assert.equal(deliveries[1]?.ids.length, 100);
    assert.deepEqual(deliveries.map((d) => d.progress.scanned), [0, 100, 150]);
    assert.equal(deliveries.flatMap((d) => d.ids).length, 150, 'every new item once, none from before the refresh');
    assert.deepEqual(fake.requests.map((r) => r.cursor), [undefined, undefined, '100']);
  });

  it('a refresh between two pages: the scan goes on with the new list from its first item', async () => {
    const fake = fakeList(250);
    const chain = chainOf(fake);
    const { deliveries, onItems } = recorder();
    let refreshed = false;
    const outcome = await scanChain(chain, open(), (items, progress) => {
      onItems(items, progress);
      if (progress.scanned === 100 && !refreshed) {
        refreshed = true;
        fake.prefix = 'new';
        chain.refresh();
      }
    });
    assert.equal(outcome, 'complete');
    assert.deepEqual(
      deliveries.map((d) => [d.ids[0], d.ids.length, d.progress.scanned]),
      [
        [undefined, 0, 0],
        ['f0', 100, 100],
        ['new0', 100, 100],
        ['new100', 100, 200],
        ['new200', 50, 250],
      ],
    );
  });

  it('a refresh started during the scan ends it as reset; the stale page never lands', async () => {
    const fake = fakeList(1000);
    const chain = chainOf(fake);
    fake.before = (call) => {
      if (call === 2) {
        chain.refresh();
      }
    };
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'reset');
    assert.equal(chain.items.length, 100, 'the rows from before the refresh stay');
    assert.deepEqual(deliveries.map((d) => d.ids.length), [0, 100]);
  });

  it('a reset whose first page lands during the scan ends it as reset', async () => {
    const fake = fakeList(1000);
    const chain = chainOf(fake);
    let resetDone = false;
    fake.before = async (call) => {
      if (call === 2 && !resetDone) {
        resetDone = true;
        chain.reset();
        // The view loads two pages again before the scan's stale answer returns.
        await chain.loadMore(20);
        await chain.loadMore(20);
      }
    };
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'reset');
    assert.deepEqual(deliveries.map((d) => d.ids.length), [0, 100]);
  });

  it('a scan that started on a refresh ends as reset when the list is replaced again before its first page lands', async () => {
    const fake = fakeList(1000);
    const chain = chainOf(fake);
    await chain.loadMore(20);
    chain.refresh();
    fake.before = async (call) => {
      if (call === 2) {
        // While the scan asks for the refresh's first page, the list is reset twice and loaded again.
        chain.reset();
        await chain.loadMore(20);
        chain.reset();
        await chain.loadMore(20);
      }
    };
    const { onItems } = recorder();
    assert.equal(await scanChain(chain, open(), onItems), 'reset');
  });

  it('a failed page ends the scan as failed; calling again retries that page and continues', async () => {
    const fake = fakeList(300);
    let fail = true;
    const fetch = fake.fetch;
    const failing = new CursorChain<Form>(
      async (request, signal) => {
        if (request.cursor === '100' && fail) {
          fake.requests.push(request);
          throw new GatewayError('server', 'HTTP 500');
        }
        return fetch(request, signal);
      },
      (form) => form.id,
    );
    assert.equal(await scanChain(failing, open(), () => undefined), 'failed');
    assert.equal(failing.items.length, 100);
    fail = false;
    const { deliveries, onItems } = recorder();
    assert.equal(await scanChain(failing, open(), onItems), 'complete');
    assert.deepEqual(deliveries.map((d) => d.ids.length), [100, 100, 100]);
    assert.equal(fake.requests[fake.requests.length - 2]?.cursor, '100');
  });

  it('the chain says it is scanning while a scan pages through it, and tells its listeners when the scan ended', async () => {
    const chain = chainOf(fakeList(250));
    const during: boolean[] = [];
    let changes = 0;
    chain.onDidChange(() => {
      changes += 1;
    });
    assert.equal(chain.scanning, false);
    const outcome = await scanChain(chain, open(), () => during.push(chain.scanning));
    assert.equal(outcome, 'complete');
    assert.ok(during.length > 1 && during.every(Boolean), 'scanning at every page');
    assert.equal(chain.scanning, false);
    const before = changes;
    await chain.asScan(() => Promise.resolve());
    assert.equal(changes, before + 1, 'the end of a scan is a change (a tree redraws the list as not loading)');
  });

  it('two scans at once: scanning until both ended, and one change at the end', async () => {
    const chain = chainOf(fakeList(10));
    let changes = 0;
    chain.onDidChange(() => {
      changes += 1;
    });
    let release = (): void => undefined;
    const held = chain.asScan(() => new Promise<void>((resolve) => (release = resolve)));
    await chain.asScan(() => Promise.resolve());
    assert.equal(chain.scanning, true, 'the first scan still runs');
    assert.equal(changes, 0);
    release();
    await held;
    assert.equal(chain.scanning, false);
    assert.equal(changes, 1);
  });

  it('a scan that throws is no longer scanning', async () => {
    const chain = chainOf(fakeList(10));
    await assert.rejects(chain.asScan(() => Promise.reject(new Error('boom'))), /boom/);
    assert.equal(chain.scanning, false);
  });
});
