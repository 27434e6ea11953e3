/** Text of log lines for HTTP exchanges. Pure; the key is already redacted by the client, and redacted again here. */
import type { ExchangeLog } from '../api/client';

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function formatHeaders(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value}`)
    .join('; ');
}

/** `GET https://host/v0/page_groups?limit=20 → 200 (35 ms)`, with attempt and retry notes. */
export function formatExchange(log: ExchangeLog): string {
  const outcome = log.status !== undefined ? String(log.status) : (log.error?.kind ?? 'no answer');
  const attempt = log.attempt > 1 ? ` [attempt ${log.attempt}]` : '';
  const failure = log.error ? ` — ${log.error.message}` : '';
  const retry = log.willRetryInMs !== undefined ? ` (retrying in ${Math.round(log.willRetryInMs)} ms)` : '';
  return `${log.method} ${log.url} → ${outcome} (${Math.round(log.durationMs)} ms)${attempt}${failure}${retry}`;
}
