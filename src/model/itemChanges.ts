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
 * not new, just never loaded before. Items without a key are never marked.
 *
 * A comparison goes on as a paged list grows (`BaselineComparison`): only the items appended since it was last brought
 * up to date are looked at, and the deep comparison of an item with its old self (what makes it "changed") is made
 * when its mark is asked for, once. A Load All of 100,000 after a refresh, with the tree drawing 2,000 of them, compares
 * those 2,000 field by field, not the whole list again on each redraw. No `vscode`.
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
  /**
   * The mark of `item`, an item of the list compared (undefined: unchanged, no key, or not known to be new). Worked out
   * when first asked and then kept; an answer given stays the same while the comparison goes on (see
   * `BaselineComparison`), except that an item not yet known to be new may become known to be new.
   */
  markOf(item: T): ChangeMark | undefined;
  /** Old items known to be gone, in their old order. */
  readonly removed: readonly T[];
}

const EMPTY: ItemChanges<unknown> = { markOf: () => undefined, removed: [] };

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
  return new BaselineComparison(baseline, keyOf, rawOf).update(current, complete);
}

const NEW: ChangeMark = Object.freeze({ kind: 'new' });

/**
 * The comparison of a growing list with one baseline. `update` with the list as it is now: when it only grew since
 * the last update (the same items, in the same places, then more) only the new items are looked at; otherwise it
 * starts over. The result of `compareWithBaseline(baseline, current, …, complete)` whatever the steps. The changes an
 * update returns share this comparison's marks: the marks they give are those of the latest update.
 */
export class BaselineComparison<T> {
  /** The items looked at, in list order. */
  private seen: T[] = [];
  /** The keys of `seen`. */
  private readonly present = new Set<string>();
  /** Items known to be new. */
  private readonly fresh = new Set<T>();
  /** Absent from the baseline and after the last item that is back: new once an item of the baseline follows them. */
  private pending: T[] = [];
  /** The furthest baseline position of an item that is back (-1: none). */
  private lastBack = -1;
  /** The marks of items that were in the baseline, worked out when asked (null: unchanged). */
  private readonly compared = new Map<T, ChangeMark | null>();

  public constructor(
    private readonly baseline: Baseline<T>,
    private readonly keyOf: (item: T) => string | undefined,
    private readonly rawOf: (item: T) => unknown,
  ) {}

  /** The changes of `current` (`complete`: no page of it left to load). */
  public update(current: readonly T[], complete: boolean): ItemChanges<T> {
    if (!this.grewFrom(current)) {
      this.startOver();
    }
    for (let index = this.seen.length; index < current.length; index++) {
      this.look(current[index] as T);
    }
    const { baseline, keyOf, present, lastBack } = this;
    const removed = baseline.items.filter((item, position) => (complete || position < lastBack) && !present.has(keyOf(item) as string));
    return { markOf: (item) => this.markOf(item), removed };
  }

  /** Whether `current` is the items looked at, then maybe more. */
  private grewFrom(current: readonly T[]): boolean {
    const seen = this.seen;
    if (current.length < seen.length) {
      return false;
    }
    for (let index = 0; index < seen.length; index++) {
      if (current[index] !== seen[index]) {
        return false;
      }
    }
    return true;
  }

  private startOver(): void {
    this.seen = [];
    this.present.clear();
    this.fresh.clear();
    this.pending = [];
    this.lastBack = -1;
    this.compared.clear();
  }

  private look(item: T): void {
    this.seen.push(item);
    const key = this.keyOf(item);
    if (key === undefined) {
      return;
    }
    this.present.add(key);
    const position = this.baseline.positions.get(key);
    if (position === undefined) {
      if (this.baseline.complete) {
        this.fresh.add(item);
      } else {
        this.pending.push(item);
      }
      return;
    }
    this.lastBack = Math.max(this.lastBack, position);
    // The old pages reached this far: what came before that they lacked is new.
    for (const before of this.pending) {
      this.fresh.add(before);
    }
    this.pending = [];
  }

  private markOf(item: T): ChangeMark | undefined {
    if (this.fresh.has(item)) {
      return NEW;
    }
    let mark = this.compared.get(item);
    if (mark === undefined) {
      const key = this.keyOf(item);
      const position = key === undefined || !this.present.has(key) ? undefined : this.baseline.positions.get(key);
      if (position === undefined) {
        return undefined;
      }
      const fields = changedFields(this.rawOf(this.baseline.items[position] as T), this.rawOf(item));
      mark = fields.length > 0 ? { kind: 'changed', fields } : null;
      this.compared.set(item, mark);
    }
    return mark ?? undefined;
  }
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
