import { strict as assert } from 'node:assert';
import type { CheckedPageGroup, PageGroup } from '../../../../../src/api/model';
import type { PageGroupsModel } from '../../../../../src/features/pageGroups/model/pageGroupsModel';
import type { HostMessage } from '../../../../../src/features/pageGroups/table/model/tableProtocol';
import { DEFAULT_STATE } from '../../../../../src/features/pageGroups/table/model/tableState';
import { TableFeed } from '../../../../../src/features/pageGroups/table/tableFeed';

function groups(count: number): CheckedPageGroup[] {
  return Array.from({ length: count }, (_, i) => {
    const value: PageGroup = { pageGroupId: `pg_${i}`, title: `Group ${i}`, status: i % 3 === 0 ? 'draft' : 'published' };
    return { raw: value, value, problems: [] };
  });
}

/** A feed over `items` (the whole gateway loaded) with a webview that keeps what it is sent. */
function feedOver(items: readonly CheckedPageGroup[]): { feed: TableFeed; posted: HostMessage[] } {
  const posted: HostMessage[] = [];
  const webview = { postMessage: (message: HostMessage): Thenable<boolean> => (posted.push(message), Promise.resolve(true)) };
  const model = { allLoaded: () => [...items], discoveryComplete: true, discovery: { error: undefined } };
  const feed = new TableFeed(webview as unknown as ConstructorParameters<typeof TableFeed>[0], 'local', 'http://127.0.0.1:1/#2', model as unknown as PageGroupsModel, () => DEFAULT_STATE, () => false, { askedAt: 1, pageSetAt: 2 });
  return { feed, posted };
}

const views = (posted: readonly HostMessage[]): Array<Extract<HostMessage, { type: 'view' }>> => posted.flatMap((message) => (message.type === 'view' ? [message] : []));

describe('Page Groups table feed: the view a new table sends with its page, and after its webview is ready', () => {
  it('with the page: the order cut to the first screen, the count of all, no facets yet; after the ready: the whole order and the facets', () => {
    const { feed, posted } = feedOver(groups(450));
    assert.equal(feed.startEarly(), true);
    const [early] = views(posted);
    assert.ok(early);
    assert.deepEqual(Array.from(early.order), Array.from({ length: 200 }, (_, i) => i));
    assert.equal(early.shown, 450);
    assert.equal(early.counting, true);
    assert.equal(feed.shownOrder.length, 450, 'the host keeps the whole order');
    feed.start();
    const whole = views(posted).at(-1);
    assert.ok(whole && whole !== early);
    assert.equal(whole.shown, undefined);
    assert.equal(whole.counting, undefined);
    assert.equal(whole.order.length, 450);
    assert.deepEqual(whole.facets.find((facet) => facet.field === 'status')?.values, [['published', 300], ['draft', 150]]);
    feed.stop();
  });

  it('the words and state name the gateway by name and by identity (a renamed gateway is found again after a reload)', () => {
    const { feed, posted } = feedOver(groups(3));
    feed.startEarly();
    const init = posted.find((message) => message.type === 'init');
    assert.equal(init?.type === 'init' ? `${init.gateway} ${init.gatewayKey}` : undefined, 'local http://127.0.0.1:1/#2');
    // When the panel was asked for and its page set, for the benchmark's breakdown of an open.
    assert.deepEqual(init?.type === 'init' ? init.opened : undefined, { askedAt: 1, pageSetAt: 2 });
    feed.stop();
  });

  it('a first screen that holds every row shown is sent whole (no count apart)', () => {
    const { feed, posted } = feedOver(groups(120));
    feed.startEarly();
    const [early] = views(posted);
    assert.equal(early?.order.length, 120);
    assert.equal(early?.shown, undefined);
    feed.stop();
  });
});
