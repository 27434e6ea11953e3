/**
 * `pageGateway_getItem`: the object with an id, as the gateway sent it, of any resource (through the kinds, as Go to
 * ID finds it; an id inside a URL or a log line is found). Every gateway asked is checked, and the result says which
 * hold the id and which were checked completely: loaded items answer at once; otherwise each list that loads whole is
 * loaded (one request) and each paged list is scanned, at most MAX_REQUESTS_PER_GATEWAY requests per gateway a call.
 * Scanned pages stay where the views show them: calling again goes on where this call stopped.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CommandContext } from '../commands/commandContext';
import type { Gateway } from '../gateway/gateway';
import { listText } from '../l10n/lists';
import { formatNumber } from '../l10n/numbers';
import type { ItemRef, ResourceKind } from '../model/resource';
import { loadWholeLists, scanForIds } from '../model/idSearch';
import { idCandidates } from '../model/textMatch';
import { MAX_REQUESTS_PER_GATEWAY, type Coverage } from './model/coverage';
import { shapeValue } from './model/resultBudget';
import { modelJson } from './model/toolJson';
import { parseGetItem } from './model/toolInputs';
import { coverageSentences, requestBudgetText, requestsSentText } from './model/toolText';
import { budgetOf, cancelledText, failureText, invokedGateways, readiness, resolveGateways, signalOf, textResult } from './toolSupport';

/** Characters of the asked text repeated in a sentence. */
const MAX_SHOWN = 200;

function candidatesOf(text: string): string[] {
  const candidates = idCandidates(text);
  if (!candidates.includes(text) && !/\s/.test(text)) {
    candidates.unshift(text);
  }
  return candidates;
}

/** The loaded items of `gateway` with the first candidate id that any kind holds there. */
function loadedOn(kinds: readonly ResourceKind<unknown>[], gateway: Gateway, candidates: readonly string[]): ItemRef[] {
  for (const id of candidates) {
    const refs: ItemRef[] = [];
    for (const kind of kinds) {
      const item = kind.find(gateway, id);
      if (item !== undefined) {
        refs.push({ gateway, kind, item });
      }
    }
    if (refs.length > 0) {
      return refs;
    }
  }
  return [];
}

interface GatewayLook {
  readonly gateway: Gateway;
  readonly found: readonly ItemRef[];
  readonly requests: number;
  readonly coverage: Coverage;
}

