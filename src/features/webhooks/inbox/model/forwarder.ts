/**
 * Sends a delivery on to a handler: the same method, the end-to-end headers in their order (hop-by-hop ones dropped,
 * `Host` rewritten to the handler's, `Content-Length` set to the body sent; when forwarding a delivery, `X-Forwarded-Host`,
 * `-Proto` and `-For` as a reverse proxy sets them) and the body byte for byte. The path is the delivery's, normalised
 * (dot segments resolved) and kept under the handler's base path. The answer is
 * read up to `maxResponseBytes` (cut and marked beyond), and a redirect is recorded, never followed. Every outcome is
 * a record, never an exception: refused, timed out, unresolvable, reset. Nothing is added to the request (no key, no
 * header of the gateway's). No `vscode` import.
 */
// l10n-ignore-file: HTTP protocol text (status lines, header names, error codes) and shell commands, never shown as words
import * as http from 'node:http';
import * as https from 'node:https';
import type { Delivery, ForwardFailure, ForwardOutcome, RawHeader } from './delivery';
import { targetPathAndQuery } from './delivery';
import { endToEndHeaders, headerPairs } from './hopByHop';

export interface ForwardOptions {
  /** The answer must be complete within this time, or the outcome is `timeout`. */
  readonly timeoutMs: number;
  /** Bytes of the answer kept (the rest is read and counted). */
  readonly maxResponseBytes: number;
  /** What a reverse proxy tells the handler about the original request (forwarded deliveries, not replays). */
  readonly forwarded?: ForwardedFrom;
}

/** The original request, as `X-Forwarded-*` headers say it. */
export interface ForwardedFrom {
  /** The `Host` the sender used. */
  readonly host: string | undefined;
  readonly proto: 'http' | 'https';
  /** The sender's address (no port). */
  readonly for: string | undefined;
}

const FORWARDED_HEADERS = /^x-forwarded-(host|proto|for)$/i;

/**
 * The path and query of a request target with its dot segments resolved (`.`, `..`, and their percent-encoded forms),
 * never above `/`; undefined when a segment holds an encoded `/` or `\` (or a raw `\`), which a handler might decode
 * into a separator and so leave the base path after all. Percent-encoding is otherwise kept as sent.
 */
export function normalisedTarget(target: string): string | undefined {
  const whole = targetPathAndQuery(target);
  const q = whole.indexOf('?');
  const path = q < 0 ? whole : whole.slice(0, q);
  const query = q < 0 ? '' : whole.slice(q);
  const segments = path.split('/').slice(1);
  const out: string[] = [];
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] as string;
    if (/%2f|%5c|\\/i.test(segment)) {
      return undefined;
    }
    const dots = segment.replace(/%2e/gi, '.');
    const last = i === segments.length - 1;
    if (dots === '.' || dots === '..') {
      if (dots === '..') {
        out.pop();
      }
      if (last) {
        out.push('');
      }
      continue;
    }
    out.push(segment);
  }
  return `/${out.join('/')}${query}`;
}

type ForwardedRequest = Pick<Delivery, 'method' | 'target' | 'headers' | 'body'>;

/** Where a request goes: the handler's origin and the request target exactly as it will be sent. */
export interface ForwardTarget {
  /** The scheme, host and port (its path is not used). */
  readonly origin: URL;
  /** Path and query as sent, not normalised (`/./a%7e` stays as it is). */
  readonly path: string;
  /** The two together, for the user to read. */
  readonly href: string;
}

/**
 * Where a delivery goes: the base's path with the delivery's path and query appended, normalised (`normalisedTarget`:
 * `http://localhost:3000/api` + `/hooks?x=1` → `http://localhost:3000/api/hooks?x=1`, and `/../admin` →
 * `http://localhost:3000/api/admin`). Undefined when the base is not an absolute http(s) URL or the path cannot be kept
 * under it.
 */
export function forwardUrl(base: string, target: string): ForwardTarget | undefined {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return undefined;
  }
  const normalised = normalisedTarget(target);
  if (normalised === undefined) {
    return undefined;
  }
  const path = `${url.pathname.replace(/\/+$/, '')}${normalised}`;
  return { origin: url, path, href: `${url.protocol}//${url.host}${path}` };
}

