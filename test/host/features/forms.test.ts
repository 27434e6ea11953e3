// A third list endpoint that exists only in the tests (test/host/features/forms/: forms, paged with a cursor),
// registered through the same mechanism as the features of src/features/features.ts (the test API's addFeature) and
// driven through the generic code: rows and Load more, Open as JSON, Copy ID, Compare, Go to ID (found by scanning),
// Refresh, Copy as cURL and Export, with request counts as for page groups. No file under src/ names it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parse } from 'csv-parse/sync';
import type { ExportResult } from '../../../src/commands/exportCommand';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, onlyGateway, rowsOf, waitFor, type Row } from '../support';
import { dataOf, invokeTool } from '../agentTools/toolSupport';
import { FORMS_FEATURE, type FormsTestApi } from './forms/formsFeature';
import type { ChainListNode } from '../../../src/views/chainListTree';

const FORMS = Array.from({ length: 45 }, (_, i) => ({ formId: `form_${String(i + 1).padStart(4, '0')}`, title: `Form ${i + 1}`, fields: i % 3 }));

/** The forms feature, while this suite runs (taken out at its end: the other suites know two kinds). */
let forms: ({ readonly testApi: FormsTestApi } & vscode.Disposable) | undefined;

describe('A third list endpoint (forms, defined only in the tests) through the generic code', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const provider = (): FormsTestApi['tree'] => (forms as { readonly testApi: FormsTestApi }).testApi.tree;
  const rows = (): Promise<Row<ChainListNode>[]> => rowsOf(provider()) as Promise<Row<ChainListNode>[]>;
  const formRow = async (id: string): Promise<Row<ChainListNode>> => {
    const row = (await rows()).find((r) => r.node.kind === 'item' && (r.node.item.value as { formId?: string }).formId === id);
    assert.ok(row, `a row for ${id}`);
    return row;
  };
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
    provider().chain(onlyGateway(api)).reset();
    gateway.resetRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('its tree shows the first page and "Load more…"; each Load more is one request', async () => {
    const first = await rows();
    assert.equal(first.filter((r) => r.node.kind === 'item').length, 20);
    assert.equal(first[first.length - 1]?.label, 'Load more…');
    assert.equal(requests(), 1);
    await vscode.commands.executeCommand('pageGateway.loadMore', first[first.length - 1]?.node);
    const second = await rows();
    assert.equal(second.filter((r) => r.node.kind === 'item').length, 40);
    assert.equal(requests(), 2, 'one request for one Load more');
    await vscode.commands.executeCommand('pageGateway.loadMore', second[second.length - 1]?.node);
    const all = await rows();
    assert.deepEqual(all.map((r) => r.label), FORMS.map((f) => f.title), 'every form, no Load more at the end');
    assert.equal(requests(), 3);
  });

  it('Open as JSON, Copy ID and Compare work on its rows without a request', async () => {
    await rows();
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.openJson', (await formRow('form_0003')).node);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.path, '/forms/form_0003/Form 3 · form_0003.json', 'the tab names the form by its title and id');
    assert.deepEqual(JSON.parse(editor?.document.getText() ?? '{}'), FORMS[2]);
    await vscode.commands.executeCommand('pageGateway.copyId', (await formRow('form_0007')).node);
    assert.equal(await vscode.env.clipboard.readText(), 'form_0007');
    await vscode.commands.executeCommand('pageGateway.selectForCompare', (await formRow('form_0001')).node);
    await vscode.commands.executeCommand('pageGateway.compareWithSelected', (await formRow('form_0002')).node);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor');
    assert.match(tab.label, / · form_0001 ↔ .* · form_0002$/);
    assert.equal(requests(), 0);
  });

  it('Go to ID finds a form three pages down by scanning, opens it and selects its row', async () => {
    await rows();
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.goToId', 'form_0044');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path === '/forms/form_0044/Form 44 · form_0044.json', 'the form to open', 30_000);
    assert.equal(requests(), 1, 'the scan asks for the rest in one page of 100');
    await waitFor(
      () => ((forms as { readonly testApi: FormsTestApi }).testApi.view.selection as ChainListNode[]).some((node) => node.kind === 'item' && (node.item.value as { formId?: string }).formId === 'form_0044'),
      'its row to be selected',
    );
  });

  it('the agent’s Get Item finds a form by scanning, and List Gateways counts forms (no change to src/agent/)', async () => {
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

  it('Refresh is one request, Copy as cURL describes the request a row came from', async () => {
    const first = await rows();
    await vscode.commands.executeCommand('pageGateway.loadMore', first[first.length - 1]?.node);
    gateway.resetRequests();
    await provider().reload(onlyGateway(api));
    await rows();
    await waitFor(() => !provider().chain(onlyGateway(api)).loading, 'the refresh to land');
    assert.equal(requests(), 1);
    await vscode.commands.executeCommand('pageGateway.loadMore', (await rows()).at(-1)?.node);
    await vscode.commands.executeCommand('pageGateway.copyAsCurl', (await formRow('form_0025')).node);
    assert.equal(await vscode.env.clipboard.readText(), `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" '${gateway.url}/v0/forms?limit=20&cursor=20'`);
    await vscode.commands.executeCommand('pageGateway.copyAsCurl', (await rows()).at(-1)?.node);
    assert.match(await vscode.env.clipboard.readText(), /\/v0\/forms\?limit=20&cursor=40'$/, 'Load more: the request it will send');
  });

  it('Export writes every form as JSON and CSV, loading the rest (one request a page of 100)', async () => {
    await rows();
    gateway.resetRequests();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-forms-'));
    const node = provider().gatewayNode(onlyGateway(api));
    const json = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.export', node, { target: path.join(folder, 'forms.json'), scope: 'everything' });
    assert.equal(json?.outcome, 'complete');
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(folder, 'forms.json'), 'utf8')), FORMS);
    assert.equal(requests(), 1);
    const csv = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.export', node, { target: path.join(folder, 'forms.csv'), scope: 'everything' });
    assert.equal(csv?.written, 45);
    const table = parse(fs.readFileSync(path.join(folder, 'forms.csv'), 'utf8'), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(Object.keys(table[0] ?? {}), ['formId', 'title', 'fields']);
    assert.deepEqual(table.map((row) => row.formId), FORMS.map((f) => f.formId));
    assert.equal(requests(), 1, 'everything was loaded already');
  });
});
