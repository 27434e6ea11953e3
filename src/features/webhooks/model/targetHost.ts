/**
 * Where a URL's host is, as far as its name tells: this machine, a private or link-local network, a `.local` (mDNS)
 * name, a known tunnel service, or elsewhere. No DNS look-up: a public name that resolves to a private address counts as
 * public. Hosts are expected as the WHATWG URL parser gives them (lower case, IPv4 normalised, IPv6 in brackets,
 * international names in punycode). Pure.
 */
// l10n-ignore-file: the names of tunnel services are product names, the same in every language

export type HostPlace =
  /** localhost, *.localhost, 127.0.0.0/8, ::1, 0.0.0.0, :: (this machine). */
  | { readonly kind: 'loopback' }
  /** RFC 1918 (10/8, 172.16/12, 192.168/16) and IPv6 unique local addresses (fc00::/7). */
  | { readonly kind: 'private' }
  /** 169.254/16 and fe80::/10. */
  | { readonly kind: 'linkLocal' }
  /** A multicast DNS name: `*.local`. */
  | { readonly kind: 'mdns' }
  /** A known tunnel service (ngrok, Cloudflare quick tunnels, localtunnel, …): `service` names it. */
  | { readonly kind: 'tunnel'; readonly service: string }
  | { readonly kind: 'public' };

/** Domain suffixes of tunnel services people use to receive webhooks on their own machine while debugging. */
const TUNNEL_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ['ngrok.io', 'ngrok'],
  ['ngrok.app', 'ngrok'],
  ['ngrok.dev', 'ngrok'],
  ['ngrok-free.app', 'ngrok'],
  ['ngrok-free.dev', 'ngrok'],
  ['trycloudflare.com', 'Cloudflare quick tunnel'],
  ['loca.lt', 'localtunnel'],
  ['localtunnel.me', 'localtunnel'],
  ['localhost.run', 'localhost.run'],
  ['lhr.life', 'localhost.run'],
  ['lhr.rocks', 'localhost.run'],
  ['serveo.net', 'Serveo'],
  ['serveousercontent.com', 'Serveo'],
  ['pinggy.io', 'Pinggy'],
  ['pinggy.link', 'Pinggy'],
  ['pinggy.online', 'Pinggy'],
  ['tunnelmole.net', 'Tunnelmole'],
  ['devtunnels.ms', 'Dev Tunnels'],
  ['sharedwithexpose.com', 'Expose'],
  ['loclx.io', 'LocalXpose'],
  ['pagekite.me', 'PageKite'],
  ['zrok.io', 'zrok'],
  ['ts.net', 'Tailscale'],
];

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function classifyHost(host: string): HostPlace {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[')) {
    return classifyIpv6(name.slice(1, name.endsWith(']') ? -1 : undefined));
  }
  const ipv4 = IPV4.exec(name);
  if (ipv4) {
    return classifyIpv4(ipv4.slice(1).map(Number));
  }
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return { kind: 'loopback' };
  }
  if (name.endsWith('.local')) {
    return { kind: 'mdns' };
  }
  for (const [suffix, service] of TUNNEL_SUFFIXES) {
    if (name === suffix || name.endsWith(`.${suffix}`)) {
      return { kind: 'tunnel', service };
    }
  }
  return { kind: 'public' };
}

/** Whether a host is on this machine or a local network (a tunnel service is not: it is reachable from anywhere). */
export function isLocalPlace(place: HostPlace): boolean {
  return place.kind === 'loopback' || place.kind === 'private' || place.kind === 'linkLocal' || place.kind === 'mdns';
}

function classifyIpv4([a = -1, b = -1, c = -1, d = -1]: number[]): HostPlace {
  if (a === 127 || (a === 0 && b === 0 && c === 0 && d === 0)) {
    return { kind: 'loopback' };
  }
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
    return { kind: 'private' };
  }
  if (a === 169 && b === 254) {
    return { kind: 'linkLocal' };
  }
  return { kind: 'public' };
}

function classifyIpv6(address: string): HostPlace {
  const groups = expandIpv6(address);
  if (groups === undefined) {
    return { kind: 'public' };
  }
  const first = groups[0] ?? 0;
  if (groups.slice(0, 7).every((g) => g === 0) && (groups[7] === 1 || groups[7] === 0)) {
    return { kind: 'loopback' };
  }
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return classifyIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  if ((first & 0xfe00) === 0xfc00) {
    return { kind: 'private' };
  }
  if ((first & 0xffc0) === 0xfe80) {
    return { kind: 'linkLocal' };
  }
  return { kind: 'public' };
}

/** The eight 16-bit groups of an IPv6 address in the URL parser's form (hex groups, `::`, no zone); undefined otherwise. */
function expandIpv6(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) {
    return undefined;
  }
  const parse = (part: string): number[] | undefined => {
    if (part === '') {
      return [];
    }
    const groups = part.split(':');
    return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups.map((g) => parseInt(g, 16)) : undefined;
  };
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) {
    return undefined;
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) {
    return undefined;
  }
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
