/** Compare Webhook Subscriptions Across Gateways: a diff of two gateways' lists, normalised. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { compareSide, compareTitle } from '../../../commands/compareCommands';
import { pickGateway } from '../../../commands/gatewayPicker';
import { normalizedListDocument } from '../model/webhookDocuments';
import { WEBHOOKS_STORE } from '../webhookKind';

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
