/**
 * The last `capacity` items, newest first, with look-up by key: adding past the capacity drops the oldest. Memory is
 * bounded by the capacity whatever arrives. Pure.
 */
export class RingBuffer<T> {
  private slots: Array<T | undefined>;
  /** Index of the next slot to write. */
  private head = 0;
  private count = 0;
  private readonly byKey = new Map<number, T>();

  public constructor(
    capacity: number,
    private readonly keyOf: (item: T) => number,
  ) {
    this.slots = new Array<T | undefined>(RingBuffer.checked(capacity));
  }

  private static checked(capacity: number): number {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`); // l10n-ignore: a programming error
    }
    return capacity;
  }

  public get capacity(): number {
    return this.slots.length;
  }

  public get size(): number {
    return this.count;
  }

  /** Adds `item`; returns the item dropped to make room, if any. */
  public push(item: T): T | undefined {
    const dropped = this.count === this.slots.length ? this.slots[this.head] : undefined;
    if (dropped !== undefined) {
      this.byKey.delete(this.keyOf(dropped));
    } else {
      this.count += 1;
    }
    this.slots[this.head] = item;
    this.byKey.set(this.keyOf(item), item);
    this.head = (this.head + 1) % this.slots.length;
    return dropped;
  }

  public get(key: number): T | undefined {
    return this.byKey.get(key);
  }

  /** Replaces the item with the same key (in place: its position stays); false when it was dropped already. */
  public replace(item: T): boolean {
    const key = this.keyOf(item);
    if (!this.byKey.has(key)) {
      return false;
    }
    for (let i = 0; i < this.count; i += 1) {
      const index = (this.head - 1 - i + this.slots.length) % this.slots.length;
      const slot = this.slots[index];
      if (slot !== undefined && this.keyOf(slot) === key) {
        this.slots[index] = item;
        this.byKey.set(key, item);
        return true;
      }
    }
    return false;
  }

  /** Newest first. */
  public items(): T[] {
    const result: T[] = [];
    for (let i = 0; i < this.count; i += 1) {
      result.push(this.slots[(this.head - 1 - i + this.slots.length) % this.slots.length] as T);
    }
    return result;
  }

  public clear(): void {
    this.slots = new Array<T | undefined>(this.slots.length);
    this.head = 0;
    this.count = 0;
    this.byKey.clear();
  }

  /** A new capacity; when smaller than the size, the oldest are dropped (and returned). */
  public resize(capacity: number): T[] {
    const kept = this.items();
    const dropped = kept.splice(RingBuffer.checked(capacity));
    this.slots = new Array<T | undefined>(capacity);
    this.head = 0;
    this.count = 0;
    this.byKey.clear();
    for (const item of kept.reverse()) {
      this.push(item);
    }
    return dropped;
  }
}
