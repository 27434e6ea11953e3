/**
 * Requests per user action, counted by the sample gateway. The Page Groups view stays closed, so the editor asks
 * nothing by itself: each action is what the editor does for it (getChildren of the node the user opens, or the
 * command a click runs with the clicked row).
 */
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import type { ActionId } from '../hostProtocol';
import type { GatewayControl } from './gatewayControl';
import { onlyGateway } from './onlyGateway';

export async function countRequestsPerAction(
  api: PageGatewayTestApi,
  gateway: GatewayControl,
  status: string,
  record: (action: ActionId, requests: number) => void,
): Promise<void> {
  const provider = api.pageGroups;
  const only = onlyGateway(api);
  if (provider.filter(only) !== undefined) {
    provider.setFilter(only, undefined);
  }
  provider.reload(only);
  const measure = async (action: ActionId, act: () => Promise<unknown>): Promise<void> => {
    await gateway.reset();
    await act();
    record(action, (await gateway.requests()).length);
  };
  const lastRow = async (node: PageGroupsNode): Promise<PageGroupsNode> => {
    const rows = await provider.getChildren(node);
    const last = rows[rows.length - 1];
    if (last?.kind !== 'loadMore') {
      throw new Error(`the last row of "${status}" is not "Load more…" (${last?.kind ?? 'no rows'})`);
    }
    return last;
  };

  let root: PageGroupsNode[] = [];
  await measure('openView', async () => {
    root = await provider.getChildren();
  });
  const statusNode = root.find((node) => node.kind === 'status' && node.key === status);
  if (!statusNode) {
    throw new Error(`no "${status}" row after opening the view`);
  }
  let firstPage: PageGroupsNode[] = [];
  await measure('expandStatus', async () => {
    firstPage = await provider.getChildren(statusNode);
  });
  const more = await lastRow(statusNode);
  await measure('loadMore', () => Promise.resolve(vscode.commands.executeCommand('pageGateway.loadMore', more)));
  const moreAgain = await lastRow(statusNode);
  await measure('doubleLoadMore', () =>
    Promise.all([vscode.commands.executeCommand('pageGateway.loadMore', moreAgain), vscode.commands.executeCommand('pageGateway.loadMore', moreAgain)]),
  );
  const item = firstPage.find((node) => node.kind === 'pageGroup');
  if (!item) {
    throw new Error(`"${status}" shows no page group row`);
  }
  await measure('openJson', () => Promise.resolve(vscode.commands.executeCommand('pageGateway.openJson', item)));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await measure('copyId', () => Promise.resolve(vscode.commands.executeCommand('pageGateway.copyId', item)));
  await measure('refreshStatus', async () => {
    await vscode.commands.executeCommand('pageGateway.refresh', statusNode);
    await provider.getChildren(statusNode);
  });
}
