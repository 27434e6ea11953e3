/**
 * A gateway's webhook subscriptions in a canonical order for comparing two gateways: sorted by URL (then id), each
 * subscription's fields in alphabetical order and its events sorted. Ids and timestamps are kept: they are real
 * differences too. The server's objects are not changed. Pure.
 */
import { jsonText } from '../../../util/jsonText';

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '\uffff' : (jsonText(value) ?? ''));

function normalizeOne(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return raw;
  }
  const record = raw as Record<string, unknown>;
  // fromEntries defines own properties: a "__proto__" field (JSON.parse makes one) stays a field, not the prototype.
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => {
        const value = record[key];
        return [key, key === 'events' && Array.isArray(value) ? [...value].sort((a, b) => compare(text(a), text(b))) : value];
      }),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function field(raw: unknown, name: string): unknown {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>)[name] : undefined;
}

export function normalizeWebhookList(list: readonly unknown[]): unknown[] {
  return list
    .map((raw, index) => ({ raw, index }))
    .sort(
      (a, b) =>
        compare(text(field(a.raw, 'url')), text(field(b.raw, 'url'))) || compare(text(field(a.raw, 'id')), text(field(b.raw, 'id'))) || a.index - b.index,
    )
    .map(({ raw }) => normalizeOne(raw));
}
