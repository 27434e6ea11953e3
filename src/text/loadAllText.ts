/** The words of the generic Load All command that name no resource (each kind's own are in its `words`). Pure. */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';

export function loadAllTitle(): string {
  return l10n.t('Page Gateway: Load All');
}

/** The progress message: "1,234 loaded". */
export function loadedSoFar(count: number): string {
  return l10n.t('{0} loaded', formatNumber(count));
}

/** The progress message when the list's last count is known: "1,234 of about 100,000 loaded". */
export function loadedSoFarOf(count: number, expected: number): string {
  return l10n.t('{0} of about {1} loaded', formatNumber(count), formatNumber(expected));
}

/** After the kind's "stopped after…" when a page failed. */
export function loadMoreRetries(): string {
  return l10n.t('“Load more…” in the tree retries.');
}

/** The view's lists come whole from the gateway: there is never a page left to load. */
export function loadedWhole(): string {
  return l10n.t('This view loads its lists whole: there are no pages left to load. Refresh loads them again.');
}

/** Nothing of the view is known on the gateway yet (e.g. no status of page groups). */
export function nothingKnownYet(gateway: string): string {
  return l10n.t('Nothing of this view is loaded from {0} yet. Open the view first.', gateway);
}

export function whichGatewayToLoad(): string {
  return l10n.t('Load all of which gateway?');
}

export function whichListToLoad(): string {
  return l10n.t('Load every page of which list?');
}

/** A list in the picker: how much of it is loaded, and whether pages are left. */
export function loadAllPickDescription(loaded: number, hasMore: boolean): string {
  return hasMore ? l10n.t('{0} loaded, more to load', formatNumber(loaded)) : l10n.t('{0} loaded, all of it', formatNumber(loaded));
}
