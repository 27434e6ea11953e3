import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { BaselineComparison, canonical, changedFields, compareWithBaseline, takeBaseline, type ChangeMark, type ItemChanges } from '../../../src/model/itemChanges';

interface Item {
  readonly raw: Record<string, unknown>;
}
const item = (id: string | undefined, fields: Record<string, unknown> = {}): Item => ({ raw: { ...(id === undefined ? {} : { id }), ...fields } });
const keyOf = (i: Item): string | undefined => (typeof i.raw.id === 'string' ? i.raw.id : undefined);
const rawOf = (i: Item): unknown => i.raw;
const ids = (items: readonly Item[]): unknown[] => items.map((i) => i.raw.id);
/** The marks `changes` gives `items`, in list order (unmarked ones left out). */
const marksIn = (changes: ItemChanges<Item>, items: readonly Item[]): ChangeMark[] => items.flatMap((i) => changes.markOf(i) ?? []);

describe('item changes since the last refresh', () => {
  it('new, changed (with the fields, old and new) and removed in a complete list', () => {
    const a = item('a', { url: 'https://x/1', active: true });
    const b = item('b', { events: ['form.submitted'] });
    const c = item('c');
    const baseline = takeBaseline([a, b, c], keyOf);
    const a2 = item('a', { url: 'https://x/2', active: true });
    const b2 = item('b', { events: ['form.submitted'] });
    const d = item('d');
    const changes = compareWithBaseline(baseline, [a2, b2, d], keyOf, rawOf, true);
    assert.deepEqual(changes.markOf(a2), { kind: 'changed', fields: [{ field: 'url', before: 'https://x/1', after: 'https://x/2', hadBefore: true, hasAfter: true }] });
    assert.equal(changes.markOf(b2), undefined, 'equal content is unchanged');
    assert.deepEqual(changes.markOf(d), { kind: 'new' });
    assert.deepEqual(ids(changes.removed), ['c']);
  });

  it('fields added and removed are listed as absent on one side; key order does not count as a change', () => {
    assert.deepEqual(changedFields({ a: 1, b: { x: 1, y: 2 } }, { b: { y: 2, x: 1 }, a: 1 }), []);
    assert.deepEqual(changedFields({ a: 1, gone: true }, { a: 1, added: null }), [
      { field: 'gone', before: true, after: undefined, hadBefore: true, hasAfter: false },
      { field: 'added', before: undefined, after: null, hadBefore: false, hasAfter: true },
    ]);
    assert.deepEqual(changedFields([1], [2]), [{ field: '(value)', before: [1], after: [2], hadBefore: true, hasAfter: true }]);
    assert.equal(canonical({ b: 1, a: [{ d: 1, c: 2 }] }), '{"a":[{"c":2,"d":1}],"b":1}');
  });

  it('paged: an absent item is removed only once an item after it is back, or the list is complete', () => {
    const old = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => item(id));
    const baseline = takeBaseline(old, keyOf);
    // p2 was deleted; the first page of the new chain holds p1, p3, p4 (p5 and p6 are on the next page).
    const page1 = [item('p1'), item('p3'), item('p4')];
    let changes = compareWithBaseline(baseline, page1, keyOf, rawOf, false);
    assert.deepEqual(ids(changes.removed), ['p2']);
    assert.deepEqual(marksIn(changes, page1), []);
    // An insertion at the top pushes p4 to the next page: not yet known to be gone.
    const inserted = [item('p0'), item('p1'), item('p3')];
    changes = compareWithBaseline(baseline, inserted, keyOf, rawOf, false);
    assert.deepEqual(ids(changes.removed), ['p2']);
    assert.deepEqual(marksIn(changes, inserted), [{ kind: 'new' }]);
    // The whole list: everything absent is gone.
    changes = compareWithBaseline(baseline, [item('p1'), item('p3')], keyOf, rawOf, true);
    assert.deepEqual(ids(changes.removed), ['p2', 'p4', 'p5', 'p6']);
  });

  it('paged: an item the old pages lacked is new only before the last old item that is back, or when the old list was whole', () => {
    const baseline = takeBaseline(['p1', 'p2', 'p3'].map((id) => item(id)), keyOf, false);
    const current = ['p0', 'p1', 'p3', 'p4', 'p5'].map((id) => item(id));
    let changes = compareWithBaseline(baseline, current, keyOf, rawOf, true);
    assert.deepEqual(
      current.filter((i) => changes.markOf(i) !== undefined).map((i) => i.raw.id),
      ['p0'],
      'p4 and p5 come after everything the old pages had: not known to be new',
    );
    assert.deepEqual(ids(changes.removed), ['p2']);
    // None of the old items back yet: nothing is known to be new.
    const unknown = [item('x'), item('y')];
    changes = compareWithBaseline(baseline, unknown, keyOf, rawOf, false);
    assert.deepEqual(marksIn(changes, unknown), []);
    // The old list was whole: everything it lacked is new.
    const grown = [item('p1'), item('p9')];
    changes = compareWithBaseline(takeBaseline(['p1'].map((id) => item(id)), keyOf, true), grown, keyOf, rawOf, false);
    assert.deepEqual(marksIn(changes, grown), [{ kind: 'new' }]);
  });

  it('paged: a first page that holds none of the old items marks nothing removed until the list is complete', () => {
    const baseline = takeBaseline(['p1', 'p2', 'p3'].map((id) => item(id)), keyOf);
    const page1 = [item('n1'), item('n2')];
    assert.deepEqual(ids(compareWithBaseline(baseline, page1, keyOf, rawOf, false).removed), []);
    assert.deepEqual(ids(compareWithBaseline(baseline, page1, keyOf, rawOf, true).removed), ['p1', 'p2', 'p3']);
  });

  it('items that are not objects: equal ones are unchanged; a change is one change of the whole value, never field by field', () => {
    assert.deepEqual(changedFields('abc', 'abc'), []);
    assert.deepEqual(changedFields([1, 2], [1, 2]), []);
    assert.deepEqual(changedFields(null, null), []);
    assert.deepEqual(changedFields('ab', 'ac'), [{ field: '(value)', before: 'ab', after: 'ac', hadBefore: true, hasAfter: true }]);
    assert.deepEqual(changedFields({ a: 1 }, [1]), [{ field: '(value)', before: { a: 1 }, after: [1], hadBefore: true, hasAfter: true }]);
    assert.deepEqual(changedFields(null, { a: 1 }), [{ field: '(value)', before: null, after: { a: 1 }, hadBefore: true, hasAfter: true }]);
    assert.deepEqual(changedFields({ a: 1 }, 'a'), [{ field: '(value)', before: { a: 1 }, after: 'a', hadBefore: true, hasAfter: true }]);
  });

  it('items without a key are never marked; repeated keys in the baseline count once', () => {
    const baseline = takeBaseline([item(undefined), item('a'), item('a', { v: 2 })], keyOf);
    assert.equal(baseline.items.length, 1);
    const noKey = item(undefined);
    const changes = compareWithBaseline(baseline, [noKey], keyOf, rawOf, true);
    assert.equal(changes.markOf(noKey), undefined);
    assert.deepEqual(ids(changes.removed), ['a']);
  });

  it('the baseline is a copy: the list it came from may grow', () => {
    const list = [item('a')];
    const baseline = takeBaseline(list, keyOf);
    list.push(item('b'));
    assert.equal(baseline.items.length, 1);
  });
});

