/**
 * `pageGateway_findPageGroups`: page groups matching a query like Search Page Groups, from what is loaded first, then
 * scanning the rest (at most MAX_REQUESTS_PER_CALL requests per call), with a continuation that resumes where it
 * stopped. Scanned pages stay in the tree's model: asking again sends nothing.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../commands/commandContext';
import type { ChainNotice } from '../../api/paging';
import type { Gateway } from '../../gateway/gateway';
import { formatNumber } from '../../l10n/numbers';
import { describeChainNotice } from '../../text/errorText';
import { pageGroupCount } from '../../features/pageGroups/text/pageGroupWords';
import { encodeContinuation } from '../model/continuation';
import { findPageGroups, MAX_REQUESTS_PER_CALL, resumePositions, type FindOutcome, type GatewayOutcome } from '../model/findPageGroups';
import { pageGroupSummary } from '../model/pageGroupSummary';
import { shapeList } from '../model/resultBudget';
import { parseFindPageGroups, type FindPageGroupsInput } from '../model/toolInputs';
import { budgetOf, failureText, notReadyText, invokedGatewayNames, resolveGateways, signalOf, textResult } from './toolSupport';
import { PAGE_GROUPS_STORE } from '../../features/pageGroups/pageGroupKind';

export class FindPageGroupsTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseFindPageGroups(options.input);
    const { names } = invokedGatewayNames(this.ctx.registry, parsed.ok ? parsed.value.gateway : undefined);
    return { invocationMessage: l10n.t('Searching page groups on {0} — up to {1} requests', names, String(MAX_REQUESTS_PER_CALL)) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseFindPageGroups(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const input = parsed.value;
    const resolved = resolveGateways(this.ctx.registry, input.gateway);
    if (!resolved.ok) {
      return textResult(resolved.problem);
    }
    const ready = new Map<Gateway, string | undefined>();
    for (const gateway of resolved.gateways) {
      ready.set(gateway, await notReadyText(gateway));
    }
    const cancel = signalOf(token);
    let outcome: FindOutcome;
    try {
      outcome = await findPageGroups(
        resolved.gateways.map((gateway) => ({ name: gateway.name, model: gateway.store(PAGE_GROUPS_STORE), ready: ready.get(gateway) === undefined })),
        {
          query: input.query,
          status: input.status,
          limit: input.limit,
          maxRequests: MAX_REQUESTS_PER_CALL,
          positions: input.continuation?.positions ?? new Map(),
          signal: cancel.signal,
        },
      );
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(l10n.t('The search was cancelled: nothing more was requested.'));
    }
    const sentences = [headline(input, outcome), ...resolved.gateways.flatMap((gateway) => gatewayNotes(gateway, outcome, ready.get(gateway), gateway.store(PAGE_GROUPS_STORE).discovery.notice))];
    sentences.push(l10n.t('Requests sent by this call: {0}.', String(outcome.requests)));
    const more = outcome.more;
    const unfinished = outcome.gateways.some((g) => !g.complete && g.stop !== 'notReady');
    if (more > 0) {
      sentences.push(moreText(more));
    }
    const summaries = outcome.found.map((entry) => pageGroupSummary(entry.item, entry.gateway));
    const shaped = shapeList({
      sentences,
      items: summaries,
      json: (kept) => {
        const needed = kept.length < summaries.length || more > 0 || unfinished;
        const continuation = needed
          ? encodeContinuation({ query: input.query, status: input.status, positions: resumePositions(outcome, kept.length) })
          : undefined;
        return { pageGroups: kept, ...(continuation === undefined ? {} : { continuation }) };
      },
      cutSentence: (cut) => moreText(cut + more),
      budget: budgetOf(options),
    });
    return textResult(shaped.text);
  }
}

function headline(input: FindPageGroupsInput, outcome: FindOutcome): string {
  const n = outcome.found.length;
  const what = input.query === '' ? l10n.t('all page groups') : l10n.t('page groups matching “{0}”', input.query);
  const filtered = input.status === undefined ? what : l10n.t('{0} with status “{1}”', what, input.status);
  return n === 0 ? l10n.t('Found no {0}.', filtered) : l10n.t('Found {0}: {1} returned below.', filtered, formatNumber(n));
}

function moreText(n: number): string {
  return l10n.t('{0} more matches were not returned: narrow the query or pass the continuation.', formatNumber(n));
}

function gatewayNotes(gateway: Gateway, outcome: FindOutcome, notReady: string | undefined, notice: ChainNotice | undefined): string[] {
  const state = outcome.gateways.find((g) => g.name === gateway.name);
  if (state === undefined) {
    return [];
  }
  const notes: string[] = [];
  if (state.restarted) {
    notes.push(l10n.t('The page groups of “{0}” were reloaded since the continuation was made: its search started again.', gateway.name));
  }
  notes.push(progressText(gateway, state, notReady, notice));
  return notes;
}

function progressText(gateway: Gateway, state: GatewayOutcome, notReady: string | undefined, notice: ChainNotice | undefined): string {
  const scanned = pageGroupCount(state.scanned);
  if (state.complete) {
    return l10n.t('On “{0}” every page group was searched ({1}).', gateway.name, scanned);
  }
  switch (state.stop) {
    case 'notReady':
      return l10n.t('On “{0}” only the loaded page groups were searched: {1}', gateway.name, notReady ?? '');
    case 'failed':
      return state.error ? failureText(gateway, state.error) : l10n.t('On “{0}” a page failed.', gateway.name);
    case 'reset':
      return l10n.t('The page groups of “{0}” were reloaded during the search: call again with the continuation.', gateway.name);
    case 'stopped':
      return notice === undefined
        ? l10n.t('On “{0}” paging stopped early after {1}.', gateway.name, scanned)
        : l10n.t('On “{0}” paging stopped early after {1}: {2}', gateway.name, scanned, describeChainNotice(notice));
    case 'cancelled':
      return l10n.t('The search on “{0}” was cancelled after {1}.', gateway.name, scanned);
    default:
      return l10n.t('On “{0}” {1} were scanned so far; more pages remain: pass the continuation to search further.', gateway.name, scanned);
  }
}
