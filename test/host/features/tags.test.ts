// A list endpoint that exists only in the tests and that the gateway returns whole (test/host/features/tags/: a bare
// array, no paging, like the webhook subscriptions): a kind file and a one-line feature, drawn by the same generic list
// tree as the paged forms. Each step runs what the manifest offers a user (test/host/menus.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExportResult } from '../../../src/commands/exportCommand';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { ListTreeNode } from '../../../src/views/listTree';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, onlyGateway, rowsOf, waitFor, type Row } from '../support';
import { clickRowMenu, rowMenu, titleMenu } from '../menus';
import { TAGS_FEATURE, type TagsTestApi } from './tags/tagsFeature';
import { TAGS_VIEW } from './tags/tagKind';

const TAGS = Array.from({ length: 30 }, (_, i) => ({ tagId: `tag_${String(i + 1).padStart(3, '0')}`, name: `Tag ${i + 1}` }));

let tags: ({ readonly testApi: TagsTestApi } & vscode.Disposable) | undefined;

describe('A list endpoint the gateway returns whole (tags, only the tests know it), on the generic list tree', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const testApi = (): TagsTestApi => (tags as { readonly testApi: TagsTestApi }).testApi;
  const rows = (): Promise<Row<ListTreeNode>[]> => rowsOf(testApi().tree) as Promise<Row<ListTreeNode>[]>;
  const requests = (): number => gateway.countRequests({ path: 'tags' });

  connectedSuite({ wholeLists: { tags: TAGS } }, (a, g) => {
    api = a;
    gateway = g;
  });

  before(() => {
    tags = api.addFeature(TAGS_FEATURE);
  });

  after(() => {
    tags?.dispose();
    tags = undefined;
  });

  beforeEach(() => {
    testApi().tree.chain(onlyGateway(api)).reset();
    gateway.resetRequests();
  });

  it('shows every tag after one request, with no "Load more…" and no Load All', async () => {
    const shown = await rows();
    assert.deepEqual(shown.map((r) => r.label), TAGS.map((t) => t.name));
    assert.equal(requests(), 1);
    assert.deepEqual(
      rowMenu(api, TAGS_VIEW, (shown[0] as Row<ListTreeNode>).item)
        .map((entry) => entry.title)
        // Shown when an item of an earlier suite is still selected for Compare.
        .filter((title) => title !== 'Compare with Selected')
        .sort(),
      ['Copy ID', 'Copy Link', 'Copy as cURL', 'Open as JSON', 'Select for Compare'],
    );
    assert.ok(!titleMenu(api, TAGS_VIEW).some((entry) => entry.title === 'Load All'), 'a list read whole has nothing more to load');
  });

  it('Open as JSON and Copy as cURL from a row: no request; the cURL is the list\'s, picking the tag out', async () => {
    const row = (await rows()).find((r) => r.label === 'Tag 7');
    assert.ok(row);
    gateway.resetRequests();
    await clickRowMenu(api, TAGS_VIEW, row, 'Open as JSON');
    assert.deepEqual(JSON.parse(vscode.window.activeTextEditor?.document.getText() ?? '{}'), TAGS[6]);
    await clickRowMenu(api, TAGS_VIEW, row, 'Copy as cURL');
    const curl = await vscode.env.clipboard.readText();
    assert.match(curl, new RegExp(`'${gateway.url}/v0/tags'`));
    assert.match(curl, /tag_007/, 'it picks the tag out of the list');
    assert.equal(requests(), 0);
  });

  it('Refresh reads the list again in one request, the rows staying until it lands; Export… writes every tag', async () => {
    await rows();
    gateway.resetRequests();
    await testApi().tree.reload(onlyGateway(api));
    await waitFor(() => !testApi().tree.chain(onlyGateway(api)).loading, 'the refresh to land');
    assert.equal((await rows()).length, TAGS.length);
    assert.equal(requests(), 1);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-tags-'));
    const exportEntry = titleMenu(api, TAGS_VIEW).find((entry) => entry.title === 'Export…');
    assert.ok(exportEntry);
    const result = await vscode.commands.executeCommand<ExportResult | undefined>(exportEntry.command, (await rows())[0]?.node, { target: path.join(folder, 'tags.json') });
    assert.equal(result?.outcome, 'complete');
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(folder, 'tags.json'), 'utf8')), TAGS);
    assert.equal(requests(), 1, 'the export used the list loaded');
  });
});
