/** Reveal in Tree: the row of the item a Page Gateway document shows (the status bar entry's click). */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import type { CommandContext } from './commandContext';
import { itemOf } from '../model/itemArgs';
import { plainText } from '../text/surfaceText';

export async function revealInTree(ctx: CommandContext, uri?: unknown): Promise<void> {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  const address = target && JsonDocumentProvider.address(target);
  const gateway = address && ctx.registry.byName(address.gateway);
  const kind = address && ctx.kinds.byFolder(address.folder);
  if (!address || !gateway) {
    void vscode.window.showInformationMessage(l10n.t('This document does not belong to a configured gateway.'));
    return;
  }
  const item = kind?.find(gateway, address.name);
  if (!kind || !item || !(await ctx.reveal.reveal({ gateway, kind, item }, { focus: true, load: true, explain: true }))) {
    void vscode.window.showInformationMessage(l10n.t('“{0}” is not loaded in the tree of {1} any more. Refresh the view to find it.', address.name, gateway.name));
  }
}

/** Reveal in Tree for an item: a row, or an item address (the hover's link). Loads its group up to it when needed. */
export async function revealItem(ctx: CommandContext, arg?: unknown): Promise<void> {
  const ref = itemOf(ctx.registry, ctx.kinds, arg);
  if (ref && !(await ctx.reveal.reveal(ref, { focus: true, load: true, explain: true }))) {
    void vscode.window.showInformationMessage(l10n.t('“{0}” could not be found in the tree of {1}.', plainText(ref.kind.label(ref.item.value)), plainText(ref.gateway.name)));
  }
}
