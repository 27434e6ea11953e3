// Context keys the manifest's `when` clauses and the walkthrough use, as the extension sets them, and the keybinding
// arguments: Ctrl+C in any list view runs Copy ID with `{ selectionOf: "focusedView" }`, which copies the rows selected
// in the list view the user is in (a selection of several rows is copied one id per line: see copyCommands.ts; the e2e
// walkthrough test selects two).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import type { SampleGateway } from '../../gateway/server';
import { connectedSuite, pageGroupRows, statusRow, storeKey, waitFor } from '../support';

interface Manifest {
  readonly contributes: {
    readonly keybindings: ReadonlyArray<{ readonly command: string; readonly key: string; readonly when?: string; readonly args?: unknown }>;
    readonly menus: { readonly commandPalette: ReadonlyArray<{ readonly command: string; readonly when?: string }> };
  };
}

describe('Context keys and keybindings', function () {
  this.timeout(30_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({}, (a, g) => {
    api = a;
    gateway = g;
  });

  afterEach(async () => {
    // Focusing the view opened the side bar: close it, or the views would load (and count requests) in later suites.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  function manifest(): Manifest {
    return vscode.extensions.getExtension('pagegateway.page-gateway-explorer')?.packageJSON as Manifest;
  }

  it('counts the gateways and says whether a key is stored', async () => {
    await waitFor(() => api.contextValue('pageGateway.gatewayCount') === 1, 'gatewayCount 1');
    assert.equal(api.contextValue('pageGateway.multipleGateways'), false);
    await waitFor(() => api.contextValue('pageGateway.hasApiKey') === true, 'hasApiKey');
    await storeKey(api, gateway.url, undefined);
    await waitFor(() => api.contextValue('pageGateway.hasApiKey') === false, 'hasApiKey false without a key');
    await storeKey(api, gateway.url, gateway.apiKey);
    await waitFor(() => api.contextValue('pageGateway.hasApiKey') === true, 'hasApiKey again');
    assert.equal(api.contextValue('pageGateway.ready'), true);
  });

  it('hides from the palette the commands that need a key until one is stored, and internal ones always', () => {
    const palette = new Map(manifest().contributes.menus.commandPalette.map((entry) => [entry.command, entry.when]));
    for (const command of ['pageGateway.refresh', 'pageGateway.loadAll', 'pageGateway.search', 'pageGateway.copyId', 'pageGateway.openJson', 'pageGateway.export', 'pageGateway.goToId']) {
      assert.match(palette.get(command) ?? '', /pageGateway\.hasApiKey/, command);
    }
    for (const command of ['pageGateway.loadMore', 'pageGateway.answerInsecure', 'pageGateway.revealItem', 'pageGateway.refreshView', 'pageGateway.copyViewAsCurl', 'pageGateway.exportView']) {
      assert.equal(palette.get(command), 'false', command);
    }
    // The ids from before the generic commands: registered for the users' own keybindings, never offered.
    for (const command of ['pageGateway.refreshPageGroups', 'pageGateway.refreshWebhooks', 'pageGateway.refreshPageGroupsView', 'pageGateway.refreshWebhooksView', 'pageGateway.copyPageGroupsAsCurl', 'pageGateway.copyWebhooksAsCurl', 'pageGateway.exportWebhooks']) {
      assert.equal(palette.get(command), 'false', command);
    }
  });

  it('the walkthrough: nothing is ticked before it is shown; opening it ticks what is already done (gateway, key, status, id copied)', async () => {
    const key = (fact: string): unknown => api.contextValue(`pageGateway.walkthrough.${fact}`);
    const row = await statusRow(api, 'published');
    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    await api.pageGroupsView.reveal(row.node, { expand: true, select: false, focus: false });
    const first = (await pageGroupRows(api, row.node)).find((r) => r.node.kind === 'pageGroup');
    assert.ok(first);
    await vscode.commands.executeCommand('pageGateway.copyRowId', first.node);
    // The editor ticks a step when its key turns true while it watches; it watches once a walkthrough is shown.
    for (const fact of ['gatewayConfigured', 'keyStored', 'statusBrowsed', 'idCopied']) {
      assert.notEqual(key(fact), true, `${fact} is not published before the walkthrough is shown`);
    }
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'pagegateway.page-gateway-explorer#pageGateway.gettingStarted', false);
    try {
      await waitFor(() => ['gatewayConfigured', 'keyStored', 'statusBrowsed', 'idCopied'].every((fact) => key(fact) === true), 'the done steps to be published');
      assert.notEqual(key('searched'), true, 'no search was made');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('Ctrl+C in a view copies the ids of the rows selected there, one per line', async () => {
    const bindings = manifest().contributes.keybindings.filter((binding) => binding.command === 'pageGateway.copyId');
    assert.deepEqual(
      bindings.map((binding) => [binding.key, binding.when, binding.args]),
      [['ctrl+c', 'focusedView in pageGateway.listViews', { selectionOf: 'focusedView' }]],
    );
    const row = await statusRow(api, 'published');
    const children = (await pageGroupRows(api, row.node)).filter((r) => r.node.kind === 'pageGroup');
    const first = children[0];
    assert.ok(first);
    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    await api.pageGroupsView.reveal(first.node, { select: true, focus: true });
    await waitFor(() => api.pageGroupsView.selection.length === 1, 'one row selected');
    await vscode.commands.executeCommand('pageGateway.copyId', bindings[0]?.args);
    const id = (node: PageGroupsNode): string => String(node.kind === 'pageGroup' ? node.item.value.pageGroupId : '');
    assert.equal(await vscode.env.clipboard.readText(), id(first.node));
  });

  it('Ctrl+C with nothing selected copies nothing', async () => {
    await vscode.env.clipboard.writeText('unchanged');
    assert.equal(api.webhooksView.selection.length, 0);
    await vscode.commands.executeCommand('pageGateway.copyId', { selectionOf: 'pageGateway.webhooks' });
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
  });
});
