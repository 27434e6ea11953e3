/**
 * `pageGateway_getItem`: the raw object of the page group or webhook subscription with an id (an id inside a URL or a
 * log line is found, as in Go to ID). Loaded items answer at once; otherwise webhook lists load (one request each)
 * and page groups are scanned, at most MAX_REQUESTS_PER_CALL requests in all.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../../commands/commandContext';
import type { Gateway } from '../../gateway/gateway';
import { listText } from '../../l10n/lists';
import type { ItemRef, ResourceKind } from '../../model/resource';
import { idCandidates } from '../../model/textMatch';
import { WEBHOOKS_STORE } from '../../features/webhooks/webhookKind';
import { scanForIds } from '../model/findById';
import { MAX_REQUESTS_PER_CALL } from '../model/findPageGroups';
import { shapeValue } from '../model/resultBudget';
import { parseGetItem } from '../model/toolInputs';
import { budgetOf, failureText, notReadyText, invokedGatewayNames, resolveGateways, signalOf, textResult } from './toolSupport';
import { webhookListOf } from './webhookLists';
import { PAGE_GROUPS_STORE } from '../../features/pageGroups/pageGroupKind';

function candidatesOf(text: string): string[] {
  const candidates = idCandidates(text);
  if (!candidates.includes(text) && !/\s/.test(text)) {
    candidates.unshift(text);
  }
  return candidates;
}

function loadedRefs(kinds: readonly ResourceKind<unknown>[], gateways: readonly Gateway[], candidates: readonly string[]): ItemRef[] {
  for (const id of candidates) {
    const refs: ItemRef[] = [];
    for (const gateway of gateways) {
      for (const kind of kinds) {
        const item = kind.find(gateway, id);
        if (item !== undefined) {
          refs.push({ gateway, kind, item } as ItemRef);
        }
      }
    }
    if (refs.length > 0) {
      return refs;
    }
  }
  return [];
}

export class GetItemTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseGetItem(options.input);
    const { names } = invokedGatewayNames(this.ctx.registry, parsed.ok ? parsed.value.gateway : undefined);
    return { invocationMessage: l10n.t('Looking for an item by id on {0} — up to {1} requests', names, String(MAX_REQUESTS_PER_CALL)) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = parseGetItem(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const resolved = resolveGateways(this.ctx.registry, parsed.value.gateway);
    if (!resolved.ok) {
      return textResult(resolved.problem);
    }
    const candidates = candidatesOf(parsed.value.id);
    const budget = budgetOf(options);
    let refs = loadedRefs(this.ctx.kinds.all(), resolved.gateways, candidates);
    const notes: string[] = [];
    let requests = 0;
    if (refs.length === 0) {
      const cancel = signalOf(token);
      try {
        const ready: Gateway[] = [];
        for (const gateway of resolved.gateways) {
          const notReady = await notReadyText(gateway);
          if (notReady === undefined) {
            ready.push(gateway);
          } else {
            notes.push(notReady);
          }
        }
        for (const gateway of ready) {
          const store = gateway.existingStore(WEBHOOKS_STORE);
          if (!store?.loaded || store.error) {
            requests += 1;
          }
          const list = await webhookListOf(gateway, cancel.signal);
          if (!list.ok) {
            notes.push(list.problem);
          }
        }
        refs = loadedRefs(this.ctx.kinds.all(), resolved.gateways, candidates);
        if (refs.length === 0 && !cancel.signal.aborted) {
          const scan = await scanForIds(
            ready.map((gateway) => ({ name: gateway.name, model: gateway.store(PAGE_GROUPS_STORE) })),
            new Set(candidates),
            MAX_REQUESTS_PER_CALL - requests,
            cancel.signal,
          );
          requests += scan.requests;
          scan.errors.forEach((error, name) => {
            const gateway = ready.find((g) => g.name === name);
            if (gateway) {
              notes.push(failureText(gateway, error));
            }
          });
          refs = loadedRefs(this.ctx.kinds.all(), resolved.gateways, candidates);
        }
      } finally {
        cancel.dispose();
      }
      if (token.isCancellationRequested) {
        return textResult(l10n.t('Cancelled: nothing more was requested.'));
      }
    }
    if (refs.length === 0) {
      const where = resolved.gateways
        .map((gateway) => {
          const counts = listText(this.ctx.kinds.all().map((kind) => kind.words.count([...kind.loaded(gateway)].length)));
          const complete = !gateway.store(PAGE_GROUPS_STORE).discovery.hasMore;
          return complete ? l10n.t('{0} on “{1}”', counts, gateway.name) : l10n.t('{0} on “{1}” (not every page group: call again to scan further)', counts, gateway.name);
        })
        .join('; ');
      return textResult([l10n.t('Not found: nothing has the id “{0}” after scanning {1}.', parsed.value.id, where), ...notes].join(' '));
    }
    const sentence =
      refs.length === 1
        ? l10n.t('Found the {0} “{1}” on “{2}”: the object below is exactly as the gateway sent it.', refs[0]?.kind.words.one() ?? '', refs[0]?.kind.idOf(refs[0].item.value) ?? '', refs[0]?.gateway.name ?? '')
        : l10n.t('The id is used by {0} items (on several gateways or of several kinds): each object below is exactly as its gateway sent it.', String(refs.length));
    const value = refs.length === 1 ? refs[0]?.item.raw : refs.map((ref) => ({ gateway: ref.gateway.name, kind: ref.kind.id, object: ref.item.raw }));
    return textResult(shapeValue([sentence, l10n.t('Requests sent by this call: {0}.', String(requests))], value, budget));
  }
}
