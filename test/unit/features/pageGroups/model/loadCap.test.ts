// pageGateway.maxLoadedPageGroups: a gateway that never ends (hasMore: true forever, new ids — or none — on every page)
// stops every loading path at the limit, keeps what is loaded, and sends nothing more; raising the limit continues.
import { strict as assert } from 'node:assert';
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../../../../src/api/model';
import { CursorChain } from '../../../../../src/lists/paging';
import { exportPageGroups } from '../../../../../src/features/pageGroups/model/pageGroupExport';
import { capMessage, capRowLabel, moreStatusesLabel } from '../../../../../src/features/pageGroups/text/loadLimitText';
import { PageGroupsModel } from '../../../../../src/features/pageGroups/model/pageGroupsModel';
import { scanPageGroups } from '../../../../../src/features/pageGroups/model/pageGroupScan';

/** A gateway that never ends: each page holds `limit` new page groups (without ids with `noIds`), then a new cursor. */
function endless(options: { noIds?: boolean } = {}): { list: (q: PageGroupQuery, s: AbortSignal) => Promise<PageGroupPage>; queries: PageGroupQuery[] } {
  const queries: PageGroupQuery[] = [];
  const list = (query: PageGroupQuery): Promise<PageGroupPage> => {
    queries.push(query);
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const limit = query.limit ?? 20;
    const items = Array.from({ length: limit }, (_, i): CheckedPageGroup => {
      const value = { ...(options.noIds === true ? {} : { pageGroupId: `pg_${start + i}` }), status: query.status ?? 'published', title: `endless ${start + i}` };
      return { raw: value, value, problems: [] };
    });
    return Promise.resolve({ items, limit, hasMore: true, nextCursor: String(start + limit) });
  };
  return { list, queries };
}

const signal = (): AbortSignal => new AbortController().signal;

describe('the memory ceiling (pageGateway.maxLoadedPageGroups)', () => {
  it('a chain that may not load sends nothing, says it is capped, keeps its cursor, and continues once allowed', async () => {
    let allowed = true;
    const requests: Array<string | undefined> = [];
    const chain = new CursorChain<number>(
      (request) => {
        requests.push(request.cursor);
        return Promise.resolve({ items: [requests.length], hasMore: true, nextCursor: `c${requests.length}` });
      },
      (n) => String(n),
      () => allowed,
    );
    await chain.loadMore(1);
    allowed = false;
    assert.equal(chain.capped, true);
    await chain.loadMore(1);
    await chain.loadAll(1, signal());
    assert.deepEqual(requests, [undefined], 'nothing more was sent');
    assert.deepEqual(chain.items, [1], 'what was loaded stays');
    assert.equal(chain.error, undefined);
    allowed = true;
    assert.equal(chain.capped, false);
    await chain.loadMore(1);
    assert.deepEqual(requests, [undefined, 'c1'], 'it continues where it stopped');
  });

  it('Load All of a status stops at the limit: 10 pages of 100 for a limit of 1,000, then no request', async () => {
    const { list, queries } = endless();
    const model = new PageGroupsModel(list, () => 1000);
    const chain = model.chain('published');
    await chain.loadAll(100, signal());
    assert.equal(queries.length, 10);
    assert.equal(chain.items.length, 1000);
    assert.equal(chain.capped, true);
    assert.equal(model.capReached(), 1000);
    await chain.loadAll(100, signal());
    await chain.loadMore(20);
    assert.equal(queries.length, 10, 'Load All and Load more send nothing more');
  });

  it("the limit counts every chain of the gateway: the unfiltered list's page groups stop a status's Load more", async () => {
    const { list, queries } = endless();
    const model = new PageGroupsModel(list, () => 1000);
    await model.discovery.loadAll(100, signal());
    assert.equal(queries.length, 10);
    await model.chain('draft').loadMore(20);
    assert.equal(queries.length, 10);
    assert.equal(model.chain('draft').capped, true);
    assert.equal(model.loadedCount(), 1000);
  });

  it("Search's and Go to ID's scan stop at the limit (`capped`), also when no item has an id", async () => {
    for (const noIds of [false, true]) {
      const { list, queries } = endless({ noIds });
      const model = new PageGroupsModel(list, () => 1000);
      let delivered = 0;
      const outcome = await scanPageGroups(model, signal(), (items) => (delivered += items.length));
      assert.equal(outcome, 'capped');
      assert.equal(queries.length, 10);
      assert.equal(delivered, 1000);
    }
  });

  it('Export of everything writes what was loaded up to the limit, then stops (`stopped`) without another request', async () => {
    const { list, queries } = endless();
    const model = new PageGroupsModel(list, () => 1000);
    let written = 0;
    const outcome = await exportPageGroups(model, 'published', true, signal(), (items) => {
      written += items.length;
      return Promise.resolve();
    });
    assert.equal(outcome, 'stopped');
    assert.equal(written, 1000);
    assert.equal(queries.length, 10);
  });

  it('raising the limit lets every path continue from where it stopped', async () => {
    const { list, queries } = endless();
    let limit = 1000;
    const model = new PageGroupsModel(list, () => limit);
    await model.discovery.loadAll(100, signal());
    limit = 1500;
    await model.discovery.loadAll(100, signal());
    assert.equal(queries.length, 15);
    assert.equal(queries[10]?.cursor, '1000');
  });

  it('says where loading stopped, the setting and what to do; the status row cap says how many more statuses', () => {
    assert.equal(capMessage(250_000, 'staging'), 'Stopped at 250,000 page groups loaded on staging (pageGateway.maxLoadedPageGroups). Filter by status, or raise the limit.');
    assert.equal(capMessage(1000, undefined), 'Stopped at 1,000 page groups loaded (pageGateway.maxLoadedPageGroups). Filter by status, or raise the limit.');
    assert.equal(capRowLabel(1000), 'Stopped at 1,000 page groups loaded — raise pageGateway.maxLoadedPageGroups');
    assert.equal(moreStatusesLabel(9500), '9,500 more statuses — Filter by Status…');
    assert.equal(moreStatusesLabel(1), '1 more status — Filter by Status…');
  });
});
