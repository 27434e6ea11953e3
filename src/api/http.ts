/**
 * One HTTP attempt: a GET through Node's `http`/`https` modules (in the editor: its proxy-aware versions, see
 * nodeHttp.ts) with a deadline covering the whole exchange (proxy, connect, TLS, headers and body), a body size cap,
 * and cancellation. Redirects are never followed (Node's client does not follow them). Network failures become
 * `GatewayError`s with typed facts (reason, code, host, proxy, timeout); the caller decides about retries (see
 * retry.ts) from `retryable`. Each outcome also says how the editor routed the request (`route`), when it said so.
 */
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { GatewayError, type GatewayErrorFacts, type NetworkReason, type RequestFacts } from './errors';
import { nodeHttp } from './nodeHttp';

/**
 * How the editor routed a request, from the `proxy` event its networking emits: `direct`, or through a proxy whose
 * `host:port` is given without credentials. Absent outside the editor, and when no connection was attempted.
 */
export type Route =
  | { readonly kind: 'direct' }
  | {
      readonly kind: 'proxy';
      /** The PAC-style type: `PROXY`/`HTTP` (a plain-HTTP proxy), `HTTPS` (a TLS proxy), `SOCKS`… */
      readonly type: string;
      /** `host:port`, credentials removed. */
      readonly proxy: string;
    };

export interface AttemptOptions {
  /** A keep-alive pool of the URL's scheme (`http.Agent` for http:, `https.Agent` for https:). */
  readonly agent: Agent;
  readonly url: string;
  /** What errors say about the request (URL as shown, origin…); default: method, `url` and its host. */
  readonly where?: RequestFacts;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly signal?: AbortSignal;
  /**
   * Headers meant for a proxy that reads the request (`Proxy-Authorization`), sent only when the editor routes this
   * very request through that proxy: a `PROXY`, `HTTP` or `HTTPS` route naming `proxy` (`host:port`). A request whose
   * route is anything else (direct, SOCKS, another proxy, or not announced before its connection is ready) is not
   * written at all: the outcome is `withheld`, and nothing reached the network with these headers. http: URLs only
   * (through a tunnel to an https: gateway, headers go to the gateway).
   */
  readonly forProxy?: ProxyHeaders;
  /**
   * https: accept a certificate nothing trusts when, and only when, the editor routes this very request through a proxy
   * (`http.proxyStrictSSL` off: a proxy that inspects TLS presents its own). Decided from this request's own route: a
   * request that goes direct, or whose route the editor did not announce before the handshake ended, is checked as
   * always, and nothing is sent over a connection that fails the check. Default false.
   */
  readonly lenientTlsViaProxy?: boolean;
  /**
   * Plain HTTP sent without the user's consent because it stays on this machine: a request the editor routes through a
   * proxy (which would read it) is not written; it fails with `invalidRequest`, reason `leavesMachine`. A route not
   * announced is direct (only the editor's proxy support sends requests to a proxy).
   */
  readonly directOnly?: boolean;
}

