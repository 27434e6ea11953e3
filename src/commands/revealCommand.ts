/** Reveal in Tree: the row of the item a Page Gateway document shows (the status bar entry's click). */
import * as vscode from 'vscode';
import { JsonDocumentProvider } from '../documents/jsonDocumentProvider';
import { kindByFolder } from '../resources/kinds';
import type { CommandContext } from './commandContext';

/** `uri`: a document's URI, or its text (links in hovers pass it as text); none: the active editor's document. */
export async function revealInTree(ctx: CommandContext, uri?: unknown): Promise<void> {
  const target = uri instanceof vscode.Uri ? uri : typeof uri === 'string' ? parseUri(uri) : vscode.window.activeTextEditor?.document.uri;
  const address = target && JsonDocumentProvider.address(target);
  const gateway = address && ctx.registry.byName(address.gateway);
  const kind = address && kindByFolder(address.folder);
  if (!address || !gateway) {
    void vscode.window.showInformationMessage('This document does not belong to a configured gateway.');
    return;
  }
  const item = kind?.find(gateway, address.name);
  if (!kind || !item || !(await ctx.reveal.reveal({ gateway, kind, item }, { focus: true }))) {
    void vscode.window.showInformationMessage(`“${address.name}” is not loaded in the tree of ${gateway.name} any more. Refresh the view to find it.`);
  }
}

function parseUri(text: string): vscode.Uri | undefined {
  try {
    return vscode.Uri.parse(text, true);
  } catch {
    return undefined;
  }
}
