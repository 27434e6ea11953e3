/** Copy ID… and Copy as cURL, for rows of any view: clipboard plus a short status-bar confirmation. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { formatNumber } from '../l10n/numbers';
import { plural } from '../l10n/plural';
import { API_KEY_VARIABLE, curlCommandFor } from '../util/curl';
import type { ApiRequest } from '../api/apiRequest';
import type { TreeNode } from '../views/gatewayTree';
import type { ListView } from '../views/listView';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
import { pickList } from './listPicker';
import { itemOf, type ItemAddress } from '../model/itemArgs';
import { pickLoadedItem } from './itemPicker';
import { isSelectionArg, selectedRows, type SelectionArg } from './viewSelection';
import { plainText, STATUS_MESSAGE_LENGTH } from '../text/surfaceText';

/** Puts `text` on the clipboard and confirms it in the status bar for a few seconds. */
export async function copy(text: string, confirmation: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) ${plainText(confirmation, STATUS_MESSAGE_LENGTH)}`, 4000);
}

/**
 * From a row: that row's id; with several rows selected: their ids, one per line; from the keybinding (Ctrl+C in a
 * view): the selected rows' ids; from the palette: a quick pick.
 */
export async function copyId(ctx: CommandContext, node?: TreeNode | ItemAddress | SelectionArg, selected?: readonly TreeNode[]): Promise<void> {
  const fromKeybinding = selectedRows(ctx, node);
  if (fromKeybinding !== undefined && fromKeybinding.length === 0) {
    vscode.window.setStatusBarMessage(`$(info) ${l10n.t('Select a row to copy its ID')}`, 4000);
    return;
  }
  const nodes: ReadonlyArray<TreeNode | ItemAddress> = fromKeybinding ?? (selected && selected.length > 1 ? selected : node && !isSelectionArg(node) ? [node] : []);
  if (nodes.length > 0) {
    const ids = nodes
      .map((n) => itemOf(ctx.registry, ctx.kinds, n))
      .map((ref) => ref && ref.kind.idOf(ref.item.value))
      .filter((id): id is string => id !== undefined);
    if (ids.length === 0) {
      void vscode.window.showWarningMessage(l10n.t('The selected rows have no id to copy.'));
      return;
    }
    await copy(ids.join('\n'), ids.length === 1 ? l10n.t('Copied ID {0}', ids[0] as string) : copiedIds(ids.length));
    ctx.milestones.reached('idCopied');
    return;
  }
  // From the palette: the rows selected in the views (visible ones) come first.
  const first = ctx.lists
    .flatMap((list) => (list.view.visible ? list.view.selection : []))
    .map((row) => itemOf(ctx.registry, ctx.kinds, row))
    .filter((ref) => ref !== undefined);
  const picked = await pickLoadedItem(ctx, { title: l10n.t('Page Gateway: Copy ID'), placeHolder: l10n.t('Type a title, name, URL or id'), requireId: true, first });
  const id = picked && picked.kind.idOf(picked.item.value);
  if (picked && id !== undefined) {
    await copy(id, picked.kind.words.copiedId(id));
    ctx.milestones.reached('idCopied');
  }
}

/** "Copied 3 IDs". */
function copiedIds(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: 'Copied {0} IDs', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t({ message: 'Copied {0} IDs', args: [count], comment: 'plural: one' }),
    two: () => l10n.t({ message: 'Copied {0} IDs', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: 'Copied {0} IDs', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: 'Copied {0} IDs', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('Copied {0} IDs', count),
  });
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
      await copyRequests(ctx, [request]);
    }
    return;
  }
  const requests = nodes.map((n) => n.request?.()).filter((request): request is ApiRequest => request !== undefined);
  if (requests.length === 0) {
    void vscode.window.showWarningMessage(l10n.t('This row was not loaded by a request, so there is nothing to copy as cURL.'));
    return;
  }
  await copyRequests(ctx, requests);
}

/** The view's own request on a gateway (the view title's "Copy as cURL"): asks which gateway when there are several. */
export async function copyViewAsCurl(ctx: CommandContext, list: Pick<ListView, 'viewRequest'>, arg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Copy as cURL') });
  const request = gateway && list.viewRequest(gateway);
  if (request) {
    await copyRequests(ctx, [request]);
  }
}

/** The view title's "Copy as cURL" on any list view: the request the view sends first, on the focused row's gateway. */
export async function copyListAsCurl(ctx: CommandContext, arg?: unknown): Promise<void> {
  const list = await pickList(ctx, arg, l10n.t('Page Gateway: Copy as cURL'));
  if (list !== undefined) {
    await copyViewAsCurl(ctx, list, arg);
  }
}

/** The hint a window gives once (in `ctx.saidOnce`), with the first copy: how to set the key's variable. */
const KEY_HINT = 'curlKeyVariable';

async function copyRequests(ctx: CommandContext, requests: readonly ApiRequest[]): Promise<void> {
  const commands = [...new Set(requests.map((request) => curlCommandFor(request)))];
  const only = requests[0];
  await copy(commands.join('\n'), commands.length === 1 && only ? l10n.t('Copied cURL for GET {0}', only.url) : copiedCurlCommands(commands.length));
  if (!ctx.saidOnce.has(KEY_HINT)) {
    ctx.saidOnce.add(KEY_HINT);
    // The command holds a placeholder, never the key: say how to fill it (the key itself is in the editor's secret storage).
    void vscode.window.showInformationMessage(
      l10n.t(
        'Copied without the API key: the command reads it from ${0}. Set it in your shell first, e.g. {1} (bash, zsh), then paste the command.',
        API_KEY_VARIABLE,
        `read -rs ${API_KEY_VARIABLE} && export ${API_KEY_VARIABLE}`,
      ),
    );
  }
}

interface RequestPick extends vscode.QuickPickItem {
  readonly request?: ApiRequest;
}

/** A gateway's requests, as each view lists them (e.g. its whole lists, then each group's first page). */
async function pickRequest(ctx: CommandContext): Promise<ApiRequest | undefined> {
  const gateway = await pickGateway(ctx.registry, undefined, { title: l10n.t('Page Gateway: Copy as cURL') });
  if (!gateway) {
    return undefined;
  }
  const picks: RequestPick[] = ctx.lists.flatMap((list) => list.requests(gateway)).map(({ label, request }) => ({ label, description: plainText(request.url, STATUS_MESSAGE_LENGTH), request }));
  const chosen = await vscode.window.showQuickPick(picks, { title: l10n.t('Page Gateway: Copy as cURL'), placeHolder: l10n.t('Which request?'), matchOnDescription: true });
  return chosen?.request;
}

/** "Copied 3 cURL commands". */
function copiedCurlCommands(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: 'Copied {0} cURL commands', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t({ message: 'Copied {0} cURL commands', args: [count], comment: 'plural: one' }),
    two: () => l10n.t({ message: 'Copied {0} cURL commands', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: 'Copied {0} cURL commands', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: 'Copied {0} cURL commands', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('Copied {0} cURL commands', count),
  });
}
