/**
 * Headers that belong to one connection, not to the message (RFC 9110 §7.6.1): a forwarder drops them, and any header
 * the `Connection` header names. Pure.
 */
import type { RawHeader } from './delivery';

const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** `headers` without the hop-by-hop ones (and those `Connection` lists), in their order, names' case kept. */
export function endToEndHeaders(headers: readonly RawHeader[]): RawHeader[] {
  const named = new Set(
    headers
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(','))
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token !== ''),
  );
  return headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return !HOP_BY_HOP.has(lower) && !named.has(lower);
  });
}

/** Node's `rawHeaders` (name, value, name, value…) as pairs. */
export function headerPairs(raw: readonly string[]): RawHeader[] {
  const pairs: RawHeader[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    pairs.push([raw[i] as string, raw[i + 1] as string]);
  }
  return pairs;
}
