/**
 * Which loaded subscriptions a delivery belongs to: those whose URL's path equals the delivery's path. When the user
 * told the inbox its public address (`publicUrl`, e.g. a tunnel's), the subscription's host (and port) must be that
 * address's too; a loopback or editor-proxy address is where the inbox is reached from this machine, not where the
 * gateway delivers, so it never narrows the match. And the other way round: which subscriptions point at the inbox.
 * Pure: subscriptions come as plain values with the gateway they are on.
 */
import { classifyHost } from '../../model/targetHost';

export interface SubscriptionEntry<G, S> {
  readonly gateway: G;
  readonly subscription: S;
  readonly url: string | undefined;
  readonly active: boolean;
  readonly events: readonly string[] | null | undefined;
}

/** Where the inbox is: its local port, the address the editor gives for it, and the user's public address. */
export interface InboxAddress {
  readonly port: number | undefined;
  /** What `asExternalUri` gave (may equal the local address). */
  readonly external?: string;
  /** `pageGateway.webhookInbox.publicUrl`. */
  readonly publicUrl?: string;
}

function parse(text: string | undefined): URL | undefined {
  if (text === undefined || text.trim() === '') {
    return undefined;
  }
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An editor's port-forwarding proxy path (code-server's `/proxy/<port>/` and `/absproxy/<port>/`). */
const PROXY_PATH = /^\/(?:abs)?proxy\/\d+(?:\/|$)/;

/** The public address that narrows matching: undefined when unset, unparsable, loopback or an editor proxy. */
export function narrowingAddress(publicUrl: string | undefined): URL | undefined {
  const url = parse(publicUrl);
  if (url === undefined || classifyHost(url.hostname).kind === 'loopback' || PROXY_PATH.test(url.pathname)) {
    return undefined;
  }
  return url;
}

/** `/a/b/` and `/a/b` are the same path; percent-encoding as the URL parser writes it. */
function normalPath(path: string): string {
  let normal: string;
  try {
    normal = new URL(path, 'http://x').pathname;
  } catch {
    normal = path;
  }
  return normal.length > 1 ? normal.replace(/\/+$/, '') : normal;
}

function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** Finds the subscriptions of a delivery path fast: build once per change of the loaded lists. */
export class SubscriptionMatcher<G, S> {
  private readonly byPath = new Map<string, Array<SubscriptionEntry<G, S> & { readonly parsed: URL }>>();
  private readonly narrowing: URL | undefined;

  public constructor(entries: Iterable<SubscriptionEntry<G, S>>, publicUrl: string | undefined) {
    this.narrowing = narrowingAddress(publicUrl);
    for (const entry of entries) {
      const parsed = parse(entry.url);
      if (parsed === undefined) {
        continue;
      }
      // An editor proxy that strips its prefix (code-server's `/proxy/<port>/`) delivers the rest of the path.
      const stripped = /^\/proxy\/\d+(\/.*)?$/.exec(parsed.pathname);
      const keys = new Set([normalPath(parsed.pathname), ...(stripped ? [normalPath(stripped[1] ?? '/')] : [])]);
      for (const key of keys) {
        const list = this.byPath.get(key);
        if (list === undefined) {
          this.byPath.set(key, [{ ...entry, parsed }]);
        } else {
          list.push({ ...entry, parsed });
        }
      }
    }
  }

  /** The subscriptions a delivery to `path` (path of the request target, without query) belongs to. */
  public match(path: string): ReadonlyArray<SubscriptionEntry<G, S>> {
    const narrowing = this.narrowing;
    const candidates = this.byPath.get(normalPath(path.startsWith('/') ? path : `/${path}`)) ?? [];
    return narrowing === undefined ? candidates : candidates.filter((entry) => originOf(entry.parsed) === originOf(narrowing));
  }
}

/**
 * Whether a subscription URL reaches the inbox: its origin is the public address's (and its path is under that
 * address's path), the editor's external address's, or a loopback host on the inbox's port.
 */
export function pointsAtInbox(url: string | undefined, inbox: InboxAddress): boolean {
  const parsed = parse(url);
  if (parsed === undefined || inbox.port === undefined) {
    return false;
  }
  const under = (base: URL | undefined): boolean =>
    base !== undefined && originOf(parsed) === originOf(base) && `${normalPath(parsed.pathname)}/`.startsWith(`${normalPath(base.pathname).replace(/\/$/, '')}/`);
  if (under(parse(inbox.publicUrl)) || under(parse(inbox.external))) {
    return true;
  }
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  return classifyHost(parsed.hostname).kind === 'loopback' && port === inbox.port;
}
