/**
 * The deliveries of this window: the last `maxDeliveries` (oldest dropped), newest first, with a version that changes
 * on every change (rows and documents are rebuilt from it), and the event-kind filter. In memory only. Pure.
 */
import type { Delivery } from './delivery';
import { RingBuffer } from './ringBuffer';

export class Inbox {
  private readonly ring: RingBuffer<Delivery>;
  private listeners: Array<() => void> = [];
  private lastId = 0;
  /** Changes whenever the deliveries do. */
  public version = 0;
  /** Deliveries dropped to stay within the limit, since the last Clear. */
  public dropped = 0;

  public constructor(maxDeliveries: number) {
    this.ring = new RingBuffer<Delivery>(maxDeliveries, (delivery) => delivery.id);
  }

  /** Ids unique in the window (a restart of the receiver continues the count). */
  public nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  public get size(): number {
    return this.ring.size;
  }

  public get capacity(): number {
    return this.ring.capacity;
  }

  public add(delivery: Delivery): void {
    if (this.ring.push(delivery) !== undefined) {
      this.dropped += 1;
    }
    this.changed();
  }

  /** A new state of a delivery (its handler's answer); ignored when it was dropped meanwhile. */
  public update(delivery: Delivery): void {
    if (this.ring.replace(delivery)) {
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

  public clear(): void {
    this.ring.clear();
    this.dropped = 0;
    this.changed();
  }

  public resize(maxDeliveries: number): void {
    if (maxDeliveries !== this.ring.capacity) {
      this.dropped += this.ring.resize(maxDeliveries).length;
      this.changed();
    }
  }

  public onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  }

  private changed(): void {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}
