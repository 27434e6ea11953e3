import { strict as assert } from 'node:assert';
import { EXPANSION_STATE_KEY, ExpansionMemory, MAX_REMEMBERED_STATUSES, type StateStore } from '../../../../../src/features/pageGroups/model/expansionMemory';

/** A workspace state in memory, counting writes. */
function memoryStore(initial?: unknown): StateStore & { values: Map<string, unknown>; writes: number } {
  const values = new Map<string, unknown>(initial === undefined ? [] : [[EXPANSION_STATE_KEY, initial]]);
  return {
    values,
    writes: 0,
    get<T>(key: string): T | undefined {
      return values.get(key) as T | undefined;
    },
    update(key: string, value: unknown): Promise<void> {
      this.writes += 1;
      values.set(key, JSON.parse(JSON.stringify(value)));
      return Promise.resolve();
    },
  };
}

describe('ExpansionMemory', () => {
  it('remembers expanded statuses per gateway, in order, and forgets collapsed ones', () => {
    const store = memoryStore();
    const memory = new ExpansionMemory(store);
    memory.setStatus('https://a/', 'draft', true);
    memory.setStatus('https://a/', 'published', true);
    memory.setStatus('https://b/', 'draft', true);
    memory.setStatus('https://a/', 'draft', false);
    const again = new ExpansionMemory(store);
    assert.deepEqual(again.statuses('https://a/'), ['published']);
    assert.deepEqual(again.statuses('https://b/'), ['draft']);
    assert.deepEqual(again.statuses('https://c/'), []);
  });

  it('a gateway row: expanded, collapsed, or never shown (undefined)', () => {
    const store = memoryStore();
    const memory = new ExpansionMemory(store);
    assert.equal(memory.gatewayExpanded('https://a/'), undefined);
    memory.setGateway('https://a/', true);
    memory.setGateway('https://b/', false);
    const again = new ExpansionMemory(store);
    assert.equal(again.gatewayExpanded('https://a/'), true);
    assert.equal(again.gatewayExpanded('https://b/'), false);
  });

  it('writes only when something changed', () => {
    const store = memoryStore();
    const memory = new ExpansionMemory(store);
    memory.setStatus('https://a/', 'draft', true);
    memory.setStatus('https://a/', 'draft', true);
    memory.setStatus('https://a/', 'never', false);
    memory.setGateway('https://a/', true);
    memory.setGateway('https://a/', true);
    assert.equal(store.writes, 2);
  });

  it('bad stored state is ignored, never thrown', () => {
    for (const bad of [null, 42, 'x', [], { 'https://a/': null }, { 'https://a/': { statuses: 'draft', gateway: 'yes' } }, { 'https://a/': { statuses: [1, 'draft'] } }]) {
      const memory = new ExpansionMemory(memoryStore(bad));
      assert.ok(memory.statuses('https://a/').every((status) => typeof status === 'string'), JSON.stringify(bad));
      assert.equal(memory.gatewayExpanded('https://a/'), undefined, JSON.stringify(bad));
    }
  });

  it('keeps at most MAX_REMEMBERED_STATUSES per gateway, the latest', () => {
    const memory = new ExpansionMemory(memoryStore());
    for (let i = 0; i < MAX_REMEMBERED_STATUSES + 5; i += 1) {
      memory.setStatus('https://a/', `s${i}`, true);
    }
    const statuses = memory.statuses('https://a/');
    assert.equal(statuses.length, MAX_REMEMBERED_STATUSES);
    assert.equal(statuses[statuses.length - 1], `s${MAX_REMEMBERED_STATUSES + 4}`);
  });

  it('a failed write is swallowed', async () => {
    const memory = new ExpansionMemory({ get: () => undefined, update: () => Promise.reject(new Error('disk full')) });
    memory.setStatus('https://a/', 'draft', true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(memory.statuses('https://a/'), ['draft']);
  });
});
