/**
 * Select for Compare / Compare with Selected on any item row (same or different gateways), and Compare Webhook
 * Subscriptions Across Gateways: VS Code's diff editor over the items' JSON documents.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ItemRef } from '../resources/resource';
import type { TreeNode } from '../views/common/gatewayTree';
import { normalizedListDocument } from '../views/webhooks/webhookDocuments';
import { WEBHOOKS_STORE } from '../views/webhooks/webhookResource';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
import { itemDocument } from '../documents/itemDocuments';
import { pickLoadedItem } from './itemPicker';
import { plainText, STATUS_MESSAGE_LENGTH } from '../views/common/surfaceText';

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

/** Picks two gateways and diffs their subscription lists, normalised (sorted by URL, events sorted). */
export async function compareWebhooksAcrossGateways(ctx: CommandContext, firstArg?: unknown, secondArg?: unknown): Promise<void> {
  if (ctx.registry.gateways().length < 2) {
    void vscode.window.showInformationMessage(l10n.t('Comparing needs two gateways. Add another with “Page Gateway: Add Gateway…”.'), l10n.t('Add Gateway…')).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.addGateway');
      }
    });
    return;
  }
  const first = await pickGateway(ctx.registry, firstArg, { title: l10n.t('Compare Webhook Subscriptions (1/2)'), placeHolder: l10n.t('First gateway') });
  const second =
    first &&
    (await pickGateway(ctx.registry, secondArg, { title: l10n.t('Compare Webhook Subscriptions (2/2)'), placeHolder: l10n.t('Compare {0} with', first.name), except: first }));
  if (!first || !second) {
    return;
  }
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: l10n.t('Loading webhook subscriptions…') }, () =>
    Promise.all([first, second].map((gateway) => gateway.store(WEBHOOKS_STORE).ensure())),
  );
  const left = normalizedListDocument(first);
  const right = normalizedListDocument(second);
  await vscode.commands.executeCommand(
    'vscode.diff',
    ctx.documents.remember(left, undefined),
    ctx.documents.remember(right, undefined),
    compareTitle(compareSide(first.name, l10n.t('webhook subscriptions')), compareSide(second.name, l10n.t('webhook subscriptions'))),
  );
}