export interface ProxyHeaders {
  /** `host:port` of the proxy, as the editor names it in a route (`Route.proxy`). */
  readonly proxy: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface AttemptResponse {
  readonly status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly route?: Route;
}

export type AttemptOutcome =
  | { readonly ok: true; readonly response: AttemptResponse }
  | {
      readonly ok: false;
      readonly error: GatewayError;
      readonly retryable: boolean;
      readonly route?: Route;
      /** Not sent: its route was not the proxy its `forProxy` headers are for (see `AttemptOptions.forProxy`). */
      readonly withheld?: true;
    };

type Failure = Extract<AttemptOutcome, { ok: false }>;

/** Performs one GET. Never throws: every failure is an outcome. */
export function attemptGet(options: AttemptOptions): Promise<AttemptOutcome> {
  const { signal, timeoutMs, maxBodyBytes } = options;
  const where: RequestFacts = options.where ?? { method: 'GET', url: options.url, host: hostOf(options.url) };
  if (signal?.aborted === true) {
    return Promise.resolve({ ok: false, error: cancelledError(where), retryable: false });
  }
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let route: Route | undefined;
    /** The editor's own error when it could not reach the proxy (its request error then has no code). */
    let proxyError: unknown;
    let request: ClientRequest | undefined;
    let response: IncomingMessage | undefined;
    const finish = (outcome: AttemptOutcome): void => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(route === undefined ? outcome : outcome.ok ? { ok: true, response: { ...outcome.response, route } } : { ...outcome, route });
    };
    /** Ends the exchange and closes its connection (a late socket error is expected and ignored). */
    const close = (): void => {
      response?.destroy();
      request?.destroy();
    };
    const fail = (error: unknown): void => {
      finish(networkFailure(route === undefined || route.kind === 'direct' ? where : { ...where, proxy: route.proxy }, timeoutMs, error, proxyError !== undefined));
    };
    const onAbort = (): void => {
      finish({ ok: false, error: cancelledError(where), retryable: false });
      close();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      finish({ ok: false, error: timeoutError(route?.kind === 'proxy' ? { ...where, proxy: route.proxy } : where, timeoutMs, undefined), retryable: false });
      close();
    }, timeoutMs);

    let target: URL;
    try {
      target = new URL(options.url);
    } catch (error: unknown) {
      fail(error);
      return;
    }
    const secure = target.protocol === 'https:';
    const forProxy = secure ? undefined : options.forProxy;
    const lenient = secure && options.lenientTlsViaProxy === true;
    const requestOptions: RequestOptions & { rejectUnauthorized?: boolean } = {
      method: 'GET',
      // Said outright: the editor's proxy agent (agent-base) otherwise tells http from https by reading a stack trace,
      // twice per request (its cost is in docs/performance.md).
      protocol: target.protocol,
      agent: options.agent,
      hostname: unbracket(target.hostname),
      port: target.port === '' ? (secure ? 443 : 80) : Number(target.port),
      path: `${target.pathname}${target.search}`,
      // The proxy's headers go in with the others: the editor's proxy agent writes them to the proxy with the request
      // line; on any other route the request is stopped before a byte of it is written (below).
      headers: forProxy === undefined ? options.headers : { ...options.headers, ...forProxy.headers },
    };
    if (lenient) {
      // Node's own check is off for this request; the one below applies it again unless this request's route is a proxy.
      requestOptions.rejectUnauthorized = false;
    }
    const modules = nodeHttp();
    try {
      request = (secure ? modules.https : modules.http).request(requestOptions);
    } catch (error: unknown) {
      fail(error);
      return;
    }
    /** Stops a request carrying a proxy's headers whose route is not that proxy, before anything is written. */
    const withholdUnlessRoutedTo = (proxyHeaders: ProxyHeaders): void => {
      if (settled || isRouteTo(route, proxyHeaders.proxy)) {
        return;
      }
      finish({ ok: false, error: withheldError(where), retryable: false, withheld: true });
      close();
    };
    /** Stops a request that must go direct when its route is a proxy, before anything is written. */
    const stopIfProxied = (): void => {
      if (!settled && route?.kind === 'proxy') {
        finish({ ok: false, error: new GatewayError({ kind: 'invalidRequest', reason: 'leavesMachine', proxy: route.proxy }), retryable: false });
        close();
      }
    };
    request.on('proxy', (info: unknown) => {
      route = parseRoute(info);
      const error = (info as { error?: unknown } | null)?.error;
      if (options.directOnly === true) {
        stopIfProxied();
      }
      if (error !== undefined) {
        proxyError = error;
      } else if (forProxy !== undefined && route !== undefined) {
        withholdUnlessRoutedTo(forProxy);
      }
    });
    if (options.directOnly === true) {
      request.on('socket', stopIfProxied);
    }
    if (forProxy !== undefined) {
      // Node writes the request only after this event: a route not announced by now is not a proxy's.
      request.on('socket', () => withholdUnlessRoutedTo(forProxy));
    }
    if (lenient) {
      request.on('socket', (socket: Socket) => checkUnlessProxied(socket, () => route));
    }
    request.on('error', (error: Error) => fail(proxyError ?? error));
    request.on('response', (answer: IncomingMessage) => {
      response = answer;
      if (settled) {
        close();
        return;
      }
      const headers = flattenHeaders(answer.headers);
      const declared = headers['content-length'];
      if (declared !== undefined && Number(declared) > maxBodyBytes) {
        finish({ ok: false, error: tooLargeError(where, maxBodyBytes, Number(declared)), retryable: false });
        close();
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      answer.on('data', (chunk: Buffer) => {
        if (settled) {
          return;
        }
        total += chunk.length;
        if (total > maxBodyBytes) {
          finish({ ok: false, error: tooLargeError(where, maxBodyBytes), retryable: false });
          close();
          return;
        }
        chunks.push(chunk);
      });
      answer.on('end', () => {
        const body = chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, total);
        finish({ ok: true, response: { status: answer.statusCode ?? 0, headers, body } });
      });
      answer.on('error', (error: Error) => fail(error));
      answer.on('close', () => {
        if (!answer.complete) {
          fail(new EarlyCloseError());
        }
      });
    });
    request.end();
  });
}

/**
 * The certificate check Node makes with `rejectUnauthorized`, made for a request whose certificate may be accepted
 * only through a proxy: once the handshake is done (at once for a connection already open), a connection whose route
 * is not a proxy and whose certificate is not trusted is destroyed with the TLS error, in the same event as Node's own
 * check, before the request is written to it.
 */
