/**
 * Copy Link: the link that opens an item (a row, the hover card's item, or the item a Page Gateway document shows) in
 * this editor: it names the gateway by name and host, never its path, a key or a user name.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from './commandContext';
import { itemOf } from '../model/itemArgs';
import { pickLoadedItem } from './itemPicker';
import { JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import { itemLink, type ItemLinkTarget } from '../model/itemLink';
import { plainText } from '../text/surfaceText';

/** The item of a Page Gateway document (its gateway's name and the id in its address). */
function documentTarget(ctx: CommandContext, uri: vscode.Uri): ItemLinkTarget | undefined {
  const address = JsonDocumentProvider.address(uri);
  const gateway = address && ctx.registry.byName(address.gateway);
  return address && gateway && ctx.kinds.byFolder(address.folder) ? { gateway: gateway.name, host: gateway.host, id: address.name } : undefined;
}

async function targetOf(ctx: CommandContext, arg: unknown): Promise<ItemLinkTarget | undefined> {
  if (arg instanceof vscode.Uri) {
    return documentTarget(ctx, arg);
  }
  const ref = itemOf(ctx.registry, ctx.kinds, arg);
  if (ref) {
    const id = ref.kind.idOf(ref.item.value);
    return id === undefined ? undefined : { gateway: ref.gateway.name, host: ref.gateway.host, id };
  }
  if (arg !== undefined) {
    return undefined;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromDocument = active && documentTarget(ctx, active);
  if (fromDocument) {
    return fromDocument;
  }
  const picked = await pickLoadedItem(ctx, { title: l10n.t('Page Gateway: Copy Link'), placeHolder: l10n.t('Type a title, name, URL or id'), requireId: true });
  const id = picked && picked.kind.idOf(picked.item.value);
  return picked && id !== undefined ? { gateway: picked.gateway.name, host: picked.gateway.host, id } : undefined;
}

export async function copyLink(ctx: CommandContext, arg?: unknown): Promise<void> {
  const target = await targetOf(ctx, arg);
  if (!target) {
    if (arg !== undefined) {
      void vscode.window.showWarningMessage(l10n.t('This item has no id: there is no link to copy.'));
    }
    return;
  }
  await vscode.env.clipboard.writeText(itemLink(vscode.env.uriScheme, target));
  vscode.window.setStatusBarMessage(`$(check) ${l10n.t('Copied the link to {0} on {1}', plainText(target.id), plainText(target.gateway))}`, 4000);
}
