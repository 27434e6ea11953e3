// Find anything, in the real extension host against a sample gateway of 10,000 page groups: Search streams the
// unfiltered chain (request counts at the gateway: 100 for 10,000, then 0), closing the pick stops it, Go to ID
// reveals an item deep in its status, and the id hover shows a card only for loaded ids (no request).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { generateDataset } from '../../gateway/dataset';
import type { SampleGateway } from '../../gateway/server';
import { escapeMarkdown } from '../../../src/text/markdown';
import { connectedSuite, onlyGateway, sleep, waitFor } from '../support';

const COUNT = 10_000;
const dataset = generateDataset({ pageGroupCount: COUNT });

describe('Find anything (10,000 page groups)', function () {
  this.timeout(120_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    gateway.clearFaults();
    api.pageGroups.setFilter(onlyGateway(api), undefined);
    api.pageGroups.reload(onlyGateway(api));
    gateway.resetRequests();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    // Revealing opened the Page Groups view: close it, or the editor's own reads would count in the next tests.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const discovery = (): ReturnType<PageGatewayTestApi['pageGroups']['model']>['discovery'] => api.pageGroups.model(onlyGateway(api)).discovery;

  it('Search scans every page at limit=100 while the pick is open (100 requests), and a second search sends none', async () => {
    void vscode.commands.executeCommand('pageGateway.search');
    await waitFor(() => !discovery().hasMore, 'the scan to finish', 60_000);
    assert.equal(discovery().items.length, COUNT, 'the pages land in the model the tree shows');
    assert.equal(gateway.countRequests({ path: 'page_groups', status: null }), 100);
    assert.ok(gateway.requests.every((r) => r.query.limit === '100'));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    gateway.resetRequests();
    void vscode.commands.executeCommand('pageGateway.search');
    await sleep(500);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(gateway.requests.length, 0, 'everything was scanned already');
  });

  it('closing the pick after 3 pages aborts the request in flight and requests nothing more', async () => {
    gateway.addFault({ kind: 'delay', ms: 1500, path: 'page_groups', skip: 3 });
    void vscode.commands.executeCommand('pageGateway.search');
    await waitFor(() => discovery().pages === 3 && gateway.requests.length === 4, 'three pages and the fourth request');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await sleep(2500);
    assert.equal(gateway.requests.length, 4, 'no request after the pick closed');
    assert.equal(discovery().pages, 3, 'the aborted page never landed');
    assert.equal(discovery().error, undefined, 'closing is not an error');
    assert.equal(discovery().items.length, 300);
  });

  it('Go to ID reveals an item deep in its status: the scan finds it, its status chain loads up to it', async () => {
    const index = 36 * 20 + 5;
    const target = dataset.pageGroups.filter((pg) => typeof pg.status === 'string')[index];
    assert.ok(target);
    const id = String(target.pageGroupId);
    const status = String(target.status);
    await vscode.commands.executeCommand('pageGateway.goToId', `see https://admin.example.com/page-groups/${id}?tab=json`);
    await waitFor(() => api.pageGroupsView.selection.some((node) => node.kind === 'pageGroup' && node.item.value.pageGroupId === id), 'the row to be selected', 60_000);
    const chain = api.pageGroups.model(onlyGateway(api)).chain(status);
    assert.ok(chain.items.some((item) => item.value.pageGroupId === id));
    assert.ok(chain.hasMore, 'only the pages up to it were loaded');
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1, 'the webhook list is loaded once');
    const editor = vscode.window.activeTextEditor;
    assert.match(editor?.document.uri.path ?? '', new RegExp(`^/page-groups/${id}/.+ · ${id}\\.json$`));
    assert.equal((JSON.parse(editor?.document.getText() ?? '{}') as { pageGroupId?: string }).pageGroupId, id);
  });

  it('Go to ID of a page group loaded before a refresh reveals it: its status loads its first new page, then up to it', async () => {
    // After a refresh, an expanded status keeps its old rows until its first new page lands. Those old rows still
    // count as loaded, so Go to ID finds the page group at once, and the reveal loads the new pages up to it.
    const published = dataset.pageGroups.filter((pg) => pg.status === 'published');
    const target = published[150];
    assert.ok(target);
    const id = String(target.pageGroupId);
    const chain = api.pageGroups.model(onlyGateway(api)).chain('published');
    await chain.loadMore(100);
    await chain.loadMore(100);
    assert.ok(chain.items.some((item) => item.value.pageGroupId === id), 'loaded before the refresh');
    api.pageGroups.noteExpansion(api.pageGroups.statusNode(onlyGateway(api), 'published'), true);
    api.pageGroups.reload(onlyGateway(api));
    assert.ok(chain.refreshing, 'the old rows stay until the first new page lands');
    await vscode.commands.executeCommand('pageGateway.goToId', id);
    await waitFor(() => api.pageGroupsView.selection.some((node) => node.kind === 'pageGroup' && node.item.value.pageGroupId === id), 'the row to be selected', 60_000);
    assert.equal(chain.refreshing, false);
    assert.ok(chain.items.some((item) => item.value.pageGroupId === id), 'loaded again, from the first new page on');
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', new RegExp(`^/page-groups/${id}/.+ · ${id}\\.json$`));
  });

  it('Go to ID of an unknown id says how much was scanned on which gateway', async () => {
    const shown: string[] = [];
    const original = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string): Thenable<undefined> => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    try {
      await vscode.commands.executeCommand('pageGateway.goToId', 'pg_nope_0000');
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
    }
    const name = onlyGateway(api).name;
    assert.ok(
      shown.some((m) => m.includes('“pg_nope_0000”') && m.includes(`${name}: ${COUNT.toLocaleString()} page groups and ${dataset.webhooks.length} webhook subscriptions scanned`)),
      shown.join('\n'),
    );
  });

  it('the id hover shows the card of a loaded id, with its gateway and links, and nothing for other words (no request)', async () => {
    await discovery().loadMore(20);
    const loaded = String(dataset.pageGroups[3]?.pageGroupId);
    const notLoaded = String(dataset.pageGroups[5000]?.pageGroupId);
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: `const a = '${loaded}';\nconst b = '${notLoaded}';\nconst c = 'hello';\n` });
    gateway.resetRequests();
    const hoverAt = async (line: number, column: number): Promise<string> => {
      const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(line, column))) ?? [];
      return hovers.flatMap((hover) => hover.contents.map((c) => (c instanceof vscode.MarkdownString ? c.value : String(c)))).join('\n');
    };
    const card = await hoverAt(0, 14);
    assert.ok(card.includes(`gateway **${escapeMarkdown(onlyGateway(api).name)}**`), card);
    assert.ok(card.includes(escapeMarkdown(String(dataset.pageGroups[3]?.name))), card);
    assert.match(card, /\[Open as JSON\]\(command:pageGateway\.openJson\?/);
    assert.match(card, /\[Reveal in Tree\]\(command:pageGateway\.revealItem\?/);
    assert.match(card, /\[Copy ID\]\(command:pageGateway\.copyId\?/);
    assert.ok(card.indexOf('[Copy ID]') < card.indexOf(escapeMarkdown(String(dataset.pageGroups[3]?.name))), 'the links come before the fields: a tall card scrolls in the editor');
    assert.doesNotMatch(await hoverAt(1, 14), /Open as JSON/, 'no card for an id that is not loaded');
    assert.doesNotMatch(await hoverAt(2, 14), /Open as JSON/);
    assert.equal(gateway.requests.length, 0, 'a hover never sends a request');
  });

  it('the hover links work with the item address (open as JSON)', async () => {
    await discovery().loadMore(20);
    const id = String(dataset.pageGroups[1]?.pageGroupId);
    await vscode.commands.executeCommand('pageGateway.openJson', { gateway: onlyGateway(api).name, kind: 'pageGroup', id });
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', new RegExp(`^/page-groups/${id}/.+ · ${id}\\.json$`));
  });
});
