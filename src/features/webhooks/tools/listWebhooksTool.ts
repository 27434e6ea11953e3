/**
 * `pageGateway_listWebhookSubscriptions`: the subscriptions of one or every gateway with each one's check warnings;
 * only those receiving an event, active or inactive ones, or only those with a warning. "K of N returned", and a
 * continuation for the rest: no row is ever left out without a way to get it. One request per gateway whose list is
 * not loaded yet.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { budgetOf, cancelledText, invokedGateways, resolveGateways, signalOf, textResult } from '../../../agent/toolSupport';
import type { WebhookAnalysis } from '../model/webhookAnalysis';
import type { StoreFactory } from '../../../gateway/gateway';
import { parseListWebhooks } from '../model/webhookToolInput';
import { webhookMatches, webhookSummary } from '../text/webhookSummary';
import { listResult, type ListedGateway } from '../text/webhookToolResults';
import { webhookListOf } from './webhookLists';

export class ListWebhooksTool implements vscode.LanguageModelTool<object> {
  public constructor(
    private readonly ctx: CommandContext,
    /** The checks' store of the webhooks feature (its findings from the inbox included). */
    private readonly analysis: StoreFactory<WebhookAnalysis>,
  ) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseListWebhooks(options.input);
    return { invocationMessage: l10n.t('Reading the webhook subscriptions of {0} (one request per list not loaded yet)', invokedGateways(this.ctx.registry, parsed.ok ? parsed.value.question.gateway : undefined)) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseListWebhooks(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const input = parsed.value;
    const question = input.question;
    const resolved = resolveGateways(this.ctx.registry, question.gateway);
    if (!resolved.ok) {
      return textResult(resolved.problem);
    }
    const cancel = signalOf(token);
    let gateways: ListedGateway[];
    try {
      gateways = await Promise.all(
        resolved.gateways.map(async (gateway): Promise<ListedGateway> => {
          const list = await webhookListOf(gateway, cancel.signal);
          if (!list.ok) {
            return { name: gateway.name, version: 0, matching: [], problem: list.problem, state: list.state, listed: 0, restarted: false, offset: 0 };
          }
          const analysis = gateway.store(this.analysis);
          const matching = list.items
            .filter((item) => webhookMatches(item, { event: question.event, active: question.active }))
            .map((item) => webhookSummary(item, gateway.name, analysis.findingsOf(item)))
            .filter((summary) => question.withWarnings !== true || summary.warnings !== undefined);
          const position = input.positions.get(gateway.name);
          const restarted = position !== undefined && position.version !== list.version;
          const offset = position === undefined || restarted ? 0 : Math.min(position.position, matching.length);
          return { name: gateway.name, version: list.version, matching, listed: list.items.length, restarted, offset };
        }),
      );
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(cancelledText());
    }
    return textResult(listResult(input, gateways, budgetOf(options)));
  }
}
