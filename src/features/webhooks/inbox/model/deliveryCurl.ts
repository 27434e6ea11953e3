/**
 * The cURL command that replays a delivery: the same method, end-to-end headers and body, to `url`. Words are quoted
 * for POSIX shells (src/util/curl.ts). A body that is UTF-8 text without NUL goes in as `--data-binary '<text>'`
 * (unless it starts with `@`, which curl reads as a file name);
 * any other body is decoded from base64 on the way (`printf … | base64 -d | curl --data-binary @-`), so the bytes
 * sent are exactly those received. `Host` and `Content-Length` are left to curl. Pure.
 */
// l10n-ignore-file: HTTP protocol text (status lines, header names, error codes) and shell commands, never shown as words
import { shellQuote } from '../../../../util/curl';
import type { Delivery } from './delivery';
import { endToEndHeaders } from './hopByHop';
import { encodedBytes } from './ndjson';

function quotable(text: string): boolean {
  return !text.includes('\u0000');
}

export function deliveryCurl(delivery: Pick<Delivery, 'method' | 'headers' | 'body'>, url: string): string {
  // --globoff: a path with [1-3] or {a,b} is one URL, not a range of requests (each with the signature header).
  const parts = ['curl', '-sS', '-i', '--globoff', '-X', shellQuote(delivery.method)];
  for (const [name, value] of endToEndHeaders(delivery.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'host' || lower === 'content-length') {
      continue;
    }
    // A header value is bytes (one char per byte); curl sends the bytes of its argument, so UTF-8 stays UTF-8.
    const decoded = encodedBytes(Buffer.from(value, 'latin1'));
    const text = decoded.encoding === 'utf8' ? decoded.text : value;
    if (quotable(text)) {
      parts.push('-H', shellQuote(`${name}: ${text}`));
    }
  }
  if (delivery.body.length === 0) {
    parts.push(shellQuote(url));
    return parts.join(' ');
  }
  const body = encodedBytes(delivery.body);
  // `--data-binary @x` would read the file x: a body starting with `@` goes through base64 too.
  if (body.encoding === 'utf8' && quotable(body.text) && !body.text.startsWith('@')) {
    parts.push('--data-binary', shellQuote(body.text), shellQuote(url));
    return parts.join(' ');
  }
  parts.push('--data-binary', '@-', shellQuote(url));
  return `printf '%s' ${shellQuote(delivery.body.toString('base64'))} | base64 -d | ${parts.join(' ')}`;
}
