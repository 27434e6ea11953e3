/**
 * Links that open an item: `<uriScheme>://pagegateway.page-gateway-explorer/open?gateway=<name>&host=<host>&id=<id>`.
 * A link names the gateway by its name and its host (`api.example.com`, `127.0.0.1:18787`): never a key, a user name,
 * a path or a query, so it can be pasted into a chat or a ticket, and opened where the gateway has another name
 * (`linkGatewayMatch`). Values are encoded once, so a link reads as it is (`host=127.0.0.1:18787`); only `%`, `&`, `=`,
 * `+` and `#` are encoded twice: the editor decodes a link's query once before the handler sees it, and a value
 * holding one of them must survive that. Links of earlier versions (every value encoded twice, no host) still open.
 * Pure: no `vscode`.
 */

/** The extension's id: the authority the editor routes to its URI handler. */
export const LINK_AUTHORITY = 'pagegateway.page-gateway-explorer';
export const OPEN_PATH = '/open';
/** A gateway name is at most 64 characters; an id longer than this is not one. */
export const MAX_LINK_ID = 1000;
const MAX_LINK_GATEWAY = 64;
/** A host name is at most 253 characters, then a port. */
const MAX_LINK_HOST = 260;

export interface ItemLinkTarget {
  readonly gateway: string;
  /** The gateway's host and port (`URL.host`), when known. */
  readonly host?: string;
  readonly id: string;
}

export type ParsedItemLink =
  | ({ readonly ok: true } & ItemLinkTarget)
  /** `path`: not an /open link; `gateway` / `id`: missing, empty, repeated or too long. */
  | { readonly ok: false; readonly problem: 'path' | 'gateway' | 'id' };

/** Characters a query may hold as they are (RFC 3986) and that mean nothing to the handler once decoded. */
const LITERAL: Readonly<Record<string, string>> = { '%3A': ':', '%40': '@', '%2F': '/', '%2C': ',', '%3B': ';', '%24': '$' };
/** Characters that, once the editor decoded the link, would change how its query splits: encoded a second time. */
const GUARDED = new Set(['%25', '%26', '%3D', '%2B', '%23']);

/** One value of a link's query: encoded once, but twice for the characters in GUARDED. */
export function encodeLinkValue(value: string): string {
  return encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (escape) => LITERAL[escape] ?? (GUARDED.has(escape) ? `%25${escape.slice(1)}` : escape));
}

/** The link of an item (`scheme` is the editor's, e.g. `vscode`). */
export function itemLink(scheme: string, target: ItemLinkTarget): string {
  const host = target.host === undefined ? '' : `&host=${encodeLinkValue(target.host)}`;
  return `${scheme}://${LINK_AUTHORITY}${OPEN_PATH}?gateway=${encodeLinkValue(target.gateway)}${host}&id=${encodeLinkValue(target.id)}`;
}

/** Control characters (and the line and paragraph separators) never belong to a name or an id from a link. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function single(params: URLSearchParams, name: string, max: number): string | undefined {
  const values = params.getAll(name);
  if (values.length !== 1) {
    return undefined;
  }
  // URLSearchParams undoes the second encoding (the editor undid the first).
  const value = (values[0] as string).trim();
  return value === '' || value.length > max || CONTROL.test(value) ? undefined : value;
}

/** What a link's path and query (as the editor hands them to the URI handler, decoded once) ask to open. */
export function parseItemLink(path: string, query: string): ParsedItemLink {
  if (path !== OPEN_PATH) {
    return { ok: false, problem: 'path' };
  }
  if (query.length > 4 * (MAX_LINK_ID + MAX_LINK_GATEWAY + MAX_LINK_HOST) + 100) {
    return { ok: false, problem: 'id' };
  }
  const params = new URLSearchParams(query);
  const gateway = single(params, 'gateway', MAX_LINK_GATEWAY);
  if (gateway === undefined) {
    return { ok: false, problem: 'gateway' };
  }
  const id = single(params, 'id', MAX_LINK_ID);
  if (id === undefined) {
    return { ok: false, problem: 'id' };
  }
  // A host is only a hint for matching: one that is not a plain host[:port] is left out, never an error.
  const host = single(params, 'host', MAX_LINK_HOST);
  return { ok: true, gateway, ...(host !== undefined && HOST.test(host) ? { host: host.toLowerCase() } : {}), id };
}

/** A host and port as `URL.host` gives them: a name or an IPv4 address, or an IPv6 address in brackets. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** What the handler needs of a configured gateway to match a link. */
export interface LinkCandidate {
  readonly name: string;
  readonly host: string;
}

export type LinkGatewayMatch<G extends LinkCandidate> =
  /** The gateway named in the link; or the only one on the link's host. */
  | { readonly kind: 'found'; readonly gateway: G; readonly by: 'name' | 'host' }
  /** No gateway by that name, and several or none on that host: the user picks among `among` (all gateways when none was on the host). */
  | { readonly kind: 'ask'; readonly among: readonly G[] }
  /** No gateway is configured. */
  | { readonly kind: 'none' };

/**
 * Which configured gateway a link opens on: the one with the link's gateway name (case ignored, as in document
 * addresses); else the only one on the link's host; else the user is asked (among those on the host, or all).
 */
export function linkGatewayMatch<G extends LinkCandidate>(link: Pick<ItemLinkTarget, 'gateway' | 'host'>, gateways: readonly G[]): LinkGatewayMatch<G> {
  const named = gateways.find((gateway) => gateway.name.toLocaleLowerCase('en') === link.gateway.toLocaleLowerCase('en'));
  if (named) {
    return { kind: 'found', gateway: named, by: 'name' };
  }
  const onHost = link.host === undefined ? [] : gateways.filter((gateway) => gateway.host.toLowerCase() === link.host?.toLowerCase());
  if (onHost.length === 1) {
    return { kind: 'found', gateway: onHost[0] as G, by: 'host' };
  }
  if (gateways.length === 0) {
    return { kind: 'none' };
  }
  return { kind: 'ask', among: onHost.length > 0 ? onHost : gateways };
}
