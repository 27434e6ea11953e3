/**
 * Tells the manifest whether the active editor shows one item's document (`pageGateway.itemDocument`), of any kind
 * the features list: the editor title's Copy Link asks for it, so a new resource's documents get it without a `when`
 * edit. A group's document (all page groups of a status) is not an item's.
 */
import * as vscode from 'vscode';
import type { ResourceKinds } from '../model/resourceKinds';
import { setContext } from '../ui/contextKey';
import { JsonDocumentProvider } from './jsonDocumentProvider';

/** Whether `uri` is the document of one item of a known kind. */
export function isItemDocument(uri: vscode.Uri | undefined, kinds: ResourceKinds): boolean {
  const address = uri && JsonDocumentProvider.address(uri);
  return address !== undefined && kinds.byFolder(address.folder) !== undefined;
}

export function watchItemDocument(kinds: ResourceKinds): vscode.Disposable {
  const update = (): void => setContext('pageGateway.itemDocument', isItemDocument(vscode.window.activeTextEditor?.document.uri, kinds));
  update();
  return vscode.window.onDidChangeActiveTextEditor(update);
}
