/**
 * Comparing two gateways' webhook subscriptions for the agent, normalised as Compare Webhook Subscriptions Across
 * Gateways does (normalizeWebhooks.ts: fields in order, events sorted). Subscriptions are paired by URL (ids and
 * timestamps differ between gateways by nature); a URL listed several times pairs in the normalised order. Pure.
 */
import { normalizeWebhookList } from '../../features/webhooks/model/normalizeWebhooks';
import { withoutPassword } from '../../text/urlText';

/** Fields that differ between gateways by nature: shown, never counted as a change. */
const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt']);

export interface FieldChange {
  readonly a: unknown;
  readonly b: unknown;
}

export interface ChangedSubscription {
  readonly url: string | null;
  readonly idA: unknown;
  readonly idB: unknown;
  readonly fields: Readonly<Record<string, FieldChange>>;
}

export interface WebhookComparison {
  readonly onlyInA: readonly unknown[];
  readonly onlyInB: readonly unknown[];
  readonly changed: readonly ChangedSubscription[];
  /** Pairs with no change. */
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

export function compareWebhookLists(a: readonly unknown[], b: readonly unknown[]): WebhookComparison {
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
      onlyInA.push(masked(left));
      continue;
    }
    const l = record(left);
    const r = record(right);
    const differing = [...new Set([...Object.keys(l), ...Object.keys(r)])]
      .sort()
      .filter((name) => !IDENTITY_FIELDS.has(name) && name !== 'url' && JSON.stringify(l[name]) !== JSON.stringify(r[name]));
    if (differing.length === 0) {
      same += 1;
    } else {
      // fromEntries defines own properties: a "__proto__" field stays a field.
      const fields = Object.fromEntries(differing.map((name): [string, FieldChange] => [name, { a: l[name] ?? null, b: r[name] ?? null }]));
      changed.push({ url, idA: l.id ?? null, idB: r.id ?? null, fields });
    }
  }
  const onlyInB = [...byUrl.values()].flat().map(masked);
  return { onlyInA, onlyInB, changed, same };
}
