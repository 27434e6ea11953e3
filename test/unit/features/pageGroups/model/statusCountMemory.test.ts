import { strict as assert } from 'node:assert';
import type { StateStore } from '../../../../../src/features/pageGroups/model/expansionMemory';
import { MAX_REMEMBERED_COUNTS, MAX_REMEMBERED_GATEWAYS, STATUS_COUNTS_STATE_KEY, StatusCountMemory } from '../../../../../src/features/pageGroups/model/statusCountMemory';
import { NO_STATUS } from '../../../../../src/features/pageGroups/model/pageGroupsModel';

/** A workspace state in memory, as the editor keeps it (values go through JSON). */
function memento(initial: Record<string, unknown> = {}): StateStore & { writes: number; raw(): unknown } {
  const values = new Map<string, string>(Object.entries(initial).map(([key, value]) => [key, JSON.stringify(value)]));
  return {
    writes: 0,
    get<T>(key: string): T | undefined {
      const value = values.get(key);
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    update(key: string, value: unknown): Promise<void> {
      this.writes += 1;
      values.set(key, JSON.stringify(value));
      return Promise.resolve();
    },
    raw(): unknown {
      const value = values.get(STATUS_COUNTS_STATE_KEY);
      return value === undefined ? undefined : JSON.parse(value);
    },
  };
}

const GW = 'https://staging.example.com/';

describe('StatusCountMemory', () => {
  it('keeps a count with when it was learned, across a new memory on the same store (a window reload)', () => {
    const store = memento();
    new StatusCountMemory(store).record(GW, 'draft', 64, 1000);
    new StatusCountMemory(store).record(GW, NO_STATUS, 1, 2000);
    const again = new StatusCountMemory(store);
    assert.deepEqual(again.get(GW, 'draft'), { count: 64, at: 1000 });
    assert.deepEqual(again.get(GW, NO_STATUS), { count: 1, at: 2000 });
    assert.equal(again.get('https://other.example.com/', 'draft'), undefined);
    assert.equal(again.get(GW, '__proto__'), undefined);
    assert.equal(again.get(GW, 'toString'), undefined);
  });

  it('forgets one gateway\'s counts (its key changed), and keeps the others', () => {
    const store = memento();
    const memory = new StatusCountMemory(store);
    memory.record(GW, 'draft', 64, 1000);
    memory.record('https://other.example.com/', 'draft', 3, 1000);
    memory.forget(GW);
    assert.equal(new StatusCountMemory(store).get(GW, 'draft'), undefined);
    assert.equal(new StatusCountMemory(store).get('https://other.example.com/', 'draft')?.count, 3);
  });

  it('writes a confirmed count again only after a minute; a changed count at once', () => {
    const store = memento();
    const memory = new StatusCountMemory(store);
    memory.record(GW, 'draft', 64, 1000);
    memory.record(GW, 'draft', 64, 30_000);
    assert.equal(store.writes, 1);
    memory.record(GW, 'draft', 65, 31_000);
    assert.equal(store.writes, 2);
    memory.record(GW, 'draft', 65, 200_000);
    assert.equal(store.writes, 3);
    assert.deepEqual(memory.get(GW, 'draft'), { count: 65, at: 200_000 });
  });

  it('ignores what is not a count (a hand-edited or older state) and never throws', () => {
    const store = memento({ [STATUS_COUNTS_STATE_KEY]: { [GW]: { a: { count: -1, at: 1 }, b: { count: 1.5, at: 1 }, c: 'x', d: { count: 3, at: 0 }, e: { count: 4, at: 9 } }, x: null, y: [1] } });
    const memory = new StatusCountMemory(store);
    assert.deepEqual(['a', 'b', 'c', 'd', 'e'].map((key) => memory.get(GW, key)?.count), [undefined, undefined, undefined, undefined, 4]);
    assert.doesNotThrow(() => new StatusCountMemory(memento({ [STATUS_COUNTS_STATE_KEY]: 'nonsense' })));
    assert.doesNotThrow(() => new StatusCountMemory(undefined).record(GW, 'a', 1, 1));
  });

  it('stays bounded: the statuses and gateways counted longest ago are dropped first', () => {
    const store = memento();
    const memory = new StatusCountMemory(store);
    for (let i = 0; i <= MAX_REMEMBERED_COUNTS; i += 1) {
      memory.record(GW, `status-${i}`, i, 1000 + i);
    }
    assert.equal(memory.get(GW, 'status-0'), undefined);
    assert.equal(memory.get(GW, `status-${MAX_REMEMBERED_COUNTS}`)?.count, MAX_REMEMBERED_COUNTS);
    for (let g = 0; g < MAX_REMEMBERED_GATEWAYS; g += 1) {
      memory.record(`https://gw${g}.example.com/`, 'draft', g, 5000 + g);
    }
    assert.equal(memory.get(GW, `status-${MAX_REMEMBERED_COUNTS}`), undefined, 'the oldest gateway went');
    assert.equal(Object.keys(store.raw() as object).length, MAX_REMEMBERED_GATEWAYS);
  });
});
