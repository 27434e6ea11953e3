// The Page Groups tree in the real extension host, against the real sample gateway: what the user sees, and how many
// requests each action costs (counted by the gateway).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import type { CheckedPageGroup } from '../../../src/api/model';
import type { CursorChain } from '../../../src/lists/paging';
import { EDITOR_WAITS_MS } from '../../../src/features/pageGroups/view/pageGroupsState';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { configure, connectedSuite, datasetIds, expandStatus, pageGroupIdsOf, pageGroupRows, type Row, sleep, statusRow, storeKey, waitFor, onlyGateway, checkRowIdsAfterEachPassingTest } from '../support';

const dataset: Dataset = generateDataset();

/** Statuses in order of first appearance in the data set's first `n` page groups. */
function firstSeenStatuses(n: number): string[] {
  const seen: string[] = [];
  for (const pg of dataset.pageGroups.slice(0, n)) {
    if (typeof pg.status === 'string' && !seen.includes(pg.status)) {
      seen.push(pg.status);
    }
  }
  return seen;
}

function lastRow(rows: readonly Row<PageGroupsNode>[]): Row<PageGroupsNode> {
  const row = rows[rows.length - 1];
  assert.ok(row, 'the group has rows');
  return row;
}

describe('Page Groups tree', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  checkRowIdsAfterEachPassingTest(() => api);

  beforeEach(async () => {
    gateway.clearFaults();
    api.pageGroups.setFilter(onlyGateway(api), undefined);
    await configure(api, { pageSize: undefined, statuses: undefined, showDeleted: undefined });
    api.pageGroups.reload(onlyGateway(api));
    api.pageGroups.forgetCounts(onlyGateway(api));
    gateway.resetRequests();
  });

  it('discovers statuses with one unfiltered request and lists them in order of first appearance', async () => {
    const rows = await pageGroupRows(api);
    assert.equal(gateway.countRequests({ path: 'page_groups' }), 1);
    assert.equal(gateway.countRequests({ path: 'page_groups', status: null }), 1);
    assert.equal(gateway.requests[0]?.query.limit, '20');
    const statuses = rows.filter((r) => r.contextValue.startsWith('pageGateway.status')).map((r) => r.label);
    assert.deepEqual(statuses.slice(0, firstSeenStatuses(20).length), firstSeenStatuses(20));
    assert.equal(lastRow(rows).label, 'Find more statuses…', 'the unfiltered chain has more pages');
  });

  it('puts configured statuses first, in their order, even before they are seen', async () => {
    await configure(api, { statuses: ['zz_custom', 'archived'] });
    const rows = await pageGroupRows(api);
    const statuses = rows.filter((r) => r.contextValue.startsWith('pageGateway.status')).map((r) => r.label);
    assert.deepEqual(statuses.slice(0, 2), ['zz_custom', 'archived']);
    assert.equal(new Set(statuses).size, statuses.length, 'no status twice');
  });

  it('"Find more statuses…" loads the next unfiltered page (one request) and adds new statuses', async () => {
    await configure(api, { pageSize: 3 });
    let rows = await pageGroupRows(api);
    const before = rows.filter((r) => r.contextValue.startsWith('pageGateway.status')).map((r) => r.label);
    assert.deepEqual(before, firstSeenStatuses(3));
    await vscode.commands.executeCommand('pageGateway.loadMore', lastRow(rows).node);
    assert.equal(gateway.countRequests({ path: 'page_groups', status: null }), 2);
    rows = await pageGroupRows(api);
    const after = rows.filter((r) => r.contextValue.startsWith('pageGateway.status')).map((r) => r.label);
    assert.deepEqual(after, firstSeenStatuses(6));
  });

  it('shows page groups without a status under "(no status)", fed by the unfiltered chain', async () => {
    await configure(api, { pageSize: 100 });
    await api.pageGroups.model(onlyGateway(api)).discovery.loadAll(100);
    const rows = await pageGroupRows(api);
    const none = rows.find((r) => r.label === '(no status)');
    assert.ok(none, 'a "(no status)" row exists');
    const children = await pageGroupRows(api, none.node);
    const expected = dataset.pageGroups.filter((pg) => pg.status === undefined).map((pg) => String(pg.pageGroupId));
    assert.deepEqual(pageGroupIdsOf(children), expected);
    assert.equal(gateway.countRequests({ path: 'page_groups', status: 'published' }), 0, 'no filtered request for (no status)');
    assert.equal(none.description, String(expected.length), 'exact once the whole list is loaded');
  });

  it('a count learned by Load All stays after a refresh, saying when it was learned; the tooltip says it may have changed', async () => {
    const published = await statusRow(api, 'published');
    await vscode.commands.executeCommand('pageGateway.loadAll', published.node);
    const total = datasetIds(dataset.pageGroups, 'published').length;
    assert.ok(total > 20);
    assert.equal((await statusRow(api, 'published')).description, String(total));
    api.pageGroups.noteExpansion(published.node, false);
    await vscode.commands.executeCommand('pageGateway.refreshView', published.node);
    const model = api.pageGroups.model(onlyGateway(api));
    await waitFor(() => !model.discovery.loading, 'the list of statuses to land');
    const collapsed = await statusRow(api, 'published');
    assert.equal(model.chain('published').started, false, 'its pages are gone');
    assert.match(collapsed.description, new RegExp(`^${total} · as of \\d{1,2}:\\d{2}\\s?(AM|PM)$`));
    assert.match(collapsed.tooltip, new RegExp(`${total} page groups when last counted, .*it may have changed since`));
    await pageGroupRows(api, published.node);
    assert.match((await statusRow(api, 'published')).description, new RegExp(`^${total} · 20 loaded · as of `));
  });

  it('expanding a status requests that status with limit = pageSize and lists its first page in server order', async () => {
    const published = await statusRow(api, 'published');
    gateway.resetRequests();
    const children = await pageGroupRows(api, published.node);
    assert.equal(gateway.requests.length, 1);
    assert.deepEqual(gateway.requests[0]?.query, { status: 'published', limit: '20' });
    assert.deepEqual(pageGroupIdsOf(children), datasetIds(dataset.pageGroups, 'published').slice(0, 20));
    assert.equal(lastRow(children).label, 'Load more…');
    const after = await statusRow(api, 'published');
    assert.equal(after.description, '20+');
  });

  it('"Load more…" loads exactly one page, appends it and keeps the other groups untouched', async () => {
    const published = await statusRow(api, 'published');
    const draft = await statusRow(api, 'draft');
    await pageGroupRows(api, published.node);
    const draftBefore = pageGroupIdsOf(await pageGroupRows(api, draft.node));
    gateway.resetRequests();
    const first = await pageGroupRows(api, published.node);
    await vscode.commands.executeCommand('pageGateway.loadMore', lastRow(first).node);
    assert.equal(gateway.requests.length, 1, 'one request per click');
    assert.equal(gateway.requests[0]?.query.status, 'published');
    assert.ok(gateway.requests[0]?.query.cursor, 'the second page follows nextCursor');
    const second = await pageGroupRows(api, published.node);
    assert.deepEqual(pageGroupIdsOf(second), datasetIds(dataset.pageGroups, 'published').slice(0, 40));
    // The rows of the first page are the same objects (the editor keeps their selection and expansion by element).
    const firstNodes = first.filter((r) => r.node.kind === 'pageGroup').map((r) => r.node);
    assert.equal(firstNodes.length, 20);
    firstNodes.forEach((node, index) => assert.equal(second[index]?.node, node, `row ${index} is the same object after "Load more…"`));
    assert.equal((await statusRow(api, 'published')).description, '40+');
    assert.deepEqual(pageGroupIdsOf(await pageGroupRows(api, draft.node)), draftBefore);
    assert.equal(gateway.requests.length, 1, 're-reading the other group sent nothing');
  });

  it('a double click on "Load more…" makes one request, and a stale "Load more…" row does nothing', async () => {
    const published = await statusRow(api, 'published');
    const first = await pageGroupRows(api, published.node);
    const loadMoreRow = lastRow(first);
    gateway.resetRequests();
    await Promise.all([
      vscode.commands.executeCommand('pageGateway.loadMore', loadMoreRow.node),
      vscode.commands.executeCommand('pageGateway.loadMore', loadMoreRow.node),
    ]);
    assert.equal(gateway.requests.length, 1);
    await vscode.commands.executeCommand('pageGateway.loadMore', loadMoreRow.node);
    assert.equal(gateway.requests.length, 1, 'the old row belongs to a page that is already loaded');
    assert.equal(pageGroupIdsOf(await pageGroupRows(api, published.node)).length, 40);
  });

  it('hides the "Load more…" row and shows a spinner on the group while a page loads', async () => {
    gateway.addFault({ kind: 'delay', ms: 400, path: 'page_groups', withCursor: true, times: 1 });
    const published = await statusRow(api, 'published');
    const first = await pageGroupRows(api, published.node);
    const loading = vscode.commands.executeCommand('pageGateway.loadMore', lastRow(first).node);
    await waitFor(() => api.pageGroups.model(onlyGateway(api)).chain('published').loading, 'the load to start');
    const during = await pageGroupRows(api, published.node);
    assert.ok(!during.some((r) => r.label === 'Load more…'), 'no Load more row while loading');
    assert.equal((await statusRow(api, 'published')).icon, 'loading~spin');
    await loading;
    assert.equal(lastRow(await pageGroupRows(api, published.node)).label, 'Load more…');
    assert.equal((await statusRow(api, 'published')).icon, 'tag');
  });

  it('"Load All" loads the rest at limit=100 and ends without a "Load more…" row', async () => {
    const published = await statusRow(api, 'published');
    await pageGroupRows(api, published.node);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.loadAll', published.node);
    const total = datasetIds(dataset.pageGroups, 'published').length;
    assert.ok(gateway.requests.every((r) => r.query.limit === '100'));
    assert.equal(gateway.requests.length, Math.ceil((total - 20) / 100));
    const children = await pageGroupRows(api, published.node);
    assert.deepEqual(pageGroupIdsOf(children), datasetIds(dataset.pageGroups, 'published'));
    assert.ok(!children.some((r) => r.label === 'Load more…'));
    assert.equal((await statusRow(api, 'published')).description, String(total));
  });

  it('"Load All" on an expanded status leaves the view where it is (no reveal, which would scroll); a collapsed one is expanded', async () => {
    const published = await statusRow(api, 'published');
    await expandStatus(api, published.node, 'published');
    const view = api.pageGroupsView as { reveal: unknown };
    const original = api.pageGroupsView.reveal.bind(api.pageGroupsView);
    const revealed: string[] = [];
    view.reveal = (node: PageGroupsNode, options: unknown): Thenable<void> => {
      revealed.push(node.id);
      return original(node, options as Parameters<typeof original>[1]);
    };
    try {
      await vscode.commands.executeCommand('pageGateway.loadAll', published.node);
      assert.deepEqual(revealed, [], 'an expanded status is not revealed again');
      const draft = await statusRow(api, 'draft');
      api.pageGroups.noteExpansion(draft.node, false);
      await vscode.commands.executeCommand('pageGateway.loadAll', draft.node);
      assert.deepEqual(revealed, [draft.id], 'a collapsed one is shown expanded');
    } finally {
      view.reveal = original;
      api.pageGroups.noteExpansion(published.node, false);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    }
  });

  it('pages share one connection to the gateway, through the editor\'s networking (keep-alive)', async () => {
    const chain = api.pageGroups.model(onlyGateway(api)).chain('published');
    chain.reset();
    await chain.loadMore(10);
    gateway.resetRequests();
    await chain.loadAll(10);
    const requests = gateway.countRequests({ path: 'page_groups', status: 'published' });
    assert.ok(requests >= 5, `the walk sent ${requests} requests`);
    // The connection of the first page is used again (or, after the gateway's 5 s idle timeout, one new one): the
    // editor's proxy agent alone would close each connection after its answer, one per page.
    assert.ok(gateway.connections <= 1, `${requests} requests opened ${gateway.connections} connections`);
  });

  it('drops a page group that the gateway sends again on a later page', async () => {
    const repeated: Dataset = {
      webhooks: dataset.webhooks,
      pageGroups: [
        { pageGroupId: 'pg_a', status: 'live', title: 'A' },
        { pageGroupId: 'pg_b', status: 'live', title: 'B' },
        { pageGroupId: 'pg_a', status: 'live', title: 'A again' },
        { pageGroupId: 'pg_c', status: 'live', title: 'C' },
      ],
    };
    gateway.setDataset(repeated);
    try {
      await configure(api, { pageSize: 2 });
      api.pageGroups.reload(onlyGateway(api));
      const live = await statusRow(api, 'live');
      const first = await pageGroupRows(api, live.node);
      await vscode.commands.executeCommand('pageGateway.loadMore', lastRow(first).node);
      const rows = await pageGroupRows(api, live.node);
      assert.deepEqual(pageGroupIdsOf(rows), ['pg_a', 'pg_b', 'pg_c']);
      assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'row ids are unique');
    } finally {
      gateway.setDataset(dataset);
    }
  });

  it('filters by status and clears the filter', async () => {
    await pageGroupRows(api);
    await vscode.commands.executeCommand('pageGateway.filterByStatus', 'draft');
    const filtered = await pageGroupRows(api);
    assert.deepEqual(filtered.map((r) => r.label), ['draft']);
    assert.equal(filtered[0]?.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.equal(api.pageGroupsView.description, 'status: draft');
    await vscode.commands.executeCommand('pageGateway.clearStatusFilter');
    const all = await pageGroupRows(api);
    assert.ok(all.length > 2);
    assert.equal(api.pageGroupsView.description, undefined);
  });

  it('refresh goes back to page 1 with the same row ids, one request per loaded group', async () => {
    const published = await statusRow(api, 'published');
    const first = await pageGroupRows(api, published.node);
    await vscode.commands.executeCommand('pageGateway.loadMore', lastRow(first).node);
    const before = await pageGroupRows(api, published.node);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.refresh', published.node);
    const after = await pageGroupRows(api, published.node);
    assert.equal(gateway.requests.length, 1);
    assert.equal(gateway.requests[0]?.query.cursor, undefined);
    assert.deepEqual(after.map((r) => r.id), before.slice(0, 20).map((r) => r.id).concat(lastRow(after).id));
    assert.equal((await statusRow(api, 'published')).id, published.id, 'the status row keeps its id');
  });

  it('a collapsed status\'s Refresh sends its first page at once: it never stays "refreshing…" without a request', async () => {
    const draft = await statusRow(api, 'draft');
    await pageGroupRows(api, draft.node);
    api.pageGroups.noteExpansion(draft.node, false);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.refresh', draft.node);
    // Nobody asks for the collapsed status's rows: the request goes anyway, and the description settles.
    await waitFor(() => gateway.countRequests({ path: 'page_groups', status: 'draft' }) === 1, 'the first page of draft requested');
    await waitFor(async () => !(await statusRow(api, 'draft')).description.includes('refreshing'), 'draft to stop saying refreshing');
    assert.equal(gateway.requests.length, 1, 'one action, one request');
  });

  it('the view title\'s Refresh refreshes the whole view whatever row it gets: expanded statuses first, then the list of statuses', async () => {
    const published = await statusRow(api, 'published');
    const draft = await statusRow(api, 'draft');
    await vscode.commands.executeCommand('pageGateway.loadMore', lastRow(await pageGroupRows(api, published.node)).node);
    await pageGroupRows(api, draft.node);
    api.pageGroups.noteExpansion(published.node, true);
    // Collapsed by Collapse All, which tells the extension nothing: draft still counts as expanded, and is refreshed.
    api.pageGroups.noteExpansion(draft.node, true);
    gateway.resetRequests();
    // The editor may hand a title action the selected row (a collapsed status here): it is ignored.
    await vscode.commands.executeCommand('pageGateway.refreshView', draft.node);
    await waitFor(() => gateway.requests.length === 3, `three requests, got ${gateway.requests.map((r) => r.query.status ?? 'all').join(', ')}`);
    const order = gateway.requests.map((r) => r.query.status ?? 'all');
    assert.deepEqual([...order.slice(0, 2)].sort(), ['draft', 'published']);
    assert.equal(order[2], 'all', 'the list of statuses after the expanded ones');
    assert.ok(gateway.requests.every((r) => r.query.cursor === undefined), 'page 1 each');
    const model = api.pageGroups.model(onlyGateway(api));
    await waitFor(() => !model.chain('published').loading && !model.chain('draft').loading && !model.discovery.loading, 'the pages to land');
    for (const label of ['published', 'draft']) {
      assert.doesNotMatch((await statusRow(api, label)).description, /refreshing/, label);
    }
    assert.equal(model.itemsOf('published').length, 20, 'page 1 again');
    api.pageGroups.noteExpansion(published.node, false);
    api.pageGroups.noteExpansion(draft.node, false);
  });

  it('discards a response that was in flight when the group was refreshed', async () => {
    gateway.addFault({ kind: 'delay', ms: 500, path: 'page_groups', status: 'archived', times: 1 });
    const archived = await statusRow(api, 'archived');
    const chain = api.pageGroups.model(onlyGateway(api)).chain('archived');
    const slow = chain.loadMore(20);
    await sleep(50);
    await vscode.commands.executeCommand('pageGateway.refresh', archived.node);
    const fresh = await pageGroupRows(api, archived.node);
    await slow;
    await sleep(600);
    assert.equal(chain.pages, 1, 'only the fresh first page landed');
    assert.deepEqual(pageGroupIdsOf(await pageGroupRows(api, archived.node)), pageGroupIdsOf(fresh));
    assert.equal(gateway.countRequests({ path: 'page_groups', status: 'archived' }), 2);
  });

  it('a rejected key shows a "Set API Key…" row, not a list', async () => {
    await storeKey(api, gateway.url, 'wrong-key');
    try {
      const rows = await pageGroupRows(api);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]?.label, 'Set API Key…');
      assert.equal(rows[0]?.contextValue, 'pageGateway.auth');
      assert.equal(rows[0]?.item.command?.command, 'pageGateway.setApiKey');
      // A request the reload before this test sent with the good key may arrive after the count was reset: only
      // the requests that carried the rejected key count, and a storm would have sent more of them by now. Each list
      // asks once: the Page Groups view, and the Webhooks view too when it is open (a new key refreshes both).
      await sleep(300);
      const rejected = gateway.requests.filter((r) => r.apiKey === 'wrong-key');
      const said = `no retry storm on 401: ${rejected.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()} → ${r.responseStatus}`).join(', ')}`;
      assert.equal(rejected.filter((r) => r.path.endsWith('/page_groups')).length, 1, said);
      assert.ok(rejected.filter((r) => r.path.endsWith('/webhook_subscriptions')).length <= 1, said);
      assert.equal(rejected.length, rejected.filter((r) => r.path.endsWith('/page_groups') || r.path.endsWith('/webhook_subscriptions')).length, said);
    } finally {
      await storeKey(api, gateway.url, gateway.apiKey);
    }
  });

  it('a failed page shows an error row under its group; retry loads it and keeps what was shown', async () => {
    const published = await statusRow(api, 'published');
    const first = await pageGroupRows(api, published.node);
    gateway.addFault({ kind: 'status', status: 500, path: 'page_groups', withCursor: true, times: 1 });
    await vscode.commands.executeCommand('pageGateway.loadMore', lastRow(first).node);
    const failed = await pageGroupRows(api, published.node);
    assert.equal(pageGroupIdsOf(failed).length, 20, 'the loaded rows stay');
    const error = lastRow(failed);
    assert.match(error.label, /^Couldn't load more page groups — retry$/);
    assert.equal(error.contextValue, 'pageGateway.error');
    assert.match(error.description, /500/);
    assert.match(error.tooltip, /500/);
    const retry = error.item.command;
    assert.ok(retry);
    await vscode.commands.executeCommand(retry.command, ...(retry.arguments ?? []));
    const recovered = await pageGroupRows(api, published.node);
    assert.equal(pageGroupIdsOf(recovered).length, 40);
    assert.equal(lastRow(recovered).label, 'Load more…');
  });

  it('marks deleted page groups, and hides them when showDeleted is off', async () => {
    const published = await statusRow(api, 'published');
    await api.pageGroups.model(onlyGateway(api)).chain('published').loadAll(100);
    const all = await pageGroupRows(api, published.node);
    const deleted = all.filter((r) => r.contextValue.includes('.deleted'));
    const expectedDeleted = dataset.pageGroups.filter((pg) => pg.status === 'published' && typeof pg.deletedAt === 'string').length;
    assert.ok(expectedDeleted > 0, 'the data set has deleted published page groups');
    assert.equal(deleted.length, expectedDeleted);
    for (const row of deleted) {
      assert.equal(row.icon, 'trash');
      assert.match(row.description, /deleted/);
      assert.match(row.tooltip, /Deleted/);
    }
    await configure(api, { showDeleted: false });
    const visible = await pageGroupRows(api, published.node);
    assert.equal(visible.filter((r) => r.contextValue.includes('.deleted')).length, 0);
    assert.equal(pageGroupIdsOf(visible).length, all.length - expectedDeleted);
    const before = new Map(all.map((r) => [r.node.id, r.node]));
    for (const row of visible) {
      assert.equal(row.node, before.get(row.node.id), `${row.node.id}: the same row object once deleted ones are hidden`);
    }
    assert.match((await statusRow(api, 'published')).description, new RegExp(`${expectedDeleted} deleted hidden`));
  });

  it('page group rows: title as label, name and pages as description, a tooltip with the details', async () => {
    const published = await statusRow(api, 'published');
    const rows = await pageGroupRows(api, published.node);
    const row = rows[0];
    assert.ok(row && row.node.kind === 'pageGroup');
    const raw = dataset.pageGroups.find((pg) => pg.pageGroupId === (row.node.kind === 'pageGroup' ? row.node.item.value.pageGroupId : ''));
    assert.ok(raw);
    assert.equal(row.label, String(raw.title ?? raw.name));
    assert.match(row.description, new RegExp(`${raw.pagesCount} page`));
    for (const field of ['ID', 'Tenant', 'Brand', 'Status', 'Page context', 'Pages', 'Created', 'Updated']) {
      assert.match(row.tooltip, new RegExp(`\\*\\*${field}:\\*\\*`), `tooltip has ${field}`);
    }
    assert.equal(row.item.command?.command, 'pageGateway.openJson');
  });

  it('applies a new pageSize to the next load without a reload', async () => {
    await configure(api, { pageSize: 7 });
    const published = await statusRow(api, 'published');
    gateway.resetRequests();
    const rows = await pageGroupRows(api, published.node);
    assert.equal(gateway.requests[0]?.query.limit, '7');
    assert.equal(pageGroupIdsOf(rows).length, 7);
    assert.equal((await statusRow(api, 'published')).description, '7+');
  });
});

describe('Page Groups tree: a Load All past pageGateway.maxTreeRows', function () {
  this.timeout(60_000);
  const large: Dataset = generateDataset({ pageGroupCount: 5000 });
  const drafts = large.pageGroups.filter((pg) => pg.status === 'draft').length;
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset: large }, (a, g) => {
    api = a;
    gateway = g;
  });

  afterEach(async () => {
    gateway.clearFaults();
    await configure(api, { maxTreeRows: undefined });
  });

  /**
   * A Load All of the drafts with 100 rows drawn (maxTreeRows) and the gateway's pages `pageMs` apart, the status
   * expanded in the tree view or collapsed: what was redrawn while it ran, and the status row and its last row after.
   */
  async function loadAllPastTheCap(expanded: boolean, pageMs: number): Promise<{ statusRedraws: number; moreRows: number[]; seconds: number }> {
    await configure(api, { maxTreeRows: 100 });
    const chain = api.pageGroups.model(onlyGateway(api)).chain('draft');
    // From the first page (a test before may have loaded every draft).
    await api.pageGroups.refresh(onlyGateway(api), 'draft');
    const status = await statusRow(api, 'draft');
    if (expanded) {
      await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
      await expandStatus(api, status.node, 'draft');
    } else {
      // As the tree view says when the row is collapsed.
      api.pageGroups.noteExpansion(status.node, false);
    }
    // The tree has drawn the status full: 100 rows and "N more loaded".
    while (chain.items.length <= 100) {
      await chain.loadMore(100);
    }
    const drawn = await pageGroupRows(api, status.node);
    assert.equal(drawn.filter((row) => row.contextValue.startsWith('pageGateway.pageGroup')).length, 100);
    assert.ok(drafts - chain.items.length >= 1200, `${drafts - chain.items.length} drafts are left to load (12 pages at least)`);
    gateway.addFault({ kind: 'delay', ms: pageMs, path: 'page_groups', withCursor: true });
    // Each redraw of the status, and whether the Load All was still running then; the count of each of the "more
    // loaded" row alone.
    const events: Array<{ readonly at: number; readonly scanning: boolean }> = [];
    const moreRows: number[] = [];
    const subscription = api.pageGroups.onDidChangeTreeData((node) => {
      if (node === status.node) {
        events.push({ at: performance.now(), scanning: chain.scanning });
      } else if (node !== undefined && node.kind === 'message' && node.id.endsWith('/moreRows')) {
        moreRows.push(Number(/^([\d,]+) more loaded/.exec(node.label)?.[1]?.replace(/,/g, '')));
      }
    });
    try {
      const started = performance.now();
      const loading = vscode.commands.executeCommand('pageGateway.loadAll', status.node);
      await waitFor(() => chain.scanning && chain.loading, 'the Load All to start');
      const during = await statusRow(api, 'draft');
      assert.notEqual(during.icon, 'loading~spin', 'the Load All has its own progress; a spinner would have the editor paint all along');
      assert.match(during.description, /loading…/);
      await loading;
      const ended = performance.now();
      // The end is passed on at once (within the 100 ms of a group's changes), not at the next second.
      await waitFor(() => events.some((event) => !event.scanning), 'the status to be redrawn when the Load All ended', 500);
      const after = await statusRow(api, 'draft');
      assert.equal(after.icon, 'tag');
      assert.equal(after.description, drafts.toLocaleString('en-US'));
      const rows = await pageGroupRows(api, status.node);
      assert.equal(rows[rows.length - 1]?.label, `${(drafts - 100).toLocaleString('en-US')} more loaded: Open as Table or Search`);
      return { statusRedraws: events.filter((event) => event.scanning).length, moreRows, seconds: (ended - started) / 1000 };
    } finally {
      subscription.dispose();
    }
  }

  /** The drafts from their first page (fewer than the 100 rows the tree draws), expanded in the tree view. */
  async function expandedFromItsFirstPage(): Promise<{ readonly chain: CursorChain<CheckedPageGroup>; readonly status: Row<PageGroupsNode> }> {
    await configure(api, { maxTreeRows: 100 });
    const chain = api.pageGroups.model(onlyGateway(api)).chain('draft');
    await api.pageGroups.refresh(onlyGateway(api), 'draft');
    const status = await statusRow(api, 'draft');
    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    await expandStatus(api, status.node, 'draft');
    assert.ok(chain.items.length < 100, `${chain.items.length} drafts loaded: fewer than the tree draws`);
    return { chain, status };
  }

  /** A read of the status's rows by the editor (see `statusReads`). */
  interface StatusRead {
    /** The Load All was still running. */
    readonly scanning: boolean;
    /**
     * Before it, in this scan, the provider passed the status on after the scan's changes had paused for
     * EDITOR_WAITS_MS: a page that came late (a busy machine stalls a 20 ms page too). The provider then treats the
     * gateway as a slow one, whose rows the editor reads page by page, as designed.
     */
    readonly afterAPause: boolean;
  }

  /**
   * Records each read of the status's rows by the editor while `counting()` says so, and whether the Load All was still
   * running then and had paused before; `done` puts the provider back. `getChildren` reads the rows without being
   * recorded.
   */
  function statusReads(status: PageGroupsNode, chain: { readonly scanning: boolean }, counting: () => boolean = () => true): { readonly reads: StatusRead[]; readonly getChildren: (node?: PageGroupsNode) => Promise<PageGroupsNode[]>; done(): void } {
    const provider = api.pageGroups;
    const getChildren = provider.getChildren.bind(provider);
    const reads: StatusRead[] = [];
    // The last change of the status's chain while the scan ran, and whether the status was passed on after a pause.
    // The provider hears of a change before this listener does: a change it passes on at once finds here the time
    // of the one before it in the scan (none for the scan's first).
    let lastChange: number | undefined;
    let afterAPause = false;
    const changes = provider.model(onlyGateway(api)).onDidChange((change) => {
      if (change.scope === 'group' && status.kind === 'status' && change.key === status.key && chain.scanning) {
        lastChange = performance.now();
      }
    });
    // A timer may fire a millisecond early.
    const fires = provider.onDidChangeTreeData((node) => {
      if (node === status && chain.scanning && lastChange !== undefined && performance.now() - lastChange >= EDITOR_WAITS_MS - 2) {
        afterAPause = true;
      }
    });
    provider.getChildren = (node?: PageGroupsNode): Promise<PageGroupsNode[]> => {
      if (node === status && counting()) {
        reads.push({ scanning: chain.scanning, afterAPause });
      }
      return getChildren(node);
    };
    return {
      reads,
      getChildren,
      done: () => {
        provider.getChildren = getChildren;
        changes.dispose();
        fires.dispose();
      },
    };
  }

  /**
   * No read of the status's rows while the Load All ran (the caller waited for the one after it), but those after the
   * scan paused for EDITOR_WAITS_MS (a stalled page: the rows of a slow gateway are drawn page by page, as designed);
   * the rows drawn end with "N more loaded".
   */
  async function readOnceAtTheEnd(status: PageGroupsNode, reads: readonly StatusRead[], why: string): Promise<void> {
    const during = reads.filter((read) => read.scanning && !read.afterAPause).length;
    assert.equal(during, 0, `${during} reads of the status's rows while the Load All ran (${reads.length} in all): ${why}`);
    const after = await pageGroupRows(api, status);
    assert.equal(after.filter((row) => row.contextValue.startsWith('pageGateway.pageGroup')).length, 100);
    assert.equal(after[after.length - 1]?.label, `${(drafts - 100).toLocaleString('en-US')} more loaded: Open as Table or Search`);
  }

  it('expanded, pages slower than the editor\'s pause: while only undrawn rows arrive, redraws the "N more loaded" row alone about once a second (not the status and its rows), without a spinner, and shows the end at once', async () => {
    // 300 ms apart: the editor would read the status (and its drawn rows) after each page's events.
    const { statusRedraws, moreRows, seconds } = await loadAllPastTheCap(true, 300);
    // The status (and so its 100 drawn rows) is read again at most once, as the Load All starts (it says "loading…"),
    // then not while the rows drawn stay the same.
    assert.ok(statusRedraws <= 1, `${statusRedraws} redraws of the status in ${seconds.toFixed(1)} s`);
    // Its "more loaded" row counts on, at most about once a second (every 100 ms would be about 10 a second).
    assert.ok(moreRows.length >= 1 && moreRows.length <= Math.ceil(seconds) + 2, `${moreRows.length} redraws of the "more loaded" row in ${seconds.toFixed(1)} s`);
    assert.ok(moreRows.every((count, i) => count > 0 && (i === 0 || count > (moreRows[i - 1] as number))), `counts rise: ${moreRows.join(', ')}`);
  });

  it('expanded, pages faster than the editor\'s pause: once the status was read past the rows the tree draws, the editor does not read them again until Load All ends', async () => {
    const { chain, status } = await expandedFromItsFirstPage();
    assert.ok(drafts - chain.items.length >= 1200, `${drafts - chain.items.length} drafts are left to load (12 pages at least)`);
    // 50 ms apart: the events of one page come before the editor's 200 ms pause is over.
    gateway.addFault({ kind: 'delay', ms: 50, path: 'page_groups', withCursor: true });
    // The editor's reads of the status's rows after the test's own read, and whether the Load All was still running.
    let readPastTheCap = false;
    const { reads, getChildren, done } = statusReads(status.node, chain, () => readPastTheCap);
    try {
      const loading = vscode.commands.executeCommand('pageGateway.loadAll', status.node);
      // A page lands past the rows the tree draws and the status is read then, as the editor's read of the redraw
      // that the Load All's start asked for does when the editor is slower than the gateway's pages.
      await waitFor(() => chain.items.length > 100, 'more drafts loaded than the tree draws', 10_000);
      const rows = await getChildren(status.node);
      assert.ok(rows.length > 100, `${rows.length} rows read: 100 and "N more loaded"`);
      readPastTheCap = true;
      await loading;
      await waitFor(() => reads.some((read) => !read.scanning), 'the editor to read the status when the Load All ended', 5000);
    } finally {
      done();
    }
    await readOnceAtTheEnd(
      status.node,
      reads,
      'had the status\'s events stopped once its rows were read past the cap (its changes going to the "N more loaded" row), the editor would read the same 100 rows again from the events it held, in the middle of the scan',
    );
  });

  it('expanded, pages faster than the editor\'s pause, from fewer rows than the tree draws: the editor reads the status\'s rows once, when Load All ends, not as it starts', async () => {
    const { chain, status } = await expandedFromItsFirstPage();
    // The editor's reads of what the steps above changed are over (it reads 200 ms after a tree's events pause).
    await sleep(500);
    // 20 ms apart: a page's events come long before the editor's 200 ms pause is over.
    gateway.addFault({ kind: 'delay', ms: 20, path: 'page_groups', withCursor: true });
    // Each read of the status's rows by the editor from here on, and whether the Load All was still running then.
    const { reads, done } = statusReads(status.node, chain);
    try {
      await vscode.commands.executeCommand('pageGateway.loadAll', status.node);
      await waitFor(() => reads.some((read) => !read.scanning), 'the editor to read the status when the Load All ended', 5000);
    } finally {
      done();
    }
    await readOnceAtTheEnd(
      status.node,
      reads,
      'passed on at once, the Load All\'s first change had the editor read the status a few milliseconds into the scan: its rows (100 here, 2,000 by default) and a redraw of the tree while the scan ran',
    );
  });

  it('collapsed: the status row is redrawn about once a second while undrawn rows arrive (the editor reads its row only; its count goes on)', async () => {
    const { statusRedraws, moreRows, seconds } = await loadAllPastTheCap(false, 100);
    assert.equal(moreRows.length, 0, 'a row nobody sees is not redrawn');
    assert.ok(statusRedraws >= 1 && statusRedraws <= Math.ceil(seconds) + 2, `${statusRedraws} redraws of the status in ${seconds.toFixed(1)} s`);
  });
});
