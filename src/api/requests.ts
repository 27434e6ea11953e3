/**
 * The URLs of the contract's list operations, built in one place: the client sends them, and Copy as cURL describes
 * the very same request (`ApiRequest`). Query parameters come in the order `limit`, `status`, `cursor`.
 */
import type { ApiRequest } from './apiRequest';
import { apiUrl, wellFormed } from './baseUrl';
import type { PageGroupQuery } from './model';
import { cursorDigest } from './paging';

export interface RequestUrls {
  /** What is sent. */
  readonly url: string;
  /** What logs and errors show: a cursor (opaque, possibly very long) only as a short digest. */
  readonly shown: string;
}

/** `GET {base}/v0/page_groups?…`. */
export function pageGroupsUrls(baseHref: string, query: PageGroupQuery): RequestUrls {
  const { cursor } = query;
  const head = apiUrl(baseHref, 'v0/page_groups', { limit: query.limit, status: query.status });
  if (cursor === undefined) {
    return { url: head, shown: head };
  }
  const separator = query.limit === undefined && query.status === undefined ? '?' : '&';
  return {
    url: `${head}${separator}cursor=${encodeURIComponent(wellFormed(cursor))}`,
    shown: `${head}${separator}cursor=<sha256:${cursorDigest(cursor).slice(0, 12)}>`,
  };
}

/** The page group request with `query`, as the client sends it. */
export function pageGroupsRequest(baseHref: string, query: PageGroupQuery): ApiRequest {
  return { method: 'GET', url: pageGroupsUrls(baseHref, query).url };
}

/** `GET {base}/v0/webhook_subscriptions`: the whole list. */
export function webhookListRequest(baseHref: string): ApiRequest {
  return { method: 'GET', url: apiUrl(baseHref, 'v0/webhook_subscriptions') };
}
