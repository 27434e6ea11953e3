/** Copy Webhook URL: a subscription row's URL (from the palette: a quick pick) on the clipboard. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { WebhookSubscription } from '../../../api/model';
import type { CommandContext } from '../../../commands/commandContext';
import { copy } from '../../../commands/copyCommands';
import { pickLoadedItem } from '../../../commands/itemPicker';
import type { ItemRef } from '../../../model/resource';
import type { TreeNode } from '../../../views/gatewayTree';
import { WEBHOOK } from '../webhookKind';
import { withoutPassword } from '../../../text/urlText';

export async function copyWebhookUrl(ctx: CommandContext, node?: TreeNode): Promise<void> {
  let ref: ItemRef | undefined = node?.ref?.kind === WEBHOOK ? node.ref : undefined;
  if (!ref) {
    ref = await pickLoadedItem(ctx, { title: l10n.t('Page Gateway: Copy Webhook URL'), placeHolder: l10n.t('Type a URL or id'), kinds: [WEBHOOK] });
    if (!ref) {
      return;
    }
  }
  const url = (ref.item.value as WebhookSubscription).url;
  if (url === undefined) {
    void vscode.window.showWarningMessage(l10n.t('This webhook subscription has no valid URL to copy.'));
    return;
  }
  // The clipboard gets the URL as sent (password included: that is what it is copied for); the message never shows it.
  await copy(url, l10n.t('Copied webhook URL {0}', withoutPassword(url)));
}
