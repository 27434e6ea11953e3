import { strict as assert } from 'node:assert';
import type { CheckedPageGroup } from '../../../../../src/api/model';
import { PageGroupChanges, type ChainState } from '../../../../../src/features/pageGroups/model/pageGroupChanges';

const pg = (pageGroupId: string, title = 'T'): CheckedPageGroup => ({ raw: { pageGroupId, title }, value: { pageGroupId, title }, problems: [] });
const state = (epoch: number, version: number, hasMore = false): ChainState => ({ epoch, version, hasMore });
/** The marks of `items` (the group shown now) as `id:kind`, in list order. */
function marked(changes: PageGroupChanges, chain: ChainState, items: readonly CheckedPageGroup[]): string[] {
  const found = changes.changes('draft', chain, () => items);
  return items.flatMap((item) => {
    const mark = found.markOf(item);
    return mark ? [`${item.value.pageGroupId}:${mark.kind}`] : [];
  });
}

describe('page group changes across a refresh', () => {
  it('nothing is marked before a group was refreshed, or when it showed nothing', () => {
    const changes = new PageGroupChanges();
    assert.equal(marked(changes, state(0, 1), [pg('a')]).length, 0);
    changes.capture('draft', [], 0, true);
    assert.equal(marked(changes, state(1, 2), [pg('a')]).length, 0);
  });

  it('while the old rows are still shown (same epoch) nothing new is marked; once the new pages replace them, the marks follow', () => {
    const changes = new PageGroupChanges();
    const old = [pg('a'), pg('b'), pg('c')];
    changes.capture('draft', old, 4, true);
    assert.equal(marked(changes, state(4, 10), old).length, 0, 'refreshing: the first new page has not landed');
    const fresh = [pg('a', 'Renamed'), pg('c'), pg('d')];
    const landed = changes.changes('draft', state(5, 11), () => fresh);
    assert.deepEqual(marked(changes, state(5, 11), fresh), ['a:changed', 'd:new']);
    assert.deepEqual(landed.removed.map((item) => item.value.pageGroupId), ['b']);
  });

  it('a refresh that fails (the epoch never moves) keeps the marks of the refresh before', () => {
    const changes = new PageGroupChanges();
    changes.capture('draft', [pg('a')], 1, true);
    const shown = [pg('a'), pg('n')];
    assert.deepEqual(marked(changes, state(2, 5), shown), ['n:new']);
    changes.capture('draft', shown, 2, true);
    assert.deepEqual(marked(changes, state(2, 6), shown), ['n:new'], 'still the old marks');
  });

  it('computes once per chain version, and only when asked', () => {
    const changes = new PageGroupChanges();
    changes.capture('draft', [pg('a')], 0, true);
    let calls = 0;
    const items = (): CheckedPageGroup[] => {
      calls += 1;
      return [pg('a'), pg('b')];
    };
    changes.changes('draft', state(1, 3), items);
    changes.changes('draft', state(1, 3), items);
    assert.equal(calls, 1);
    changes.changes('draft', state(1, 4), items);
    assert.equal(calls, 2);
  });

  it('a page further down is not judged until the chain gets there; the end of the chain settles it', () => {
    const changes = new PageGroupChanges();
    changes.capture('draft', [pg('a'), pg('b'), pg('c')], 0, true);
    assert.deepEqual(changes.changes('draft', state(1, 1, true), () => [pg('a')]).removed, []);
    assert.deepEqual(changes.changes('draft', state(1, 2, false), () => [pg('a')]).removed.map((i) => i.value.pageGroupId), ['b', 'c']);
  });

  it('a group refreshed while it showed only its first page: what lies beyond that page is not new, what comes before it is', () => {
    const changes = new PageGroupChanges();
    changes.capture('draft', [pg('a'), pg('b')], 0, false);
    const all = [pg('n'), pg('a'), pg('b'), pg('c'), pg('d')];
    assert.deepEqual(marked(changes, state(1, 1, false), all), ['n:new'], 'c and d were never loaded before');
    // The same group shown whole before the refresh: everything it lacked is new.
    changes.capture('draft', [pg('a'), pg('b')], 1, true);
    assert.deepEqual(marked(changes, state(2, 2, false), all), ['n:new', 'c:new', 'd:new']);
  });

  it('reset (a new key) forgets every group', () => {
    const changes = new PageGroupChanges();
    changes.capture('draft', [pg('a')], 0, true);
    changes.reset();
    assert.equal(marked(changes, state(1, 1), [pg('b')]).length, 0);
  });
});
