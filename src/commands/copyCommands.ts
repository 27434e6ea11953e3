/** Copy ID… and Copy Webhook URL: clipboard plus a short status-bar confirmation. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { WebhookSubscription } from '../api/model';
import { formatNumber } from '../l10n/numbers';
import { plural } from '../l10n/plural';
import type { ItemRef, ResourceKind } from '../resources/resource';
import type { TreeNode } from '../views/common/gatewayTree';
import { WEBHOOK } from '../views/webhooks/webhookResource';
import type { CommandContext } from './commandContext';
import { itemOf, type ItemAddress } from './itemArgs';
import { pickLoadedItem } from './itemPicker';

async function copy(text: string, confirmation: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) ${confirmation}`, 4000);
}

/** From a row: that row's id; with several rows selected: their ids, one per line; from the palette: a quick pick. */
export async function copyId(ctx: CommandContext, node?: TreeNode | ItemAddress, selected?: readonly TreeNode[]): Promise<void> {
  const nodes: ReadonlyArray<TreeNode | ItemAddress> = selected && selected.length > 1 ? selected : node ? [node] : [];
  if (nodes.length > 0) {
    const ids = nodes
      .map((n) => itemOf(ctx.registry, n))
      .map((ref) => ref && ref.kind.idOf(ref.item.value))
      .filter((id): id is string => id !== undefined);
    if (ids.length === 0) {
      void vscode.window.showWarningMessage(l10n.t('The selected rows have no id to copy.'));
      return;
    }
    await copy(ids.join('\n'), ids.length === 1 ? l10n.t('Copied ID {0}', ids[0] as string) : copiedIds(ids.length));
    return;
  }
  const picked = await pickLoadedItem(ctx, { title: l10n.t('Page Gateway: Copy ID'), placeHolder: l10n.t('Type a title, name, URL or id'), requireId: true });
  const id = picked && picked.kind.idOf(picked.item.value);
  if (picked && id !== undefined) {
    await copy(id, picked.kind.words.copiedId(id));
  }
}

const WEBHOOK_KIND = WEBHOOK as ResourceKind<unknown>;

export async function copyWebhookUrl(ctx: CommandContext, node?: TreeNode): Promise<void> {
  let ref: ItemRef | undefined = node?.ref?.kind === WEBHOOK_KIND ? node.ref : undefined;
  if (!ref) {
    ref = await pickLoadedItem(ctx, { title: l10n.t('Page Gateway: Copy Webhook URL'), placeHolder: l10n.t('Type a URL or id'), kinds: [WEBHOOK_KIND] });
    if (!ref) {
      return;
    }
  }
  const url = (ref.item.value as WebhookSubscription).url;
  if (url === undefined) {
    void vscode.window.showWarningMessage(l10n.t('This webhook subscription has no valid URL to copy.'));
    return;
  }
  await copy(url, l10n.t('Copied webhook URL {0}', url));
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
