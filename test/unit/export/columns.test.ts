// The CSV columns: the contract's fields in its order, then other keys as first seen.
import { strict as assert } from 'node:assert';
import { chooseColumns } from '../../../src/export/columns';

describe('CSV columns', () => {
  const fields = ['id', 'url', 'events'];

  it('start with every contract field in the contract order, present in the items or not', () => {
    assert.deepEqual(chooseColumns(fields, [{ url: 'u', id: 'i' }]), ['id', 'url', 'events']);
    assert.deepEqual(chooseColumns(fields, []), ['id', 'url', 'events']);
  });

  it('add the other keys in the order first seen, each once', () => {
    const items = [{ id: '1', zeta: 1, alpha: 2 }, { beta: 3, zeta: 4, id: '2' }, { alpha: 5, gamma: 6 }];
    assert.deepEqual(chooseColumns(fields, items), ['id', 'url', 'events', 'zeta', 'alpha', 'beta', 'gamma']);
  });

  it('take keys from objects only (an item that is an array, a string or null adds none)', () => {
    assert.deepEqual(chooseColumns(fields, [['x'], 'text', null, 7, { extra: true }]), ['id', 'url', 'events', 'extra']);
  });

  it('keep a "__proto__" key the server sent as a column', () => {
    assert.deepEqual(chooseColumns(['id'], [JSON.parse('{"__proto__": 1, "id": "x"}') as unknown]), ['id', '__proto__']);
  });

  it('read the items once, in one pass (an iterable that is not an array works)', () => {
    function* items(): Iterable<unknown> {
      yield { a: 1 };
      yield { b: 2 };
    }
    assert.deepEqual(chooseColumns([], items()), ['a', 'b']);
  });
});
