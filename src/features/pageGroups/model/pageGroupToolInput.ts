/**
 * The input of Count and Find Page Groups: the filters both take (the table's filter model, pageGroupFilter.ts), the
 * gateway, and for Count the grouping, for Find the limit; and their continuation, which carries the input as
 * understood plus, per gateway, the list it read, that list's version and a position in it. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import { decodeContinuation, encodeContinuation } from '../../../agent/model/continuation';
import {
  badContinuation,
  fieldsOf,
  integerIn,
  InvalidInput,
  optionalBoolean,
  optionalChoice,
  optionalText,
  parse,
  rejectUnknown,
  sameAsCarried,
  type Fields,
  type Parsed,
} from '../../../agent/model/toolInputs';
import { DELETED_STATES, GROUP_BY_FIELDS, parseTimeBound, type DeletedState, type GroupByField, type PageGroupFilter } from './pageGroupFilter';
import type { ReadSource } from './pageGroupRead';

export const COUNT_TOOL = 'pageGateway_countPageGroups';
export const FIND_TOOL = 'pageGateway_findPageGroups';
export const DEFAULT_FIND_LIMIT = 20;
export const MAX_FIND_LIMIT = 50;

const BOUNDS = ['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore', 'deletedAfter', 'deletedBefore'] as const;
type Bound = (typeof BOUNDS)[number];

/** The question as understood: what a continuation carries, and what the sentences describe. */
export interface PageGroupQuestion {
  readonly gateway?: string;
  readonly status?: string;
  readonly query?: string;
  readonly exact?: boolean;
  readonly deleted?: DeletedState;
  readonly createdAfter?: string;
  readonly createdBefore?: string;
  readonly updatedAfter?: string;
  readonly updatedBefore?: string;
  readonly deletedAfter?: string;
  readonly deletedBefore?: string;
  readonly groupBy?: GroupByField;
}

/** Where one gateway stopped: the list it read, that list's version, and how many matches were returned from it. */
export interface ReadPosition {
  readonly source: ReadSource;
  readonly version: number;
  readonly position: number;
}

export interface PageGroupToolInput {
  readonly question: PageGroupQuestion;
  readonly filter: PageGroupFilter;
  /** Find: at most this many page groups in the result. */
  readonly limit: number;
  /** By gateway name, from a continuation. */
  readonly positions: ReadonlyMap<string, ReadPosition>;
}

const QUESTION_FIELDS = ['gateway', 'status', 'query', 'exact', 'deleted', ...BOUNDS] as const;

function questionOf(fields: Fields, withGroupBy: boolean): PageGroupQuestion {
  const question: Record<string, unknown> = {};
  const set = (name: string, value: unknown): void => {
    if (value !== undefined) {
      question[name] = value;
    }
  };
  set('gateway', optionalText(fields, 'gateway'));
  // The status is taken as typed (a status may have spaces at its ends, and the empty status is a status).
  const status = fields.status;
  if (status !== undefined && status !== null) {
    if (typeof status !== 'string' || status.length > 200) {
      throw new InvalidInput(l10n.t('“status” must be a string (at most 200 characters).'));
    }
    set('status', status);
  }
  set('query', optionalText(fields, 'query'));
  set('exact', optionalBoolean(fields, 'exact'));
  set('deleted', optionalChoice(fields, 'deleted', DELETED_STATES));
  for (const bound of BOUNDS) {
    const text = optionalText(fields, bound);
    if (text !== undefined && parseTimeBound(text) === undefined) {
      throw new InvalidInput(l10n.t('“{0}” must be an ISO 8601 date (2026-11-20, meaning 00:00 UTC) or date-time (2026-11-20T08:30:00Z).', bound));
    }
    set(bound, text);
  }
  if (withGroupBy) {
    set('groupBy', optionalChoice(fields, 'groupBy', GROUP_BY_FIELDS));
  }
  if (question.exact === true && question.query === undefined) {
    throw new InvalidInput(l10n.t('“exact” needs a “query”: the id, name or title to match whole.'));
  }
  return question as PageGroupQuestion;
}

function bound(question: PageGroupQuestion, name: Bound): number | undefined {
  const text = question[name];
  return text === undefined ? undefined : parseTimeBound(text);
}

/** The filter a question asks for (the status included, as the table and the tree name it). */
export function filterOf(question: PageGroupQuestion): PageGroupFilter {
  return {
    ...(question.query === undefined ? {} : { query: question.query, exact: question.exact === true }),
    ...(question.status === undefined ? {} : { statuses: [question.status] }),
    deletedState: question.deleted ?? 'include',
    created: { after: bound(question, 'createdAfter'), before: bound(question, 'createdBefore') },
    updated: { after: bound(question, 'updatedAfter'), before: bound(question, 'updatedBefore') },
    deleted: { after: bound(question, 'deletedAfter'), before: bound(question, 'deletedBefore') },
  };
}

function readPositions(field: unknown): Map<string, ReadPosition> | undefined {
  if (!Array.isArray(field)) {
    return undefined;
  }
  const positions = new Map<string, ReadPosition>();
  for (const entry of field as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 4) {
      return undefined;
    }
    const [name, source, version, position] = entry as unknown[];
    const count = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
    if (typeof name !== 'string' || (source !== 'status' && source !== 'unfiltered') || !count(version) || !count(position) || positions.has(name)) {
      return undefined;
    }
    positions.set(name, { source, version, position });
  }
  return positions;
}

function parseTool(tool: string, input: unknown, withGroupBy: boolean, withLimit: boolean): Parsed<PageGroupToolInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    rejectUnknown(fields, [...QUESTION_FIELDS, ...(withGroupBy ? ['groupBy'] : []), ...(withLimit ? ['limit'] : []), 'continuation']);
    const given = questionOf(fields, withGroupBy);
    const limit = withLimit ? integerIn(fields, 'limit', 1, MAX_FIND_LIMIT, DEFAULT_FIND_LIMIT) : 0;
    const token = optionalText(fields, 'continuation');
    if (token === undefined) {
      return { question: given, filter: filterOf(given), limit, positions: new Map() };
    }
    const body = decodeContinuation(token, tool);
    const carried = body === undefined ? undefined : fieldsOf(body.q);
    const positions = body === undefined ? undefined : readPositions(body.g);
    if (carried === undefined || positions === undefined) {
      throw badContinuation();
    }
    const question = questionOf(carried, withGroupBy);
    sameAsCarried(given as Fields, question as Fields);
    return { question, filter: filterOf(question), limit, positions };
  });
}

export function parseCountPageGroups(input: unknown): Parsed<PageGroupToolInput> {
  return parseTool(COUNT_TOOL, input, true, false);
}

export function parseFindPageGroups(input: unknown): Parsed<PageGroupToolInput> {
  return parseTool(FIND_TOOL, input, false, true);
}

/** The continuation that resumes `question` at `positions`. */
export function pageGroupContinuation(tool: string, question: PageGroupQuestion, positions: ReadonlyMap<string, ReadPosition>): string {
  return encodeContinuation(tool, { q: question, g: [...positions].map(([name, at]) => [name, at.source, at.version, at.position]) });
}
