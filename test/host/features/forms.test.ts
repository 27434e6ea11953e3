// A list endpoint that exists only in the tests (test/host/features/forms/: forms, paged with a cursor), added through
// the same mechanism as the features of src/features/features.ts (the test API's addFeature). Its folder holds a kind
// file and a one-line feature (scripts/checkListEndpoint.ts checks it needs nothing else), and the manifest knows only
// its view. Every step here runs what the manifest offers a user: a row's click, its context menu, the view's title
// bar, a key (test/host/menus.ts reads the `when` clauses as the editor does), with request counts as for page groups.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parse } from 'csv-parse/sync';
import type { ExportResult } from '../../../src/commands/exportCommand';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { ListTreeNode } from '../../../src/views/listTree';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, onlyGateway, rowsOf, waitFor, type Row } from '../support';
import { dataOf, invokeTool } from '../agentTools/toolSupport';
import { clickRowMenu, clickTitleMenu, editorTitleMenu, pressKey, rowMenu, titleMenu } from '../menus';
import { FORMS_FEATURE, type FormsTestApi } from './forms/formsFeature';
import { FORMS_VIEW } from './forms/formKind';

const FORMS = Array.from({ length: 45 }, (_, i) => ({ formId: `form_${String(i + 1).padStart(4, '0')}`, title: `Form ${i + 1}`, fields: i % 3 }));

/** The forms feature, while this suite runs (taken out at its end: the other suites know two kinds). */
let forms: ({ readonly testApi: FormsTestApi } & vscode.Disposable) | undefined;

const formIdOf = (node: ListTreeNode): string | undefined => (node.kind === 'item' ? (node.item.value as { formId?: string }).formId : undefined);

