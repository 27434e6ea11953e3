/**
 * The words of Search over any list (src/commands/search/): its buttons, its progress, its notes and messages. What
 * names the list itself ("Search Page Groups") comes from the list's kind (`ResourceWords.search`); `listSearch*`
 * below are the words of a list whose kind brings none, naming it by its heading. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';
import { plural } from '../l10n/plural';

/** The tooltips of a result's buttons and of the pick's export button. */
export function searchButtonText(): { readonly open: string; readonly copy: string; readonly reveal: string; readonly export: string } {
  return { open: l10n.t('Open as JSON'), copy: l10n.t('Copy ID'), reveal: l10n.t('Reveal in Tree'), export: l10n.t('Export the Matches…') };
}

export function noGatewayText(): { readonly message: string; readonly action: string } {
  return { message: l10n.t('No gateway is configured yet.'), action: l10n.t('Add Gateway…') };
}

export function noKeyText(): { readonly message: string; readonly action: string } {
  return { message: l10n.t('Set the API key of the gateway first: nothing can be searched without it.'), action: l10n.t('Set API Key…') };
}

/** A row of a list that has no Search (its kind says nothing to match). */
export function notSearchableText(heading: string): string {
  return l10n.t({ message: '{0} cannot be searched.', args: [heading], comment: '{0} is a list heading, e.g. "Forms"' });
}

/** How far the scan of one gateway got. */
export type ScanStage = 'scanning' | 'complete' | 'failed' | 'capped' | 'stopped';

/**
 * "all 1,000 scanned", "120 page groups scanned…", "300 scanned, then a page failed"… `count` says a number of the
 * list's items ("120 page groups"); `paged`: the list comes in pages (otherwise it is loaded whole).
 */
export function scanProgressText(stage: ScanStage, scanned: number, count: (n: number) => string, paged: boolean): string {
  const n = formatNumber(scanned);
  switch (stage) {
    case 'complete':
      return l10n.t('all {0} scanned', n);
    case 'scanning':
      return l10n.t('{0} scanned…', count(scanned));
    case 'failed':
      return paged ? l10n.t('{0} scanned, then a page failed', n) : l10n.t('{0} scanned, the list could not be loaded', n);
    case 'capped':
      return l10n.t('{0} scanned, stopped at the load limit', n);
    case 'stopped':
      return l10n.t('{0} scanned, paging stopped early', n);
  }
}

/** The progress of one gateway among several: "staging: all 1,000 scanned". */
export function gatewayProgressText(gateway: string, text: string): string {
  return l10n.t({ message: '{0}: {1}', args: [gateway, text], comment: 'a gateway name, then how far its scan got' });
}

/** "1 match", "12 matches". */
export function matchesText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} match', count),
    two: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} matches', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} matches', count),
  });
}

/** "12 more matches: type more to narrow the search". */
export function moreMatchesText(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} more match: type more to narrow the search', count),
    two: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} more matches: type more to narrow the search', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} more matches: type more to narrow the search', count),
  });
}

/** The gateway picker of the export button, when the matches come from several gateways. */
export function exportMatchesPickText(): { readonly title: string; readonly placeHolder: string } {
  return { title: l10n.t('Page Gateway: Export the Matches'), placeHolder: l10n.t('Export the matches of which gateway?') };
}

/** The export's note when the scan had not reached the end of the list: `scanned` is "300 page groups". */
export function scannedWhenExportedText(scanned: string): string {
  return l10n.t('The search had scanned {0} of the gateway when you exported.', scanned);
}

/** "Search Forms", "Search Forms — all 45 scanned": Search over a list whose kind brings no words for it. */
export function listSearchTitle(heading: string, progress?: string): string {
  return progress === undefined
    ? l10n.t({ message: 'Search {0}', args: [heading], comment: '{0} is a list heading, e.g. "Forms"' })
    : l10n.t({ message: 'Search {0} — {1}', args: [heading, progress], comment: '{0} is a list heading, e.g. "Forms"; {1} how far the search got' });
}

export function listSearchPlaceholder(): string {
  return l10n.t('Type part of an id or a field — or paste text or a URL holding an id');
}

/** What an export of the matches of a list holds: "Forms: matches of “abc”". */
export function listSearchMatching(heading: string, query: string): string {
  return query === ''
    ? l10n.t({ message: '{0}: everything found', args: [heading], comment: '{0} is a list heading, e.g. "Forms"' })
    : l10n.t({ message: '{0}: matches of “{1}”', args: [heading, query], comment: '{0} is a list heading, e.g. "Forms"' });
}

export function listSearchNoneMatch(): string {
  return l10n.t('Nothing matches: nothing to export.');
}

export function listSearchCouldNotScan(gateway?: string): string {
  return gateway === undefined ? l10n.t("Couldn't scan the whole list — retry") : l10n.t("Couldn't scan the whole list of {0} — retry", gateway);
}
