/**
 * Text of log lines for HTTP exchanges. Pure. The key is redacted by the client before anything reaches an
 * `ExchangeLog` (URL, headers, error facts and detail); secret header values are hidden again here by name.
 */
import type { ExchangeLog } from '../api/client';
import { describeGatewayError } from '../views/common/errorText';

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function formatHeaders(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value}`)
    .join('; ');
}

/** `GET https://host/v0/page_groups?limit=20 → 200 (35 ms)`, with attempt and retry notes. */
export function formatExchange(log: ExchangeLog): string {
  // The frame of a log line is English (for bug reports and searching); the failure is the sentence the user reads.
  const outcome = log.status !== undefined ? String(log.status) : (log.error?.kind ?? 'no answer'); // l10n-ignore: log line
  const attempt = log.attempt > 1 ? ` [attempt ${log.attempt}]` : ''; // l10n-ignore: log line
  const failure = log.error ? ` — ${describeGatewayError(log.error)}` : '';
  const retry = log.willRetryInMs !== undefined ? ` (retrying in ${Math.round(log.willRetryInMs)} ms)` : ''; // l10n-ignore: log line
  // l10n-ignore: log line
  return `${log.method} ${log.url} → ${outcome} (${Math.round(log.durationMs)} ms)${attempt}${failure}${retry}`;
}
