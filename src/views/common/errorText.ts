/** Words of an error row. Pure. */
import type { GatewayError } from '../../api/errors';
import { escapeMarkdown } from './markdown';

export interface ErrorRowText {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

const SHORT: Record<GatewayError['kind'], string> = {
  unauthorized: 'key rejected',
  rateLimited: 'rate limited',
  server: 'server error',
  http: 'unexpected answer',
  network: 'network error',
  timeout: 'timed out',
  invalidJson: 'invalid JSON',
  invalidResponse: 'invalid response',
  cancelled: 'cancelled',
  tooLarge: 'response too large',
  invalidRequest: 'not sent',
  repeatedCursor: 'repeated cursor',
};

export function errorRowText(error: GatewayError, what: string, hasItems: boolean): ErrorRowText {
  const status = error.status === undefined ? '' : ` ${error.status}`;
  const wait = error.retryAfterSeconds === undefined ? '' : ` · retry after ${error.retryAfterSeconds} s`;
  const detail = error.detail ? `\n\n${escapeMarkdown(error.detail)}` : '';
  return {
    label: `Couldn't load ${hasItems ? 'more ' : ''}${what} — retry`,
    description: `${SHORT[error.kind]}${status}${wait}`,
    tooltip: `${escapeMarkdown(error.message)}${detail}\n\nClick to retry. Details are in “Page Gateway: Show Logs”.`,
  };
}
