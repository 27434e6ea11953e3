/**
 * `pageGateway_compareWebhookSubscriptions`: what differs between two gateways' subscriptions (only in A, only in B,
 * changed fields), normalised as Compare Webhook Subscriptions Across Gateways; optionally only what concerns one
 * event. Whole JSON at any size: differences that do not fit are left out whole, with a continuation. One request
 * per list not loaded yet.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { budgetOf, resolveGateway, signalOf, textResult } from '../../../agent/toolSupport';
import { compareWebhookLists } from '../model/compareWebhooks';
import { compareVersion, parseCompareWebhooks } from '../model/webhookToolInput';
import { compareResult } from '../text/webhookToolResults';
import { webhookListOf } from './webhookLists';

export class CompareWebhooksTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseCompareWebhooks(options.input);
    return {
      invocationMessage: parsed.ok
        ? l10n.t('Comparing the webhook subscriptions of “{0}” and “{1}” (one request per list not loaded yet)', parsed.value.question.gatewayA, parsed.value.question.gatewayB)
        : l10n.t('Comparing webhook subscriptions'),
    };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseCompareWebhooks(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const input = parsed.value;
    const a = resolveGateway(this.ctx.registry, input.question.gatewayA);
    const b = resolveGateway(this.ctx.registry, input.question.gatewayB);
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
        input.question.event,
      );
      const version = compareVersion(left.version, right.version);
      const restarted = input.position !== undefined && input.position.version !== version;
      return textResult(
        compareResult(
          input,
          {
            a: { name: a.name, listed: left.items.length },
            b: { name: b.name, listed: right.items.length },
            diff,
            version,
            restarted,
            offset: input.position === undefined || restarted ? 0 : input.position.position,
          },
          budgetOf(options),
        ),
      );
    } finally {
      cancel.dispose();
    }
  }
}
