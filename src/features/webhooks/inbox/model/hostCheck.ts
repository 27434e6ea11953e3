/**
 * Which `Host` a request to the inbox may name: a loopback name (the request came from this machine, or through the
 * editor's port forwarding, which connects from it), the host of the public URL the user set, or the host of the
 * address the editor's port forwarding gave. Anything else is a request meant for another site (DNS rebinding from a
 * web page, a scanner) and is refused with 421. Also says what scheme the sender used, as a reverse proxy would. Pure.
 */

/** The host name of a `Host` header value, lower case, without port or IPv6 brackets; undefined when malformed. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (host === undefined) {
    return undefined;
  }
  const trimmed = host.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(trimmed);
  if (bracketed) {
    return bracketed[1];
  }
  const plain = /^([a-z0-9._-]+)(?::\d{1,5})?$/.exec(trimmed);
  return plain ? (plain[1] as string).replace(/\.$/, '') : undefined;
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '::1' || name === '0:0:0:0:0:0:0:1';
}

/** The verdict on a request's Host: allowed (and the scheme the sender used), or why not. */
export type HostVerdict = { readonly allowed: true; readonly proto: 'http' | 'https' } | { readonly allowed: false };

/** `origins`: the public URL and the editor's forwarded address, when known (unparsable ones are ignored). */
export function checkHost(host: string | undefined, origins: readonly string[]): HostVerdict {
  const name = hostnameOf(host);
  if (name === undefined) {
    return { allowed: false };
  }
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      continue;
    }
    if (url.hostname.toLowerCase().replace(/^\[|\]$/g, '') === name) {
      return { allowed: true, proto: url.protocol === 'https:' ? 'https' : 'http' };
    }
  }
  return isLoopbackName(name) ? { allowed: true, proto: 'http' } : { allowed: false };
}
