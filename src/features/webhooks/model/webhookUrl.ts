/**
 * A webhook URL as shown to the user: never with its password (common/urlText.ts), international host names in their
 * own letters (the punycode form in brackets where it matters). Pure.
 */
import { domainToUnicode } from 'node:url';

/** `xn--bcher-kva.example` → `bücher.example`; other hosts unchanged. */
export function readableHost(host: string): string {
  if (!host.split('.').some((label) => label.startsWith('xn--'))) {
    return host;
  }
  const unicode = domainToUnicode(host);
  return unicode === '' ? host : unicode;
}

/** `bücher.example (xn--bcher-kva.example)` for an international host name; the host alone otherwise. */
export function hostWithPunycode(host: string): string {
  const readable = readableHost(host);
  return readable === host ? host : `${readable} (${host})`;
}

/** Host (readable), port, path and query: the row's label. Undefined when `text` is not a URL. */
export function shortUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    const path = url.pathname === '/' ? '' : url.pathname;
    const port = url.port === '' ? '' : `:${url.port}`;
    return `${readableHost(url.hostname)}${port}${path}${url.search}`;
  } catch {
    return undefined;
  }
}
