import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../../src/api/model';
import { EMPTY_STATUS, NO_STATUS, PageGroupsModel, groupKeyOf, isDerivedGroup, orderStatuses } from '../../../../../src/features/pageGroups/model/pageGroupsModel';

const pg = (id: string, status?: string): CheckedPageGroup => ({
  raw: { pageGroupId: id, ...(status === undefined ? {} : { status }) },
  value: { pageGroupId: id, ...(status === undefined ? {} : { status }) },
  problems: [],
});

/** An in-memory gateway: pages of `size` by offset cursor, filtered by status. */
function fakeList(items: readonly CheckedPageGroup[], calls: PageGroupQuery[]) {
  return async (query: PageGroupQuery): Promise<PageGroupPage> => {
    calls.push(query);
    const matching = items.filter((item) => query.status === undefined || item.value.status === query.status);
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const limit = query.limit ?? 20;
    const end = start + limit;
    return {
      items: matching.slice(start, end),
      hasMore: end < matching.length,
      limit,
      ...(end < matching.length ? { nextCursor: String(end) } : {}),
    };
  };
}

describe('orderStatuses', () => {
  it('puts configured statuses first in their order, then discovered ones, without duplicates', () => {
    assert.deepEqual(orderStatuses(['b', 'z'], ['a', 'b', 'c', 'a']), ['b', 'z', 'a', 'c']);
  });

  it('property: result is configured ∪ discovered, each once, configured prefix preserved', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 })), fc.array(fc.string({ maxLength: 3 })), (configured, discovered) => {
        const result = orderStatuses(configured, discovered);
        assert.equal(new Set(result).size, result.length);
        assert.deepEqual(new Set(result), new Set([...configured, ...discovered]));
        const uniqueConfigured = [...new Set(configured)];
        assert.deepEqual(result.slice(0, uniqueConfigured.length), uniqueConfigured);
      }),
    );
  });
});

