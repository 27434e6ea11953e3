// The Page Groups table in the real extension host, against the sample gateway: it opens from the palette and from a
// gateway row, follows what the tree loads, loads everything with one request per page, checks every message from the
// webview (this test plays the webview through the panel's `receive`), and its row actions reach the real commands.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { filterTest } from '../../../src/features/pageGroups/model/pageGroupFilter';
import type { PageGroupsModel } from '../../../src/features/pageGroups/model/pageGroupsModel';
import { PAGE_GROUP } from '../../../src/features/pageGroups/pageGroupKind';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { TableProbe } from '../../../src/features/pageGroups/table/tableProbe';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { configure, connectedSuite, isItemDocument, onlyGateway, pageGroupRows, statusRow, waitFor } from '../support';

const dataset: Dataset = generateDataset({ pageGroupCount: 600 });

async function openTable(api: PageGatewayTestApi, arg?: unknown): Promise<TableProbe> {
  await vscode.commands.executeCommand('pageGateway.openPageGroupsTable', arg);
  const tables = await api.pageGroupTables();
  const table = tables.find((t) => t.gateway === onlyGateway(api));
  assert.ok(table, 'a table of the gateway is open');
  return table;
}

/** Opens the table, its page ready, with the first unfiltered page (20 page groups) loaded and in it. */
async function openWithFirstPage(api: PageGatewayTestApi): Promise<{ table: TableProbe; model: PageGroupsModel }> {
  const table = await openTable(api);
  await table.receive({ type: 'ready' });
  const model = api.pageGroups.model(onlyGateway(api));
  await model.discovery.loadMore(20);
  await waitFor(() => table.rowCount() === 20, 'the first page in the table');
  return { table, model };
}

