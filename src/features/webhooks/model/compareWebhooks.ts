/**
 * Comparing two gateways' webhook subscriptions for the agent, normalised as Compare Webhook Subscriptions Across
 * Gateways does (normalizeWebhooks.ts: fields in order, events sorted). Subscriptions are paired by URL (ids and
 * timestamps differ between gateways by nature); a URL listed several times pairs in the normalised order. With
 * `receives`, only what concerns that event is kept: a subscription only on one side that receives it, and a pair
 * where either side receives it. Values are compared without recursion (any nesting). Passwords in URLs are masked.
 * Pure: no `vscode`.
 */
import { jsonEqual } from '../../../agent/model/toolJson';
import { withoutPassword } from '../../../text/urlText';
import { normalizeWebhookList } from './normalizeWebhooks';

/** Fields that differ between gateways by nature: shown, never counted as a change. */
const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt']);

export interface ChangedSubscription {
  readonly url: string | null;
  /** The subscription on A and on B (normalised, passwords masked). */
  readonly a: unknown;
  readonly b: unknown;
  /** The fields whose values differ, sorted. */
  readonly fields: readonly string[];
}

export interface WebhookComparison {
  readonly onlyInA: readonly unknown[];
  readonly onlyInB: readonly unknown[];
  readonly changed: readonly ChangedSubscription[];
  /** Pairs with no change (of those kept). */
  readonly same: number;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function urlOf(value: unknown): string | null {
  const url = record(value).url;
  return typeof url === 'string' ? withoutPassword(url) : null;
}

/** The subscription with its URL's password masked (the server's object is not changed). */
function masked(value: unknown): unknown {
  const url = record(value).url;
  return typeof url === 'string' ? { ...record(value), url: withoutPassword(url) } : value;
}

/** Whether a subscription's events include `event` (case ignored). */
export function receives(value: unknown, event: string): boolean {
  const events = record(value).events;
  const wanted = event.toLowerCase();
  return Array.isArray(events) && events.some((name) => typeof name === 'string' && name.toLowerCase() === wanted);
}

export function compareWebhookLists(a: readonly unknown[], b: readonly unknown[], event?: string): WebhookComparison {
  const keeps = (value: unknown): boolean => event === undefined || receives(value, event);
  const byUrl = new Map<string | null, unknown[]>();
  for (const value of normalizeWebhookList(b)) {
    const url = urlOf(value);
    const list = byUrl.get(url);
    if (list) {
      list.push(value);
    } else {
      byUrl.set(url, [value]);
    }
  }
  const onlyInA: unknown[] = [];
  const changed: ChangedSubscription[] = [];
  let same = 0;
  for (const left of normalizeWebhookList(a)) {
    const url = urlOf(left);
    const right = byUrl.get(url)?.shift();
    if (right === undefined) {
      if (keeps(left)) {
        onlyInA.push(masked(left));
      }
      continue;
    }
    if (!keeps(left) && !keeps(right)) {
      continue;
    }
    const l = record(left);
    const r = record(right);
    const differing = [...new Set([...Object.keys(l), ...Object.keys(r)])]
      .sort()
      .filter((name) => !IDENTITY_FIELDS.has(name) && name !== 'url' && !jsonEqual(l[name] ?? null, r[name] ?? null));
    if (differing.length === 0) {
      same += 1;
    } else {
      changed.push({ url, a: masked(left), b: masked(right), fields: differing });
    }
  }
  const onlyInB = [...byUrl.values()].flat().filter(keeps).map(masked);
  return { onlyInA, onlyInB, changed, same };
}
