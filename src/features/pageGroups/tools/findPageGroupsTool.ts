/**
 * `pageGateway_findPageGroups`: the page groups that match a question (Search's matcher or an exact id, name or
 * title; a status, read from that status's own list; deleted or not; created, updated or deleted in a window) on each
 * gateway asked, with how many matched (exact, or "at least"), which are returned, and a continuation for the rest.
 * Each gateway reads at most MAX_REQUESTS_PER_GATEWAY pages a call; pages land in the tree's store, so asking again
 * sends nothing.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { MAX_REQUESTS_PER_GATEWAY } from '../../../agent/model/coverage';
import { requestBudgetText } from '../../../agent/model/toolText';
import { budgetOf, cancelledText, invokedGateways, readiness, resolveGateways, signalOf, textResult } from '../../../agent/toolSupport';
import { parseFindPageGroups } from '../model/pageGroupToolInput';
import { findResult } from '../text/pageGroupToolResults';
import { namedRead, readGateways, type GatewayRead } from './pageGroupReads';

export class FindPageGroupsTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseFindPageGroups(options.input);
    const gateway = parsed.ok ? parsed.value.question.gateway : undefined;
    return { invocationMessage: l10n.t('Finding page groups on {0} ({1})', invokedGateways(this.ctx.registry, gateway), requestBudgetText(MAX_REQUESTS_PER_GATEWAY)) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseFindPageGroups(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const input = parsed.value;
    const resolved = resolveGateways(this.ctx.registry, input.question.gateway);
    if (!resolved.ok) {
      return textResult(resolved.problem);
    }
    const ready = await readiness(resolved.gateways);
    const cancel = signalOf(token);
    let reads: GatewayRead[];
    try {
      // Enough to fill the answer from each gateway's position, and one more to know whether more follow.
      reads = await readGateways(resolved.gateways, ready, input, cancel.signal, (offset) => offset + input.limit + 1);
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(cancelledText());
    }
    return textResult(findResult(input, reads.map(namedRead), budgetOf(options)));
  }
}