/** Exactly `url` (a URL the user typed). */
export function exactTarget(url: URL): ForwardTarget {
  const path = `${url.pathname}${url.search}`;
  return { origin: url, path, href: `${url.protocol}//${url.host}${path}` };
}

/** Headers of a handler's answer the sender never gets: cookies and CORS grants are for the handler's own site. */
const WITHHELD = /^(set-cookie2?|access-control-[a-z-]+|content-length)$/i;

/** The handler's answer headers passed on to the sender: end-to-end ones, without cookies, CORS or Content-Length. */
export function senderHeaders(headers: readonly RawHeader[]): RawHeader[] {
  return endToEndHeaders(headers).filter(([name]) => !WITHHELD.test(name));
}

/** Reuses connections to the handler (a burst of deliveries does not open one connection each). */
export class Forwarder {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32 });

  /** Sends `request` to `destination` (see `forwardUrl`, `exactTarget`). */
  public send(request: ForwardedRequest, destination: ForwardTarget, options: ForwardOptions): Promise<ForwardOutcome> {
    const url = destination.origin;
    const target = destination.href;
    const started = performance.now();
    const elapsed = (): number => performance.now() - started;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.resolve({ kind: 'failed', target, reason: 'invalidTarget', detail: url.protocol, ms: 0 });
    }
    const headers: string[] = ['Host', url.host];
    const forwarded = options.forwarded;
    const forwardedFor: string[] = [];
    for (const [name, value] of endToEndHeaders(request.headers)) {
      const lower = name.toLowerCase();
      if (forwarded !== undefined && FORWARDED_HEADERS.test(name)) {
        if (lower === 'x-forwarded-for') {
          forwardedFor.push(value);
        }
        continue;
      }
      if (lower !== 'host' && lower !== 'content-length') {
        headers.push(name, value);
      }
    }
    if (forwarded !== undefined) {
      if (forwarded.host !== undefined) {
        headers.push('X-Forwarded-Host', forwarded.host);
      }
      headers.push('X-Forwarded-Proto', forwarded.proto);
      if (forwarded.for !== undefined) {
        forwardedFor.push(forwarded.for);
      }
      if (forwardedFor.length > 0) {
        headers.push('X-Forwarded-For', forwardedFor.join(', '));
      }
    }
    const hasBody = request.body.length > 0 || request.headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
    if (hasBody) {
      headers.push('Content-Length', String(request.body.length));
    }
    const secure = url.protocol === 'https:';
    return new Promise<ForwardOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: ForwardOutcome): void => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          resolve(outcome);
        }
      };
      const fail = (reason: ForwardFailure, detail: string): void => finish({ kind: 'failed', target, reason, detail, ms: elapsed() });
      let req: http.ClientRequest;
      try {
        req = (secure ? https : http).request({
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port === '' ? undefined : Number(url.port),
          method: request.method,
          path: destination.path,
          headers,
          setHost: false,
          agent: secure ? this.httpsAgent : this.httpAgent,
        });
      } catch (error) {
        fail('invalidTarget', error instanceof Error ? error.message : String(error));
        return;
      }
      const timer = setTimeout(() => {
        fail('timeout', `${options.timeoutMs} ms`);
        req.destroy();
      }, options.timeoutMs);
      req.on('error', (error: NodeJS.ErrnoException) => fail(failureOf(error), error.code ?? error.message));
      req.on('response', (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let total = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (kept < options.maxResponseBytes) {
            const part = chunk.subarray(0, options.maxResponseBytes - kept);
            chunks.push(part);
            kept += part.length;
          }
        });
        response.on('error', (error: NodeJS.ErrnoException) => fail(failureOf(error), error.code ?? error.message));
        response.on('aborted', () => fail('reset', 'ECONNRESET'));
        response.on('end', () =>
          finish({
            kind: 'answered',
            target,
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: headerPairs(response.rawHeaders),
            body: Buffer.concat(chunks, kept),
            bodyBytes: total,
            cut: total > kept,
            ms: elapsed(),
          }),
        );
      });
      req.end(hasBody ? request.body : undefined);
    });
  }

  public dispose(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function failureOf(error: NodeJS.ErrnoException): ForwardFailure {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unresolved';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'reset';
    case 'ERR_INVALID_HTTP_TOKEN':
    case 'ERR_INVALID_CHAR':
    case 'ERR_UNESCAPED_CHARACTERS':
      return 'invalidTarget';
    default:
      return 'error';
  }
}
