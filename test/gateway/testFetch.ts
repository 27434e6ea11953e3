/**
 * A tiny HTTP helper for tests that talk to the sample gateway with Node's global fetch (not the extension's client).
 */
import { SAMPLE_API_KEY } from './server';

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface PageReply {
  readonly hasMore: boolean;
  readonly items: Record<string, unknown>[];
  readonly limit: number;
  readonly nextCursor?: string;
}

/** GET `base + path` with the sample key (pass `null` to send no key). */
export async function getReply(base: string, path: string, apiKey: string | null = SAMPLE_API_KEY, init: RequestInit = {}): Promise<Reply> {
  const headers: Record<string, string> = apiKey === null ? {} : { 'x-api-key': apiKey };
  const response = await fetch(base + path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** GET a page of page groups; fails when the answer is not a 200 page. */
export async function getPage(base: string, query: Record<string, string>, apiKey: string = SAMPLE_API_KEY): Promise<PageReply> {
  const search = new URLSearchParams(query).toString();
  const reply = await getReply(base, `/v0/page_groups${search === '' ? '' : `?${search}`}`, apiKey);
  if (reply.status !== 200) {
    throw new Error(`expected 200, got ${reply.status}: ${reply.text}`);
  }
  return JSON.parse(reply.text) as PageReply;
}

/** Follows nextCursor from the first page to the last; returns every page. */
export async function walkPages(base: string, limit: number, status?: string): Promise<PageReply[]> {
  const pages: PageReply[] = [];
  let cursor: string | undefined;
  for (;;) {
    const query: Record<string, string> = { limit: String(limit) };
    if (status !== undefined) query.status = status;
    if (cursor !== undefined) query.cursor = cursor;
    const page = await getPage(base, query);
    pages.push(page);
    if (!page.hasMore) {
      return pages;
    }
    if (page.nextCursor === undefined || pages.length > 100_000) {
      throw new Error('hasMore without nextCursor, or no end');
    }
    cursor = page.nextCursor;
  }
}

/** The content type of every answer of the sample gateway. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The ids of page group objects, in order. */
export function ids(items: readonly Record<string, unknown>[]): unknown[] {
  return items.map((item) => item.pageGroupId);
}
