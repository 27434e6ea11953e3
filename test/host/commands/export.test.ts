// Export… in the real extension host against the sample gateway: the file's content in each format (the raw objects,
// unknown fields kept), what is loaded versus everything (requests counted at the gateway), the webhook list, and the
// export that is cancelled or fails (no file). The save dialog is answered in advance: the target is passed as the
// command's options (`{ target, format, scope, signal }`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import * as vscode from 'vscode';
import type { ExportResult } from '../../../src/commands/exportCommand';
import type { PageGatewayTestApi } from '../../../src/extension';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, onlyGateway, pageGroupRows, statusRow } from '../support';

// Large enough that each status takes several pages at limit=100.
const dataset: Dataset = generateDataset({ pageGroupCount: 600 });
const CONTRACT_FIELDS = ['pageGroupId', 'tenantId', 'brandId', 'name', 'title', 'pageContext', 'status', 'pagesCount', 'actions', 'footerLinks', 'scripts', 'headerActionId', 'createdAt', 'updatedAt', 'deletedAt'];

function published(): Record<string, unknown>[] {
  return dataset.pageGroups.filter((pg) => pg.status === 'published');
}

describe('Export', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  let dir: string;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-export-'));
    gateway.clearFaults();
    api.pageGroups.reload(onlyGateway(api));
    gateway.resetRequests();
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function exportStatus(status: string, options: Record<string, unknown>): Promise<ExportResult | undefined> {
    const row = await statusRow(api, status);
    return vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.export', row.node, options);
  }

  it('what is loaded, as JSON: the raw objects of the status in tree order, and no request', async () => {
    const row = await statusRow(api, 'published');
    await pageGroupRows(api, row.node);
    gateway.resetRequests();
    const target = path.join(dir, 'published.json');
    const result = await exportStatus('published', { target, scope: 'loaded' });
    assert.equal(result?.outcome, 'complete');
    assert.equal(result?.written, 20);
    assert.equal(result?.format, 'json');
    assert.deepEqual(JSON.parse(fs.readFileSync(target, 'utf8')), published().slice(0, 20));
    assert.equal(gateway.requests.length, 0, 'exporting what is loaded sends nothing');
  });

  it('everything, as CSV: loads the rest at limit=100 (kept in the tree), contract fields first, cells read back', async () => {
    const row = await statusRow(api, 'published');
    await pageGroupRows(api, row.node);
    gateway.resetRequests();
    const target = path.join(dir, 'published.csv');
    const result = await exportStatus('published', { target, scope: 'everything' });
    assert.equal(result?.outcome, 'complete');
    const all = published();
    assert.equal(result?.written, all.length);
    assert.ok(gateway.requests.length >= 1);
    assert.ok(gateway.requests.every((r) => r.query.limit === '100' && r.query.status === 'published'));
    assert.equal((await statusRow(api, 'published')).description, String(all.length), 'the tree shows everything now');
    const rows = parse(fs.readFileSync(target, 'utf8')) as string[][];
    const header = rows[0] ?? [];
    assert.deepEqual(header.slice(0, CONTRACT_FIELDS.length), CONTRACT_FIELDS);
    assert.equal(rows.length, all.length + 1);
    const first = all[0] as Record<string, unknown>;
    const cell = (record: string[], field: string): string | undefined => record[header.indexOf(field)];
    assert.equal(cell(rows[1] as string[], 'pageGroupId'), first.pageGroupId);
    assert.equal(cell(rows[1] as string[], 'pagesCount'), String(first.pagesCount));
    assert.deepEqual(JSON.parse(cell(rows[1] as string[], 'actions') as string), first.actions, 'arrays as JSON text');
    assert.ok(fs.readFileSync(target, 'utf8').includes('\r\n'), 'RFC 4180 line ends');
  });

  it('keeps unknown fields: a column for each one found in what is loaded; NDJSON keeps them in every object', async () => {
    const withExtra = published().filter((pg) => 'experimentalFlags' in pg);
    assert.ok(withExtra.length > 0, 'the data set has page groups with an unknown field');
    const csv = path.join(dir, 'everything.csv');
    // Load everything first, so the columns know every key.
    await api.pageGroups.model(onlyGateway(api)).chain('published').loadAll(100);
    const result = await exportStatus('published', { target: csv, scope: 'loaded' });
    assert.deepEqual(result?.leftOut, []);
    const header = (parse(fs.readFileSync(csv, 'utf8')) as string[][])[0] ?? [];
    assert.ok(header.includes('experimentalFlags'), header.join(','));
    const ndjson = path.join(dir, 'published.ndjson');
    await exportStatus('published', { target: ndjson, scope: 'loaded' });
    const lines = fs.readFileSync(ndjson, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    assert.deepEqual(lines, published());
  });

  it('the webhook subscriptions (Export… of the Webhook Subscriptions view): loads the list when needed, one request', async () => {
    await api.webhooks.list(onlyGateway(api)).reload();
    api.webhooks.list(onlyGateway(api)).reset();
    gateway.resetRequests();
    const target = path.join(dir, 'hooks.ndjson');
    const result = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.exportView', api.webhooks.gatewayNode(onlyGateway(api)), { target });
    assert.equal(result?.outcome, 'complete');
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    const lines = fs.readFileSync(target, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    assert.deepEqual(lines, dataset.webhooks);
  });

  it('a cancelled export writes nothing and leaves an existing file as it was; what loaded stays loaded', async () => {
    const target = path.join(dir, 'cancelled.json');
    fs.writeFileSync(target, 'before');
    const row = await statusRow(api, 'draft');
    await pageGroupRows(api, row.node);
    gateway.addFault({ kind: 'delay', ms: 1000, path: 'page_groups', status: 'draft', withCursor: true });
    const controller = new AbortController();
    const pending = exportStatus('draft', { target, scope: 'everything', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    const result = await pending;
    assert.equal(result?.outcome, 'aborted');
    assert.equal(fs.readFileSync(target, 'utf8'), 'before');
    assert.deepEqual(fs.readdirSync(dir), ['cancelled.json'], 'no temporary file left');
    assert.ok(api.pageGroups.model(onlyGateway(api)).itemsOf('draft').length > 0);
  });

  it('a page that fails ends the export with nothing written, and says so', async () => {
    gateway.addFault({ kind: 'status', status: 500, path: 'page_groups', withCursor: true });
    const target = path.join(dir, 'failed.csv');
    const result = await exportStatus('published', { target, scope: 'everything' });
    assert.equal(result?.outcome, 'failed');
    assert.equal(fs.existsSync(target), false);
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  it('the format follows the target file name, and "stopped" paging still writes what was listed', async () => {
    gateway.addFault({ kind: 'repeatCursor', path: 'page_groups', status: 'draft', withCursor: true });
    const target = path.join(dir, 'draft.jsonl');
    const result = await exportStatus('draft', { target, scope: 'everything' });
    assert.equal(result?.format, 'ndjson');
    assert.equal(result?.outcome, 'stopped');
    const lines = fs.readFileSync(target, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, result?.written);
  });
});
