/**
 * The gateway's base URL: validation for the settings/command layer, and URL building for the client.
 * The API key never appears in a URL; credentials in the URL itself are refused.
 */

export type BaseUrlResult =
  | {
      readonly ok: true;
      /** Normalized: no trailing slash, no query, no fragment. */
      readonly href: string;
      readonly origin: string;
      readonly isLoopback: boolean;
      readonly isSecure: boolean;
    }
  | {
      readonly ok: false;
      /** User-facing: what is wrong and an example of a right one. */
      readonly reason: string;
    };

const EXAMPLE = 'for example https://api.example.com or https://api.example.com/gateway';

/** Validates and normalizes a gateway base URL (http/https only; no user:pass@; no query or fragment). */
export function parseBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') {
    return { ok: false, reason: `Enter the gateway's address, ${EXAMPLE}.` };
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^https?:/i.test(text)) {
    return {
      ok: false,
      reason: `The gateway URL needs a scheme: write https://${text.replace(/^\/+/, '')} (${EXAMPLE}).`,
    };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `“${text}” is not a valid URL; enter the gateway's address, ${EXAMPLE}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      reason: `The gateway URL must start with https:// or http:// (got ${url.protocol}//…); ${EXAMPLE}.`,
    };
  }
  if (url.hostname === '') {
    return { ok: false, reason: `The gateway URL has no host name; ${EXAMPLE}.` };
  }
  if (url.username !== '' || url.password !== '') {
    // Do not echo the input: it holds credentials.
    return {
      ok: false,
      reason:
        'The gateway URL must not contain a user name or password (user:password@host). Remove them and set the API ' +
        `key with “Page Gateway: Set API Key…”; ${EXAMPLE}.`,
    };
  }
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    return {
      ok: false,
      reason: `The gateway URL must not have a query (?…) or fragment (#…): give only the root address, ${EXAMPLE}.`,
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return {
    ok: true,
    href: `${url.origin}${path}`,
    origin: url.origin,
    isLoopback: isLoopbackHost(url.hostname),
    isSecure: url.protocol === 'https:',
  };
}

/**
 * Joins the base URL and an API path, and appends the defined query values, each percent-encoded:
 * `apiUrl('https://h/gw/', 'v0/page_groups', { limit: 20 })` → `https://h/gw/v0/page_groups?limit=20`.
 */
export function apiUrl(baseHref: string, path: string, query?: Record<string, string | number | undefined>): string {
  let url = `${baseHref.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (query !== undefined) {
    let separator = '?';
    for (const key of Object.keys(query)) {
      const value = query[key];
      if (value === undefined) {
        continue;
      }
      url += `${separator}${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
      separator = '&';
    }
  }
  return url;
}

/** `localhost`, 127.0.0.0/8 and ::1 (the WHATWG URL parser has already normalized IPv4 and IPv6 forms). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]') {
    return true;
  }
  return /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(host);
}
