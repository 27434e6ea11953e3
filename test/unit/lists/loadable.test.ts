import { strict as assert } from 'node:assert';
import { getEventListeners } from 'node:events';
import { GatewayError } from '../../../src/api/errors';
import { Loadable, type LoadedList } from '../../../src/lists/loadable';

interface Item {
  readonly id?: string;
  readonly n?: number;
}

interface Call {
  readonly signal: AbortSignal;
  readonly resolve: (items: readonly Item[]) => void;
  readonly reject: (reason: unknown) => void;
}

/**
 * A hand-driven `fetchAll`: each call waits until the test answers it. An abort rejects it as the client does, unless
 * `ignoreAbort` (a response already on its way arrives anyway).
 */
class ScriptedFetch {
  public readonly calls: Call[] = [];

  public constructor(private readonly ignoreAbort = false) {}

  public readonly fetchAll = (signal: AbortSignal): Promise<LoadedList<Item>> =>
    new Promise<readonly Item[]>((resolve, reject) => {
      this.calls.push({ signal, resolve, reject });
      if (!this.ignoreAbort) {
        signal.addEventListener('abort', () => reject(new GatewayError('cancelled', 'The request was cancelled.')), { once: true });
      }
    }).then((items) => ({ items }));

  public call(index: number): Call {
    const call = this.calls[index];
    assert.ok(call, `fetchAll call #${index} was not made (${this.calls.length} made)`);
    return call;
  }
}

const item = (id: string, n = 0): Item => ({ id, n });
const idsOf = (list: Loadable<Item>): Array<string | undefined> => list.items.map((i) => i.id);

function setup(ignoreAbort = false): { fetch: ScriptedFetch; list: Loadable<Item>; changes: number[] } {
  const fetch = new ScriptedFetch(ignoreAbort);
  const list = new Loadable<Item>(fetch.fetchAll, (i) => i.id);
  const changes: number[] = [];
  list.onDidChange(() => changes.push(list.version));
  return { fetch, list, changes };
}

/** Loads `items` through a fresh request and waits until they landed. */
async function loaded(items: readonly Item[], ignoreAbort = false): Promise<{ fetch: ScriptedFetch; list: Loadable<Item>; changes: number[] }> {
  const s = setup(ignoreAbort);
  const done = s.list.load();
  s.fetch.call(0).resolve(items);
  await done;
  return s;
}

