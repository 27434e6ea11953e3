/**
 * The floor of Load All inside the extension host: the same walk (one status, limit=100, following nextCursor) with
 * node:http alone — a keep-alive agent, the body read and JSON.parse'd, no checks, no chain, no tree. No `vscode` here.
 *
 * VS Code's extension host patches `http.get` / `http.request` in place for its proxy support (every request then
 * goes through a proxy-resolving agent, even to 127.0.0.1) and keeps Node's own functions in
 * `http.__vscodeOriginal`. The floor uses `http.get` as the host hands it to any code (`require('node:http')`), which is
 * also what the extension's own requests go through; the walk with Node's own `get` is timed too, to show what the
 * editor's proxy resolution costs. Until 2026-11-26 the walks through the host's http.get opened a connection per
 * request (the extension's requests too): see the `connection` header below.
 */
import * as http from 'node:http';

export type HttpGet = typeof http.get;

export interface HttpGets {
  /** Node's own http.get (the host's saved original when it patched the module, else http.get itself). */
  readonly node: HttpGet;
  /** http.get as code in this host receives it. */
  readonly host: HttpGet;
  /** Whether the host replaced http.get (then `node` and `host` differ). */
  readonly patched: boolean;
}

export function httpGets(): HttpGets {
  const saved = (http as unknown as { __vscodeOriginal?: { get?: unknown } }).__vscodeOriginal?.get;
  const node = typeof saved === 'function' ? (saved as HttpGet) : http.get;
  return { node, host: http.get, patched: node !== http.get };
}

interface Page {
  readonly hasMore?: boolean;
  readonly items?: readonly unknown[];
  readonly nextCursor?: string;
}

/** Walks every page of `status`; returns the number of items seen. */
export async function plainWalk(get: HttpGet, agent: http.Agent, baseUrl: string, apiKey: string, status: string, limit: number): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  const base = `${baseUrl.replace(/\/+$/, '')}/v0/page_groups?status=${encodeURIComponent(status)}&limit=${limit}`;
  for (;;) {
    const page = (await getJson(get, agent, cursor === undefined ? base : `${base}&cursor=${encodeURIComponent(cursor)}`, apiKey)) as Page;
    count += page.items?.length ?? 0;
    if (page.hasMore !== true || page.nextCursor === undefined) {
      return count;
    }
    cursor = page.nextCursor;
  }
}

/**
 * GET and parse one page. A kept connection the gateway closed while this process was busy (a forced collection
 * between walks outlasts the gateway's 5 s keep-alive) fails at once with ECONNRESET before any answer: that request
 * is sent again once on a new connection, as Node's documentation advises for `request.reusedSocket`.
 */
function getJson(get: HttpGet, agent: http.Agent, url: string, apiKey: string, retried = false): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // `connection: keep-alive` said outright, as the extension does: the host's http.get otherwise closes the
    // connection after each answer (its proxy agent does not keep connections), whatever agent is passed.
    const request = get(url, { agent, headers: { accept: 'application/json', connection: 'keep-alive', 'x-api-key': apiKey } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`HTTP ${String(response.statusCode)} from ${url}`));
          return;
        }
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && request.reusedSocket && error.code === 'ECONNRESET') {
        getJson(get, agent, url, apiKey, true).then(resolve, reject);
      } else {
        reject(error);
      }
    });
  });
}

/** The keep-alive agent of the plain walks: one connection, kept between walks. */
export function plainAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

/** One plain walk, timed; throws when it does not see `expected` items. */
export async function timedPlainWalk(
  get: HttpGet,
  agent: http.Agent,
  target: { readonly baseUrl: string; readonly apiKey: string },
  status: string,
  expected: number,
  limit = 100,
): Promise<number> {
  const started = performance.now();
  const count = await plainWalk(get, agent, target.baseUrl, target.apiKey, status, limit);
  const elapsed = performance.now() - started;
  if (count !== expected) {
    throw new Error(`the plain node:http walk of "${status}" returned ${count} page groups, expected ${expected}`);
  }
  return elapsed;
}
