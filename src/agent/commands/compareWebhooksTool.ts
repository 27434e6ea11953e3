/**
 * `pageGateway_compareWebhookSubscriptions`: what differs between two gateways' subscriptions (only in A, only in B,
 * changed fields), normalised as Compare Webhook Subscriptions Across Gateways. One request per list not loaded yet.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../commands/commandContext';
import { formatNumber } from '../../l10n/numbers';
import { compareWebhookLists } from '../model/compareWebhooks';
import { shapeValue } from '../model/resultBudget';
import { parseCompareWebhooks } from '../model/toolInputs';
import { budgetOf, resolveGateway, signalOf, textResult } from './toolSupport';
import { webhookListOf } from './webhookLists';

export class CompareWebhooksTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseCompareWebhooks(options.input);
    return {
      invocationMessage: parsed.ok
        ? l10n.t('Comparing the webhook subscriptions of {0} and {1} — up to 2 requests', parsed.value.gatewayA, parsed.value.gatewayB)
        : l10n.t('Comparing webhook subscriptions'),
    };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseCompareWebhooks(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const a = resolveGateway(this.ctx.registry, parsed.value.gatewayA);
    const b = resolveGateway(this.ctx.registry, parsed.value.gatewayB);
    if (typeof a === 'string' || typeof b === 'string') {
      return textResult(typeof a === 'string' ? a : (b as string));
    }
    if (a === b) {
      return textResult(l10n.t('“gatewayA” and “gatewayB” name the same gateway: name two different ones.'));
    }
    const cancel = signalOf(token);
    try {
      const [left, right] = await Promise.all([webhookListOf(a, cancel.signal), webhookListOf(b, cancel.signal)]);
      if (!left.ok || !right.ok) {
        return textResult([left, right].flatMap((list) => (list.ok ? [] : [list.problem])).join(' '));
      }
      const diff = compareWebhookLists(
        left.items.map((item) => item.raw),
        right.items.map((item) => item.raw),
      );
      const sentence = l10n.t(
        'Compared “{0}” (A, {1} subscriptions) with “{2}” (B, {3}), paired by URL: {4} only in A, {5} only in B, {6} changed, {7} the same.',
        a.name,
        formatNumber(left.items.length),
        b.name,
        formatNumber(right.items.length),
        formatNumber(diff.onlyInA.length),
        formatNumber(diff.onlyInB.length),
        formatNumber(diff.changed.length),
        formatNumber(diff.same),
      );
      return textResult(shapeValue([sentence], { onlyInA: diff.onlyInA, onlyInB: diff.onlyInB, changed: diff.changed }, budgetOf(options)));
    } finally {
      cancel.dispose();
    }
  }
}
