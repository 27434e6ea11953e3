/** Copy ID… and Copy Webhook URL: clipboard plus a short status-bar confirmation. */
import * as vscode from 'vscode';
import type { WebhookSubscription } from '../api/model';
import type { ItemRef, ResourceKind } from '../resources/resource';
import type { TreeNode } from '../views/common/gatewayTree';
import { WEBHOOK } from '../views/webhooks/webhookResource';
import type { CommandContext } from './commandContext';
import { itemOf, type ItemAddress } from './itemArgs';
import { pickLoadedItem } from './itemPicker';
import { isSelectionArg, selectedRows, type SelectionArg } from './viewSelection';

async function copy(text: string, confirmation: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) ${confirmation}`, 4000);
}

/**
 * From a row: that row's id; with several rows selected: their ids, one per line; from the keybinding (Ctrl+C in a
 * view): the selected rows' ids; from the palette: a quick pick.
 */
export async function copyId(ctx: CommandContext, node?: TreeNode | ItemAddress | SelectionArg, selected?: readonly TreeNode[]): Promise<void> {
  const fromKeybinding = selectedRows(ctx, node);
  if (fromKeybinding !== undefined && fromKeybinding.length === 0) {
    vscode.window.setStatusBarMessage('$(info) Select a page group or webhook subscription to copy its ID', 4000);
    return;
  }
  const nodes: ReadonlyArray<TreeNode | ItemAddress> = fromKeybinding ?? (selected && selected.length > 1 ? selected : node && !isSelectionArg(node) ? [node] : []);
  if (nodes.length > 0) {
    const ids = nodes
      .map((n) => itemOf(ctx.registry, n))
      .map((ref) => ref && ref.kind.idOf(ref.item.value))
      .filter((id): id is string => id !== undefined);
    if (ids.length === 0) {
      void vscode.window.showWarningMessage('The selected rows have no id to copy.');
      return;
    }
    await copy(ids.join('\n'), ids.length === 1 ? `Copied ID ${ids[0]}` : `Copied ${ids.length} IDs`);
    return;
  }
  const picked = await pickLoadedItem(ctx, { title: 'Page Gateway: Copy ID', placeHolder: 'Type a title, name, URL or id', requireId: true });
  const id = picked && picked.kind.idOf(picked.item.value);
  if (picked && id !== undefined) {
    await copy(id, `Copied ${picked.kind.noun.one} ID ${id}`);
  }
}

const WEBHOOK_KIND = WEBHOOK as ResourceKind<unknown>;

export async function copyWebhookUrl(ctx: CommandContext, node?: TreeNode): Promise<void> {
  let ref: ItemRef | undefined = node?.ref?.kind === WEBHOOK_KIND ? node.ref : undefined;
  if (!ref) {
    ref = await pickLoadedItem(ctx, { title: 'Page Gateway: Copy Webhook URL', placeHolder: 'Type a URL or id', kinds: [WEBHOOK_KIND] });
    if (!ref) {
      return;
    }
  }
  const url = (ref.item.value as WebhookSubscription).url;
  if (url === undefined) {
    void vscode.window.showWarningMessage('This webhook subscription has no valid URL to copy.');
    return;
  }
  await copy(url, `Copied webhook URL ${url}`);
}
