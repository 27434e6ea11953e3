/**
 * Keeps the API key out of everything the client shows: log lines, error messages, details. The key is only ever
 * sent in the `x-api-key` header; a gateway could still echo it back (a Location header, an error body), so every
 * server-controlled text is passed through here before it reaches a log or an error.
 */

export const REDACTED = '[redacted]';

/** `text` with every occurrence of `secret` replaced by `[redacted]`. */
export function redactSecret(text: string, secret: string): string {
  return secret !== '' && text.includes(secret) ? text.split(secret).join(REDACTED) : text;
}

/** A copy of `headers` with `x-api-key` shown as `[redacted]` and the secret removed from every other value. */
export function redactHeaders(headers: Readonly<Record<string, string>>, secret: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    out[name] = name.toLowerCase() === 'x-api-key' ? REDACTED : redactSecret(headers[name], secret);
  }
  return out;
}
