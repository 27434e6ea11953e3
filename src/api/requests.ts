/**
 * The URLs of the contract's list operations, built in one place: the client sends them, and Copy as cURL describes
 * the very same request (`ApiRequest`). Query parameters come in the order `limit`, `status`, `cursor`.
 */
import type { ApiRequest } from './apiRequest';
import { apiUrl, wellFormed } from './baseUrl';
import { cursorDigest } from './cursorDigest';
import type { PageQuery } from './model';

export interface RequestUrls {
  /** What is sent. */
  readonly url: string;
  /** What logs and errors show: a cursor (opaque, possibly very long) only as a short digest. */
  readonly shown: string;
}

/** `GET {base}/{path}?limit=…&<filters>&cursor=…`: one page of a paged list. */
export function pageUrls(baseHref: string, path: string, query: PageQuery): RequestUrls {
  const { cursor } = query;
  const head = apiUrl(baseHref, path, { limit: query.limit, ...query.filters });
  if (cursor === undefined) {
    return { url: head, shown: head };
  }
  const separator = head.includes('?') ? '&' : '?';
  return {
    url: `${head}${separator}cursor=${encodeURIComponent(wellFormed(cursor))}`,
    shown: `${head}${separator}cursor=<sha256:${cursorDigest(cursor).slice(0, 12)}>`,
  };
}

/** One page of a paged list with `query`, as the client sends it. */
export function pageRequest(baseHref: string, path: string, query: PageQuery): ApiRequest {
  return { method: 'GET', url: pageUrls(baseHref, path, query).url };
}

/** `GET {base}/{path}`: a list the gateway returns whole, as the client sends it. */
export function wholeListRequest(baseHref: string, path: string): ApiRequest {
  return { method: 'GET', url: apiUrl(baseHref, path) };
}
