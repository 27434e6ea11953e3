/**
 * Links that open an item: `<uriScheme>://pagegateway.page-gateway-explorer/open?gateway=<name>&id=<id>`. A link names
 * the gateway by its name only: never its URL, never a key, so it can be pasted into a chat or a ticket. Each value
 * is encoded twice: the editor decodes a link's query once before the handler sees it, and a value holding `&`, `=`
 * or `%` must survive that (a plain id such as `pg_000123` reads the same either way). Pure: no `vscode`.
 */

/** The extension's id: the authority the editor routes to its URI handler. */
export const LINK_AUTHORITY = 'pagegateway.page-gateway-explorer';
export const OPEN_PATH = '/open';
/** A gateway name is at most 64 characters; an id longer than this is not one. */
export const MAX_LINK_ID = 1000;
const MAX_LINK_GATEWAY = 64;

export interface ItemLinkTarget {
  readonly gateway: string;
  readonly id: string;
}

export type ParsedItemLink =
  | ({ readonly ok: true } & ItemLinkTarget)
  /** `path`: not an /open link; `gateway` / `id`: missing, empty, repeated or too long. */
  | { readonly ok: false; readonly problem: 'path' | 'gateway' | 'id' };

const encodeTwice = (value: string): string => encodeURIComponent(encodeURIComponent(value));

/** The link of an item (`scheme` is the editor's, e.g. `vscode`). */
export function itemLink(scheme: string, target: ItemLinkTarget): string {
  return `${scheme}://${LINK_AUTHORITY}${OPEN_PATH}?gateway=${encodeTwice(target.gateway)}&id=${encodeTwice(target.id)}`;
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
  if (query.length > 4 * (MAX_LINK_ID + MAX_LINK_GATEWAY) + 100) {
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
  return { ok: true, gateway, id };
}
