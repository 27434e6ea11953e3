/**
 * Text of log lines for HTTP exchanges. Pure. The key is redacted by the client before anything reaches an
 * `ExchangeLog` (URL, headers, error facts and detail); secret header values are hidden again here by name.
 */
// l10n-ignore-file: the frame of a log line is English (for bug reports and searching); the failure in it is the
// sentence the user reads (describeGatewayError, translated)
import type { ExchangeLog } from '../api/client';
import { describeGatewayError } from '../text/errorText';

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function formatHeaders(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value}`)
    .join('; ');
}

/** `GET https://host/v0/page_groups?limit=20 → 200 (35 ms)`, with the proxy, attempt and retry notes. */
export function formatExchange(log: ExchangeLog): string {
  const outcome = log.status !== undefined ? String(log.status) : (log.error?.kind ?? 'no answer');
  const via = log.proxy !== undefined ? ` via proxy ${log.proxy}` : '';
  const attempt = log.attempt > 1 ? ` [attempt ${log.attempt}]` : '';
  const failure = log.error ? ` — ${describeGatewayError(log.error)}` : '';
  const retry =
    log.willRetryInMs === undefined ? '' : log.willRetryInMs === 0 ? ' (repeating at once)' : ` (retrying in ${Math.round(log.willRetryInMs)} ms)`;
  return `${log.method} ${log.url} → ${outcome} (${Math.round(log.durationMs)} ms)${via}${attempt}${failure}${retry}`;
}
