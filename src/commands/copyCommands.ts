/** Copy ID…, Copy Webhook URL and Copy as cURL: clipboard plus a short status-bar confirmation. */
import * as vscode from 'vscode';
import type { WebhookSubscription } from '../api/model';
import type { ItemRef, ResourceKind } from '../resources/resource';
import { curlCommand } from '../util/curl';
import type { ApiRequest } from '../views/common/apiRequest';
import { groupLabel } from '../views/pageGroups/groupPresentation';
import type { GatewayTree, TreeNode } from '../views/common/gatewayTree';
import { WEBHOOK } from '../views/webhooks/webhookResource';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
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

/**
 * The request a row came from as a cURL command (the key as `$PAGE_GATEWAY_API_KEY`, never itself); several selected
 * rows: one command per line (the same request once). From the palette: a quick pick of a gateway's requests.
 */
export async function copyAsCurl(ctx: CommandContext, node?: TreeNode, selected?: readonly TreeNode[]): Promise<void> {
  const nodes = selected && selected.length > 1 ? selected : node ? [node] : [];
  if (nodes.length === 0) {
    const request = await pickRequest(ctx);
    if (request) {
      await copyRequests([request]);
    }
    return;
  }
  const requests = nodes.map((n) => n.request?.()).filter((request): request is ApiRequest => request !== undefined);
  if (requests.length === 0) {
    void vscode.window.showWarningMessage('This row was not loaded by a request, so there is nothing to copy as cURL.');
    return;
  }
  await copyRequests(requests);
}

/** The view's own request on a gateway (the view title's "Copy as cURL"): asks which gateway when there are several. */
export async function copyViewAsCurl(ctx: CommandContext, tree: Pick<GatewayTree<TreeNode>, 'viewRequest'>, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, arg, { title: 'Page Gateway: Copy as cURL' });
  const request = gateway && tree.viewRequest(gateway);
  if (request) {
    await copyRequests([request]);
  }
}

async function copyRequests(requests: readonly ApiRequest[]): Promise<void> {
  const commands = [...new Set(requests.map((request) => curlCommand(request.url)))];
  const only = requests[0];
  await copy(commands.join('\n'), commands.length === 1 && only ? `Copied cURL for GET ${only.url}` : `Copied ${commands.length} cURL commands`);
}

interface RequestPick extends vscode.QuickPickItem {
  readonly request?: ApiRequest;
}

/** A gateway's requests: its webhook list, the first page of page groups, and the first page of each known status. */
async function pickRequest(ctx: CommandContext): Promise<ApiRequest | undefined> {
  const gateway = await pickGateway(ctx.registry, undefined, { title: 'Page Gateway: Copy as cURL' });
  if (!gateway) {
    return undefined;
  }
  const pick = (label: string, request: ApiRequest | undefined): RequestPick[] => (request ? [{ label, description: request.url, request }] : []);
  const picks: RequestPick[] = [
    ...pick('$(plug) Webhook subscriptions', ctx.webhooks.viewRequest(gateway)),
    ...pick('$(files) Page groups, first page', ctx.pageGroups.viewRequest(gateway)),
    ...ctx.pageGroups.knownGroups(gateway).flatMap((key) => {
      const node = ctx.pageGroups.statusNode(gateway, key);
      return pick(`$(tag) Page groups: ${groupLabel(key)}, first page`, node.request?.());
    }),
  ];
  const chosen = await vscode.window.showQuickPick(picks, { title: 'Page Gateway: Copy as cURL', placeHolder: 'Which request?', matchOnDescription: true });
  return chosen?.request;
}
