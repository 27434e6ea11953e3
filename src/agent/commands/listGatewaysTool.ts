/** `pageGateway_listGateways`: the configured gateways, their state and what is loaded. Sends no request. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../commands/commandContext';
import { isGateway } from '../../gateway/registry';
import { conditionText, describeConfigProblem, gatewayCondition } from '../../gateway/gatewayText';
import { WEBHOOKS_STORE } from '../../features/webhooks/webhookKind';
import { loadedPageGroups } from '../model/gatewaySummary';
import { shapeList } from '../model/resultBudget';
import { budgetOf, notReadyText, textResult } from './toolSupport';
import { PAGE_GROUPS_STORE } from '../../features/pageGroups/pageGroupKind';

export class ListGatewaysTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: l10n.t('Listing the configured gateways (no request)') };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>): Promise<vscode.LanguageModelToolResult> {
    const entries: unknown[] = [];
    const states: string[] = [];
    for (const entry of this.ctx.registry.entries()) {
      if (!isGateway(entry)) {
        const problem = describeConfigProblem(entry.problem);
        entries.push({ usable: false, problem: `${problem.label}: ${problem.detail}` });
        continue;
      }
      const state = await entry.connection.state();
      const condition = gatewayCondition(state.kind, entry.connection.health);
      const model = entry.store(PAGE_GROUPS_STORE);
      const webhooks = entry.existingStore(WEBHOOKS_STORE);
      states.push(l10n.t({ message: '{0} ({1})', args: [entry.name, conditionText(condition)], comment: 'a gateway name, then its state' }));
      entries.push({
        name: entry.name,
        baseUrl: entry.base.href,
        state: condition,
        ...(state.kind === 'ready' ? {} : { whatToDo: await notReadyText(entry) }),
        pageGroups: loadedPageGroups(model.allLoaded(), model.discovery.started && !model.discovery.hasMore && !model.discovery.notice),
        webhookSubscriptions: webhooks?.loaded ? { loaded: webhooks.items.length } : null,
      });
    }
    const sentence =
      states.length === 0
        ? l10n.t('No usable gateway is configured: the user can add one with “Page Gateway: Add Gateway…”.')
        : l10n.t('Configured gateways: {0}.', states.join(', '));
    const shaped = shapeList({
      sentences: [sentence],
      items: entries,
      json: (kept) => ({ gateways: kept }),
      cutSentence: (cut) => l10n.t('{0} more gateways were left out to fit.', String(cut)),
      budget: budgetOf(options),
    });
    return textResult(shaped.text);
  }
}