/** The comparison as the module's header states it, made from scratch: what every sequence of updates must give. */
function expected(baselineIds: readonly string[], baselineComplete: boolean, current: readonly Item[], complete: boolean): { marks: (string | undefined)[]; removed: unknown[] } {
  const position = new Map<string, number>();
  baselineIds.forEach((id, index) => {
    if (!position.has(id)) {
      position.set(id, index);
    }
  });
  const lastOldIndex = current.reduce((last, i, index) => (position.has(keyOf(i) ?? '\0') ? index : last), -1);
  const present = new Set(current.map(keyOf));
  const lastBack = Math.max(-1, ...current.map((i) => position.get(keyOf(i) ?? '\0') ?? -1));
  const marks = current.map((i, index) => {
    const key = keyOf(i);
    if (key === undefined) {
      return undefined;
    }
    if (!position.has(key)) {
      return baselineComplete || index < lastOldIndex ? 'new' : undefined;
    }
    return i.raw.v === 0 ? undefined : 'changed';
  });
  const removed = [...position.keys()].filter((id) => (complete || (position.get(id) as number) < lastBack) && !present.has(id));
  return { marks, removed };
}

describe('item changes: a comparison that goes on as the list grows', () => {
  it('updated page by page (or with a list that changed under it), it gives what one comparison of the whole gives (property)', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    fc.assert(
      fc.property(
        fc.array(id, { maxLength: 8 }),
        fc.boolean(),
        fc.array(fc.record({ id: fc.option(id, { nil: undefined }), v: fc.constantFrom(0, 1) }), { maxLength: 12 }),
        fc.array(fc.nat(12), { maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (baselineIds, baselineComplete, specs, cuts, complete, replaceOne) => {
          const baseline = takeBaseline(
            baselineIds.map((x) => item(x, { v: 0 })),
            keyOf,
            baselineComplete,
          );
          const current = specs.map((spec) => item(spec.id, { v: spec.v }));
          const comparison = new BaselineComparison(baseline, keyOf, rawOf);
          for (const cut of [...cuts].sort((x, y) => x - y)) {
            comparison.update(current.slice(0, cut), false);
          }
          if (replaceOne && current.length > 0) {
            // A list that is not the last one grown: the comparison starts over.
            comparison.update([item('zz'), ...current.slice(1)], false);
          }
          const changes = comparison.update(current, complete);
          const want = expected(baselineIds, baselineComplete, current, complete);
          assert.deepEqual(
            current.map((i) => changes.markOf(i)?.kind),
            want.marks,
          );
          assert.deepEqual(ids(changes.removed), want.removed);
        },
      ),
    );
  });

  it('an update looks at keys only: an item is compared field by field when its mark is asked for, once', () => {
    let reads = 0;
    const counted = (i: Item): unknown => {
      reads += 1;
      return i.raw;
    };
    const baseline = takeBaseline(['a', 'b', 'c'].map((x) => item(x, { v: 0 })), keyOf);
    const comparison = new BaselineComparison(baseline, keyOf, counted);
    const page1 = [item('a', { v: 1 }), item('b', { v: 0 })];
    comparison.update(page1, false);
    const all = [...page1, item('c', { v: 2 }), item('n')];
    const changes = comparison.update(all, true);
    assert.equal(reads, 0, 'no item compared field by field while the list grew');
    assert.deepEqual(changes.markOf(all[2] as Item), { kind: 'changed', fields: [{ field: 'v', before: 0, after: 2, hadBefore: true, hasAfter: true }] });
    assert.equal(reads, 2, 'the old and the new value of the one asked for');
    changes.markOf(all[2] as Item);
    assert.equal(changes.markOf(all[1] as Item), undefined);
    assert.equal(reads, 4, 'an answer is kept');
  });
});