export class GetItemTool implements vscode.LanguageModelTool<object> {
  public constructor(private readonly ctx: CommandContext) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = parseGetItem(options.input);
    return {
      invocationMessage: l10n.t('Looking for an item by id on {0} ({1})', invokedGateways(this.ctx.registry, parsed.ok ? parsed.value.gateway : undefined), requestBudgetText(MAX_REQUESTS_PER_GATEWAY)),
    };
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
    const ready = await readiness(resolved.gateways);
    const cancel = signalOf(token);
    let looks: GatewayLook[];
    try {
      looks = await Promise.all(resolved.gateways.map((gateway) => this.lookOn(gateway, candidates, ready.get(gateway), cancel.signal)));
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(cancelledText());
    }
    return textResult(this.result(parsed.value.id, looks, budgetOf(options)));
  }

  private async lookOn(gateway: Gateway, candidates: readonly string[], notReady: string | undefined, signal: AbortSignal): Promise<GatewayLook> {
    const kinds = this.ctx.kinds.all();
    let found = loadedOn(kinds, gateway, candidates);
    let requests = 0;
    let cancelled = false;
    if (found.length === 0 && notReady === undefined) {
      requests += await loadWholeLists(gateway, kinds);
      found = loadedOn(kinds, gateway, candidates);
      if (found.length === 0 && !signal.aborted) {
        const scan = await scanForIds(gateway, kinds, new Set(candidates), { signal, maxPages: MAX_REQUESTS_PER_GATEWAY - requests });
        requests += scan.pages;
        cancelled = signal.aborted;
        if (scan.hit) {
          found = loadedOn(kinds, gateway, candidates);
        }
      }
    }
    return { gateway, found, requests, coverage: this.coverageOf(gateway, notReady, found.length > 0, cancelled) };
  }

  /** Complete when every list of the gateway is loaded whole (the id was looked for everywhere), or the id was found. */
  private coverageOf(gateway: Gateway, notReady: string | undefined, found: boolean, cancelled: boolean): Coverage {
    const kinds = this.ctx.kinds.all();
    const extents = kinds.map((kind) => ({ kind, extent: kind.extent(gateway) }));
    const read = extents.reduce((sum, entry) => sum + entry.extent.loaded, 0);
    const complete = extents.every((entry) => entry.extent.complete);
    if (found || complete) {
      return { gateway: gateway.name, complete, read };
    }
    if (notReady !== undefined) {
      return { gateway: gateway.name, complete: false, read, state: 'notReady', reason: l10n.t('Only what was already loaded on “{0}” was checked: {1}', gateway.name, notReady) };
    }
    const failed = extents.find((entry) => entry.extent.error !== undefined);
    if (failed?.extent.error) {
      return { gateway: gateway.name, complete: false, read, state: 'failed', reason: failureText(gateway, failed.extent.error, failed.kind.words) };
    }
    if (cancelled) {
      return { gateway: gateway.name, complete: false, read, state: 'cancelled', reason: cancelledText() };
    }
    const partly = extents.filter((entry) => !entry.extent.complete).map((entry) => entry.kind.words.notAllScanned());
    const counts = listText(extents.map((entry) => entry.kind.words.count(entry.extent.loaded)));
    return {
      gateway: gateway.name,
      complete: false,
      read,
      state: 'partial',
      reason: l10n.t('On “{0}” {1} were checked so far, {2}: call again with the same id to read further.', gateway.name, counts, listText(partly)),
    };
  }

  private result(asked: string, looks: readonly GatewayLook[], budget: number): string {
    const shown = asked.length > MAX_SHOWN ? `${asked.slice(0, MAX_SHOWN)}…` : asked;
    const coverage = looks.map((look) => look.coverage);
    const requests = looks.reduce((sum, look) => sum + look.requests, 0);
    const holders = looks.filter((look) => look.found.length > 0);
    const notes = coverageSentences(coverage);
    const first = holders[0]?.found[0];
    const coverageJson = modelJson(coverage);
    if (first === undefined) {
      const what = listText(this.ctx.kinds.all().map((kind) => kind.words.one()), 'disjunction');
      const checked = looks.filter((look) => look.coverage.complete).map((look) => `“${look.gateway.name}”`);
      const sentences = [
        checked.length === looks.length
          ? l10n.t('Not found: no {0} has the id “{1}” on {2} (each checked completely).', what, shown, listText(checked))
          : l10n.t('Not found so far: no {0} loaded has the id “{1}”.', what, shown),
        ...notes,
        requestsSentText(requests),
      ];
      return shapeValue(sentences, null, (value) => `{"item":${value},"coverage":${coverageJson}}`, '', budget);
    }
    const id = first.kind.idOf(first.item.value) ?? shown;
    const others = holders.flatMap((look) => look.found).filter((ref) => ref !== first);
    const sentences = [
      l10n.t('Found the {0} “{1}” on “{2}”: “item” is the object exactly as the gateway sent it (any URL password masked).', first.kind.words.one(), id, first.gateway.name),
      ...(others.length === 0
        ? []
        : [l10n.t('The id is also used on {0}: call again with that gateway to get it.', listText(others.map((ref) => l10n.t('“{0}” ({1})', ref.gateway.name, ref.kind.words.one()))))]),
      ...notes,
      requestsSentText(requests),
    ];
    const alsoOn = modelJson(others.map((ref) => ({ gateway: ref.gateway.name, kind: ref.kind.id })));
    const head = `{"gateway":${JSON.stringify(first.gateway.name)},"kind":${JSON.stringify(first.kind.id)}`;
    return shapeValue(
      sentences,
      first.item.raw,
      (value) => `${head},"item":${value},"alsoOn":${alsoOn},"coverage":${coverageJson}}`,
      l10n.t('The object was too large for the answer: long arrays, long strings and deep nesting in “item” were cut, each cut marked; open the item in the editor to see all of it ({0} characters as JSON).', formatNumber(modelJson(first.item.raw, { maxDepth: 100_000, maxArray: Number.POSITIVE_INFINITY, maxString: Number.POSITIVE_INFINITY }).length)),
      budget,
    );
  }
}
