/**
 * `pageGateway_countPageGroups`: how many page groups match on each gateway asked, exact where the list that answers
 * was read to its end (with `status`, that status's own list, as the tree reads it), otherwise "at least N" with how
 * many were read and a continuation. Optionally grouped by status, tenant, brand or page context. Pages it reads land
 * in the tree's store: a page is never requested twice, and counting again sends nothing.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import { MAX_REQUESTS_PER_GATEWAY } from '../../../agent/model/coverage';
import { requestBudgetText } from '../../../agent/model/toolText';
import { budgetOf, cancelledText, invokedGateways, readiness, resolveGateways, signalOf, textResult } from '../../../agent/toolSupport';
import { parseCountPageGroups } from '../model/pageGroupToolInput';
import { namedRead, readGateways, type GatewayRead } from './pageGroupReads';
import { countResult } from '../text/pageGroupToolResults';

export class CountPageGroupsTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseCountPageGroups(options.input);
    const gateway = parsed.ok ? parsed.value.question.gateway : undefined;
    return { invocationMessage: l10n.t('Counting page groups on {0} ({1})', invokedGateways(this.ctx.registry, gateway), requestBudgetText(MAX_REQUESTS_PER_GATEWAY)) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseCountPageGroups(options.input);
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
      reads = await readGateways(resolved.gateways, ready, input, cancel.signal);
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(cancelledText());
    }
    return textResult(countResult(input, reads.map(namedRead), budgetOf(options)));
  }
}

