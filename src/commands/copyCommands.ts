/** Copy ID… and Copy Webhook URL: clipboard plus a short status-bar confirmation. */
import * as vscode from 'vscode';
import type { PageGroupsNode } from '../views/pageGroups/pageGroupsProvider';
import type { WebhooksNode } from '../views/webhooks/webhooksProvider';
import type { CommandContext } from './commandContext';
import { loadedItemId, pickLoadedItem } from './itemPicker';

type AnyNode = PageGroupsNode | WebhooksNode;

function nodeId(node: AnyNode): string | undefined {
  if (node.kind === 'pageGroup') {
    return node.item.value.pageGroupId;
  }
  if (node.kind === 'webhook') {
    return node.item.value.id;
  }
  if (node.kind === 'event') {
    return node.webhook.item.value.id;
  }
  return undefined;
}

async function copy(text: string, confirmation: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) ${confirmation}`, 4000);
}

/** From a row: that row's id; with several rows selected: their ids, one per line; from the palette: a quick pick. */
export async function copyId(ctx: CommandContext, node?: AnyNode, selected?: readonly AnyNode[]): Promise<void> {
  const nodes = selected && selected.length > 1 ? selected : node ? [node] : [];
  if (nodes.length > 0) {
    const ids = nodes.map(nodeId).filter((id): id is string => id !== undefined);
    if (ids.length === 0) {
      void vscode.window.showWarningMessage('The selected rows have no id to copy.');
      return;
    }
    await copy(ids.join('\n'), ids.length === 1 ? `Copied ID ${ids[0]}` : `Copied ${ids.length} IDs`);
    return;
  }
  const picked = await pickLoadedItem(ctx, {
    title: 'Page Gateway: Copy ID',
    placeHolder: 'Type a title, name, URL or id',
    include: 'all',
    requireId: true,
  });
  const id = picked && loadedItemId(picked);
  if (id !== undefined) {
    await copy(id, `Copied ${picked?.kind === 'webhook' ? 'webhook subscription' : 'page group'} ID ${id}`);
  }
}

export async function copyWebhookUrl(ctx: CommandContext, node?: AnyNode): Promise<void> {
  let url: string | undefined;
  if (node?.kind === 'webhook') {
    url = node.item.value.url;
  } else if (node?.kind === 'event') {
    url = node.webhook.item.value.url;
  } else {
    const picked = await pickLoadedItem(ctx, { title: 'Page Gateway: Copy Webhook URL', placeHolder: 'Type a URL or id', include: 'webhooks' });
    url = picked?.kind === 'webhook' ? picked.item.value.url : undefined;
    if (!picked) {
      return;
    }
  }
  if (url === undefined) {
    void vscode.window.showWarningMessage('This webhook subscription has no valid URL to copy.');
    return;
  }
  await copy(url, `Copied webhook URL ${url}`);
}
