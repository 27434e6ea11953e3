/**
 * The searchable text of a growing list of items, kept with the list: each item's fields normalized and joined as
 * `haystackOf` joins them (textMatch.ts), many items to one string, so that a query is looked for with `indexOf` over a
 * few long strings instead of being tested item by item; and a small hash of each item's id, so that ids are looked
 * for without reading every item again. An index belongs to one array that only grows (a cursor
 * chain's `items` until its reset); it indexes what was added since it was last asked. Pure: no `vscode`.
 */
import { haystackOf } from '../../model/textMatch';

/** Items per chunk: one string each. */
const CHUNK_ITEMS = 1024;
/** Starts each item's text in a chunk: no query that can use the index contains it, so no match spans two items. */
const ITEM_START = '\u0001';
/** Between the fields of an item (haystackOf): a query that holds it could match across two fields. */
const FIELD_SEPARATOR = '\u0000';

interface Chunk {
  /** The index of its first item in the list. */
  readonly first: number;
  readonly text: string;
  /** Where each item's text starts in `text` (its ITEM_START), and the text's length last. */
  readonly starts: Int32Array;
}

export class TextIndex<T> {
  private readonly chunks: Chunk[] = [];
  /** `idHash` of each item's id (-1: none): ids are told apart without reading the items. */
  private readonly idHashes: number[] = [];
  private indexed = 0;

  public constructor(
    private readonly items: readonly T[],
    private readonly fieldsOf: (item: T) => ReadonlyArray<string | undefined>,
    private readonly idOf: (item: T) => string | undefined,
  ) {}

  /** Whether `text` (normalized, see `prepareQuery`) can be looked for in the index: it holds no separator. */
  public static accepts(text: string): boolean {
    return text !== '' && !text.includes(ITEM_START) && !text.includes(FIELD_SEPARATOR);
  }

  /**
   * The indexes, ascending, of the items from `from` on whose normalized fields contain `text` (one of them:
   * `haystackOf(fields).includes(text)`). `text` must be accepted by `accepts`.
   */
  public matches(text: string, from: number): number[] {
    this.catchUp();
    const found: number[] = [];
    for (const chunk of this.chunks) {
      const count = chunk.starts.length - 1;
      if (chunk.first + count <= from) {
        continue;
      }
      const skip = Math.max(0, from - chunk.first);
      let at = chunk.text.indexOf(text, chunk.starts[skip] as number);
      while (at >= 0) {
        const item = itemAt(chunk.starts, at);
        found.push(chunk.first + item);
        at = chunk.text.indexOf(text, chunk.starts[item + 1] as number);
      }
    }
    return found;
  }

  /** The indexes, ascending, of the items from `from` on whose id is one of `ids`. */
  public idsAmong(from: number, ids: ReadonlySet<string>): number[] {
    this.catchUp();
    const hashes = new Set<number>();
    for (const id of ids) {
      hashes.add(idHash(id));
    }
    const own = this.idHashes;
    const found: number[] = [];
    for (let index = from; index < own.length; index += 1) {
      if (hashes.has(own[index] as number) && ids.has(this.idOf(this.items[index] as T) as string)) {
        found.push(index);
      }
    }
    return found;
  }

  /** The indexes, ascending, of the items from `from` on whose id `test` accepts. */
  public idsWhere(from: number, test: (id: string) => boolean): number[] {
    this.catchUp();
    const found: number[] = [];
    for (let index = from; index < this.indexed; index += 1) {
      const id = this.idOf(this.items[index] as T);
      if (id !== undefined && test(id)) {
        found.push(index);
      }
    }
    return found;
  }

  /** Indexes the items added since the last call. */
  private catchUp(): void {
    const items = this.items;
    if (items.length < this.indexed) {
      this.chunks.length = 0;
      this.idHashes.length = 0;
      this.indexed = 0;
    }
    while (this.indexed < items.length) {
      const last = this.chunks[this.chunks.length - 1];
      const first = last !== undefined && last.starts.length - 1 < CHUNK_ITEMS ? last.first : this.indexed;
      if (first !== this.indexed) {
        // The last chunk is not full: it is made again with the new items.
        this.chunks.pop();
      }
      const end = Math.min(items.length, first + CHUNK_ITEMS);
      const parts: string[] = [];
      const starts = new Int32Array(end - first + 1);
      let length = 0;
      this.idHashes.length = first;
      for (let index = first; index < end; index += 1) {
        const item = items[index] as T;
        const id = this.idOf(item);
        this.idHashes.push(id === undefined ? -1 : idHash(id));
        const text = ITEM_START + haystackOf(this.fieldsOf(item));
        starts[index - first] = length;
        length += text.length;
        parts.push(text);
      }
      starts[end - first] = length;
      this.chunks.push({ first, text: parts.join(''), starts });
      this.indexed = end;
    }
  }
}

/** A small non-negative number from a string (FNV-1a, 30 bits: a small integer for the engine). */
function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < id.length; at += 1) {
    hash = Math.imul(hash ^ id.charCodeAt(at), 0x01000193);
  }
  return hash & 0x3fffffff;
}

/** The item whose text holds position `at`: the last start at or before it. */
function itemAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= at) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

/** A pure cache (module state on purpose): each items array's index, derived from the array alone, gone with it. */
const indexes = new WeakMap<readonly unknown[], TextIndex<unknown>>();

/** The index of `items` (made at the first call for that array, kept as long as the array is). */
export function textIndexOf<T>(items: readonly T[], fieldsOf: (item: T) => ReadonlyArray<string | undefined>, idOf: (item: T) => string | undefined): TextIndex<T> {
  let index = indexes.get(items) as TextIndex<T> | undefined;
  if (index === undefined) {
    index = new TextIndex(items, fieldsOf, idOf);
    indexes.set(items, index as TextIndex<unknown>);
  }
  return index;
}
