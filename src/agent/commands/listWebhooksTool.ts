/**
 * `pageGateway_listWebhookSubscriptions`: the subscriptions of one or every gateway with each one's check warnings;
 * with `event`, who receives it (active and inactive). One request per gateway whose list is not loaded yet.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { EVENT_KINDS } from '../../api/model';
import type { CommandContext } from '../../commands/commandContext';
import { formatNumber } from '../../l10n/numbers';
import { WEBHOOK_ANALYSIS_STORE } from '../../features/webhooks/model/webhookAnalysis';
import { shapeList } from '../model/resultBudget';
import { parseListWebhooks } from '../model/toolInputs';
import { webhookMatches, webhookSummary, type WebhookSummary } from '../model/webhookSummary';
import { budgetOf, invokedGatewayNames, resolveGateways, signalOf, textResult } from './toolSupport';
import { webhookListOf } from './webhookLists';

export class ListWebhooksTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseListWebhooks(options.input);
    const { names, count } = invokedGatewayNames(this.ctx.registry, parsed.ok ? parsed.value.gateway : undefined);
    return { invocationMessage: l10n.t('Reading webhook subscriptions of {0} — up to {1} requests', names, String(count)) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseListWebhooks(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const input = parsed.value;
    const resolved = resolveGateways(this.ctx.registry, input.gateway);
    if (!resolved.ok) {
      return textResult(resolved.problem);
    }
    const sentences: string[] = [];
    const summaries: WebhookSummary[] = [];
    const cancel = signalOf(token);
    try {
      for (const gateway of resolved.gateways) {
        const list = await webhookListOf(gateway, cancel.signal);
        if (!list.ok) {
          sentences.push(list.problem);
          continue;
        }
        const analysis = gateway.store(WEBHOOK_ANALYSIS_STORE);
        const chosen = list.items.filter((item) => webhookMatches(item, input));
        chosen.forEach((item) => summaries.push(webhookSummary(item, gateway.name, analysis.findingsOf(item))));
        const active = chosen.filter((item) => item.value.active === true).length;
        const warned = chosen.filter((item) => analysis.findingsOf(item).length > 0).length;
        sentences.push(
          input.event === undefined
            ? l10n.t('“{0}” has {1} matching subscriptions ({2} active, {3} inactive); {4} have warnings.', gateway.name, formatNumber(chosen.length), formatNumber(active), formatNumber(chosen.length - active), formatNumber(warned))
            : l10n.t('On “{0}”, {1} subscriptions receive {2} ({3} active, {4} inactive); {5} have warnings.', gateway.name, formatNumber(chosen.length), input.event, formatNumber(active), formatNumber(chosen.length - active), formatNumber(warned)),
        );
      }
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(l10n.t('Cancelled: nothing more was requested.'));
    }
    if (input.event !== undefined && !(EVENT_KINDS as readonly string[]).includes(input.event)) {
      sentences.push(l10n.t('“{0}” is not one of the events the API defines: {1}.', input.event, EVENT_KINDS.join(', ')));
    }
    const shaped = shapeList({
      sentences,
      items: summaries,
      json: (kept) => ({ webhookSubscriptions: kept }),
      cutSentence: (cut) => l10n.t('{0} more subscriptions were left out to fit: pass “event”, “active” or “gateway” to narrow the list.', formatNumber(cut)),
      budget: budgetOf(options),
    });
    return textResult(shaped.text);
  }
}
