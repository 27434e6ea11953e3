/**
 * The results of Count and Find Page Groups, from each gateway's reading: sentences for a person and one JSON object
 * for the model, the sentences' numbers taken from the JSON's values. Pure: no `vscode` (unit tests build every
 * outcome: empty, one, many, cut, not ready, failed, cancelled, restarted).
 */
import * as l10n from '@vscode/l10n';
import { allComplete, MAX_REQUESTS_PER_GATEWAY, type Coverage } from '../../../agent/model/coverage';
import { composeResult, shapeList } from '../../../agent/model/resultBudget';
import { boundedRow, modelJson } from '../../../agent/model/toolJson';
import { coverageSentences, requestsSentText } from '../../../agent/model/toolText';
import { formatNumber } from '../../../l10n/numbers';
import { cappedGroups, groupCounts } from '../model/pageGroupGroups';
import type { ReadOutcome } from '../model/pageGroupRead';
import { pageGroupSummary } from '../model/pageGroupSummary';
import { COUNT_TOOL, FIND_TOOL, pageGroupContinuation, type PageGroupToolInput, type ReadPosition } from '../model/pageGroupToolInput';
import { countLine, countedText, foundText, groupsText } from './pageGroupToolText';

/** Groups named in the JSON per gateway; the rest are summed under one key so the numbers still add up. */
const MAX_GROUPS = 100;
/** Groups named in the sentence per gateway. */
const MAX_SAID_GROUPS = 6;

/** One gateway's reading, by the gateway's name. */
export interface NamedRead {
  readonly name: string;
  readonly outcome: ReadOutcome;
  readonly coverage: Coverage;
  /** Matches returned by earlier calls (from the continuation; 0 when it no longer applies). */
  readonly offset: number;
}

/** Whether calling again could get further on this gateway (a missing key is for the user to fix, not a call). */
export function canContinue(read: NamedRead): boolean {
  return !read.outcome.complete && read.outcome.stop !== 'notReady';
}

/** The result of a count: sentences whose numbers are the JSON's. */
export function countResult(input: PageGroupToolInput, reads: readonly NamedRead[], budget: number): string {
  const question = input.question;
  const groupBy = question.groupBy;
  const counts = reads.map((read) => {
    const groups = groupBy === undefined ? undefined : cappedGroups(groupCounts(read.outcome.matches, groupBy), MAX_GROUPS);
    return { read, total: read.outcome.matches.length, exact: read.outcome.complete, groups };
  });
  const coverage = reads.map((read) => read.coverage);
  const sentences = counts.map((count) => countLine(count.read.name, count.total, count.exact, question));
  if (counts.length > 1) {
    const total = counts.reduce((sum, count) => sum + count.total, 0);
    sentences.push(allComplete(coverage) ? l10n.t('In all: exactly {0}.', countedText(total, question)) : l10n.t('In all: at least {0}.', countedText(total, question)));
  }
  for (const count of counts) {
    if (count.groups !== undefined && count.groups.length > 0) {
      sentences.push(l10n.t('By {0} on “{1}”: {2}.', groupBy ?? '', count.read.name, groupsText(count.groups, MAX_SAID_GROUPS)));
    }
  }
  sentences.push(...coverageSentences(coverage));
  const requests = reads.reduce((sum, read) => sum + read.outcome.requests, 0);
  sentences.push(requestsSentText(requests));
  const more = reads.filter(canContinue);
  const positions = new Map<string, ReadPosition>(reads.map((read) => [read.name, { source: read.outcome.source, version: read.outcome.version, position: 0 }]));
  const data = {
    counts: counts.map((count) => ({
      gateway: count.read.name,
      total: count.total,
      exact: count.exact,
      // fromEntries: a value named "__proto__" stays a group.
      ...(count.groups === undefined ? {} : { groups: Object.fromEntries(count.groups) }),
    })),
    coverage,
    ...(more.length === 0 ? {} : { continuation: pageGroupContinuation(COUNT_TOOL, question, positions) }),
  };
  if (more.length > 0) {
    sentences.push(l10n.t('To count further, call again with the continuation (each call reads at most {0} pages per gateway).', formatNumber(MAX_REQUESTS_PER_GATEWAY)));
  }
  return composeResult(sentences, modelJson(data), budget);
}

/**
 * The result of a find: the matches from each gateway's position on (gateway after gateway, at most `limit`), how many
 * matched (exact when every list was read whole), what each gateway covered, and a continuation while any match was
 * not returned or any list can be read further. Items that do not fit the budget are left out whole; the continuation
 * then starts at the first one left out.
 */
export function findResult(input: PageGroupToolInput, reads: readonly NamedRead[], budget: number): string {
  const question = input.question;
  const returned: Array<{ readonly read: NamedRead; readonly index: number }> = [];
  for (const read of reads) {
    const matches = read.outcome.matches;
    for (let index = read.offset; index < matches.length && returned.length < input.limit; index += 1) {
      returned.push({ read, index });
    }
  }
  const coverage = reads.map((read) => read.coverage);
  const matched = reads.reduce((sum, read) => sum + read.outcome.matches.length, 0);
  const exact = allComplete(coverage);
  const before = reads.reduce((sum, read) => sum + read.offset, 0);
  const requests = reads.reduce((sum, read) => sum + read.outcome.requests, 0);
  const notes = [...coverageSentences(coverage), requestsSentText(requests)];
  const continuationFor = (kept: number): string | undefined => {
    const positions = new Map<string, ReadPosition>();
    let more = false;
    for (const read of reads) {
      const taken = returned.slice(0, kept).filter((entry) => entry.read === read).length;
      const position = read.offset + taken;
      positions.set(read.name, { source: read.outcome.source, version: read.outcome.version, position });
      more ||= position < read.outcome.matches.length || canContinue(read);
    }
    return more ? pageGroupContinuation(FIND_TOOL, question, positions) : undefined;
  };
  const summaryOf = (entry: { readonly read: NamedRead; readonly index: number }): unknown =>
    boundedRow(pageGroupSummary(entry.read.outcome.matches[entry.index] as ReadOutcome['matches'][number], entry.read.name));
  return shapeList({
    sentences: (kept) => [
      foundText(matched, exact, kept, before, question),
      ...notes,
      ...(continuationFor(kept) === undefined ? [] : [l10n.t('Pass the continuation to get the next matches or to read further.')]),
    ],
    items: returned,
    json: (kept) => {
      const continuation = continuationFor(kept.length);
      return { pageGroups: kept.map(summaryOf), matched, matchedIsExact: exact, coverage, ...(continuation === undefined ? {} : { continuation }) };
    },
    cutSentence: (cut) => l10n.t('{0} more matches did not fit this answer: pass the continuation to get them.', formatNumber(cut)),
    budget,
  }).text;
}
