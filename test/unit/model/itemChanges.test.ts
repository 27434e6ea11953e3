import { strict as assert } from 'node:assert';
import { canonical, changedFields, compareWithBaseline, takeBaseline } from '../../../src/model/itemChanges';

interface Item {
  readonly raw: Record<string, unknown>;
}
const item = (id: string | undefined, fields: Record<string, unknown> = {}): Item => ({ raw: { ...(id === undefined ? {} : { id }), ...fields } });
const keyOf = (i: Item): string | undefined => (typeof i.raw.id === 'string' ? i.raw.id : undefined);
const rawOf = (i: Item): unknown => i.raw;
const ids = (items: readonly Item[]): unknown[] => items.map((i) => i.raw.id);

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
    assert.deepEqual(changes.marks.get(a2), { kind: 'changed', fields: [{ field: 'url', before: 'https://x/1', after: 'https://x/2', hadBefore: true, hasAfter: true }] });
    assert.equal(changes.marks.has(b2), false, 'equal content is unchanged');
    assert.deepEqual(changes.marks.get(d), { kind: 'new' });
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
    assert.equal(changes.marks.size, 0);
    // An insertion at the top pushes p4 to the next page: not yet known to be gone.
    changes = compareWithBaseline(baseline, [item('p0'), item('p1'), item('p3')], keyOf, rawOf, false);
    assert.deepEqual(ids(changes.removed), ['p2']);
    assert.deepEqual([...changes.marks.values()], [{ kind: 'new' }]);
    // The whole list: everything absent is gone.
    changes = compareWithBaseline(baseline, [item('p1'), item('p3')], keyOf, rawOf, true);
    assert.deepEqual(ids(changes.removed), ['p2', 'p4', 'p5', 'p6']);
  });

  it('paged: an item the old pages lacked is new only before the last old item that is back, or when the old list was whole', () => {
    const baseline = takeBaseline(['p1', 'p2', 'p3'].map((id) => item(id)), keyOf, false);
    const current = ['p0', 'p1', 'p3', 'p4', 'p5'].map((id) => item(id));
    let changes = compareWithBaseline(baseline, current, keyOf, rawOf, true);
    assert.deepEqual(
      current.filter((i) => changes.marks.has(i)).map((i) => i.raw.id),
      ['p0'],
      'p4 and p5 come after everything the old pages had: not known to be new',
    );
    assert.deepEqual(ids(changes.removed), ['p2']);
    // None of the old items back yet: nothing is known to be new.
    changes = compareWithBaseline(baseline, [item('x'), item('y')], keyOf, rawOf, false);
    assert.equal(changes.marks.size, 0);
    // The old list was whole: everything it lacked is new.
    changes = compareWithBaseline(takeBaseline(['p1'].map((id) => item(id)), keyOf, true), [item('p1'), item('p9')], keyOf, rawOf, false);
    assert.deepEqual([...changes.marks.values()], [{ kind: 'new' }]);
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
    assert.equal(changes.marks.has(noKey), false);
    assert.deepEqual(ids(changes.removed), ['a']);
  });

  it('the baseline is a copy: the list it came from may grow', () => {
    const list = [item('a')];
    const baseline = takeBaseline(list, keyOf);
    list.push(item('b'));
    assert.equal(baseline.items.length, 1);
  });
});
