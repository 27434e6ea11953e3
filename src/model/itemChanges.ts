/**
 * What changed in a list since the last refresh, for any kind of item: each item of the new list is **new** (its key
 * was not in the list shown before the refresh), **changed** (same key, different raw JSON; the top-level fields that
 * differ are listed, before → after), or unchanged; items of the old list that are gone are **removed**.
 *
 * Paged lists: after a refresh only the first pages are loaded again, so an old item that is absent is only known to
 * be gone when the new list is complete, or when an item that came *after* it in the old list is already back (the
 * server keeps its order, so the absent one would have come before it). Items further down stay unmarked until their
 * page is loaded again. The other way round, the old list may have been only its first pages: an item it did not have
 * is only known to be new when the old list was complete, or when an item that comes *after* it in the new list was
 * in the old one (the old pages reached that far). Refresh a group of 20 and load all 100,000: the 99,980 beyond are
 * not new, just never loaded before. Items without a key are never marked. Linear in the sizes of both lists. Pure.
 */
import { jsonText } from '../util/jsonText';
import { sameJson } from '../util/sameJson';

export interface FieldChange {
  readonly field: string;
  /** Absent (undefined) when the field was not there before. */
  readonly before?: unknown;
  /** Absent (undefined) when the field is not there any more. */
  readonly after?: unknown;
  readonly hadBefore: boolean;
  readonly hasAfter: boolean;
}

export type ChangeMark = { readonly kind: 'new' } | { readonly kind: 'changed'; readonly fields: readonly FieldChange[] };

export type MarkKind = ChangeMark['kind'] | 'removed';

/** The items shown before a refresh, in list order. */
export interface Baseline<T> {
  readonly items: readonly T[];
  readonly positions: ReadonlyMap<string, number>;
  /** The whole list was shown (no page left to load), so what it lacks did not exist then. */
  readonly complete: boolean;
}

export interface ItemChanges<T> {
  readonly marks: ReadonlyMap<T, ChangeMark>;
  /** Old items known to be gone, in their old order. */
  readonly removed: readonly T[];
}

const EMPTY: ItemChanges<unknown> = { marks: new Map(), removed: [] };

/** No marks (no baseline: the list was not refreshed since it was first loaded). */
export function noChanges<T>(): ItemChanges<T> {
  return EMPTY as ItemChanges<T>;
}

/**
 * Remembers `items` as the list shown before a refresh (a copy: the caller's array may grow later). `complete`: that
 * list had no page left to load (a list that is not paged always is).
 */
export function takeBaseline<T>(items: readonly T[], keyOf: (item: T) => string | undefined, complete = true): Baseline<T> {
  const kept: T[] = [];
  const positions = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined && !positions.has(key)) {
      positions.set(key, kept.length);
      kept.push(item);
    }
  }
  return { items: kept, positions, complete };
}

/**
 * Marks of `current` against `baseline`. `complete`: the new list is whole (no page left to load), so every old item
 * that is absent is gone.
 */
export function compareWithBaseline<T>(
  baseline: Baseline<T>,
  current: readonly T[],
  keyOf: (item: T) => string | undefined,
  rawOf: (item: T) => unknown,
  complete: boolean,
): ItemChanges<T> {
  const marks = new Map<T, ChangeMark>();
  const present = new Set<string>();
  let lastBack = -1;
  // Items before this index of `current` are new when the old list lacked them; after it, the old list never got there.
  const newBefore = baseline.complete ? current.length : lastIndexInBaseline(baseline, current, keyOf);
  for (let index = 0; index < current.length; index++) {
    const item = current[index] as T;
    const key = keyOf(item);
    if (key === undefined) {
      continue;
    }
    present.add(key);
    const position = baseline.positions.get(key);
    if (position === undefined) {
      if (index < newBefore) {
        marks.set(item, NEW);
      }
      continue;
    }
    lastBack = Math.max(lastBack, position);
    const fields = changedFields(rawOf(baseline.items[position] as T), rawOf(item));
    if (fields.length > 0) {
      marks.set(item, { kind: 'changed', fields });
    }
  }
  const removed = baseline.items.filter((item, position) => (complete || position < lastBack) && !present.has(keyOf(item) as string));
  return { marks, removed };
}

const NEW: ChangeMark = Object.freeze({ kind: 'new' });

/** The index of the last item of `current` whose key the baseline has (-1 when none has). */
function lastIndexInBaseline<T>(baseline: Baseline<T>, current: readonly T[], keyOf: (item: T) => string | undefined): number {
  for (let index = current.length - 1; index >= 0; index--) {
    const key = keyOf(current[index] as T);
    if (key !== undefined && baseline.positions.has(key)) {
      return index;
    }
  }
  return -1;
}

/** The top-level fields whose values differ (deep comparison), in the order they appear (new fields last). */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (same(before, after)) {
    return [];
  }
  if (!isRecord(before) || !isRecord(after)) {
    return [{ field: '(value)', before, after, hadBefore: true, hasAfter: true }];
  }
  const changes: FieldChange[] = [];
  const fields = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.prototype.hasOwnProperty.call(before, key))];
  for (const field of fields) {
    const hadBefore = Object.prototype.hasOwnProperty.call(before, field);
    const hasAfter = Object.prototype.hasOwnProperty.call(after, field);
    const old = hadBefore ? before[field] : undefined;
    const now = hasAfter ? after[field] : undefined;
    if (hadBefore !== hasAfter || !same(old, now)) {
      changes.push({ field, before: old, after: now, hadBefore, hasAfter });
    }
  }
  return changes;
}

/**
 * Whether two values have the same canonical text: compared as they are when they are JSON (100,000 unchanged page
 * groups of a refreshed list compare in a fraction of the time writing their texts takes), by their texts otherwise.
 */
function same(before: unknown, after: unknown): boolean {
  return sameJson(before, after) ?? canonical(before) === canonical(after);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON with object keys sorted: equal values give equal text whatever their key order. Written without recursion (see
 * jsonText.ts), so a value nested 100,000 deep compares like any other.
 */
export function canonical(value: unknown): string {
  return jsonText(value, { sortKeys: true }) ?? 'undefined'; // l10n-ignore: a canonical form for comparing values, never shown
}
