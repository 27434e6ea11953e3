/** Webhook debugging commands: the grouping toggle of the Webhooks view, and Show Webhook Problems. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { WebhookGrouping } from '../../../config/settings';
import { writeSetting } from '../../../config/settingsWriter';
import { WEBHOOK, WEBHOOKS_STORE } from '../webhookKind';
import type { ItemRef } from '../../../model/resource';
import { findingText } from '../text/checkText';
import type { WebhookAnalysis } from '../model/webhookAnalysis';
import type { StoreFactory } from '../../../gateway/gateway';
import { webhookLabel } from '../text/webhookPresentation';
import { webhookCount } from '../text/webhookWords';
import type { CommandContext } from '../../../commands/commandContext';
import { DETAIL_LENGTH, plainText } from '../../../text/surfaceText';

/** `pageGateway.webhooks.groupBy`, written where its value is in force. */
export async function groupWebhooksBy(grouping: WebhookGrouping): Promise<void> {
  await writeSetting('webhooks.groupBy', grouping);
}

interface ProblemPick extends vscode.QuickPickItem {
  readonly ref?: ItemRef;
}

/**
 * Every check finding of every gateway's list, in a quick pick; picking one reveals its row. Lists that are not loaded
 * yet are loaded first (one request per ready gateway, and only from this command).
 */
export async function showWebhookProblems(ctx: CommandContext, analysis: StoreFactory<WebhookAnalysis>): Promise<void> {
  const gateways = ctx.registry.gateways();
  await Promise.all(
    gateways.map(async (gateway) => {
      if ((await gateway.connection.state()).kind === 'ready') {
        await gateway.store(WEBHOOKS_STORE).ensure();
      }
    }),
  );
  const several = gateways.length > 1;
  const picks: ProblemPick[] = [];
  let checked = 0;
  for (const gateway of gateways) {
    const list = gateway.existingStore(WEBHOOKS_STORE);
    if (!list?.loaded) {
      continue;
    }
    checked += list.items.length;
    const findings = gateway.store(analysis).findings();
    if (findings.size === 0) {
      continue;
    }
    picks.push({ label: several ? plainText(gateway.name) : l10n.t('Webhook subscriptions'), kind: vscode.QuickPickItemKind.Separator });
    for (const [item, found] of findings) {
      for (const finding of found) {
        const text = findingText(finding);
        picks.push({
          label: `$(warning) ${plainText(text.short)}`,
          description: plainText([webhookLabel(item.value), item.value.id].filter((part) => part !== undefined).join(' · ')),
          detail: plainText(text.detail, DETAIL_LENGTH),
          ref: { gateway, kind: WEBHOOK, item } as ItemRef,
        });
      }
    }
  }
  if (picks.length === 0) {
    void vscode.window.showInformationMessage(
      checked === 0 ? l10n.t('No webhook subscriptions are loaded.') : l10n.t('No problems found in {0}.', webhookCount(checked)),
    );
    return;
  }
  const chosen = await vscode.window.showQuickPick(picks, {
    title: l10n.t('Page Gateway: Webhook Problems'),
    placeHolder: l10n.t('Pick one to reveal its subscription'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (chosen?.ref) {
    await ctx.reveal.reveal(chosen.ref, { focus: true });
  }
}
