/**
 * Webhook subscriptions grouped by event kind: one group per kind of the contract in the contract's order (also when
 * nobody receives it), then unknown kinds in order of first appearance, then the subscriptions whose `events` is null,
 * then those whose `events` is an empty list ("no events"), then those whose `events` is missing or not a list: every
 * subscription is in at least one group. A subscription listing a kind twice is in its group once.
 * One pass over the subscriptions and their events. Pure.
 */
import { EVENT_KINDS, type WebhookSubscription } from '../../../api/model';

export type EventGroupKey =
  | { readonly kind: 'event'; readonly event: string; readonly known: boolean }
  | { readonly kind: 'null' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid' };

export interface EventGroup<T> {
  readonly key: EventGroupKey;
  /** In list order. */
  readonly members: readonly T[];
  /** Counted members with `active: true`. */
  readonly active: number;
  /** Counted members that are not active (`active: false`, or missing). */
  readonly inactive: number;
}

interface Building<T> {
  readonly key: EventGroupKey;
  readonly members: T[];
  active: number;
  inactive: number;
}

/**
 * `valueOf` gives each item's subscription; `counted` says whether it counts as a receiver (a subscription the gateway
 * no longer lists is still shown in its groups, but receives nothing).
 */
export function groupByEvent<T>(items: readonly T[], valueOf: (item: T) => WebhookSubscription, counted: (item: T) => boolean = () => true): EventGroup<T>[] {
  const byEvent = new Map<string, Building<T>>();
  for (const event of EVENT_KINDS) {
    byEvent.set(event, { key: { kind: 'event', event, known: true }, members: [], active: 0, inactive: 0 });
  }
  const nullGroup: Building<T> = { key: { kind: 'null' }, members: [], active: 0, inactive: 0 };
  const emptyGroup: Building<T> = { key: { kind: 'empty' }, members: [], active: 0, inactive: 0 };
  const invalidGroup: Building<T> = { key: { kind: 'invalid' }, members: [], active: 0, inactive: 0 };
  const add = (group: Building<T>, item: T, hook: WebhookSubscription): void => {
    group.members.push(item);
    if (counted(item)) {
      if (hook.active === true) {
        group.active += 1;
      } else {
        group.inactive += 1;
      }
    }
  };
  for (const item of items) {
    const hook = valueOf(item);
    if (hook.events === null) {
      add(nullGroup, item, hook);
    } else if (hook.events === undefined) {
      add(invalidGroup, item, hook);
    } else if (hook.events.length === 0) {
      add(emptyGroup, item, hook);
    } else {
      for (const event of new Set(hook.events)) {
        let group = byEvent.get(event);
        if (group === undefined) {
          group = { key: { kind: 'event', event, known: false }, members: [], active: 0, inactive: 0 };
          byEvent.set(event, group);
        }
        add(group, item, hook);
      }
    }
  }
  // A Map iterates in insertion order: the contract's kinds first, then unknown kinds as first seen.
  return [...byEvent.values(), ...[nullGroup, emptyGroup, invalidGroup].filter((group) => group.members.length > 0)];
}

/** A stable identity for a group (row ids, look-ups). */
export function eventGroupId(key: EventGroupKey): string {
  return key.kind === 'event' ? `event:${key.event}` : key.kind;
}
