/**
 * The item rows of one list, built once per change of the list and kept: a row keeps its identity while its item stays
 * at its place, so the editor keeps its selection and focus. A list that only grew at its end (a page appended: the
 * same `epoch`, nothing removed, the same filter) gets rows for the new items only: a Load All of 100,000 costs one row
 * per item, not one per item per page. Anything else (a refresh replaced the items, removed items changed, the filter
 * changed) builds the rows again, reusing the row at each index whose item is the same.
 */

export interface ItemRowInput<I, N> {
  /** Changes whenever the list changed (CursorChain.version). */
  readonly version: number;
  /** Between two equal epochs the items only grew at their end (CursorChain.epoch). */
  readonly epoch: number;
  /** The filter applied (e.g. whether deleted items are shown): a new one builds the rows again. */
  readonly filter: string;
  readonly items: readonly I[];
  /** Items shown after the list's own, marked removed (a refresh's changes). The same array while unchanged. */
  readonly removed: readonly I[];
  /** Whether the filter hides the item. */
  hides(item: I): boolean;
  /** The row of `item` at `index` (items first, then removed ones). */
  row(item: I, index: number, removed: boolean): N;
  /** Whether `row`, made before, still shows `item` at `index` as it is now. */
  fits(row: N, item: I, index: number, removed: boolean): boolean;
}

export interface ItemRows<N> {
  /** The rows shown, in order. */
  readonly nodes: readonly N[];
  /** Items the filter hides (removed ones not counted). */
  readonly hidden: number;
}

interface Cached<I, N> extends ItemRows<N> {
  readonly version: number;
  readonly epoch: number;
  readonly filter: string;
  readonly removed: readonly I[];
  /** Items of the list the rows were made from. */
  readonly itemCount: number;
  /** Per index (items, then removed ones), its row; undefined where hidden. */
  readonly all: ReadonlyArray<N | undefined>;
}

export class ItemRowCache<I, N> {
  private cached: Cached<I, N> | undefined;
  /** Items looked at since the cache was created: one per item for a list that only grew (what the tests count). */
  private visited = 0;

  public get itemsVisited(): number {
    return this.visited;
  }

  /** The rows made last (none yet): the list's epoch they were made at, and how many are shown. */
  public get last(): { readonly epoch: number; readonly shown: number } | undefined {
    return this.cached === undefined ? undefined : { epoch: this.cached.epoch, shown: this.cached.nodes.length };
  }

  /** Forgets the rows (the list went away). */
  public clear(): void {
    this.cached = undefined;
  }

  public rows(input: ItemRowInput<I, N>): ItemRows<N> {
    const cached = this.cached;
    if (cached && cached.version === input.version && cached.filter === input.filter && cached.removed === input.removed) {
      return cached;
    }
    const appended =
      cached !== undefined &&
      cached.epoch === input.epoch &&
      cached.filter === input.filter &&
      cached.removed.length === 0 &&
      input.removed.length === 0 &&
      input.items.length >= cached.itemCount;
    const before = appended ? cached.itemCount : 0;
    this.cached = appended ? this.extend(cached, input) : this.build(input, cached?.all);
    this.visited += this.cached.all.length - before;
    return this.cached;
  }

  /** The rows of the items appended since `cached`, added to its arrays (nobody holds them but this cache). */
  private extend(cached: Cached<I, N>, input: ItemRowInput<I, N>): Cached<I, N> {
    const all = cached.all as Array<N | undefined>;
    const shared = cached.nodes === cached.all;
    const nodes = shared ? (all as N[]) : (cached.nodes as N[]);
    let hidden = cached.hidden;
    let sharing = shared;
    for (let index = cached.itemCount; index < input.items.length; index++) {
      const item = input.items[index] as I;
      if (input.hides(item)) {
        hidden += 1;
        if (sharing) {
          // From now on the shown rows are fewer than the items: they need an array of their own.
          sharing = false;
          const own = (all as N[]).slice();
          all.push(undefined);
          return this.finishExtend(input, all, own, hidden, index + 1);
        }
        all.push(undefined);
        continue;
      }
      const row = this.make(input, item, index, false);
      all.push(row);
      if (!sharing) {
        nodes.push(row);
      }
    }
    return { version: input.version, epoch: input.epoch, filter: input.filter, removed: input.removed, itemCount: input.items.length, all, nodes: sharing ? (all as N[]) : nodes, hidden };
  }

  /** `extend` once the shown rows have an array of their own, from `from` on. */
  private finishExtend(input: ItemRowInput<I, N>, all: Array<N | undefined>, nodes: N[], hiddenSoFar: number, from: number): Cached<I, N> {
    let hidden = hiddenSoFar;
    for (let index = from; index < input.items.length; index++) {
      const item = input.items[index] as I;
      if (input.hides(item)) {
        hidden += 1;
        all.push(undefined);
        continue;
      }
      const row = this.make(input, item, index, false);
      all.push(row);
      nodes.push(row);
    }
    return { version: input.version, epoch: input.epoch, filter: input.filter, removed: input.removed, itemCount: input.items.length, all, nodes, hidden };
  }

  private build(input: ItemRowInput<I, N>, previous: ReadonlyArray<N | undefined> | undefined): Cached<I, N> {
    const { items, removed } = input;
    const count = items.length + removed.length;
    const all: Array<N | undefined> = [];
    const nodes: N[] = [];
    let hidden = 0;
    for (let index = 0; index < count; index++) {
      const isRemoved = index >= items.length;
      const item = (isRemoved ? removed[index - items.length] : items[index]) as I;
      if (input.hides(item)) {
        hidden += isRemoved ? 0 : 1;
        all.push(undefined);
        continue;
      }
      const before = previous?.[index];
      const row = before !== undefined && input.fits(before, item, index, isRemoved) ? before : this.make(input, item, index, isRemoved);
      all.push(row);
      nodes.push(row);
    }
    // Nothing hidden: the rows are `all` itself (one array of 100,000 fewer).
    return { version: input.version, epoch: input.epoch, filter: input.filter, removed, itemCount: items.length, all, nodes: nodes.length === count ? (all as N[]) : nodes, hidden };
  }

  private make(input: ItemRowInput<I, N>, item: I, index: number, removed: boolean): N {
    return input.row(item, index, removed);
  }
}
