/**
 * Select for Compare / Compare with Selected on any item row (same or different gateways): VS Code's diff editor over
 * the items' JSON documents.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ItemRef } from '../model/resource';
import type { TreeNode } from '../views/gatewayTree';
import type { CommandContext } from './commandContext';
import { itemDocument } from '../documents/itemDocuments';
import { pickLoadedItem } from './itemPicker';
import { plainText, STATUS_MESSAGE_LENGTH } from '../text/surfaceText';

/** `staging · pg_1` */
export function compareSide(gatewayName: string, name: string): string {
  return `${gatewayName} · ${name}`;
}

/** `staging · pg_1 ↔ production · pg_1` */
export function compareTitle(left: string, right: string): string {
  return `${left} ↔ ${right}`;
}

async function refOf(ctx: CommandContext, node: TreeNode | undefined, title: string): Promise<ItemRef | undefined> {
  return node?.ref ?? (node === undefined ? pickLoadedItem(ctx, { title, placeHolder: l10n.t('Type a title, name, URL or id') }) : undefined);
}

export async function selectForCompare(ctx: CommandContext, node?: TreeNode): Promise<void> {
  const ref = await refOf(ctx, node, l10n.t('Page Gateway: Select for Compare'));
  if (!ref) {
    return;
  }
  ctx.compare.set(ref);
  const doc = itemDocument(ref);
  vscode.window.setStatusBarMessage(`$(diff) ${plainText(l10n.t('Selected {0} for compare', compareSide(ref.gateway.name, doc.address.name)), STATUS_MESSAGE_LENGTH)}`, 4000);
}

export async function compareWithSelected(ctx: CommandContext, node?: TreeNode): Promise<void> {
  const left = ctx.compare.current;
  if (!left) {
    void vscode.window.showInformationMessage(l10n.t('Select an item with “Select for Compare” first.'));
    return;
  }
  const right = await refOf(ctx, node, l10n.t('Page Gateway: Compare with Selected'));
  if (!right) {
    return;
  }
  const a = itemDocument(left);
  const b = itemDocument(right);
  const leftUri = ctx.documents.remember(a.address, a.snapshot);
  const rightUri = ctx.documents.remember(b.address, b.snapshot);
  await vscode.commands.executeCommand(
    'vscode.diff',
    leftUri,
    rightUri,
    compareTitle(compareSide(left.gateway.name, a.address.name), compareSide(right.gateway.name, b.address.name)),
  );
}
