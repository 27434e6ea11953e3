/**
 * What "page groups that match" means, once, for every place that filters them: the agent's Count and Find Page
 * Groups, and the Page Groups table. A filter is plain data (it can cross to a webview and back); `filterTest` turns it
 * into a predicate that is made once and asked for many page groups. Pure: no `vscode`.
 *
 * Rules:
 * - `query`: Search's matcher (part of the id, name, title, tenant or brand; case and accents ignored; an id standing
 *   in pasted text). With `exact`, the whole id, name or title equals the query (case and accents ignored).
 * - `statuses`: the item's status is one of them (exactly; NO_STATUS stands for an item without one).
 * - `tenantIds`, `brandIds`, `pageContexts`: the field equals one of the values (exactly); NO_VALUE among them stands
 *   for an item without that field ("(none)" in the table's facets).
 * - `pagesCount`: `min` and `max` both included; an item without a count matches no range.
 * - `created`, `updated`, `deleted` windows: `after` = at or after, `before` = strictly before (milliseconds since the
 *   epoch); an item whose timestamp is missing or unreadable matches no window on that field.
 * - `deletedState`: `include` (default) every item, `only` items with a `deletedAt`, `exclude` items without.
 */
import type { CheckedPageGroup, PageGroup } from '../../../api/model';
import { normalizeText, prepareQuery } from '../../../model/textMatch';
import { pageGroupMatcher } from './pageGroupMatch';
import { groupKeyOf, type GroupKey } from './groupKey';

export type DeletedState = 'include' | 'only' | 'exclude';
export const DELETED_STATES: readonly DeletedState[] = ['include', 'only', 'exclude'];

/** A time window in milliseconds since the epoch: `after` included, `before` excluded. */
export interface TimeWindow {
  readonly after?: number;
  readonly before?: number;
}

/** A numeric range, both ends included. */
export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
}

export interface PageGroupFilter {
  readonly query?: string;
  readonly exact?: boolean;
  /** Group keys (pageGroupsModel.ts): a status, or NO_STATUS for page groups without one. */
  readonly statuses?: readonly GroupKey[];
  readonly tenantIds?: readonly string[];
  readonly brandIds?: readonly string[];
  readonly pageContexts?: readonly string[];
  readonly pagesCount?: NumberRange;
  readonly created?: TimeWindow;
  readonly updated?: TimeWindow;
  readonly deleted?: TimeWindow;
  readonly deletedState?: DeletedState;
}

/**
 * In `tenantIds`, `brandIds` and `pageContexts`: an item without that field (not the empty string, which is a value).
 * Not a text a person types; a gateway value equal to it (it starts with U+0000) is taken for "none" too.
 */
export const NO_VALUE = '\u0000none';

/** The fields a count can be grouped by (and the table's facets). */
export const GROUP_BY_FIELDS = ['status', 'tenantId', 'brandId', 'pageContext'] as const;
export type GroupByField = (typeof GROUP_BY_FIELDS)[number];

/** Whether the page group carries a deletion time (the tree marks it deleted). */
export function hasDeletedAt(group: PageGroup): boolean {
  return group.deletedAt !== undefined && group.deletedAt !== '';
}

// eslint-disable-next-line no-control-regex -- ASCII is exactly U+0000 to U+007F
const ASCII = /^[\x00-\x7f]*$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A bound typed by a person or a model: an ISO 8601 date (`2026-11-20`, meaning 00:00 UTC that day) or date-time
 * (`2026-11-20T08:30Z`, `…:15.5+01:00`; without a zone it is UTC). Undefined when it is neither or not a real date.
 */
export function parseTimeBound(text: string): number | undefined {
  const trimmed = text.trim();
  const date = DATE_ONLY.exec(trimmed);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    return validDate(year, month, day) ? Date.UTC(year, month - 1, day) : undefined;
  }
  const m = DATE_TIME.exec(trimmed);
  if (!m) {
    return undefined;
  }
  const [year, month, day, hour, minute] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const millis = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2));
    if (hours > 23 || minutes > 59) {
      return undefined;
    }
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
}

/** A page group's timestamp in milliseconds, or undefined when it is missing or unreadable. */
export function timeOf(text: string | undefined): number | undefined {
  if (text === undefined || text === '') {
    return undefined;
  }
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : undefined;
}

/** `2024-01-15T12:00:00.000Z`: the shape `Date.toISOString` writes, whose text order is its time order. */
function isCanonicalUtc(text: string): boolean {
  return text.length === 24 && text.charCodeAt(23) === 90 /* Z */ && text.charCodeAt(19) === 46 /* . */ && text.charCodeAt(10) === 84 /* T */;
}

