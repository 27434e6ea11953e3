/**
 * How the editor will route a request to a URL, known before it is sent, from the settings the editor reads first:
 * its built-in bypass (`localhost`, `127.0.0.1`, `::1`), `http.noProxy`, then `http.proxy`. What comes after those
 * (the `HTTP(S)_PROXY` environment, the system proxy or a PAC script) cannot be known here, so a URL they would decide
 * is `unknown`. `direct` is said only where the editor's own order makes it certain; the editor announces the route of
 * each request anyway (`Route` in http.ts).
 */
import { isLoopbackHost } from './baseUrl';

/** The editor's `http.*` settings that decide a route before any request. */
export interface RouteSettings {
  /** `http.proxy`; empty or absent: none. */
  readonly proxy?: string;
  /** `http.noProxy`: host names, `.domain` suffixes, `host:port`, or `*` for every host. */
  readonly noProxy?: readonly string[];
  /** `http.proxySupport`: `off` sends every request directly. */
  readonly proxySupport?: string;
}

export type ExpectedRoute = 'direct' | 'proxy' | 'unknown';

/** The hosts the editor's proxy support always reaches directly, before reading any setting (its built-in bypass). */
const EDITOR_BYPASS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** How the editor will route a request to `url` (an absolute http: or https: URL). */
export function expectedRoute(url: string, settings: RouteSettings): ExpectedRoute {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'unknown';
  }
  if (settings.proxySupport === 'off') {
    return 'direct';
  }
  const host = unbracket(target.hostname.toLowerCase());
  if (EDITOR_BYPASS.has(host)) {
    return 'direct';
  }
  const port = target.port !== '' ? target.port : target.protocol === 'https:' ? '443' : '80';
  if (bypassedByNoProxy(settings.noProxy ?? [], host, port)) {
    return 'direct';
  }
  return isProxyUrl(settings.proxy) ? 'proxy' : 'unknown';
}

/**
 * Whether a request to `url` stays on this machine: its host is a loopback one (`localhost`, 127.0.0.0/8, `::1`,
 * with or without a final dot) and the editor surely routes it directly. A loopback host the editor may send through
 * a proxy (`127.0.0.2` with `http.proxy` set) leaves the machine: the proxy reads the request.
 */
export function staysOnMachine(url: string, settings: RouteSettings): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return isLoopbackHost(target.hostname) && expectedRoute(url, settings) === 'direct';
}

/**
 * `http.noProxy` as the editor applies it: entries are trimmed and compared without case; an entry `*` matches every
 * host; otherwise `name[:port]` matches the host `name` and every host under it (`.name` the same), on any port or
 * on that port. An empty list bypasses nothing (the editor then reads the `NO_PROXY` environment, which is not known
 * here: such a host is not counted as direct).
 */
export function bypassedByNoProxy(noProxy: readonly string[], host: string, port: string): boolean {
  const entries = noProxy.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.trim().toLowerCase());
  if (entries.includes('*')) {
    return true;
  }
  const dotted = `.${host.toLowerCase()}`;
  return entries.some((entry) => {
    const [name = '', entryPort] = entry.split(':', 2);
    if (name === '') {
      return false;
    }
    const domain = name.startsWith('.') ? name : `.${name}`;
    return dotted.endsWith(domain) && (entryPort === undefined || entryPort === '' || entryPort === port);
  });
}

/** A value of `http.proxy` the editor uses (a URL with a host); anything else is ignored by it. */
function isProxyUrl(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '') {
    return false;
  }
  try {
    return new URL(value.trim()).hostname !== '';
  } catch {
    return false;
  }
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
