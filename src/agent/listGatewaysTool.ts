/**
 * `pageGateway_listGateways`: the configured gateways, their state, and how much of each resource's list is loaded
 * (from every kind: a new resource shows up without a change here). Sends no request.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../commands/commandContext';
import { isGateway } from '../gateway/registry';
import { conditionText, describeConfigProblem, gatewayCondition } from '../gateway/gatewayText';
import { withoutPassword } from '../text/urlText';
import { shapeList } from './model/resultBudget';
import { parseNoInput } from './model/toolInputs';
import { budgetOf, notReadyText, textResult } from './toolSupport';

export class ListGatewaysTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(): vscode.PreparedToolInvocation {
    return { invocationMessage: l10n.t('Listing the configured gateways (no request)') };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseNoInput(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const entries: object[] = [];
    const states: string[] = [];
    for (const entry of this.ctx.registry.entries()) {
      if (!isGateway(entry)) {
        const problem = describeConfigProblem(entry.problem);
        entries.push({ usable: false, problem: `${problem.label}: ${problem.detail}` });
        continue;
      }
      const state = await entry.connection.state();
      const condition = gatewayCondition(state.kind, entry.connection.health);
      states.push(l10n.t({ message: '{0} ({1})', args: [entry.name, conditionText(condition)], comment: 'a gateway name, then its state' }));
      const lists = new Map<string, object>();
      for (const kind of this.ctx.kinds.all()) {
        const extent = kind.extent(entry);
        lists.set(kind.listName, { loaded: extent.loaded, complete: extent.complete, ...(extent.groups === undefined ? {} : { groups: extent.groups }) });
      }
      entries.push({
        name: entry.name,
        baseUrl: withoutPassword(entry.base.href),
        state: condition,
        ...(state.kind === 'ready' ? {} : { whatToDo: await notReadyText(entry) }),
        // fromEntries: a list name is a field, never a prototype.
        lists: Object.fromEntries(lists),
      });
    }
    const sentence =
      states.length === 0
        ? l10n.t('No usable gateway is configured: the user can add one with “Page Gateway: Add Gateway…”.')
        : l10n.t('Configured gateways: {0}. “lists” says how many items of each list are loaded and whether that is all of them.', states.join(', '));
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