function windowTest(window: TimeWindow | undefined, field: (group: PageGroup) => string | undefined): ((group: PageGroup) => boolean) | undefined {
  if (window === undefined || (window.after === undefined && window.before === undefined)) {
    return undefined;
  }
  const { after, before } = window;
  // Canonical timestamps (most of a gateway's) are compared as text, without parsing: the same order, and in range
  // only for years 0–9999, which is what both texts can hold.
  const afterText = after === undefined || !Number.isFinite(after) || after < 0 || after > 253402300799999 ? undefined : new Date(after).toISOString();
  const beforeText = before === undefined || !Number.isFinite(before) || before < 0 || before > 253402300799999 ? undefined : new Date(before).toISOString();
  const textUsable = (after === undefined || afterText !== undefined) && (before === undefined || beforeText !== undefined);
  return (group) => {
    const text = field(group);
    if (textUsable && text !== undefined && isCanonicalUtc(text) && text.charCodeAt(0) !== 43 && text.charCodeAt(0) !== 45) {
      return (afterText === undefined || text >= afterText) && (beforeText === undefined || text < beforeText);
    }
    const time = timeOf(text);
    return time !== undefined && (after === undefined || time >= after) && (before === undefined || time < before);
  };
}

function valueTest(values: readonly string[] | undefined, field: (group: PageGroup) => string | undefined): ((group: PageGroup) => boolean) | undefined {
  if (values === undefined) {
    return undefined;
  }
  const wanted = new Set(values);
  return (group) => wanted.has(field(group) ?? NO_VALUE);
}

/** The whole id, name or title equals the query, case and accents ignored. */
function exactTest(query: string): (group: PageGroup) => boolean {
  const wanted = normalizeText(query.trim());
  // ASCII text normalizes to its lower case, of the same length: most fields are told apart by their length alone.
  const equal = (text: string | undefined): boolean => {
    if (text === undefined) {
      return false;
    }
    if (ASCII.test(text)) {
      const trimmed = text.trim();
      return trimmed.length === wanted.length && trimmed.toLowerCase() === wanted;
    }
    return normalizeText(text.trim()) === wanted;
  };
  return (group) => equal(group.pageGroupId) || equal(group.name) || equal(group.title);
}

/** Whether the filter narrows anything (an empty filter matches every page group). */
export function isEmptyFilter(filter: PageGroupFilter): boolean {
  return filterTests(filter).length === 0;
}

function filterTests(filter: PageGroupFilter): Array<(item: CheckedPageGroup) => boolean> {
  const tests: Array<(item: CheckedPageGroup) => boolean> = [];
  const onValue = (test: ((group: PageGroup) => boolean) | undefined): void => {
    if (test !== undefined) {
      tests.push((item) => test(item.value));
    }
  };
  const query = filter.query?.trim() ?? '';
  if (query !== '') {
    onValue(filter.exact === true ? exactTest(query) : pageGroupMatcher(prepareQuery(query)));
  }
  if (filter.statuses !== undefined) {
    const wanted = new Set(filter.statuses);
    tests.push((item) => wanted.has(groupKeyOf(item)));
  }
  onValue(valueTest(filter.tenantIds, (group) => group.tenantId));
  onValue(valueTest(filter.brandIds, (group) => group.brandId));
  onValue(valueTest(filter.pageContexts, (group) => group.pageContext));
  const range = filter.pagesCount;
  if (range !== undefined && (range.min !== undefined || range.max !== undefined)) {
    const { min, max } = range;
    onValue((group) => group.pagesCount !== undefined && (min === undefined || group.pagesCount >= min) && (max === undefined || group.pagesCount <= max));
  }
  onValue(windowTest(filter.created, (group) => group.createdAt));
  onValue(windowTest(filter.updated, (group) => group.updatedAt));
  onValue(windowTest(filter.deleted, (group) => group.deletedAt));
  if (filter.deletedState === 'only') {
    onValue(hasDeletedAt);
  } else if (filter.deletedState === 'exclude') {
    onValue((group) => !hasDeletedAt(group));
  }
  return tests;
}

/** The filter as a predicate: made once, then asked for many page groups. */
export function filterTest(filter: PageGroupFilter): (item: CheckedPageGroup) => boolean {
  const tests = filterTests(filter);
  if (tests.length === 0) {
    return () => true;
  }
  return (item) => {
    for (const test of tests) {
      if (!test(item)) {
        return false;
      }
    }
    return true;
  };
}

/** The value a page group is grouped under for `field` (undefined: it has none). */
export function groupValueOf(item: CheckedPageGroup, field: GroupByField): string | undefined {
  const value = item.value;
  switch (field) {
    case 'status':
      return value.status;
    case 'tenantId':
      return value.tenantId;
    case 'brandId':
      return value.brandId;
    case 'pageContext':
      return value.pageContext;
  }
}
