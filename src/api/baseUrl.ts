/**
 * The gateway's base URL: validation for the settings/command layer, and URL building for the client.
 * The API key never appears in a URL; credentials in the URL itself are refused. Problems are facts
 * (`BaseUrlProblem`); the words are in src/views/common/errorText.ts (`describeBaseUrlProblem`).
 */

export type BaseUrlResult =
  | {
      readonly ok: true;
      /** Normalized: no trailing slash, no query, no fragment. */
      readonly href: string;
      readonly origin: string;
      /**
       * `localhost`, 127.0.0.0/8 or `[::1]`. Whether a request to it stays on this machine also depends on its route
       * (`staysOnMachine` in expectedRoute.ts): the editor may send `127.0.0.2` through a proxy.
       */
      readonly isLoopback: boolean;
      readonly isSecure: boolean;
    }
  | {
      readonly ok: false;
      /** What is wrong, as facts; the view says it in words (`describeBaseUrlProblem`). */
      readonly problem: BaseUrlProblem;
    };

/** Why a text is not a usable gateway base URL. */
export type BaseUrlProblem =
  /** Nothing but white space. */
  | { readonly kind: 'empty' }
  /** No `scheme://`; `suggestion` is the input with `https://` in front (e.g. `https://api.example.com`). */
  | { readonly kind: 'noScheme'; readonly suggestion: string }
  /** The URL parser refused it; `input` is the trimmed text (it has no `user:password@` part the parser understood). */
  | { readonly kind: 'invalid'; readonly input: string }
  /** A scheme other than http or https; `scheme` without the colon, e.g. `ftp`. */
  | { readonly kind: 'badScheme'; readonly scheme: string }
  /** No host name. */
  | { readonly kind: 'noHost' }
  /** A user name or password in the URL. The input is never echoed: it holds credentials. */
  | { readonly kind: 'credentials' }
  /** A query (`?…`) or a fragment (`#…`). */
  | { readonly kind: 'queryOrFragment'; readonly hasQuery: boolean; readonly hasFragment: boolean };

/** Validates and normalizes a gateway base URL (http/https only; no user:pass@; no query or fragment). */
export function parseBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') {
    return refuse({ kind: 'empty' });
  }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^https?:/i.test(text);
  if (hasUserInfo(hasScheme ? text.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '') : text)) {
    // Checked before anything that echoes the input (the suggestion, the invalid text): it holds credentials.
    return refuse({ kind: 'credentials' });
  }
  if (!hasScheme) {
    return refuse({ kind: 'noScheme', suggestion: `https://${text.replace(/^\/+/, '')}` });
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse({ kind: 'invalid', input: text });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse({ kind: 'badScheme', scheme: url.protocol.replace(/:$/, '') });
  }
  if (url.hostname === '') {
    return refuse({ kind: 'noHost' });
  }
  if (url.username !== '' || url.password !== '') {
    return refuse({ kind: 'credentials' });
  }
  const hasQuery = url.search !== '' || text.includes('?');
  const hasFragment = url.hash !== '' || text.includes('#');
  if (hasQuery || hasFragment) {
    return refuse({ kind: 'queryOrFragment', hasQuery, hasFragment });
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

/** Whether the authority part (up to the first `/`, `?`, `#` or `\\`) of a URL without its scheme holds `@`. */
function hasUserInfo(afterScheme: string): boolean {
  return /^[^/?#\\]*@/.test(afterScheme);
}

function refuse(problem: BaseUrlProblem): BaseUrlResult {
  return { ok: false, problem };
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
      url += `${separator}${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(String(value)))}`;
      separator = '&';
    }
  }
  return url;
}

/**
 * `localhost` (with or without a final dot), 127.0.0.0/8 and `[::1]`, given a host name as the WHATWG URL parser
 * writes it (IPv4 and IPv6 forms already normalized, IPv6 in brackets).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]') {
    return true;
  }
  return /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(host);
}

const ANY_SURROGATE = /[\ud800-\udfff]/;

/**
 * `text` with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would: a status or cursor taken from a
 * server answer can hold one (valid JSON), and `encodeURIComponent` throws on it.
 */
export function wellFormed(text: string): string {
  // Nearly every text has no surrogate at all: one quick test instead of the replace (twice per request).
  if (!ANY_SURROGATE.test(text)) {
    return text;
  }
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