describe('PageGroupsModel', () => {
  const items = [pg('1', 'draft'), pg('2', 'live'), pg('3'), pg('4', 'draft'), pg('5', 'gone'), pg('6')];

  it('knows a group\'s size from its own complete chain or from the complete unfiltered list, and a lower bound before', async () => {
    const calls: PageGroupQuery[] = [];
    const model = new PageGroupsModel(fakeList(items, calls));
    assert.equal(model.knownCount('draft'), undefined);
    await model.chain('draft').loadMore(1);
    assert.deepEqual(model.knownCount('draft'), { count: 1, exact: false, source: 'status' });
    await model.discovery.loadMore(3);
    assert.equal(model.knownCount('gone'), undefined, 'a partial unfiltered list counts nothing');
    await model.discovery.loadMore(3);
    assert.equal(model.discoveryComplete, true);
    assert.deepEqual(model.knownCount('gone'), { count: 1, exact: true, source: 'unfiltered' });
    assert.deepEqual(model.knownCount('draft'), { count: 2, exact: true, source: 'unfiltered' });
    assert.deepEqual(model.knownCount('never'), { count: 0, exact: true, source: 'unfiltered' });
    assert.deepEqual(model.knownCount(NO_STATUS), { count: 2, exact: true, source: 'unfiltered' });
    await model.chain('draft').loadMore(5);
    assert.deepEqual(model.knownCount('draft'), { count: 2, exact: true, source: 'status' });
    const before = calls.length;
    model.knownCount('other');
    assert.equal(calls.length, before, 'asking sends no request');
  });

  it('discovers statuses from the unfiltered chain in order of first appearance, page by page', async () => {
    const calls: PageGroupQuery[] = [];
    const model = new PageGroupsModel(fakeList(items, calls));
    await model.discovery.loadMore(3);
    assert.deepEqual(model.discovered, ['draft', 'live']);
    assert.equal(model.hasUnstatused, true);
    await model.discovery.loadMore(3);
    assert.deepEqual(model.discovered, ['draft', 'live', 'gone']);
    assert.deepEqual(calls, [{ limit: 3 }, { cursor: '3', limit: 3 }]);
  });

  it('gives each status its own filtered chain and "(no status)" the unfiltered items without status', async () => {
    const calls: PageGroupQuery[] = [];
    const model = new PageGroupsModel(fakeList(items, calls));
    await model.chain('draft').loadMore(20);
    assert.deepEqual(model.itemsOf('draft').map((i) => i.value.pageGroupId), ['1', '4']);
    assert.deepEqual(calls, [{ limit: 20, status: 'draft' }]);
    await model.discovery.loadMore(20);
    assert.deepEqual(model.itemsOf(NO_STATUS).map((i) => i.value.pageGroupId), ['3', '6']);
    assert.equal(model.chain(NO_STATUS), model.discovery);
  });

  it('keeps pages with their repeating values shared: the empty arrays of two page groups are one frozen array, in every chain', async () => {
    const shaped = (id: string, status: string): CheckedPageGroup => {
      const raw = { pageGroupId: id, status, tenantId: 'tnt_initech_west', actions: [], scripts: [{ src: 'https://cdn.example.com/js/analytics.js' }] };
      return { raw, value: raw, problems: [] };
    };
    const model = new PageGroupsModel(fakeList([shaped('a', 'draft'), shaped('b', 'draft')], []));
    await model.chain('draft').loadMore(20);
    await model.discovery.loadMore(20);
    for (const loaded of [model.itemsOf('draft'), model.discovery.items]) {
      const [first, second] = loaded.map((item) => item.raw as { actions: unknown; scripts: unknown });
      assert.ok(first !== undefined && second !== undefined);
      assert.equal(first.actions, second.actions);
      assert.ok(Object.isFrozen(first.actions));
      assert.deepEqual(first.scripts, [{ src: 'https://cdn.example.com/js/analytics.js' }]);
    }
  });

  it('reports which part changed', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    const changes: string[] = [];
    model.onDidChange((change) => changes.push(change.scope === 'root' ? 'root' : `group:${change.key === NO_STATUS ? 'none' : change.key}`));
    await model.chain('live').loadMore(5);
    assert.deepEqual(changes, ['group:live', 'group:live']);
    changes.length = 0;
    await model.discovery.loadMore(5);
    assert.ok(changes.includes('root') && changes.includes('group:none'));
  });

  it('tells exactly what changed: a status group by its key; the unfiltered list changes the root and both derived groups', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    const changes: unknown[] = [];
    model.onDidChange((change) => changes.push(change));
    await model.chain('live').loadMore(5);
    assert.deepEqual(changes, [
      { scope: 'group', key: 'live' },
      { scope: 'group', key: 'live' },
    ]);
    changes.length = 0;
    model.discovery.reset();
    assert.deepEqual(changes, [{ scope: 'root' }, { scope: 'group', key: NO_STATUS }, { scope: 'group', key: EMPTY_STATUS }]);
  });

  it('allLoaded lists each loaded page group once across chains', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    await model.chain('draft').loadMore(20);
    await model.discovery.loadMore(20);
    assert.deepEqual(model.allLoaded().map((i) => i.value.pageGroupId).sort(), ['1', '2', '3', '4', '5', '6']);
  });

  it('resetAll forgets discovered statuses and every chain', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    await model.discovery.loadMore(20);
    await model.chain('draft').loadMore(20);
    model.resetAll();
    assert.deepEqual(model.discovered, []);
    assert.equal(model.chain('draft').started, false);
    assert.equal(model.discovery.started, false);
  });

  it('find: any loaded page group by id, from any chain, loaded before or after the last find; nothing from a chain reset since', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    assert.equal(model.find('1'), undefined);
    await model.chain('draft').loadMore(1);
    assert.equal(model.find('1')?.value.pageGroupId, '1');
    assert.equal(model.find('4'), undefined, 'not loaded yet');
    await model.chain('draft').loadMore(1);
    await model.discovery.loadMore(20);
    assert.equal(model.find('4')?.value.status, 'draft', 'loaded after the last find');
    assert.equal(model.find('6')?.value.pageGroupId, '6', 'from the unfiltered chain');
    model.chain('draft').reset();
    await model.discovery.loadMore(20);
    model.resetGroup(NO_STATUS);
    assert.equal(model.find('6'), undefined, 'its chain was reset');
    assert.equal(model.find('4'), undefined);
    await model.chain('live').loadMore(20);
    assert.equal(model.find('2')?.value.status, 'live');
  });

  it('find returns a loaded page group by id from any chain, or undefined', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    assert.equal(model.find('1'), undefined);
    await model.chain('draft').loadMore(20);
    assert.equal(model.find('4')?.value.status, 'draft');
    assert.equal(model.find('3'), undefined, 'not loaded yet');
    await model.discovery.loadMore(20);
    assert.equal(model.find('3')?.value.pageGroupId, '3');
    assert.equal(model.find('nope'), undefined);
  });

  it('reset() (a new key) starts over everywhere; resetGroup resets one chain', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    await model.discovery.loadMore(20);
    await model.chain('draft').loadMore(20);
    await model.chain('live').loadMore(20);
    model.resetGroup('draft');
    assert.equal(model.chain('draft').started, false);
    assert.equal(model.chain('live').started, true);
    model.reset();
    assert.deepEqual(model.discovered, []);
    assert.equal(model.chain('live').started, false);
    assert.equal(model.discovery.started, false);
  });

  it('discovers statuses again after the unfiltered chain alone was reset and the data changed', async () => {
    const data = [pg('1', 'draft'), pg('2', 'live'), pg('3', 'draft'), pg('4', 'live')];
    const model = new PageGroupsModel(fakeList(data, []));
    await model.discovery.loadMore(4);
    assert.deepEqual(model.discovered, ['draft', 'live']);
    model.resetGroup(NO_STATUS);
    assert.deepEqual(model.discovered, [], 'a refreshed list forgets the statuses it no longer shows');
    data.splice(0, data.length, pg('9', 'archived'));
    await model.discovery.loadMore(4);
    assert.deepEqual(model.discovered, ['archived']);
  });

  it('the empty status "" is a group of its own, fed by the unfiltered list: never asked for, never a discovered status', async () => {
    const calls: PageGroupQuery[] = [];
    const model = new PageGroupsModel(fakeList([pg('1', ''), pg('2', 'draft'), pg('3'), pg('4', '')], calls));
    assert.equal(model.hasEmptyStatus, false);
    assert.equal(model.hasUnstatused, false);
    await model.discovery.loadMore(20);
    assert.equal(model.hasEmptyStatus, true);
    assert.deepEqual(model.discovered, ['draft']);
    assert.deepEqual(model.itemsOf(EMPTY_STATUS).map((i) => i.value.pageGroupId), ['1', '4']);
    assert.deepEqual(model.itemsOf(NO_STATUS).map((i) => i.value.pageGroupId), ['3']);
    assert.equal(model.chain(EMPTY_STATUS), model.discovery);
    assert.deepEqual(calls, [{ limit: 20 }]);
    assert.ok(isDerivedGroup(EMPTY_STATUS) && isDerivedGroup(NO_STATUS) && !isDerivedGroup('draft'));
    assert.equal(groupKeyOf(pg('3')), NO_STATUS);
    assert.equal(groupKeyOf(pg('1', '')), EMPTY_STATUS);
  });

  it('a status page group in the unfiltered list is not in the derived groups; they empty when the list starts over', async () => {
    const data = [pg('1'), pg('2', ''), pg('3', 'live')];
    const model = new PageGroupsModel(fakeList(data, []));
    await model.discovery.loadMore(20);
    assert.equal(model.itemsOf(NO_STATUS).length, 1);
    model.discovery.reset();
    assert.deepEqual(model.itemsOf(NO_STATUS), []);
    assert.deepEqual(model.itemsOf(EMPTY_STATUS), []);
    data.splice(0, data.length, pg('7'), pg('8'));
    await model.discovery.loadMore(20);
    assert.deepEqual(model.itemsOf(NO_STATUS).map((i) => i.value.pageGroupId), ['7', '8']);
    assert.equal(model.hasEmptyStatus, false);
  });

  it('allLoaded: the status chains\' page groups in their order, then the others of the unfiltered list; page groups without id all kept', async () => {
    const noId = (status?: string): CheckedPageGroup => ({ raw: { status }, value: status === undefined ? {} : { status }, problems: [] });
    const data = [pg('1', 'draft'), pg('2', 'live'), noId('live'), pg('3'), pg('4', 'draft'), noId()];
    const model = new PageGroupsModel(fakeList(data, []));
    await model.discovery.loadMore(20);
    model.chain('archived');
    assert.deepEqual(model.allLoaded().map((i) => i.value.pageGroupId), ['1', '2', undefined, '3', '4', undefined], 'the unfiltered list alone, in its order');
    await model.chain('live').loadMore(20);
    assert.deepEqual(model.allLoaded().map((i) => i.value.pageGroupId), ['2', undefined, '1', undefined, '3', '4', undefined], 'a status chain with nothing loaded adds nothing');
    await model.chain('draft').loadMore(20);
    assert.deepEqual(model.allLoaded().map((i) => i.value.pageGroupId), ['2', undefined, '1', '4', undefined, '3', undefined]);
    assert.equal(model.loadedCount(), 10, 'a page group held by two chains counts twice');
  });

  it('refresh: the root refreshes the unfiltered list and the groups that keep their rows, the others start over; a group refreshes alone', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    await model.discovery.loadMore(20);
    await model.chain('draft').loadMore(20);
    await model.chain('live').loadMore(20);
    model.refresh(undefined, (key) => key === 'draft');
    assert.equal(model.discovery.refreshing, true);
    assert.equal(model.chain('draft').refreshing, true);
    assert.equal(model.chain('draft').items.length, 2, 'rows stay until the first new page');
    assert.equal(model.chain('live').refreshing, false);
    assert.equal(model.chain('live').items.length, 0, 'started over');
    await model.discovery.loadMore(20);
    assert.deepEqual(model.discovered, ['draft', 'live', 'gone']);

    const again = new PageGroupsModel(fakeList(items, []));
    await again.discovery.loadMore(20);
    await again.chain('live').loadMore(20);
    again.refresh();
    assert.equal(again.chain('live').refreshing, true, 'every group keeps its rows by default');
    const once = new PageGroupsModel(fakeList(items, []));
    await once.discovery.loadMore(20);
    await once.chain('live').loadMore(20);
    once.refresh('live');
    assert.equal(once.chain('live').refreshing, true);
    assert.equal(once.discovery.refreshing, false);
  });

  it('capReached: undefined below the limit, the limit once the chains together hold it', async () => {
    let limit = 5;
    const model = new PageGroupsModel(fakeList(items, []), () => limit);
    assert.equal(model.capReached(), undefined);
    await model.discovery.loadMore(4);
    assert.equal(model.capReached(), undefined);
    await model.chain('draft').loadMore(1);
    assert.equal(model.capReached(), 5, 'exactly at the limit');
    limit = 6;
    assert.equal(model.capReached(), undefined);
  });

  it('a listener that stopped listening, or a disposed model, hears nothing more', async () => {
    const model = new PageGroupsModel(fakeList(items, []));
    let heard = 0;
    const subscription = model.onDidChange(() => (heard += 1));
    await model.chain('live').loadMore(5);
    const before = heard;
    assert.ok(before > 0);
    subscription.dispose();
    await model.chain('draft').loadMore(5);
    assert.equal(heard, before);
    let afterDispose = 0;
    model.onDidChange(() => (afterDispose += 1));
    model.dispose();
    await model.discovery.loadMore(5);
    assert.equal(afterDispose, 0);
  });
});
