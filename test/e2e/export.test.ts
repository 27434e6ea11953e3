// Export… in the real workbench, through its questions and the editor's own save dialog: a status row's context menu
// (what is loaded or everything, the format, where), and the export button of the Search Page Groups pick.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { generateDataset } from '../gateway/dataset';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, type WorkbenchFixture } from './fixture';

const dataset = generateDataset();

describe('e2e: Export…', function () {
  this.timeout(180_000);
  let fx: WorkbenchFixture;

  before(async () => {
    fx = await startWorkbench({ withGateway: true, gatewayOptions: { dataset }, name: 'e2e-export' });
    await fx.openContainer();
    await fx.setSampleKey();
    await eventually(async () => assert.ok((await fx.viewRows(PAGE_GROUPS_VIEW)).some((r) => r.text === 'published')));
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
  });

  /** The save dialog (the editor's own, in the browser a quick input holding the path): its suggested file, then Enter. */
  async function saveAs(expectedName: string): Promise<string> {
    await eventually(async () => assert.ok((await fx.quickInput.value()).endsWith(expectedName), await fx.quickInput.value()));
    const file = path.join(fx.server.workspaceDir, expectedName);
    await fx.quickInput.type(file);
    await fx.quickInput.accept();
    return file;
  }

  it('a status row exports everything as JSON: the questions, the save dialog, then the file', async () => {
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    await eventually(async () => assert.equal((await fx.viewRows(PAGE_GROUPS_VIEW)).find((r) => r.text === 'published')?.description, '20+'));
    await fx.contextMenu(fx.row(PAGE_GROUPS_VIEW, 'published'), 'Export…');
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === 'What is loaded' && /^20 page groups/.test(item.description))));
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === 'Everything')));
    await fx.screenshot('export 01 what is loaded or everything');
    await fx.quickInput.pick('Everything');
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === 'NDJSON')));
    await fx.screenshot('export 02 format');
    await fx.quickInput.pick('JSON');
    const file = await saveAs('page-groups-published.json');
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /^Exported \d+ page groups to page-groups-published\.json\./.test(n))));
    await fx.screenshot('export 03 exported');
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), dataset.pageGroups.filter((pg) => pg.status === 'published'));
    await fx.runCommand('Notifications: Clear All Notifications');
  });

  it('the Search Page Groups pick exports its matches as CSV', async () => {
    await fx.runCommand('Page Gateway: Search…');
    await fx.quickInput.type('checkout');
    await eventually(async () => assert.match(await fx.quickInput.title(), /all .* scanned · \d+ matches/));
    const matches = Number(/· (\d+) matches/.exec(await fx.quickInput.title())?.[1]);
    await fx.screenshot('export 04 search with its export button');
    await fx.quickInput.widget.locator('.quick-input-titlebar .action-label[aria-label^="Export the Matches"]').click();
    await eventually(async () => assert.ok((await fx.quickInput.items()).some((item) => item.text === 'CSV')));
    await fx.quickInput.pick('CSV');
    const file = await saveAs('page-groups-search-checkout.csv');
    await eventually(() => assert.ok(fs.existsSync(file)));
    const rows = parse(fs.readFileSync(file, 'utf8')) as string[][];
    assert.equal(rows.length, matches + 1);
    assert.equal(rows[0]?.[0], 'pageGroupId');
    assert.ok(rows.slice(1).every((row) => /checkout/i.test(row.join(' '))));
  });
});
