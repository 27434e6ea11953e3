/**
 * What Count and Find Page Groups say: the question in words, per gateway how far reading got (the `coverage` the
 * JSON holds), and the headline numbers, each taken from the same values as the JSON. Every count reads right for 0,
 * 1 and many. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import type { ChainNotice } from '../../../lists/paging';
import type { GatewayError } from '../../../api/errors';
import type { Coverage } from '../../../agent/model/coverage';
import { listText } from '../../../l10n/lists';
import { formatNumber } from '../../../l10n/numbers';
import { plural } from '../../../l10n/plural';
import { describeChainNotice, describeGatewayError } from '../../../text/errorText';
import { PAGE_GROUP_WORDS } from './pageGroupWords';
import type { PageGroupQuestion } from '../model/pageGroupToolInput';
import type { ReadOutcome } from '../model/pageGroupRead';
import { pageGroupCount } from './pageGroupWords';
import { capMessage } from './loadLimitText';

/** "with status “draft”, matching “checkout”, deleted only, updated at or after 2026-11-20": empty for no filter. */
export function conditionsText(question: PageGroupQuestion): string {
  const parts: string[] = [];
  if (question.status !== undefined) {
    parts.push(question.status === '' ? l10n.t('with the empty status ""') : l10n.t('with status “{0}”', question.status));
  }
  if (question.query !== undefined) {
    parts.push(question.exact === true ? l10n.t('whose id, name or title is exactly “{0}”', question.query) : l10n.t('matching “{0}”', question.query));
  }
  if (question.deleted === 'only') {
    parts.push(l10n.t('deleted'));
  } else if (question.deleted === 'exclude') {
    parts.push(l10n.t('not deleted'));
  }
  const window = (after: string | undefined, before: string | undefined, afterText: (t: string) => string, beforeText: (t: string) => string): void => {
    if (after !== undefined) {
      parts.push(afterText(after));
    }
    if (before !== undefined) {
      parts.push(beforeText(before));
    }
  };
  window(question.createdAfter, question.createdBefore, (t) => l10n.t('created at or after {0}', t), (t) => l10n.t('created before {0}', t));
  window(question.updatedAfter, question.updatedBefore, (t) => l10n.t('updated at or after {0}', t), (t) => l10n.t('updated before {0}', t));
  window(question.deletedAfter, question.deletedBefore, (t) => l10n.t('deleted at or after {0}', t), (t) => l10n.t('deleted before {0}', t));
  return listText(parts);
}

/** "786 page groups with status “draft”" (the number and the conditions). */
export function countedText(count: number, question: PageGroupQuestion): string {
  const conditions = conditionsText(question);
  return conditions === '' ? pageGroupCount(count) : l10n.t({ message: '{0} {1}', args: [pageGroupCount(count), conditions], comment: '"786 page groups" then "with status “draft”, deleted"' });
}

/** What one gateway's reading covered, for the JSON and a sentence. */
export function pageGroupCoverage(gateway: string, outcome: ReadOutcome, notReady: string | undefined, notice: ChainNotice | undefined, cap: number | undefined): Coverage {
  const base = { gateway, complete: outcome.complete, read: outcome.read };
  if (outcome.complete) {
    return base;
  }
  const read = pageGroupCount(outcome.read);
  const restarted = outcome.restarted ? `${l10n.t('The page groups of “{0}” were reloaded since the continuation was made: reading started again.', gateway)} ` : '';
  const said = (state: Coverage['state'], reason: string): Coverage => ({ ...base, state, reason: restarted + reason });
  switch (outcome.stop) {
    case 'notReady':
      return said('notReady', l10n.t('On “{0}” only what was already loaded was read ({1}): {2}', gateway, read, notReady ?? ''));
    case 'failed':
      return said('failed', failedText(gateway, outcome.error, read));
    case 'cancelled':
      return said('cancelled', l10n.t('Reading “{0}” was cancelled after {1}.', gateway, read));
    case 'reset':
      return said('restarted', l10n.t('The page groups of “{0}” were reloaded while they were read ({1} so far): call again with the continuation.', gateway, read));
    case 'stopped':
      return said('stopped', notice === undefined ? l10n.t('On “{0}” paging stopped early after {1}.', gateway, read) : l10n.t('On “{0}” paging stopped early after {1}: {2}', gateway, read, describeChainNotice(notice)));
    case 'capped':
      return said('capped', capMessage(cap ?? outcome.read, gateway));
    default:
      return said('partial', l10n.t('On “{0}” {1} were read so far and more pages remain: call again with the continuation to read further.', gateway, read));
  }
}

function failedText(gateway: string, error: GatewayError | undefined, read: string): string {
  return error === undefined
    ? l10n.t('On “{0}” a page failed after {1}: call again to retry it.', gateway, read)
    : l10n.t('On “{0}” a page failed after {1}: {2} Call again to retry it.', gateway, read, describeGatewayError(error, PAGE_GROUP_WORDS));
}

/** "exact" or "at least" for a count. */
export function countLine(gateway: string, count: number, exact: boolean, question: PageGroupQuestion): string {
  return exact
    ? l10n.t('“{0}”: exactly {1}.', gateway, countedText(count, question))
    : l10n.t('“{0}”: at least {1} (not every page group was read).', gateway, countedText(count, question));
}

/** Groups in words, largest first: "draft 786, published 1,384". At most `max` named; the rest counted. */
export function groupsText(groups: ReadonlyArray<readonly [string, number]>, max: number): string {
  const named = groups.slice(0, max).map(([value, n]) => l10n.t({ message: '{0}: {1}', args: [value, formatNumber(n)], comment: 'a group (a status, tenant…) and its count' }));
  const rest = groups.length - max;
  if (rest > 0) {
    named.push(
      plural(rest, {
        zero: () => l10n.t({ message: '{0} more groups in the JSON', args: [formatNumber(rest)], comment: 'plural: zero' }),
        one: () => l10n.t('{0} more group in the JSON', formatNumber(rest)),
        two: () => l10n.t({ message: '{0} more groups in the JSON', args: [formatNumber(rest)], comment: 'plural: two' }),
        few: () => l10n.t({ message: '{0} more groups in the JSON', args: [formatNumber(rest)], comment: 'plural: few' }),
        many: () => l10n.t({ message: '{0} more groups in the JSON', args: [formatNumber(rest)], comment: 'plural: many' }),
        other: () => l10n.t('{0} more groups in the JSON', formatNumber(rest)),
      }),
    );
  }
  return listText(named);
}

/** The headline of Find: how many matched, how many are returned and which ones. */
export function foundText(matched: number, exact: boolean, returned: number, first: number, question: PageGroupQuestion): string {
  const what = countedText(matched, question);
  if (matched === 0) {
    return exact ? l10n.t('No page group matches: {0} (every page group was read).', what) : l10n.t('No page group matches so far: {0} (not every page group was read).', what);
  }
  if (returned === 0) {
    return exact ? l10n.t('Found {0}; none are returned here.', what) : l10n.t('Found at least {0}; none are returned here.', what);
  }
  const range = l10n.t('matches {0} to {1}', formatNumber(first + 1), formatNumber(first + returned));
  if (exact && first === 0 && returned === matched) {
    return matched === 1 ? l10n.t('Found {0}: it is returned below.', what) : l10n.t('Found all {0}: every one is returned below.', what);
  }
  return exact ? l10n.t('Found {0}; returned below: {1}.', what, range) : l10n.t('Found at least {0} so far; returned below: {1}.', what, range);
}
