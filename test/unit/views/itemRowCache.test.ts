import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ItemRowCache, type ItemRowInput } from '../../../src/views/itemRowCache';

interface Item {
  readonly id: number;
  readonly deleted: boolean;
}
interface RowOf {
  readonly item: Item;
  readonly index: number;
  readonly removed: boolean;
}

/** A list as a chain holds it: items that grow at their end within an epoch. */
class List {
  public items: Item[] = [];
  public version = 0;
  public epoch = 0;
  public removed: readonly Item[] = [];
  private next = 0;

  public append(count: number, deleted: (n: number) => boolean): void {
    for (let i = 0; i < count; i++) {
      this.items.push({ id: this.next, deleted: deleted(this.next) });
      this.next += 1;
    }
    this.version += 1;
  }

  public replace(count: number, deleted: (n: number) => boolean): void {
    this.items = [];
    this.epoch += 1;
    this.append(count, deleted);
  }
}

function input(list: List, showDeleted: boolean): ItemRowInput<Item, RowOf> {
  return {
    version: list.version,
    epoch: list.epoch,
    filter: String(showDeleted),
    items: list.items,
    removed: list.removed,
    hides: (item) => !showDeleted && item.deleted,
    row: (item, index, removed) => ({ item, index, removed }),
    fits: (row, item, _index, removed) => row.item === item && row.removed === removed,
  };
}

/** The rows a fresh cache builds: what every cached answer must equal. */
function fresh(list: List, showDeleted: boolean): { items: Item[]; hidden: number } {
  const rows = new ItemRowCache<Item, RowOf>().rows(input(list, showDeleted));
  return { items: rows.nodes.map((row) => row.item), hidden: rows.hidden };
}

describe('ItemRowCache: the rows of a list, kept and extended', () => {
  it('a list that only grows gets one row per item in all (a Load All of 1,000 pages: 100,000 rows, not 50 million)', () => {
    const list = new List();
    const cache = new ItemRowCache<Item, RowOf>();
    for (let page = 0; page < 1000; page++) {
      list.append(100, () => false);
      assert.equal(cache.rows(input(list, true)).nodes.length, (page + 1) * 100);
    }
    assert.equal(cache.itemsVisited, 100_000);
  });

  it('keeps a row\'s identity while its item stays at its place, and asks nothing when nothing changed', () => {
    const list = new List();
    const cache = new ItemRowCache<Item, RowOf>();
    list.append(3, () => false);
    const first = cache.rows(input(list, true));
    assert.equal(cache.rows(input(list, true)), first, 'the same answer for the same version');
    list.append(2, () => false);
    const second = cache.rows(input(list, true));
    assert.equal(second.nodes[0], first.nodes[0]);
    assert.equal(cache.itemsVisited, 5);
  });

  it('says the epoch and the shown count of the rows it made last (none before the first)', () => {
    const list = new List();
    const cache = new ItemRowCache<Item, RowOf>();
    assert.equal(cache.last, undefined);
    list.append(10, (n) => n % 5 === 0);
    cache.rows(input(list, false));
    assert.deepEqual(cache.last, { epoch: 0, shown: 8 });
    list.replace(4, () => false);
    cache.rows(input(list, false));
    assert.deepEqual(cache.last, { epoch: 1, shown: 4 });
  });

  it('a replaced list (a refresh) builds its rows again; the rows of unchanged items at their places are reused', () => {
    const list = new List();
    const cache = new ItemRowCache<Item, RowOf>();
    list.append(3, () => false);
    const before = cache.rows(input(list, true)).nodes;
    const kept = list.items[0] as Item;
    list.items = [kept, { id: 99, deleted: false }];
    list.epoch += 1;
    list.version += 1;
    const after = cache.rows(input(list, true)).nodes;
    assert.equal(after[0], before[0]);
    assert.deepEqual(after.map((row) => row.item.id), [0, 99]);
  });

  it('removed items come after the list\'s own, marked removed, and are not counted as hidden', () => {
    const list = new List();
    list.append(2, () => false);
    list.removed = [{ id: 50, deleted: true }];
    const rows = new ItemRowCache<Item, RowOf>().rows(input(list, true));
    assert.deepEqual(rows.nodes.map((row) => [row.item.id, row.removed]), [[0, false], [1, false], [50, true]]);
    const hiding = new ItemRowCache<Item, RowOf>().rows(input(list, false));
    assert.equal(hiding.hidden, 0);
    assert.deepEqual(hiding.nodes.map((row) => row.item.id), [0, 1]);
  });

  it('whatever the steps (pages appended, a refresh, deleted shown or hidden), the rows equal a fresh build', () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant('append' as const), count: fc.integer({ min: 0, max: 7 }), every: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant('replace' as const), count: fc.integer({ min: 0, max: 7 }), every: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant('toggle' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const list = new List();
        const cache = new ItemRowCache<Item, RowOf>();
        let showDeleted = true;
        for (const s of steps) {
          if (s.op === 'toggle') {
            showDeleted = !showDeleted;
          } else if (s.op === 'append') {
            list.append(s.count, (n) => n % s.every === 0);
          } else {
            list.replace(s.count, (n) => n % s.every === 0);
          }
          const rows = cache.rows(input(list, showDeleted));
          assert.deepEqual({ items: rows.nodes.map((row) => row.item), hidden: rows.hidden }, fresh(list, showDeleted));
        }
      }),
    );
  });
});
