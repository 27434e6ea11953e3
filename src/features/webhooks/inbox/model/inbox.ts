/**
 * The deliveries of this window: the last `maxDeliveries` (oldest dropped), newest first, with a version that changes
 * on every change (rows and documents are rebuilt from it). Their bodies (and their handlers' answers) count against a
 * byte budget shared with the bodies still arriving: past it the oldest bodies are dropped first, their rows kept and
 * marked `bodyDropped`. Pure.
 */
import type { Delivery } from './delivery';
import { heldBytes } from './delivery';
import { ByteBudget } from './byteBudget';
import { RingBuffer } from './ringBuffer';

const EMPTY = Buffer.alloc(0);

/** `delivery` without its bodies (its row stays). */
export function withoutBodies(delivery: Delivery): Delivery {
  const forward = delivery.forward?.kind === 'answered' ? { ...delivery.forward, body: EMPTY } : delivery.forward;
  return { ...delivery, body: EMPTY, bodyDropped: true, ...(forward === undefined ? {} : { forward }) };
}

export class Inbox {
  private readonly ring: RingBuffer<Delivery>;
  private listeners: Array<() => void> = [];
  private lastId = 0;
  /** Bodies arriving and kept: the receiver takes from it, the inbox keeps within it. */
  public readonly budget: ByteBudget;
  /** Changes whenever the deliveries do. */
  public version = 0;
  /** Deliveries dropped to stay within the limit, since the last Clear. */
  public dropped = 0;
  /** Bodies dropped to stay within the byte budget, since the last Clear. */
  public bodiesDropped = 0;

  public constructor(maxDeliveries: number, maxTotalBytes: number = Number.MAX_SAFE_INTEGER) {
    this.ring = new RingBuffer<Delivery>(maxDeliveries, (delivery) => delivery.id);
    this.budget = new ByteBudget(maxTotalBytes, (bytes) => this.dropBodies(bytes));
  }

  /** Ids unique in the window (a restart of the receiver continues the count). */
  public nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  /** Ids continue after `id` (deliveries restored from the last session). */
  public continueAfter(id: number): void {
    this.lastId = Math.max(this.lastId, id);
  }

  public get size(): number {
    return this.ring.size;
  }

  public get capacity(): number {
    return this.ring.capacity;
  }

  /** Bytes of bodies kept (not counting those arriving). */
  public get keptBytes(): number {
    return this.ring.items().reduce((sum, delivery) => sum + heldBytes(delivery), 0);
  }

  public add(delivery: Delivery): void {
    const dropped = this.ring.push(delivery);
    this.budget.keep(heldBytes(delivery));
    if (dropped !== undefined) {
      this.dropped += 1;
      this.budget.keep(-heldBytes(dropped));
    }
    this.fit();
    this.changed();
  }

  /** A new state of a delivery (its handler's answer); ignored when it was dropped meanwhile; its body stays dropped. */
  public update(delivery: Delivery): void {
    const before = this.ring.get(delivery.id);
    if (before === undefined) {
      return;
    }
    const next = before.bodyDropped === true ? withoutBodies(delivery) : delivery;
    if (this.ring.replace(next)) {
      this.budget.keep(heldBytes(next) - heldBytes(before));
      this.fit();
      this.changed();
    }
  }

  public get(id: number): Delivery | undefined {
    return this.ring.get(id);
  }

  /** Newest first. */
  public deliveries(): Delivery[] {
    return this.ring.items();
  }

  /** Empties the inbox; returns what it held (newest first), for an Undo. */
  public clear(): Delivery[] {
    const held = this.ring.items();
    this.ring.clear();
    this.budget.keep(-held.reduce((sum, delivery) => sum + heldBytes(delivery), 0));
    this.dropped = 0;
    this.bodiesDropped = 0;
    this.changed();
    return held;
  }

  /** Puts back deliveries (newest first) before those received since: an Undo of Clear, or the last session's. */
  public restore(deliveries: readonly Delivery[]): void {
    const since = this.ring.items();
    this.ring.clear();
    this.budget.keep(-since.reduce((sum, delivery) => sum + heldBytes(delivery), 0));
    for (const delivery of [...deliveries].reverse().concat([...since].reverse())) {
      const dropped = this.ring.push(delivery);
      this.budget.keep(heldBytes(delivery));
      if (dropped !== undefined) {
        this.budget.keep(-heldBytes(dropped));
      }
      this.continueAfter(delivery.id);
    }
    this.fit();
    this.changed();
  }

  public resize(maxDeliveries: number, maxTotalBytes?: number): void {
    let changed = false;
    if (maxDeliveries !== this.ring.capacity) {
      const dropped = this.ring.resize(maxDeliveries);
      this.dropped += dropped.length;
      this.budget.keep(-dropped.reduce((sum, delivery) => sum + heldBytes(delivery), 0));
      changed = true;
    }
    if (maxTotalBytes !== undefined && maxTotalBytes !== this.budget.limit) {
      this.budget.limit = maxTotalBytes;
      changed = true;
    }
    if (changed) {
      this.fit();
      this.changed();
    }
  }

  public onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  }

  /** Drops the oldest bodies while over the budget. */
  private fit(): void {
    const over = this.budget.over();
    if (over > 0) {
      this.dropBodies(over);
    }
  }

  /** Drops the oldest bodies until `bytes` are freed (or none is left); returns the bytes freed. */
  private dropBodies(bytes: number): number {
    let freed = 0;
    const oldestFirst = this.ring.items().reverse();
    for (const delivery of oldestFirst) {
      if (freed >= bytes) {
        break;
      }
      const held = heldBytes(delivery);
      if (held === 0) {
        continue;
      }
      this.ring.replace(withoutBodies(delivery));
      this.budget.keep(-held);
      this.bodiesDropped += 1;
      freed += held;
    }
    if (freed > 0) {
      this.version += 1;
    }
    return freed;
  }

  private changed(): void {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}
