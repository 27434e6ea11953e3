/**
 * The results of List and Compare Webhook Subscriptions: sentences for a person and one JSON object for the model,
 * the sentences' numbers taken from the JSON's values. Rows that do not fit are left out whole and a continuation
 * gets them. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import type { Coverage } from '../../../agent/model/coverage';
import type { GatewayPosition } from '../../../agent/model/continuation';
import { shapeList } from '../../../agent/model/resultBudget';
import { boundedRow } from '../../../agent/model/toolJson';
import { coverageSentences } from '../../../agent/model/toolText';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import type { WebhookComparison } from '../model/compareWebhooks';
import type { WebhookSummary } from './webhookSummary';
import { webhookCount } from './webhookWords';
import { compareContinuation, listContinuation, type CompareWebhooksInput, type ListWebhooksInput } from '../model/webhookToolInput';

/** One gateway's list as the tool read it: the matching subscriptions (or why none could be read). */
export interface ListedGateway {
  readonly name: string;
  /** The list's version (a reload changes it). */
  readonly version: number;
  readonly matching: readonly WebhookSummary[];
  /** Why the list could not be read (not ready, failed): a sentence. */
  readonly problem?: string;
  readonly state?: Coverage['state'];
  /** Subscriptions in the whole list. */
  readonly listed: number;
  /** A continuation was given but the list was reloaded since: it starts again. */
  readonly restarted: boolean;
  /** Matching subscriptions returned by earlier calls. */
  readonly offset: number;
}

function gatewaySentence(gateway: ListedGateway, input: ListWebhooksInput): string {
  const n = gateway.matching.length;
  const active = gateway.matching.filter((item) => item.active === true).length;
  const warned = gateway.matching.filter((item) => item.warnings !== undefined).length;
  const event = input.question.event;
  return event === undefined
    ? l10n.t('“{0}”: {1} ({2} active, {3} inactive, {4} with warnings).', gateway.name, matchingText(n), formatNumber(active), formatNumber(n - active), formatNumber(warned))
    : l10n.t('“{0}”: {1} ({2} active, {3} inactive, {4} with warnings).', gateway.name, receiversText(n, event), formatNumber(active), formatNumber(n - active), formatNumber(warned));
}

/** "1 subscription matches", "3 subscriptions match". */
function matchingText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} subscriptions match', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} subscription matches', count),
    two: () => l10n.t({ message: '{0} subscriptions match', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} subscriptions match', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} subscriptions match', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} subscriptions match', count),
  });
}

/** "1 subscription receives form.submitted", "3 subscriptions receive form.submitted". */
function receiversText(n: number, event: string): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} subscriptions receive {1}', args: [count, event], comment: 'plural: zero' }),
    one: () => l10n.t('{0} subscription receives {1}', count, event),
    two: () => l10n.t({ message: '{0} subscriptions receive {1}', args: [count, event], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} subscriptions receive {1}', args: [count, event], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} subscriptions receive {1}', args: [count, event], comment: 'plural: many' }),
    other: () => l10n.t('{0} subscriptions receive {1}', count, event),
  });
}

export function listResult(input: ListWebhooksInput, gateways: readonly ListedGateway[], budget: number): string {
  const rows: Array<{ readonly gateway: ListedGateway; readonly index: number }> = [];
  for (const gateway of gateways) {
    for (let index = gateway.offset; index < gateway.matching.length && rows.length < input.limit; index += 1) {
      rows.push({ gateway, index });
    }
  }
  const total = gateways.reduce((sum, gateway) => sum + gateway.matching.length, 0);
  const before = gateways.reduce((sum, gateway) => sum + gateway.offset, 0);
  const coverage: Coverage[] = gateways.map((gateway) =>
    gateway.problem === undefined
      ? { gateway: gateway.name, complete: true, read: gateway.listed }
      : { gateway: gateway.name, complete: false, read: 0, state: gateway.state ?? 'failed', reason: gateway.problem },
  );
  const restarts = gateways.filter((gateway) => gateway.restarted).map((gateway) => l10n.t('The subscriptions of “{0}” were reloaded since the continuation was made: they are listed from the start.', gateway.name));
  const continuationFor = (kept: number): string | undefined => {
    const positions = new Map<string, GatewayPosition>();
    let more = false;
    for (const gateway of gateways) {
      const position = gateway.offset + rows.slice(0, kept).filter((row) => row.gateway === gateway).length;
      positions.set(gateway.name, { version: gateway.version, position });
      more ||= position < gateway.matching.length;
    }
    return more ? listContinuation(input.question, positions) : undefined;
  };
  return shapeList({
    sentences: (kept) => {
      const continuation = continuationFor(kept);
      const returned =
        kept === 0
          ? total === 0
            ? l10n.t('No subscription matches.')
            : l10n.t('None of the {0} is returned here.', webhookCount(total))
          : l10n.t('Returned {0} of {1} (numbers {2} to {3}).', formatNumber(kept), webhookCount(total), formatNumber(before + 1), formatNumber(before + kept));
      return [
        ...gateways.filter((gateway) => gateway.problem === undefined).map((gateway) => gatewaySentence(gateway, input)),
        returned,
        ...restarts,
        ...coverageSentences(coverage),
        ...(continuation === undefined ? [] : [l10n.t('Pass the continuation to get the rest.')]),
      ];
    },
    items: rows,
    json: (kept) => {
      const continuation = continuationFor(kept.length);
      return {
        subscriptions: kept.map((row) => boundedRow(row.gateway.matching[row.index])),
        total,
        returned: kept.length,
        coverage,
        ...(continuation === undefined ? {} : { continuation }),
      };
    },
    cutSentence: (cut) => l10n.t('{0} more did not fit this answer: pass the continuation to get them.', formatNumber(cut)),
    budget,
  }).text;
}

