/** Export of the Webhook Subscriptions view's title. */
import * as l10n from '@vscode/l10n';
import type { CommandContext } from '../../../commands/commandContext';
import { isExportOptions, runExport, type ExportResult } from '../../../commands/exportCommand';
import { pickGateway } from '../../../commands/gatewayPicker';
import { webhookPlan } from '../webhookExportPlans';

/** The Webhook Subscriptions view's title (a view title passes no row): the subscriptions of the only or a picked gateway. */
export async function exportWebhooks(ctx: CommandContext, arg?: unknown, optionsArg?: unknown): Promise<ExportResult | undefined> {
  const gateway = await pickGateway(ctx.registry, arg, {
    title: l10n.t('Page Gateway: Export Webhook Subscriptions'),
    placeHolder: l10n.t('Export the subscriptions of which gateway?'),
  });
  return gateway && runExport(ctx, webhookPlan(gateway, ctx.registry.gateways().length > 1), isExportOptions(optionsArg) ? optionsArg : {});
}

