/**
 * Which loaded subscriptions receive an event kind, per gateway: the index behind the hover on event names in code.
 * Built from what is loaded (never a request), rebuilt lazily on the first look-up after a list changed; a look-up is
 * one Map access. Pure: the gateway is a type parameter.
 */
import { EVENT_KINDS, type CheckedWebhook } from '../../../api/model';

export interface Receivers<G> {
  readonly gateway: G;
  readonly active: readonly CheckedWebhook[];
  readonly inactive: readonly CheckedWebhook[];
}

export interface EventEntry<G> {
  readonly event: string;
  readonly known: boolean;
  /** One entry per gateway with a loaded list that has receivers of the event, in the order of the gateways. */
  readonly receivers: readonly Receivers<G>[];
}

export interface LoadedList<G> {
  readonly gateway: G;
  readonly items: readonly CheckedWebhook[];
}

const KNOWN: ReadonlySet<string> = new Set(EVENT_KINDS);

export class EventIndex<G> {
  private index: Map<string, EventEntry<G>> | undefined;
  private loadedCount = 0;

  public constructor(private readonly lists: () => readonly LoadedList<G>[]) {}

  /** A loaded list changed: the next look-up rebuilds the index. */
  public invalidate(): void {
    this.index = undefined;
  }

  /** How many gateways had a loaded list when the index was built. */
  public get gatewaysLoaded(): number {
    this.current();
    return this.loadedCount;
  }

  /** The contract's kinds always; other kinds only when a loaded subscription lists them. */
  public lookup(event: string): EventEntry<G> | undefined {
    return this.current().get(event);
  }

  private current(): Map<string, EventEntry<G>> {
    if (this.index === undefined) {
      const lists = this.lists();
      this.index = build(lists);
      this.loadedCount = lists.length;
    }
    return this.index;
  }
}

function build<G>(lists: readonly LoadedList<G>[]): Map<string, EventEntry<G>> {
  const index = new Map<string, { event: string; known: boolean; receivers: Array<{ gateway: G; active: CheckedWebhook[]; inactive: CheckedWebhook[] }> }>();
  for (const event of EVENT_KINDS) {
    index.set(event, { event, known: true, receivers: [] });
  }
  for (const { gateway, items } of lists) {
    for (const item of items) {
      const events = item.value.events;
      if (!Array.isArray(events)) {
        continue;
      }
      for (const event of new Set(events)) {
        let entry = index.get(event);
        if (entry === undefined) {
          entry = { event, known: KNOWN.has(event), receivers: [] };
          index.set(event, entry);
        }
        let receivers = entry.receivers[entry.receivers.length - 1];
        if (receivers === undefined || receivers.gateway !== gateway) {
          receivers = { gateway, active: [], inactive: [] };
          entry.receivers.push(receivers);
        }
        (item.value.active === true ? receivers.active : receivers.inactive).push(item);
      }
    }
  }
  return index;
}