function checkUnlessProxied(socket: Socket, route: () => Route | undefined): void {
  const tls = socket as Partial<TLSSocket>;
  const check = (): void => {
    if (route()?.kind === 'proxy' || tls.authorized === true) {
      return;
    }
    const reason: unknown = tls.authorizationError;
    const code = reason === undefined || reason === null ? 'CERT_NOT_CHECKED' : reason instanceof Error ? String((reason as { code?: unknown }).code ?? reason.message) : String(reason);
    socket.destroy(Object.assign(new Error(`the server's certificate is not trusted (${code})`), { code })); // l10n-ignore: an internal error (its code is the fact)
  };
  // Before its handshake a TLS socket is not authorized and has no authorization error (null).
  if (tls.authorized === true || (tls.authorizationError !== undefined && tls.authorizationError !== null)) {
    check();
  } else {
    socket.once('secureConnect', check);
  }
}

/**
 * Whether `route` goes through the proxy `proxy` (`host:port`) as a proxy that reads each request: `PROXY`, `HTTP` or
 * `HTTPS` (a TLS connection to the proxy). A SOCKS proxy only relays bytes to the server, so it does not count.
 */
export function isRouteTo(route: Route | undefined, proxy: string): boolean {
  return (
    route?.kind === 'proxy' &&
    (route.type === 'PROXY' || route.type === 'HTTP' || route.type === 'HTTPS') &&
    route.proxy.toLowerCase() === proxy.toLowerCase()
  );
}

/** The failure of a request that was not sent (`withheld`); the client sends it again without the proxy's headers. */
function withheldError(where: RequestFacts): GatewayError {
  return new GatewayError({ kind: 'cancelled', ...where });
}

export function cancelledError(where: RequestFacts = {}): GatewayError {
  return new GatewayError({ kind: 'cancelled', ...where });
}

/** Thrown when the stream closes before its end without an error of its own. */
class EarlyCloseError extends Error {
  public readonly code = 'ECONNRESET';
  public constructor() {
    super('the connection closed before the end of the answer'); // l10n-ignore: an internal error (its code is the fact)
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}

/** `host:port` as shown to the user. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function tooLargeError(where: RequestFacts, maxBytes: number, declaredBytes?: number): GatewayError {
  return new GatewayError(
    { kind: 'tooLarge', ...where, maxBytes, ...(declaredBytes === undefined ? {} : { declaredBytes }) },
  );
}

function timeoutError(where: RequestFacts, timeoutMs: number, networkCode: string | undefined): GatewayError {
  return new GatewayError(
    { kind: 'timeout', ...where, timeoutMs, ...(networkCode === undefined ? {} : { networkCode }) },
  );
}

const RESET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE']);
const DNS_CODES: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      return code;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The group a connection-level failure with this code belongs to (timeouts are handled before). */
function networkReason(code: string | undefined): NetworkReason {
  if (code === undefined) {
    return 'other';
  }
  if (RESET_CODES.has(code)) {
    return 'reset';
  }
  if (code === 'ECONNREFUSED') {
    return 'refused';
  }
  if (DNS_CODES.has(code)) {
    return 'dns';
  }
  if (UNREACHABLE_CODES.has(code)) {
    return 'unreachable';
  }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_|EPROTO/.test(code)) {
    return 'tls';
  }
  if (code.startsWith('HPE_')) {
    return 'notHttp';
  }
  return 'other';
}

/**
 * `fromProxy`: the error came from the editor's proxy connection (its `proxy` event). Unless it is a TLS failure
 * (then the gateway's certificate, seen through the tunnel, is the likely cause) the proxy itself could not be reached
 * or refused the tunnel, and the gateway was never asked: `atProxy`.
 */
function networkFailure(where: RequestFacts, timeoutMs: number, error: unknown, fromProxy: boolean): Failure {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const detail = code === undefined ? message : `${code}: ${message}`;
  if (code === 'ETIMEDOUT') {
    return { ok: false, error: timeoutError(where, timeoutMs, code), retryable: false };
  }
  const reason = networkReason(code);
  const facts: GatewayErrorFacts = {
    kind: 'network',
    ...where,
    reason,
    ...(code === undefined ? { systemMessage: message } : { networkCode: code }),
    ...(fromProxy && reason !== 'tls' && where.proxy !== undefined ? { atProxy: true } : {}),
  };
  // No `cause` for answers that were not HTTP: Node's parser errors carry the raw bytes the server sent.
  const cause = reason === 'notHttp' ? undefined : error;
  return { ok: false, error: new GatewayError(facts, { detail, cause }), retryable: reason === 'reset' };
}

/** Reads the editor's `proxy` event: `{ proxy: 'DIRECT' | 'PROXY host:port' | …, socket?, error? }`. */
export function parseRoute(info: unknown): Route | undefined {
  const text = (info as { proxy?: unknown } | null)?.proxy;
  if (typeof text !== 'string') {
    return undefined;
  }
  const [type = '', target = ''] = text.trim().split(/\s+/);
  if (type.toUpperCase() === 'DIRECT' || target === '') {
    return { kind: 'direct' };
  }
  // A PAC result or a proxy URL may carry credentials (user:password@host:port): never keep them.
  return { kind: 'proxy', type: type.toUpperCase(), proxy: target.slice(target.lastIndexOf('@') + 1) };
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