describe('A list endpoint only the tests know (forms), through the menus and keys a user has', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const testApi = (): FormsTestApi => (forms as { readonly testApi: FormsTestApi }).testApi;
  const rows = (): Promise<Row<ListTreeNode>[]> => rowsOf(testApi().tree) as Promise<Row<ListTreeNode>[]>;
  const formRow = async (id: string): Promise<Row<ListTreeNode>> => {
    const row = (await rows()).find((r) => formIdOf(r.node) === id);
    assert.ok(row, `a row for ${id}`);
    return row;
  };
  const loadMoreRow = async (): Promise<Row<ListTreeNode>> => {
    const row = (await rows()).at(-1);
    assert.equal(row?.label, 'Load more…');
    return row;
  };
  /** A click on a row runs its own command (what the editor does). */
  const click = async (row: Row<unknown>): Promise<void> => {
    const command = row.item.command;
    assert.ok(command, `“${row.label}” does something when clicked`);
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  };
  const titles = (entries: ReadonlyArray<{ readonly title: string }>): string[] => entries.map((entry) => entry.title);
  const requests = (): number => gateway.countRequests({ path: 'forms' });

  connectedSuite({ extraLists: { forms: FORMS } }, (a, g) => {
    api = a;
    gateway = g;
  });

  before(() => {
    forms = api.addFeature(FORMS_FEATURE);
  });

  after(() => {
    forms?.dispose();
    forms = undefined;
  });

  beforeEach(async () => {
    testApi().tree.chain(onlyGateway(api)).reset();
    gateway.resetRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the first page and "Load more…"; a click on it is one request, a second click on the same row none', async () => {
    const first = await rows();
    assert.equal(first.filter((r) => r.node.kind === 'item').length, 20);
    assert.equal(requests(), 1);
    const more = await loadMoreRow();
    await click(more);
    assert.equal((await rows()).filter((r) => r.node.kind === 'item').length, 40);
    assert.equal(requests(), 2, 'one request for one Load more');
    await click(more);
    assert.equal(requests(), 2, 'the row from before that page is stale: its second click loads nothing');
    await click(await loadMoreRow());
    assert.deepEqual((await rows()).map((r) => r.label), FORMS.map((f) => f.title), 'every form, no Load more at the end');
    assert.equal(requests(), 3);
  });

  it("a form row's context menu has what an item offers, and each entry works without a request", async () => {
    const row = await formRow('form_0003');
    assert.deepEqual(titles(rowMenu(api, FORMS_VIEW, row.item)).sort(), ['Copy ID', 'Copy Link', 'Copy as cURL', 'Open as JSON', 'Select for Compare']);
    gateway.resetRequests();
    await clickRowMenu(api, FORMS_VIEW, row, 'Open as JSON');
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.path, '/forms/form_0003/Form 3 · form_0003.json', 'the tab names the form by its title and id');
    assert.deepEqual(JSON.parse(editor?.document.getText() ?? '{}'), FORMS[2]);
    await clickRowMenu(api, FORMS_VIEW, await formRow('form_0007'), 'Copy ID');
    assert.equal(await vscode.env.clipboard.readText(), 'form_0007');
    await clickRowMenu(api, FORMS_VIEW, await formRow('form_0007'), 'Copy Link');
    assert.match(await vscode.env.clipboard.readText(), /^[a-z-]+:\/\/pagegateway\.page-gateway-explorer\/open\?.*id=form_0007/);
    await clickRowMenu(api, FORMS_VIEW, await formRow('form_0001'), 'Select for Compare');
    const second = await formRow('form_0002');
    await waitFor(() => titles(rowMenu(api, FORMS_VIEW, second.item)).includes('Compare with Selected'), '“Compare with Selected” in the next row’s menu');
    await clickRowMenu(api, FORMS_VIEW, second, 'Compare with Selected');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor');
    assert.match(tab.label, / · form_0001 ↔ .* · form_0002$/);
    assert.equal(requests(), 0);
  });

  it('Copy as cURL from a row and from "Load more…" copies the request it came from, or will send', async () => {
    await click(await loadMoreRow());
    await clickRowMenu(api, FORMS_VIEW, await formRow('form_0025'), 'Copy as cURL');
    assert.equal(await vscode.env.clipboard.readText(), `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" '${gateway.url}/v0/forms?limit=20&cursor=20'`);
    await clickRowMenu(api, FORMS_VIEW, await loadMoreRow(), 'Copy as cURL');
    assert.match(await vscode.env.clipboard.readText(), /\/v0\/forms\?limit=20&cursor=40'$/, 'Load more: the request it will send');
  });

  it('"Load All" in the context menu of "Load more…" loads the rest at 100 a page', async () => {
    await rows();
    gateway.resetRequests();
    const more = await loadMoreRow();
    assert.ok(titles(rowMenu(api, FORMS_VIEW, more.item)).includes('Load All'));
    await clickRowMenu(api, FORMS_VIEW, more, 'Load All');
    await waitFor(async () => (await rows()).filter((r) => r.node.kind === 'item').length === 45, 'every form');
    assert.equal(requests(), 1, 'the 25 left in one page of 100');
    assert.ok(gateway.requests.every((r) => r.query.limit === '100'));
    assert.notEqual((await rows()).at(-1)?.label, 'Load more…');
  });

  it('keys in its view: Ctrl+C copies the selected rows\' ids, F5 refreshes the list (one request)', async () => {
    // The user is in the forms view: it is open and has focus.
    await vscode.commands.executeCommand(`${FORMS_VIEW}.focus`);
    const row = await formRow('form_0004');
    await testApi().view.reveal(row.node, { select: true, focus: true });
    await waitFor(() => testApi().view.selection.some((node) => formIdOf(node as ListTreeNode) === 'form_0004'), 'the row to be selected');
    await vscode.env.clipboard.writeText('');
    await pressKey(api, FORMS_VIEW, 'ctrl+c', row.node);
    assert.equal(await vscode.env.clipboard.readText(), 'form_0004');
    gateway.resetRequests();
    await pressKey(api, FORMS_VIEW, 'f5', row.node);
    await waitFor(() => !testApi().tree.chain(onlyGateway(api)).loading && requests() === 1, 'the refresh to land');
    await rows();
    assert.equal(requests(), 1, 'one request: the first page again');
  });

  it('its title bar has the generic list commands: Refresh, Go to ID, Search, Copy as cURL, Export, Load All', async () => {
    await vscode.commands.executeCommand(`${FORMS_VIEW}.focus`);
    await rows();
    const shown = titles(titleMenu(api, FORMS_VIEW));
    for (const title of ['Refresh', 'Go to ID…', 'Copy as cURL', 'Export…', 'Load All', 'Show Logs']) {
      assert.ok(shown.includes(title), `“${title}” in the title bar of the forms view: ${shown.join(', ')}`);
    }
    assert.ok(shown.some((title) => title.startsWith('Search')), `a Search in the title bar: ${shown.join(', ')}`);
    assert.ok(!shown.includes('Filter by Status…'), 'nothing of another resource');
    gateway.resetRequests();
    await clickTitleMenu(api, FORMS_VIEW, 'Copy as cURL', (await formRow('form_0001')).node);
    assert.equal(await vscode.env.clipboard.readText(), `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" '${gateway.url}/v0/forms?limit=20'`);
    await clickTitleMenu(api, FORMS_VIEW, 'Refresh', (await formRow('form_0001')).node);
    await waitFor(() => !testApi().tree.chain(onlyGateway(api)).loading && requests() === 1, 'the refresh to land');
    assert.equal(requests(), 1);
  });

  it('Export… of its title bar writes every form as JSON and CSV, loading the rest (one request a page of 100)', async () => {
    const focused = (await formRow('form_0001')).node;
    gateway.resetRequests();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-forms-'));
    const entry = titleMenu(api, FORMS_VIEW).find((candidate) => candidate.title === 'Export…');
    assert.ok(entry);
    // The title's command, with the focused row (as the editor runs it) and the answers a user gives its questions.
    const json = await vscode.commands.executeCommand<ExportResult | undefined>(entry.command, focused, { target: path.join(folder, 'forms.json'), scope: 'everything' });
    assert.equal(json?.outcome, 'complete');
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(folder, 'forms.json'), 'utf8')), FORMS);
    assert.equal(requests(), 1);
    const csv = await vscode.commands.executeCommand<ExportResult | undefined>(entry.command, focused, { target: path.join(folder, 'forms.csv'), scope: 'everything' });
    assert.equal(csv?.written, 45);
    const table = parse(fs.readFileSync(path.join(folder, 'forms.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(Object.keys(table[0] ?? {}), ['formId', 'title', 'fields']);
    assert.deepEqual(table.map((row) => row.formId), FORMS.map((f) => f.formId));
    assert.equal(requests(), 1, 'everything was loaded already');
  });

  it('Go to ID finds a form three pages down by scanning, opens it, and its document reveals its row and hovers its id', async () => {
    await rows();
    gateway.resetRequests();
    const goTo = titleMenu(api, FORMS_VIEW).find((entry) => entry.title === 'Go to ID…');
    assert.ok(goTo);
    // The title's command with the id a user types into its box.
    await vscode.commands.executeCommand(goTo.command, 'form_0044');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path === '/forms/form_0044/Form 44 · form_0044.json', 'the form to open', 30_000);
    assert.equal(requests(), 1, 'the scan asks for the rest in one page of 100');
    await waitFor(() => testApi().view.selection.some((node) => formIdOf(node as ListTreeNode) === 'form_0044'), 'its row to be selected');
    // The document's title bar: Copy Link, and Reveal in Page Gateway Tree selects the row again.
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document);
    await waitFor(() => titles(editorTitleMenu(api, document.uri)).includes('Copy Link'), 'Copy Link in the title bar of its document');
    const reveal = editorTitleMenu(api, document.uri).find((entry) => entry.title === 'Reveal in Page Gateway Tree');
    assert.ok(reveal, 'Reveal in Page Gateway Tree in the title bar of its document');
    await testApi().view.reveal((await formRow('form_0001')).node, { select: true });
    await vscode.commands.executeCommand(reveal.command, document.uri);
    await waitFor(() => testApi().view.selection.some((node) => formIdOf(node as ListTreeNode) === 'form_0044'), 'Reveal in Tree to select its row');
    // The id in any text hovers the form's card.
    const text = await vscode.workspace.openTextDocument({ content: 'the form form_0044 is the one', language: 'plaintext' });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', text.uri, new vscode.Position(0, 12));
    const hover = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(hover, /Form 44/);
    assert.equal(requests(), 1, 'no request for a hover or a reveal');
  });

  it("the agent's Get Item finds a form by scanning, and List Gateways counts forms (no change to src/agent/)", async () => {
    await rows();
    gateway.resetRequests();
    const text = await invokeTool('pageGateway_getItem', { id: 'see /forms/form_0044 in the log' });
    const data = dataOf<{ item: unknown; kind: string; coverage: Array<{ complete: boolean }> }>(text);
    assert.deepEqual(data.item, FORMS[43]);
    assert.equal(data.kind, 'form');
    assert.match(text, /Found the form “form_0044”/);
    assert.equal(requests(), 1, 'one page of 100 brought the rest');
    const gateways = dataOf<{ gateways: Array<{ lists: Record<string, { loaded: number; complete: boolean }> }> }>(await invokeTool('pageGateway_listGateways', {}));
    assert.deepEqual(gateways.gateways[0]?.lists.forms, { loaded: FORMS.length, complete: true });
  });
});
