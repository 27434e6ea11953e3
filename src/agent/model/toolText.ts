/**
 * Wording every tool shares: how many requests a call may send, the gateways a call asks, per-gateway coverage in a
 * sentence. Numbers come from the same values the JSON holds, so the sentence and the data always agree; each count
 * reads right for 0, 1 and many (the editor's language chooses the plural form). Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import { listText } from '../../l10n/lists';
import { formatNumber } from '../../l10n/numbers';
import { plural } from '../../l10n/plural';
import type { Coverage } from './coverage';

/** "up to 20 requests per gateway". */
export function requestBudgetText(perGateway: number): string {
  const n = formatNumber(perGateway);
  return plural(perGateway, {
    zero: () => l10n.t({ message: 'up to {0} requests per gateway', args: [n], comment: 'plural category zero' }),
    one: () => l10n.t('up to {0} request per gateway', n),
    two: () => l10n.t({ message: 'up to {0} requests per gateway', args: [n], comment: 'plural category two' }),
    few: () => l10n.t({ message: 'up to {0} requests per gateway', args: [n], comment: 'plural category few' }),
    many: () => l10n.t({ message: 'up to {0} requests per gateway', args: [n], comment: 'plural category many' }),
    other: () => l10n.t('up to {0} requests per gateway', n),
  });
}

/** "Requests sent by this call: 3." */
export function requestsSentText(requests: number): string {
  return l10n.t('Requests sent by this call: {0}.', formatNumber(requests));
}

/**
 * The gateways a call asks, for its invocation message: "“staging” and “production”", "every gateway", or, when the
 * name is not configured, "“qa” (no such gateway)".
 */
export function gatewaysAskedText(named: string | undefined, resolved: readonly string[] | undefined): string {
  if (named !== undefined && resolved === undefined) {
    return l10n.t('“{0}” (no such gateway)', named);
  }
  const names = resolved ?? [];
  if (names.length === 0) {
    return l10n.t('no gateway (none is configured)');
  }
  return listText(names.map((name) => l10n.t('“{0}”', name)));
}

/** One sentence per gateway that is not complete: what happened there and what to do. */
export function coverageSentences(coverage: readonly Coverage[]): string[] {
  return coverage.filter((entry) => !entry.complete && entry.reason !== undefined).map((entry) => entry.reason as string);
}