describe('Page Groups table', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await configure(api, { pageSize: undefined });
    api.pageGroups.model(onlyGateway(api)).resetAll();
    gateway.resetRequests();
  });

  it('opens from the palette as "Page Groups · <gateway>", once per gateway, and sends no request of its own', async () => {
    const table = await openTable(api);
    assert.equal(table.panel.title, `Page Groups · ${onlyGateway(api).name}`);
    assert.equal(table.panel.viewType, 'pageGateway.pageGroupsTable');
    const again = await openTable(api);
    assert.equal(again, table, 'the same tab comes forward');
    assert.equal((await api.pageGroupTables()).length, 1);
    await table.receive({ type: 'ready' });
    assert.equal(gateway.countRequests({ path: 'page_groups' }), 0, 'the table shows what is loaded; it loads nothing by itself');
    assert.equal(table.rowCount(), 0);
  });

  it('opens from a gateway row (its argument names the gateway)', async () => {
    const table = await openTable(api, { gateway: onlyGateway(api) });
    assert.equal(table.gateway, onlyGateway(api));
  });

  it('follows what the tree loads: rows appear as pages land', async () => {
    const { table, model } = await openWithFirstPage(api);
    await model.chain('draft').loadMore(20);
    const loaded = model.allLoaded().length;
    await waitFor(() => table.rowCount() === loaded, `${loaded} rows in the table`);
    assert.equal(table.lastOrder().length, loaded, 'no filter: every row shown');
  });

  it('a hidden table takes in and sends nothing while pages land; shown again, its page gets what it missed', async () => {
    const { table, model } = await openWithFirstPage(api);
    // A document opened in the table's group hides its tab (the editor drops a hidden webview's page).
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'another tab' }), { viewColumn: table.panel.viewColumn, preview: false });
    await waitFor(() => !table.panel.visible, 'the table hidden');
    const bytes = table.bytesSent();
    await model.chain('draft').loadMore(100);
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(table.rowCount(), 20, 'the rows were not taken in while hidden');
    assert.equal(table.bytesSent(), bytes, 'nothing was sent while hidden');
    table.panel.reveal();
    await waitFor(() => table.panel.visible, 'the table shown again');
    await table.receive({ type: 'ready' });
    const loaded = model.allLoaded().length;
    assert.ok(loaded > 20);
    assert.equal(table.rowCount(), loaded);
    assert.equal(table.lastOrder().length, loaded, 'the view of every row went out');
    assert.ok(table.bytesSent() > bytes);
  });

  it('a new webview gets its first screen and the view first; the other rows go when it asks for them (moreRows), once', async () => {
    const model = api.pageGroups.model(onlyGateway(api));
    await model.discovery.loadAll(100);
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    assert.equal(table.rowCount(), dataset.pageGroups.length);
    const first = table.bytesSent();
    // 600 rows: the first screen is 200 of them; the view's order is binary (4 bytes a row).
    await table.receive({ type: 'moreRows' });
    const withRows = table.bytesSent();
    assert.ok(withRows - first > 600 * 50, `the batch of every row went on request (${first} → ${withRows} bytes)`);
    await table.receive({ type: 'moreRows' });
    const end = table.bytesSent();
    assert.ok(end - withRows < 500, 'then only the status');
    await table.receive({ type: 'moreRows' });
    assert.equal(table.bytesSent(), end, 'nothing is sent twice');
  });

  it('a new table sends its first screen with its page, before the webview is ready; the first ready gets the facets, a later one everything', async () => {
    const model = api.pageGroups.model(onlyGateway(api));
    await model.discovery.loadAll(100);
    const table = await openTable(api);
    assert.deepEqual(table.state().sort, [], 'no saved sort (one not ranked yet would wait for the ready)');
    // Sent with the page: the words, the first screen's rows, the first screen's part of their order (facets not
    // counted yet; the editor holds it all until the page has loaded), the status.
    const total = dataset.pageGroups.length;
    // On the turn after the panel's own messages (the ones that create it and give it its page) have left.
    await waitFor(() => table.messagesSent().length > 0, 'the first screen sent');
    assert.deepEqual(table.messagesSent(), ['init', 'rows', `view:counting:200/${total}`, 'status']);
    assert.equal(table.lastOrder().length, total, 'the host keeps the whole order');
    await table.receive({ type: 'ready' });
    assert.deepEqual(table.messagesSent().slice(4), ['view', 'status'], 'the first ready: the view with its facets and whole order, nothing sent twice');
    // A page that missed them (or was loaded again) says ready again: it gets everything.
    await table.receive({ type: 'ready' });
    assert.deepEqual(table.messagesSent().slice(6), ['init', 'rows', 'view', 'status']);
  });

  it('a table whose saved sort is not ranked yet sends nothing before the webview is ready (the view is worked out meanwhile)', async () => {
    const model = api.pageGroups.model(onlyGateway(api));
    await model.discovery.loadAll(100);
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    await table.receive({ type: 'sort', sort: [{ column: 'pageContext', descending: false }] });
    table.panel.dispose();
    const again = await openTable(api);
    assert.deepEqual(again.state().sort, [{ column: 'pageContext', descending: false }]);
    // Past the turn on which a cheap first screen would have gone out (a timer set when the panel was made), and
    // long before the real webview can say it is ready.
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(again.messagesSent(), []);
    await again.receive({ type: 'ready' });
    assert.deepEqual(again.messagesSent(), ['init', 'rows', 'view', 'status']);
    await again.receive({ type: 'sort', sort: [] });
  });

  it('Load All loads every page of the gateway once (one request per page) and the counts become exact', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    const model = api.pageGroups.model(onlyGateway(api));
    await model.discovery.loadMore(20);
    gateway.resetRequests();
    await table.receive({ type: 'loadAll' });
    assert.equal(table.rowCount(), dataset.pageGroups.length);
    assert.equal(model.discoveryComplete, true);
    // 20 already loaded: the rest at 100 a page.
    assert.equal(gateway.countRequests({ path: 'page_groups' }), Math.ceil((dataset.pageGroups.length - 20) / 100), 'no page read twice');
    gateway.resetRequests();
    await table.receive({ type: 'loadAll' });
    assert.equal(gateway.countRequests({ path: 'page_groups' }), 0, 'nothing left to load');
  });

  it('Export of the filtered rows of everything loads only the pages not yet loaded (once each), then writes the filtered rows in the table\'s order', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    const model = api.pageGroups.model(onlyGateway(api));
    await model.discovery.loadMore(100);
    await waitFor(() => table.rowCount() === 100, 'the first page in the table');
    await table.receive({ type: 'filter', filter: { statuses: ['draft'], query: 'a' } });
    await table.receive({ type: 'sort', sort: [{ column: 'pageGroupId', descending: true }] });
    const loadedDrafts = table.lastOrder().length;
    gateway.resetRequests();
    const target = path.join(os.tmpdir(), `pge-table-everything-${process.pid}.json`);
    try {
      const result = await table.exportRows(0, 'filtered', { target, scope: 'everything' });
      assert.equal(result?.outcome, 'complete');
      // 100 were loaded: the other 500 at 100 a page, none read twice.
      assert.equal(gateway.countRequests({ path: 'page_groups' }), Math.ceil((dataset.pageGroups.length - 100) / 100), 'only the pages not yet loaded');
      assert.equal(model.discoveryComplete, true, 'the table is now fully loaded, as after its Load All');
      assert.equal(table.rowCount(), dataset.pageGroups.length);
      const expected = model
        .allLoaded()
        .filter(filterTest({ statuses: ['draft'], query: 'a' }))
        .map((item) => item.value.pageGroupId as string)
        .sort((a, b) => b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' }));
      const written = (JSON.parse(fs.readFileSync(target, 'utf8')) as Array<{ pageGroupId: string }>).map((pg) => pg.pageGroupId);
      assert.ok(written.length > loadedDrafts, `more than the ${loadedDrafts} loaded before (${written.length})`);
      assert.deepEqual(written, expected, 'the filtered rows of everything, sorted as the table shows them');
      assert.equal(result?.written, expected.length);
      // Everything loaded: an export of the filtered rows asks nothing more and sends nothing.
      gateway.resetRequests();
      const again = await table.exportRows(0, 'filtered', { target });
      assert.equal(again?.written, expected.length);
      assert.equal(gateway.countRequests({ path: 'page_groups' }), 0);
    } finally {
      fs.rmSync(target, { force: true });
      await table.receive({ type: 'filter', filter: {} });
      await table.receive({ type: 'sort', sort: [] });
    }
  });

  it('Export of everything cancelled while loading writes nothing and keeps what was loaded', async () => {
    const { table, model } = await openWithFirstPage(api);
    const target = path.join(os.tmpdir(), `pge-table-cancelled-${process.pid}.json`);
    const controller = new AbortController();
    gateway.resetRequests();
    // The next page takes a while: the cancel comes while it is on its way.
    gateway.addFault({ kind: 'delay', ms: 1500, path: 'page_groups', withCursor: true, times: 1 });
    const exported = table.exportRows(0, 'filtered', { target, scope: 'everything', signal: controller.signal });
    await waitFor(() => gateway.countRequests({ path: 'page_groups' }) >= 1, 'the load to start');
    // The table's own Stop button cancels the same load.
    await table.receive({ type: 'cancelLoad' });
    const result = await exported;
    assert.equal(result?.outcome, 'aborted');
    assert.equal(fs.existsSync(target), false, 'no file');
    assert.ok(model.allLoaded().length >= 20 && !model.discoveryComplete, 'what was loaded stays');
    controller.abort();
  });

  it('filters and sorts on the host and remembers both per gateway', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    await table.receive({ type: 'loadAll' });
    const drafts = dataset.pageGroups.filter((pg) => pg.status === 'draft');
    await table.receive({ type: 'filter', filter: { statuses: ['draft'] } });
    assert.equal(table.lastOrder().length, drafts.length);
    await table.receive({ type: 'sort', sort: [{ column: 'pagesCount', descending: true }] });
    const model = api.pageGroups.model(onlyGateway(api));
    const rows = model.allLoaded();
    const byIndex = new Map<number, number>();
    table.lastOrder().forEach((index, position) => byIndex.set(position, Number(rows.find((r) => r === rows[index])?.value.pagesCount ?? -1)));
    const counts = [...byIndex.values()];
    assert.deepEqual(counts, [...counts].sort((a, b) => b - a), 'pages count descending');
    assert.deepEqual(table.state().filter, { statuses: ['draft'] });
    // A new panel of the same gateway starts with the same state.
    table.panel.dispose();
    const reopened = await openTable(api);
    assert.notEqual(reopened, table);
    assert.deepEqual(reopened.state().filter, { statuses: ['draft'] });
    assert.deepEqual(reopened.state().sort, [{ column: 'pagesCount', descending: true }]);
    await reopened.receive({ type: 'filter', filter: {} });
    await reopened.receive({ type: 'sort', sort: [] });
  });

  it('keeps the view state the webview computed (viewState): nothing sent back, the order kept for Export, remembered per gateway', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    await table.receive({ type: 'loadAll' });
    await waitFor(() => table.rowCount() === dataset.pageGroups.length, 'every row');
    await table.receive({ type: 'moreRows' });
    const sent = table.bytesSent();
    const filter = { query: 'a', statuses: ['published'] };
    await table.receive({ type: 'viewState', sort: [{ column: 'pageGroupId', descending: true }], filter, facetSearch: { tenantId: 'tnt' } });
    assert.equal(table.bytesSent(), sent, 'no view sent back: the webview already shows it');
    assert.deepEqual(table.state().filter, filter);
    assert.deepEqual(table.state().facetSearch, { tenantId: 'tnt' });
    const rows = api.pageGroups.model(onlyGateway(api)).allLoaded();
    const expected = rows
      .filter(filterTest(filter))
      .map((item) => item.value.pageGroupId as string)
      .sort((a, b) => b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' }));
    assert.deepEqual(
      table.lastOrder().map((index) => rows[index]?.value.pageGroupId),
      expected,
      'the order Export of the filtered rows writes',
    );
    table.panel.dispose();
    const reopened = await openTable(api);
    assert.deepEqual(reopened.state().filter, filter);
    assert.deepEqual(reopened.state().sort, [{ column: 'pageGroupId', descending: true }]);
    await reopened.receive({ type: 'viewState', sort: [], filter: {}, facetSearch: {} });
  });

  it('ignores messages that are not valid: unknown types, wrong fields, rows of an older generation', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    await table.receive({ type: 'loadAll' });
    const before = table.state();
    const bad: unknown[] = [
      null,
      'ready',
      { type: 'eval', code: 'x' },
      { type: 'filter', filter: 'draft' },
      { type: 'sort', sort: 'title' },
      { type: 'action', action: 'deleteEverything', generation: 0, rows: [0] },
      { type: 'action', action: 'openJson', generation: 0, rows: [-1] },
      { type: 'action', action: 'openJson', generation: 0, rows: [] },
      { type: 'export', generation: 0, rows: 'everything' },
      { type: 'columns', order: 'x', hidden: [], widths: {} },
      { type: 'copyValues', column: 'apiKey', generation: 0, rows: [0] },
    ];
    for (const message of bad) {
      await table.receive(message);
    }
    assert.equal(table.ignored(), bad.length);
    assert.deepEqual(table.state(), before, 'nothing changed');
    await table.receive({ type: 'action', action: 'openJson', generation: 999, rows: [0] });
    assert.equal(vscode.window.activeTextEditor, undefined, 'a row of another generation opens nothing');
    // A filter with fields of the wrong type keeps only the valid ones.
    await table.receive({ type: 'filter', filter: { statuses: [1, 2], query: 42, deletedState: 'sometimes', pagesCount: { min: 'a' } } });
    assert.deepEqual(table.state().filter, {});
  });

  it('Enter opens the row as JSON; Copy ID puts the selected ids on the clipboard; Compare on two rows opens their diff', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    await table.receive({ type: 'loadAll' });
    await table.receive({ type: 'sort', sort: [{ column: 'pageGroupId', descending: false }] });
    const rows = api.pageGroups.model(onlyGateway(api)).allLoaded();
    const first = table.lastOrder()[0] as number;
    const id = rows[first]?.value.pageGroupId as string;
    await table.receive({ type: 'action', action: 'openJson', generation: 0, rows: [first] });
    await waitFor(
      () => isItemDocument(vscode.window.activeTextEditor?.document.uri, 'page-groups', id),
      `the JSON of ${id} (editors: ${vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).join(', ')})`,
    );
    const two = table.lastOrder().slice(0, 2);
    await table.receive({ type: 'action', action: 'copyId', generation: 0, rows: two });
    assert.equal(await vscode.env.clipboard.readText(), two.map((index) => rows[index]?.value.pageGroupId).join('\n'));
    // Compare on two rows opens their JSON side by side.
    await table.receive({ type: 'action', action: 'compare', generation: 0, rows: two });
    const ids = two.map((index) => rows[index]?.value.pageGroupId as string);
    await waitFor(() => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && isItemDocument(input.original, 'page-groups', ids[0] as string) && isItemDocument(input.modified, 'page-groups', ids[1] as string);
    }, `a diff of ${ids.join(' and ')} (active tab: ${vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? 'none'})`);
    await table.receive({ type: 'sort', sort: [] });
  });

  it('Copy {column} and Copy Rows with Headers put the rows\' values on the clipboard as the server sent them, read from the host\'s rows', async () => {
    const table = await openTable(api);
    await table.receive({ type: 'ready' });
    await table.receive({ type: 'loadAll' });
    const rows = api.pageGroups.model(onlyGateway(api)).allLoaded();
    const withTime = rows.findIndex((row) => typeof row.value.updatedAt === 'string');
    const deleted = rows.findIndex((row) => typeof row.value.deletedAt === 'string');
    const kept = rows.findIndex((row) => row.value.deletedAt === undefined);
    assert.ok(withTime >= 0 && deleted >= 0 && kept >= 0, 'the data set has deleted rows and others');
    await vscode.env.clipboard.writeText('before');
    await table.receive({ type: 'copyValues', column: 'updatedAt', generation: 0, rows: [withTime] });
    assert.equal(await vscode.env.clipboard.readText(), rows[withTime]?.value.updatedAt, 'a time as its text, not as the cell shows it');
    await table.receive({ type: 'copyValues', column: 'pagesCount', generation: 0, rows: [withTime, deleted] });
    assert.equal(await vscode.env.clipboard.readText(), [withTime, deleted].map((index) => String(rows[index]?.value.pagesCount ?? '')).join('\n'));
    await table.receive({ type: 'copyValues', column: 'deletedAt', generation: 0, rows: [deleted, kept] });
    assert.equal(await vscode.env.clipboard.readText(), `${rows[deleted]?.value.deletedAt as string}\n`);
    // Rows without a value, or of an older generation: the clipboard keeps what it held.
    await table.receive({ type: 'copyValues', column: 'deletedAt', generation: 0, rows: [kept] });
    await table.receive({ type: 'copyValues', column: 'title', generation: 999, rows: [withTime] });
    assert.equal(await vscode.env.clipboard.readText(), `${rows[deleted]?.value.deletedAt as string}\n`);
    // Copy Rows with Headers: the columns shown, in the order shown, under their headers, tab-separated.
    const before = table.state();
    const order = ['pagesCount', 'title', 'deletedAt', ...before.order.filter((column) => !['pagesCount', 'title', 'deletedAt'].includes(column))];
    await table.receive({ type: 'columns', order, hidden: order.slice(3), widths: {}, frozen: 1 });
    assert.equal(table.state().frozen, 1, 'the frozen columns are kept with the rest of the columns');
    await table.receive({ type: 'copyRows', generation: 0, rows: [deleted, kept] });
    const line = (index: number): string => [String(rows[index]?.value.pagesCount ?? ''), rows[index]?.value.title ?? '', rows[index]?.value.deletedAt ?? ''].join('\t');
    assert.equal(await vscode.env.clipboard.readText(), `Pages\tTitle\tDeleted\n${line(deleted)}\n${line(kept)}\n`);
    await table.receive({ type: 'columns', order: before.order, hidden: before.hidden, widths: before.widths, frozen: 'all' });
    assert.equal(table.state().frozen, 0, 'a count that is not one is none');
  });

  it('the tree draws at most pageGateway.maxTreeRows rows under a status and ends with one that opens the rest in the table', async () => {
    await configure(api, { maxTreeRows: 100 });
    try {
      const model = api.pageGroups.model(onlyGateway(api));
      await model.chain('draft').loadAll(100);
      const drafts = dataset.pageGroups.filter((pg) => pg.status === 'draft').length;
      assert.ok(drafts > 100, `the data set has ${drafts} drafts`);
      const rows = await pageGroupRows(api, (await statusRow(api, 'draft')).node);
      const groups = rows.filter((row) => row.contextValue.startsWith('pageGateway.pageGroup'));
      assert.equal(groups.length, 100);
      const last = rows[rows.length - 1];
      assert.equal(last?.label, `${drafts - 100} more loaded: Open as Table or Search`);
      assert.equal(last?.contextValue, 'pageGateway.moreRows +search');
      assert.equal(model.itemsOf('draft').length, drafts, 'the rows not drawn stay loaded');
      const command = last?.item.command;
      assert.equal(command?.command, 'pageGateway.openPageGroupsTable');
      await vscode.commands.executeCommand(command?.command as string, ...(command?.arguments ?? []));
      const table = (await api.pageGroupTables()).find((t) => t.gateway === onlyGateway(api));
      assert.ok(table, 'the row opens the table');
      await table.receive({ type: 'ready' });
      assert.equal(table.rowCount(), model.allLoaded().length, 'every loaded page group is in the table');
      // Reveal in Tree of a draft past the rows drawn: its status's "more loaded" row is selected, and a message says why.
      const past = model.itemsOf('draft')[150];
      assert.ok(past?.value.pageGroupId);
      const info: Array<{ message: string; actions: string[] }> = [];
      const originalInfo = vscode.window.showInformationMessage;
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string, ...actions: string[]): Thenable<undefined> => {
        info.push({ message, actions });
        return Promise.resolve(undefined);
      };
      try {
        await vscode.commands.executeCommand('pageGateway.revealItem', { ref: { gateway: onlyGateway(api), kind: PAGE_GROUP, item: past }, gateway: onlyGateway(api) });
      } finally {
        (vscode.window as { showInformationMessage: unknown }).showInformationMessage = originalInfo;
      }
      await waitFor(() => api.pageGroupsView.selection.length === 1, 'the tree to select a row');
      assert.match(api.pageGroupsView.selection[0]?.id ?? '', /\/status\/draft\/moreRows$/);
      assert.deepEqual(info, [
        {
          message: `“${past.value.title || past.value.name || ''}” is loaded, but the tree draws the first 100 page groups of draft only (\`pageGateway.maxTreeRows\`). Its JSON, the table, Search and Go to ID have it.`,
          actions: ['Open as JSON', 'Open Settings'],
        },
      ]);
      await configure(api, { maxTreeRows: undefined });
      const all = await pageGroupRows(api, (await statusRow(api, 'draft')).node);
      assert.equal(all.filter((row) => row.contextValue.startsWith('pageGateway.pageGroup')).length, drafts, 'the default draws them all');
    } finally {
      await configure(api, { maxTreeRows: undefined });
    }
  });
});