describe('Loadable', () => {
  it('starts empty and not loaded', () => {
    const { list, fetch } = setup();
    assert.deepEqual(list.items, []);
    assert.equal(list.loaded, false);
    assert.equal(list.loading, false);
    assert.equal(list.error, undefined);
    assert.equal(list.duplicatesDropped, 0);
    assert.equal(fetch.calls.length, 0, 'nothing is fetched before someone asks');
  });

  it('loads the items in server order and says so', async () => {
    const { list, fetch } = setup();
    const done = list.load();
    assert.equal(list.loading, true);
    assert.equal(list.loaded, false);
    fetch.call(0).resolve([item('b'), item('a'), item('c')]);
    await done;
    assert.deepEqual(idsOf(list), ['b', 'a', 'c']);
    assert.equal(list.loaded, true);
    assert.equal(list.loading, false);
    assert.equal(list.error, undefined);
  });

  it('concurrent load() calls share one request', async () => {
    const { list, fetch } = setup();
    const first = list.load();
    const second = list.load();
    const third = list.ensure();
    assert.equal(second, first);
    assert.equal(third, first);
    assert.equal(fetch.calls.length, 1);
    fetch.call(0).resolve([item('a')]);
    await Promise.all([first, second, third]);
    assert.deepEqual(idsOf(list), ['a']);
    assert.equal(fetch.calls.length, 1);
  });

  it('drops items whose key is already present, keeps the first, and counts the dropped ones', async () => {
    const { list } = await loaded([item('a', 1), item('b', 1), item('a', 2), item('c', 1), item('b', 2), item('a', 3)]);
    assert.deepEqual(
      list.items.map((i) => `${i.id}${i.n}`),
      ['a1', 'b1', 'c1'],
    );
    assert.equal(list.duplicatesDropped, 3);
  });

  it('keeps every item without a key', async () => {
    const { list } = await loaded([{ n: 1 }, { n: 2 }, item('a'), { n: 3 }]);
    assert.deepEqual(
      list.items.map((i) => i.n),
      [1, 2, 0, 3],
    );
    assert.equal(list.duplicatesDropped, 0);
  });

  it('counts duplicates of the last load only', async () => {
    const { list, fetch } = await loaded([item('a'), item('a')]);
    assert.equal(list.duplicatesDropped, 1);
    const again = list.reload();
    fetch.call(1).resolve([item('a'), item('b')]);
    await again;
    assert.equal(list.duplicatesDropped, 0);
  });

  describe('reset()', () => {
    it('empties the list and forgets that it was loaded', async () => {
      const { list } = await loaded([item('a'), item('a')]);
      list.reset();
      assert.deepEqual(list.items, []);
      assert.equal(list.loaded, false);
      assert.equal(list.duplicatesDropped, 0);
    });

    it('makes a response in flight stale: its request is aborted, and an answer arriving anyway never lands', async () => {
      const { list, fetch } = setup(true);
      const stale = list.load();
      list.reset();
      assert.equal(fetch.call(0).signal.aborted, true);
      assert.equal(list.loading, false);
      fetch.call(0).resolve([item('old')]);
      await stale;
      assert.deepEqual(list.items, []);
      assert.equal(list.loaded, false);
      assert.equal(list.error, undefined, 'the aborted request is not an error');
    });

    it('the next load is a new request, and the stale one finishing does not end it', async () => {
      const { list, fetch } = setup(true);
      const stale = list.load();
      list.reset();
      const fresh = list.load();
      assert.notEqual(fresh, stale);
      assert.equal(fetch.calls.length, 2);
      fetch.call(0).resolve([item('old')]);
      await stale;
      assert.equal(list.loading, true, 'still waiting for the new request');
      assert.equal(list.load(), fresh, 'and a caller joins the new request');
      fetch.call(1).resolve([item('new')]);
      await fresh;
      assert.deepEqual(idsOf(list), ['new']);
      assert.equal(list.loading, false);
    });

    it('a stale failure is not recorded', async () => {
      const { list, fetch } = setup(true);
      const stale = list.load();
      list.reset();
      fetch.call(0).reject(new GatewayError('server', 'HTTP 500'));
      await stale;
      assert.equal(list.error, undefined);
    });
  });

  describe('reload()', () => {
    it('keeps the current items shown until the new list lands', async () => {
      const { list, fetch } = await loaded([item('a'), item('b')]);
      const done = list.reload();
      assert.equal(fetch.calls.length, 2, 'a new request even though the list is loaded');
      assert.equal(list.loading, true);
      assert.deepEqual(idsOf(list), ['a', 'b']);
      assert.equal(list.loaded, true);
      fetch.call(1).resolve([item('c')]);
      await done;
      assert.deepEqual(idsOf(list), ['c']);
      assert.equal(list.loading, false);
    });

    it('drops an older load in flight: aborted, and its answer never lands', async () => {
      const { list, fetch } = setup(true);
      const older = list.load();
      const newer = list.reload();
      assert.equal(fetch.call(0).signal.aborted, true);
      fetch.call(1).resolve([item('new')]);
      await newer;
      fetch.call(0).resolve([item('old')]);
      await older;
      assert.deepEqual(idsOf(list), ['new']);
      assert.equal(list.loading, false);
    });

    it('an older load that answers first does not land either; its caller waits for the newer one', async () => {
      const { list, fetch } = await loaded([item('shown')], true);
      const older = list.reload();
      const newer = list.reload();
      let olderDone = false;
      void older.then(() => (olderDone = true));
      fetch.call(1).resolve([item('older')]);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(idsOf(list), ['shown']);
      assert.equal(list.loading, true);
      assert.equal(olderDone, false, 'the older caller waits for the list that replaced its own');
      fetch.call(2).resolve([item('newer')]);
      await newer;
      await older;
      assert.deepEqual(idsOf(list), ['newer']);
    });
  });

  describe('failure', () => {
    it('keeps the items of the last good load, with error set to the GatewayError', async () => {
      const { list, fetch } = await loaded([item('a')]);
      const error = new GatewayError('server', 'The gateway answered HTTP 503.', { status: 503 });
      const done = list.reload();
      fetch.call(1).reject(error);
      await done;
      assert.equal(list.error, error);
      assert.deepEqual(idsOf(list), ['a']);
      assert.equal(list.loaded, true);
      assert.equal(list.loading, false);
    });

    it('a first load that fails leaves the list empty and not loaded, with the error', async () => {
      const { list, fetch } = setup();
      const done = list.load();
      fetch.call(0).reject(new GatewayError('unauthorized', 'The key was rejected.', { status: 401 }));
      await done;
      assert.equal(list.error?.kind, 'unauthorized');
      assert.equal(list.loaded, false);
      assert.deepEqual(list.items, []);
    });

    it('a rejection that is not a GatewayError becomes one, keeping the original as cause', async () => {
      for (const reason of [new TypeError('items is not iterable'), 'plain string', undefined]) {
        const { list, fetch } = setup();
        const done = list.load();
        fetch.call(0).reject(reason);
        await done;
        const error = list.error;
        assert.ok(error instanceof GatewayError, String(reason));
        assert.equal(error.kind, 'invalidResponse');
        assert.ok((error.detail ?? '').includes(String(reason)), error.detail);
        assert.equal(error.cause, reason);
      }
    });

    it('load() never rejects, whatever fetchAll does', async () => {
      const { list, fetch } = setup();
      const done = list.load();
      fetch.call(0).reject(new Error('boom'));
      await assert.doesNotReject(done);
    });

    it('the next good load clears the error', async () => {
      const { list, fetch } = setup();
      const failed = list.load();
      fetch.call(0).reject(new GatewayError('network', 'unreachable'));
      await failed;
      assert.ok(list.error);
      const retry = list.load();
      fetch.call(1).resolve([item('a')]);
      await retry;
      assert.equal(list.error, undefined);
      assert.deepEqual(idsOf(list), ['a']);
    });

    it('reset() clears the error', async () => {
      const { list, fetch } = setup();
      const failed = list.load();
      fetch.call(0).reject(new GatewayError('network', 'unreachable'));
      await failed;
      list.reset();
      assert.equal(list.error, undefined);
    });
  });

  describe('ensure()', () => {
    it('loads when nothing was loaded yet', async () => {
      const { list, fetch } = setup();
      const done = list.ensure();
      assert.equal(fetch.calls.length, 1);
      fetch.call(0).resolve([item('a')]);
      await done;
      assert.deepEqual(idsOf(list), ['a']);
    });

    it('does nothing once loaded', async () => {
      const { list, fetch } = await loaded([item('a')]);
      await list.ensure();
      await list.ensure();
      assert.equal(fetch.calls.length, 1);
      assert.equal(list.loading, false);
    });

    it('loads again after a failure, and after a reset', async () => {
      const { list, fetch } = await loaded([item('a')]);
      const failing = list.reload();
      fetch.call(1).reject(new GatewayError('timeout', 'no answer'));
      await failing;
      const retry = list.ensure();
      assert.equal(fetch.calls.length, 3, 'failed: ensure loads');
      fetch.call(2).resolve([item('b')]);
      await retry;
      list.reset();
      void list.ensure();
      assert.equal(fetch.calls.length, 4, 'reset: ensure loads');
    });
  });

  describe('cancelling with a signal', () => {
    it('aborts the request quietly: no error, the last good items stay, loading ends', async () => {
      const { list, fetch } = await loaded([item('a')]);
      const controller = new AbortController();
      const cancelled = list.load(controller.signal);
      assert.equal(fetch.calls.length, 2);
      controller.abort();
      assert.equal(fetch.call(1).signal.aborted, true, 'the abort reaches the request');
      await cancelled;
      assert.equal(list.error, undefined);
      assert.equal(list.loading, false);
      assert.equal(list.loaded, true);
      assert.deepEqual(idsOf(list), ['a']);
    });

    it('a first load cancelled leaves nothing loaded and no error, so ensure() loads again', async () => {
      const { list, fetch } = setup();
      const controller = new AbortController();
      const cancelled = list.ensure(controller.signal);
      controller.abort();
      await cancelled;
      assert.equal(list.error, undefined);
      assert.equal(list.loaded, false);
      const again = list.ensure();
      assert.equal(fetch.calls.length, 2);
      fetch.call(1).resolve([item('a')]);
      await again;
      assert.deepEqual(idsOf(list), ['a']);
    });

    it('an already aborted signal makes no request', async () => {
      const { list, fetch } = setup();
      const controller = new AbortController();
      controller.abort();
      await list.load(controller.signal);
      await list.ensure(controller.signal);
      assert.equal(fetch.calls.length, 0);
      assert.equal(list.loading, false);
      assert.equal(list.error, undefined);
    });

    it("a caller's signal has no hold on later loads", async () => {
      const { list, fetch } = setup();
      const controller = new AbortController();
      const first = list.load(controller.signal);
      fetch.call(0).resolve([item('a')]);
      await first;
      const second = list.reload();
      controller.abort();
      assert.equal(fetch.call(1).signal.aborted, false);
      fetch.call(1).resolve([item('b')]);
      await second;
      assert.deepEqual(idsOf(list), ['b']);
    });
  });

  describe('change notifications', () => {
    it('version increases on each change, and listeners hear each one', async () => {
      const { list, fetch, changes } = setup();
      const start = list.version;
      const first = list.load(); // loading starts
      fetch.call(0).resolve([item('a')]);
      await first; // items land
      const second = list.reload(); // loading starts
      fetch.call(1).reject(new GatewayError('server', 'HTTP 500'));
      await second; // error lands
      list.reset(); // emptied
      assert.equal(changes.length, 5);
      assert.deepEqual(
        changes,
        changes.map((_, i) => start + i + 1),
        'one version step per notification, in order',
      );
      assert.equal(list.version, start + 5);
    });

    it('a listener can stop listening', async () => {
      const { list, fetch } = setup();
      let heard = 0;
      const subscription = list.onDidChange(() => (heard += 1));
      const done = list.load();
      subscription.dispose();
      fetch.call(0).resolve([item('a')]);
      await done;
      assert.equal(heard, 1);
    });
  });

  describe('dispose()', () => {
    it('stops notifications and aborts the request in flight, whose answer never lands', async () => {
      const { list, fetch, changes } = setup(true);
      const done = list.load();
      const heard = changes.length;
      list.dispose();
      assert.equal(fetch.call(0).signal.aborted, true);
      fetch.call(0).resolve([item('a')]);
      await done;
      assert.deepEqual(list.items, []);
      assert.equal(list.loaded, false);
      list.reset();
      assert.equal(changes.length, heard, 'no listener is called after dispose');
    });
  });

  it("leaves no listener on the caller's signal once a load ended (a long-lived signal does not collect them)", async () => {
    const { list, fetch } = setup();
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) {
      const done = list.load(controller.signal);
      assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
      fetch.call(i).resolve([item(`a${i}`)]);
      await done;
    }
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('disposing a list that never loaded is harmless', () => {
    const { list } = setup();
    list.dispose();
    assert.equal(list.loading, false);
  });

  for (const steps of [
    ['reload', 'reset'],
    ['reset', 'reload'],
    ['dispose', 'reset'],
  ] as const) {
    it(`a load dropped by ${steps.join(' then ')} never lands, even when its answer arrives afterwards`, async () => {
      const { list, fetch } = setup(true);
      const dropped = list.load();
      for (const step of steps) {
        void list[step]();
      }
      fetch.call(0).resolve([item('stale')]);
      await dropped;
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(!idsOf(list).includes('stale'), `items: ${JSON.stringify(idsOf(list))}`);
      assert.equal(list.loaded, false);
    });
  }

  it('keeps what the answer says about items it did not keep, until the next load or reset', async () => {
    let answer: LoadedList<Item> = { items: [item('a')], truncated: { kept: 1, total: 5 } };
    const list = new Loadable<Item>(async () => answer, (i) => i.id);
    await list.load();
    assert.deepEqual(list.truncated, { kept: 1, total: 5 });
    answer = { items: [item('a')] };
    await list.reload();
    assert.equal(list.truncated, undefined);
    answer = { items: [item('a')], truncated: { kept: 1, total: 2 } };
    await list.reload();
    list.reset();
    assert.equal(list.truncated, undefined);
  });

  it('a caller waiting on a load that reload() replaced gets the new list, not the dropped one', async () => {
    const { fetch, list } = setup();
    const first = list.ensure();
    const second = list.reload();
    fetch.call(1).resolve([item('new')]);
    await first;
    assert.deepEqual(idsOf(list), ['new'], 'the first caller resumes once the new list landed');
    await second;
  });
});
