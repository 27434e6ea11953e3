// A fixed list's export plan (e.g. search results): what it says it holds, and how it hands its items to the writer.
import { strict as assert } from 'node:assert';
import type { Checked } from '../../../src/api/model';
import type { Gateway } from '../../../src/gateway/gateway';
import { EXPORT_BATCH, listPlan, ofGateway, raws, writeAll } from '../../../src/model/exportPlan';
import { fakeKind } from './fakeKinds';

const gateway = { name: 'staging' } as unknown as Gateway;
const kind = fakeKind('form');

function items(n: number): Checked<unknown>[] {
  return Array.from({ length: n }, (_, i) => ({ raw: { id: `f${i}`, raw: true }, value: { id: `f${i}` }, problems: [] }));
}

/** A writer that records the size and first id of each batch. */
function recorder(): { batches: Array<[number, unknown]>; write: (batch: readonly Checked<unknown>[]) => Promise<void> } {
  const batches: Array<[number, unknown]> = [];
  return {
    batches,
    write: async (batch) => {
      batches.push([batch.length, (batch[0]?.value as { id: string } | undefined)?.id]);
    },
  };
}

describe('export plans of a fixed list', () => {
  it('writes every item in order, in batches of 500', async () => {
    const { batches, write } = recorder();
    assert.equal(EXPORT_BATCH, 500);
    assert.equal(await writeAll(items(1201), new AbortController().signal, write), 'complete');
    assert.deepEqual(batches, [
      [500, 'f0'],
      [500, 'f500'],
      [201, 'f1000'],
    ]);
  });

  it('an empty list writes nothing and is complete', async () => {
    const { batches, write } = recorder();
    assert.equal(await writeAll([], new AbortController().signal, write), 'complete');
    assert.deepEqual(batches, []);
  });

  it('an abort stops before the next batch and says aborted, also after the last batch', async () => {
    const controller = new AbortController();
    const batches: number[] = [];
    const outcome = await writeAll(items(1200), controller.signal, async (batch) => {
      batches.push(batch.length);
      controller.abort();
    });
    assert.equal(outcome, 'aborted');
    assert.deepEqual(batches, [500]);

    const last = new AbortController();
    assert.equal(
      await writeAll(items(10), last.signal, async () => last.abort()),
      'aborted',
      'a write aborted during the last batch is not complete',
    );
    const before = new AbortController();
    before.abort();
    const none = recorder();
    assert.equal(await writeAll(items(10), before.signal, none.write), 'aborted');
    assert.deepEqual(none.batches, []);
  });

  it('names the gateway only when there are several', () => {
    assert.equal(ofGateway(false, gateway, 'search results'), 'search results');
    assert.equal(ofGateway(true, gateway, 'search results'), 'search results of staging');
  });

  it('a list plan offers no more to load, counts and hands over its raw objects, and carries its note', async () => {
    const list = items(3);
    const plan = listPlan(gateway, kind, list, 'matches of “f”', ['search', 'f'], 'only the loaded forms were searched');
    assert.equal(plan.gateway, gateway);
    assert.equal(plan.kind, kind);
    assert.equal(plan.what, 'matches of “f”');
    assert.deepEqual(plan.nameParts, ['search', 'f']);
    assert.equal(plan.canLoadMore, false);
    assert.equal(plan.loadedCount(), 3);
    assert.deepEqual([...plan.loadedRaws()], list.map((item) => item.raw));
    assert.equal(plan.problem(), undefined);
    assert.equal(plan.note(), 'only the loaded forms were searched');
    const { batches, write } = recorder();
    assert.equal(await plan.run(true, new AbortController().signal, write), 'complete');
    assert.deepEqual(batches, [[3, 'f0']]);
    assert.equal(listPlan(gateway, kind, list, 'w', []).note(), undefined);
  });

  it('raws hands over the raw objects, not the checked values', () => {
    assert.deepEqual([...raws(items(2))], [
      { id: 'f0', raw: true },
      { id: 'f1', raw: true },
    ]);
  });
});