export interface ComparedLists {
  readonly a: { readonly name: string; readonly listed: number };
  readonly b: { readonly name: string; readonly listed: number };
  readonly diff: WebhookComparison;
  /** Both lists' versions in one number (see compareVersion). */
  readonly version: number;
  /** A continuation was given but a list was reloaded since: the comparison is listed from the start. */
  readonly restarted: boolean;
  /** Differences returned by earlier calls. */
  readonly offset: number;
}

type Difference = { readonly side: 'onlyInA' | 'onlyInB' | 'changed'; readonly value: unknown };

export function compareResult(input: CompareWebhooksInput, compared: ComparedLists, budget: number): string {
  const { diff } = compared;
  const all: Difference[] = [
    ...diff.onlyInA.map((value): Difference => ({ side: 'onlyInA', value })),
    ...diff.onlyInB.map((value): Difference => ({ side: 'onlyInB', value })),
    ...diff.changed.map((value): Difference => ({ side: 'changed', value })),
  ];
  const offset = Math.min(compared.offset, all.length);
  const rows = all.slice(offset, offset + input.limit);
  const event = input.question.event;
  const counts = l10n.t(
    'paired by URL: {0} only in A, {1} only in B, {2} changed, {3} the same.',
    formatNumber(diff.onlyInA.length),
    formatNumber(diff.onlyInB.length),
    formatNumber(diff.changed.length),
    formatNumber(diff.same),
  );
  const [a, b] = [compared.a, compared.b];
  const headline =
    event === undefined
      ? l10n.t('Compared “{0}” (A, {1}) with “{2}” (B, {3}), {4}', a.name, webhookCount(a.listed), b.name, webhookCount(b.listed), counts)
      : l10n.t('Compared who receives {0} on “{1}” (A, {2} in all) and “{3}” (B, {4} in all), {5}', event, a.name, webhookCount(a.listed), b.name, webhookCount(b.listed), counts);
  const continuationFor = (kept: number): string | undefined =>
    offset + kept < all.length ? compareContinuation(input.question, compared.version, offset + kept) : undefined;
  return shapeList({
    sentences: (kept) => [
      headline,
      ...(compared.restarted ? [l10n.t('A list was reloaded since the continuation was made: the differences are listed from the start.')] : []),
      all.length === 0 ? l10n.t('Nothing differs.') : l10n.t('Returned differences {0} to {1} of {2}.', formatNumber(Math.min(offset + 1, offset + kept)), formatNumber(offset + kept), formatNumber(all.length)),
      ...(continuationFor(kept) === undefined ? [] : [l10n.t('Pass the continuation to get the rest.')]),
    ],
    items: rows,
    json: (kept) => {
      const continuation = continuationFor(kept.length);
      const of = (side: Difference['side']): unknown[] => kept.filter((row) => row.side === side).map((row) => boundedRow(row.value));
      return {
        onlyInA: of('onlyInA'),
        onlyInB: of('onlyInB'),
        changed: of('changed'),
        totals: { onlyInA: diff.onlyInA.length, onlyInB: diff.onlyInB.length, changed: diff.changed.length, same: diff.same },
        ...(continuation === undefined ? {} : { continuation }),
      };
    },
    cutSentence: (cut) => l10n.t('{0} more did not fit this answer: pass the continuation to get them.', formatNumber(cut)),
    budget,
  }).text;
}
