/**
 * Sends a delivery on to a handler: the same method, the end-to-end headers in their order (hop-by-hop ones dropped,
 * `Host` rewritten to the handler's, `Content-Length` set to the body sent) and the body byte for byte. The answer is
 * read up to `maxResponseBytes` (cut and marked beyond), and a redirect is recorded, never followed. Every outcome is
 * a record, never an exception: refused, timed out, unresolvable, reset. Nothing is added to the request (no key, no
 * header of the gateway's). No `vscode` import.
 */
// l10n-ignore-file: HTTP protocol text (status lines, header names, error codes) and shell commands, never shown as words
import * as http from 'node:http';
import * as https from 'node:https';
import type { Delivery, ForwardFailure, ForwardOutcome } from './delivery';
import { targetPathAndQuery } from './delivery';
import { endToEndHeaders, headerPairs } from './hopByHop';

export interface ForwardOptions {
  /** The answer must be complete within this time, or the outcome is `timeout`. */
  readonly timeoutMs: number;
  /** Bytes of the answer kept (the rest is read and counted). */
  readonly maxResponseBytes: number;
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
 * Where a delivery goes: the base's path with the delivery's path and query appended, as they came
 * (`http://localhost:3000/api` + `/hooks?x=1` → `http://localhost:3000/api/hooks?x=1`). Undefined when the base is
 * not an absolute http(s) URL.
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
  const path = `${url.pathname.replace(/\/+$/, '')}${targetPathAndQuery(target)}`;
  return { origin: url, path, href: `${url.protocol}//${url.host}${path}` };
}

/** Exactly `url` (a URL the user typed). */
export function exactTarget(url: URL): ForwardTarget {
  const path = `${url.pathname}${url.search}`;
  return { origin: url, path, href: `${url.protocol}//${url.host}${path}` };
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
    for (const [name, value] of endToEndHeaders(request.headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'host' && lower !== 'content-length') {
        headers.push(name, value);
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
