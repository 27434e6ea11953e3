/**
 * The gateway client: the transport of the contract's list operations (shared/seed/000_6084dae635b311c9.txt) over
 * Node's http/https (in the editor: its proxy-aware networking, see nodeHttp.ts), with typed failures, bounded retries and
 * per-attempt logs. No `vscode` here: the editor's proxy settings that its networking does not apply itself
 * (`http.proxyAuthorization`, `http.proxyStrictSSL`) come in as plain options.
 *
 * Security: the API key goes only into the `x-api-key` header of requests to the configured origin (through a proxy
 * when the editor routes them through one: for http:// the proxy reads the request, for https:// it only relays the
 * encrypted tunnel). Redirects are never followed (Node's client does not follow them; a 3xx becomes an error), and
 * every text that reaches a log or an error passes through `redactSecret`. Proxy credentials go only to a proxy that
 * asked for them, and only in a request the editor routes through that proxy (never to a server reached directly).
 *
 * Failures are `GatewayError`s with typed facts, never sentences: the words are in the view layer
 * (src/text/errorText.ts).
 *
 * It names no resource: a list is described where its resource lives (a `PagedList` read page by page with
 * `listPage`, a `WholeList` read at once with `readList`), so a new list never changes this file.
 */
import type { Agent } from 'node:http';
import { parseBaseUrl } from './baseUrl';
import { GatewayError, type GatewayErrorFacts, type RequestFacts } from './errors';
import { attemptGet, cancelledError, type AttemptOutcome, type AttemptResponse, type ProxyHeaders, type Route } from './http';
import { nodeHttp } from './nodeHttp';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MIN_PAGE_LIMIT, type Page, type PagedList, type PageQuery, type WholeList, type WholeListAnswer } from './model';
import { REDACTED, redactBodyExcerpt, redactHeaders, redactSecret } from './redact';
import { backoffDelayMs, DEFAULT_RETRY, isRetryableStatus, parseRetryAfterMs, sleep, type RetrySettings } from './retry';
import { pageUrls, wholeListRequest } from './requests';
import { loadContractSchemas, parsePage } from './schemas';

/** One per HTTP attempt, for the extension's log channel. */
export interface ExchangeLog {
  readonly method: string;
  /** The request URL: the key redacted, a cursor shown as `<sha256:…>` (its digest's first 12 characters). */
  readonly url: string;
  /** 1-based. */
  readonly attempt: number;
  readonly status?: number;
  readonly durationMs: number;
  /** `host:port` of the proxy the request went through, when the editor routed it through one. */
  readonly proxy?: string;
  /** `x-api-key` (and a Proxy-Authorization) always shown as `[redacted]`. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** When this attempt failed. */
  readonly error?: GatewayError;
  /** When another attempt follows. */
  readonly willRetryInMs?: number;
}

export interface GatewayClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Deadline of one attempt: connect, headers and the whole body. */
  readonly timeoutMs: number;
  readonly userAgent?: string;
  /**
   * The remote machine's name (`vscode.env.remoteName`) when the requests leave from the remote side of a Remote
   * Development window: every error of this client says so (`RequestFacts.sentFrom`). Absent or empty: this machine.
   */
  readonly sentFrom?: string;
  readonly onExchange?: (log: ExchangeLog) => void;
  readonly retry?: {
    readonly maxAttempts?: number;
    readonly baseDelayMs?: number;
    readonly maxDelayMs?: number;
    readonly maxRetryAfterSeconds?: number;
  };
  /** Overrides the per-list caps (`maxPageBodyBytes` of a paged list, `maxBodyBytes` of a whole one) for every request. */
  readonly maxBodyBytes?: number;
  /** The editor's proxy settings its own networking leaves to extensions. */
  readonly proxy?: ProxyOptions;
  /**
   * The key goes over plain HTTP without the user's consent because the requests stay on this machine: each request
   * must go direct; one the editor routes through a proxy is not sent (`invalidRequest`, reason `leavesMachine`).
   */
  readonly directOnly?: boolean;
}

/**
 * `http.proxyAuthorization` and `http.proxyStrictSSL`. VS Code's extension host routes requests through the proxy it
 * resolves, but applies neither of these two settings to them: the client does, and only where a proxy is involved.
 */
export interface ProxyOptions {
  /**
   * The Proxy-Authorization value for an http:// gateway's proxy. Sent only after that proxy answered 407, and then
   * only in requests the editor routes through that same proxy: each request is checked against its own route before
   * it is written (see `AttemptOptions.forProxy`), so a request the editor sends direct never carries it. An https://
   * gateway's tunnel is opened by the editor, which does not send it.
   */
  readonly authorization?: string;
  /**
   * `false`: an https:// gateway reached through a proxy is not checked against trusted certificates (a proxy that
   * inspects TLS presents its own). Applied only while the editor routes this gateway through a proxy; a direct
   * connection is always checked. Default `true`.
   */
  readonly strictSSL?: boolean;
}

const MIB = 1024 * 1024;

/** The envelope of a page around its items: `hasMore`, `limit`, and `nextCursor`, whose length the contract leaves open. */
const PAGE_ENVELOPE_BYTES = 1 * MIB;

/** The largest body read for one page of `list`: a full page (limit 100) of its generous items, plus the envelope. */
export function maxPageBodyBytes(list: PagedList<unknown>): number {
  return MAX_PAGE_LIMIT * list.maxItemBytes + PAGE_ENVELOPE_BYTES;
}

const DEFAULT_USER_AGENT = 'page-gateway-explorer';
/** Characters of a body shown in a detail (after redaction). */
const BODY_EXCERPT_CHARS = 300;
/** Characters of a header value (Location, Content-Type, or any header in a log) shown. */
const HEADER_VALUE_CHARS = 2000;

/** What one attempt came to, before the retry decision. */
type Verdict =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly error: GatewayError;
      readonly retryable: boolean;
      /** From Retry-After, exact (an HTTP-date need not fall on a whole second from now). */
      readonly retryAfterMs?: number;
    };

export class GatewayClient {
  public readonly origin: string;
  private readonly baseHref: string;
  /** `host:port` of every request (they all go under the base URL). */
  private readonly host: string;
  private readonly apiKey: string;
  /** Why the key cannot be sent, if so: checked once, every request fails with it. */
  private readonly keyProblem: 'noKey' | 'keyNotSendable' | undefined;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number | undefined;
  private readonly retry: RetrySettings;
  private readonly onExchange: ((log: ExchangeLog) => void) | undefined;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly loggedHeaders: Readonly<Record<string, string>>;
  private readonly agent: Agent;
  private readonly secure: boolean;
  private readonly proxyAuthorization: string | undefined;
  private readonly proxyStrictSSL: boolean;
  private readonly directOnly: boolean;
  private readonly sentFrom: string | undefined;
  /**
   * `host:port` of the proxy that asked for credentials (407): later requests carry them for that proxy, and are
   * written only if the editor routes them through it.
   */
  private authProxy: string | undefined;
  /** Aborted by `close()`: requests still running end as `cancelled`, later ones are not sent. */
  private readonly closing = new AbortController();

  /** Throws `GatewayError('invalidRequest')` when `baseUrl` is not a usable gateway URL. */
  public constructor(options: GatewayClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    if (!base.ok) {
      throw new GatewayError({ kind: 'invalidRequest', reason: 'badBaseUrl', problem: base.problem });
    }
    this.origin = base.origin;
    this.baseHref = base.href;
    this.host = new URL(base.href).host;
    this.apiKey = options.apiKey;
    this.keyProblem = checkApiKey(options.apiKey);
    this.timeoutMs = positive(options.timeoutMs, 30_000);
    // An unusable override (0, negative, NaN) leaves the per-resource caps in place.
    const override = options.maxBodyBytes;
    this.maxBodyBytes = override !== undefined && Number.isFinite(override) && override > 0 ? override : undefined;
    const retry = options.retry ?? {};
    this.retry = {
      maxAttempts: Math.max(1, Math.floor(positive(retry.maxAttempts, DEFAULT_RETRY.maxAttempts))),
      baseDelayMs: nonNegative(retry.baseDelayMs, DEFAULT_RETRY.baseDelayMs),
      maxDelayMs: nonNegative(retry.maxDelayMs, DEFAULT_RETRY.maxDelayMs),
      maxRetryAfterSeconds: nonNegative(retry.maxRetryAfterSeconds, DEFAULT_RETRY.maxRetryAfterSeconds),
    };
    this.onExchange = options.onExchange;
    this.headers = {
      accept: 'application/json',
      'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
      // Said outright for the editor: its proxy support hands every request a fresh agent of its own that does not
      // keep connections (vscode#173861, vscode#228872), so Node sends `Connection: close` and each page opened a new
      // connection (a TLS handshake per page for https), even with our keep-alive pool behind it. With the header the
      // pool keeps the connection for a direct route; a proxied request still gets one of its own.
      connection: 'keep-alive',
      'x-api-key': options.apiKey,
    };
    this.loggedHeaders = Object.freeze({ ...this.headers, 'x-api-key': REDACTED });
    this.secure = base.origin.startsWith('https:');
    const authorization = options.proxy?.authorization;
    this.proxyAuthorization = authorization !== undefined && authorization.trim() !== '' && !/[\r\n]/.test(authorization) ? authorization.trim() : undefined;
    this.proxyStrictSSL = options.proxy?.strictSSL !== false;
    this.directOnly = options.directOnly === true && !this.secure;
    this.sentFrom = options.sentFrom === undefined || options.sentFrom === '' ? undefined : options.sentFrom;
    // One keep-alive pool per client; the per-attempt deadline in http.ts covers the whole exchange. In the editor, a
    // request routed through a proxy uses the editor's proxy agent instead (and a fresh connection each time).
    const modules = nodeHttp();
    this.agent = this.secure ? new modules.https.Agent({ keepAlive: true }) : new modules.http.Agent({ keepAlive: true });
  }

  /**
   * `GET {base}/{list.path}?limit=…&<filters>&cursor=…`: one page of a paged list. `limit` must be an integer 1–100
   * (checked before any request). A page with more items than the `limit` asked for (20 when none is sent) fails with
   * `invalidResponse` (`reason: 'tooManyItems'`); a body over `maxPageBodyBytes(list)` with `tooLarge`.
   */
  public listPage<T>(list: PagedList<T>, query: PageQuery, signal?: AbortSignal): Promise<Page<T>> {
    const { limit } = query;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < MIN_PAGE_LIMIT || limit > MAX_PAGE_LIMIT)) {
      return Promise.reject(
        new GatewayError({ kind: 'invalidRequest', reason: 'badLimit', limit, minLimit: MIN_PAGE_LIMIT, maxLimit: MAX_PAGE_LIMIT }),
      );
    }
    const { url, shown } = pageUrls(this.baseHref, list.path, query);
    const asked = limit ?? DEFAULT_PAGE_LIMIT;
    return this.get(url, shown, (json) => parsePage(json, asked, list.resource, (raw) => list.checkItem(raw)), maxPageBodyBytes(list), signal);
  }

  /**
   * `GET {base}/{list.path}`: a list the gateway returns whole (no paging), read as `list.parse` reads it (which may
   * keep only the first items and say how many were sent); a body over `list.maxBodyBytes` fails with `tooLarge`.
   */
  public readList<T>(list: WholeList<T>, signal?: AbortSignal): Promise<WholeListAnswer<T>> {
    const { url } = wholeListRequest(this.baseHref, list.path);
    return this.get(url, url, (json) => list.parse(json), list.maxBodyBytes, signal);
  }

  /** Closes the connection pool; requests still running end as `cancelled`, later ones fail as `cancelled`. */
  public close(): Promise<void> {
    this.closing.abort();
    this.agent.destroy();
    return Promise.resolve();
  }

  /** The retry loop (why not a library's retry: see retry.ts). */
  private async get<T>(
    url: string,
    shown: string,
    parse: (json: unknown) => T,
    maxBodyBytes: number,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const keyProblem = this.keyProblem;
    if (keyProblem !== undefined) {
      throw new GatewayError({ kind: 'invalidRequest', reason: keyProblem });
    }
    // Parsing needs the contract's schemas: loaded before the first request of the session, at once after that.
    await loadContractSchemas();
    const shownUrl = redactSecret(shown, this.apiKey);
    const where: RequestFacts = {
      method: 'GET',
      url: shownUrl,
      host: this.host,
      origin: this.origin,
      baseUrl: this.baseHref,
      ...(this.sentFrom === undefined ? {} : { sentFrom: this.sentFrom }),
    };
    if (signal === undefined) {
      return this.attempts(url, shownUrl, where, parse, maxBodyBytes, this.closing.signal);
    }
    // The caller's signal or close(), whichever comes first (a plain forwarder: cheaper than AbortSignal.any).
    const stopper = new AbortController();
    const forward = (): void => stopper.abort();
    if (signal.aborted || this.closing.signal.aborted) {
      stopper.abort();
    }
    signal.addEventListener('abort', forward, { once: true });
    this.closing.signal.addEventListener('abort', forward, { once: true });
    try {
      return await this.attempts(url, shownUrl, where, parse, maxBodyBytes, stopper.signal);
    } finally {
      signal.removeEventListener('abort', forward);
      this.closing.signal.removeEventListener('abort', forward);
    }
  }

  /** The attempts of one call, until one succeeds or no retry is left. */
  private async attempts<T>(
    url: string,
    shownUrl: string,
    where: RequestFacts,
    parse: (json: unknown) => T,
    maxBodyBytes: number,
    stop: AbortSignal,
  ): Promise<T> {
    /** One immediate repeat per call for a proxy's demand (its credentials): not a retry. */
    let repeatedForProxy = false;
    /** Attempts not sent because their route was not the proxy their credentials were for (bounded: see below). */
    let withheld = 0;
    for (let attempt = 1; ; attempt++) {
      if (stop.aborted) {
        throw cancelledError(where);
      }
      const started = performance.now();
      // Twice at most per call (the route changed, then the proxy of the new route asked too): then without.
      const forProxy = withheld < 2 ? this.proxyHeaders() : undefined;
      const outcome = await attemptGet({
        agent: this.agent,
        url,
        where,
        headers: this.headers,
        timeoutMs: this.timeoutMs,
        maxBodyBytes: this.maxBodyBytes ?? maxBodyBytes,
        signal: stop,
        forProxy,
        // Each request is judged by its own route (http.ts): direct ones are always checked.
        lenientTlsViaProxy: this.secure && !this.proxyStrictSSL,
        directOnly: this.directOnly,
      });
      if (!outcome.ok && outcome.withheld === true) {
        // The editor no longer routes this gateway through the proxy that asked: nothing was sent. The same request
        // again at once, without the credentials (a proxy on the new route that wants some answers 407 again).
        this.authProxy = undefined;
        withheld++;
        attempt--;
        continue;
      }
      const sentProxyAuthorization = forProxy !== undefined;
      const route = outcome.ok ? outcome.response.route : outcome.route;
      const proxy = route?.kind === 'proxy' ? route.proxy : undefined;
      const at: RequestFacts = proxy === undefined ? where : { ...where, proxy };
      let verdict: Verdict;
      let parsed: T | undefined;
      if (outcome.ok) {
        verdict = this.judge(outcome.response, at, sentProxyAuthorization);
        if (verdict.ok) {
          try {
            parsed = parse(verdict.value);
          } catch (error: unknown) {
            verdict = { ok: false, error: asGatewayError(error, at), retryable: false };
          }
        }
      } else {
        verdict = outcome;
      }
      const exchange: ExchangeLog = {
        method: 'GET',
        url: shownUrl,
        attempt,
        status: outcome.ok ? outcome.response.status : undefined,
        durationMs: performance.now() - started,
        ...(proxy === undefined ? {} : { proxy }),
        requestHeaders: sentProxyAuthorization ? { ...this.loggedHeaders, 'proxy-authorization': REDACTED } : this.loggedHeaders,
        responseHeaders:
          outcome.ok && this.onExchange !== undefined
            ? redactHeaders(outcome.response.headers, this.apiKey, HEADER_VALUE_CHARS)
            : undefined,
      };
      if (verdict.ok) {
        this.log(exchange);
        return parsed as T;
      }
      const error = this.scrub(verdict.error);
      if (!repeatedForProxy && this.answerProxy(outcome, route, sentProxyAuthorization)) {
        repeatedForProxy = true;
        this.log({ ...exchange, error, willRetryInMs: 0 });
        continue;
      }
      const waitMs = this.retryDelay(verdict, attempt);
      if (waitMs === undefined) {
        const final = attempt > 1 && verdict.retryable ? exhausted(error, attempt) : error;
        this.log({ ...exchange, error: final });
        throw final;
      }
      this.log({ ...exchange, error, willRetryInMs: waitMs });
      await sleep(waitMs, stop, () => cancelledError(where));
    }
  }

  /**
   * Whether a failed attempt was a proxy's demand the client can meet by repeating the request at once: a 407 from the
   * proxy the editor routed an http:// gateway's request through, when `http.proxyAuthorization` is set (the repeat
   * carries it for that proxy).
   */
  private answerProxy(outcome: AttemptOutcome, route: Route | undefined, sentAuthorization: boolean): boolean {
    if (route?.kind !== 'proxy' || !outcome.ok) {
      return false;
    }
    if (outcome.response.status !== 407 || this.secure || sentAuthorization || this.proxyAuthorization === undefined) {
      return false;
    }
    if (route.type !== 'PROXY' && route.type !== 'HTTP' && route.type !== 'HTTPS') {
      return false;
    }
    this.authProxy = route.proxy;
    return true;
  }

  /** The credentials for the proxy that asked for them, when there is one (http:// gateways only). */
  private proxyHeaders(): ProxyHeaders | undefined {
    if (this.secure || this.authProxy === undefined || this.proxyAuthorization === undefined) {
      return undefined;
    }
    return { proxy: this.authProxy, headers: { 'proxy-authorization': this.proxyAuthorization } };
  }

  /** Milliseconds to wait before another attempt, or `undefined` when there is none. */
  private retryDelay(verdict: Verdict & { ok: false }, attempt: number): number | undefined {
    if (!verdict.retryable || attempt >= this.retry.maxAttempts) {
      return undefined;
    }
    const retryAfterMs = verdict.retryAfterMs;
    if (retryAfterMs !== undefined) {
      return retryAfterMs > this.retry.maxRetryAfterSeconds * 1000 ? undefined : retryAfterMs;
    }
    return backoffDelayMs(attempt, this.retry);
  }

  /** Turns a complete HTTP answer into a JSON value or a typed failure. */
  private judge(response: AttemptResponse, where: RequestFacts, sentProxyAuthorization: boolean): Verdict {
    const { status, headers } = response;
    const key = this.apiKey;
    if (status === 200) {
      return parseJson(response, where, key);
    }
    const retryAfterMs = parseRetryAfterMs(headers['retry-after']);
    const retryable = isRetryableStatus(status);
    const detail = redactBodyExcerpt(response.body, key, BODY_EXCERPT_CHARS);
    const fail = (facts: GatewayErrorFacts): Verdict => ({
      ok: false,
      retryable,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      error: new GatewayError(facts, { detail }),
    });
    if (status === 401 || status === 403) {
      return fail({ kind: 'unauthorized', ...where, status });
    }
    if (status === 429 || status >= 500) {
      const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
      const wait =
        retryAfterSeconds === undefined
          ? {}
          : {
              retryAfterSeconds,
              retryAfterTooLong: retryAfterMs !== undefined && retryAfterMs > this.retry.maxRetryAfterSeconds * 1000,
              maxRetryAfterSeconds: this.retry.maxRetryAfterSeconds,
            };
      return fail({ kind: status === 429 ? 'rateLimited' : 'server', ...where, status, ...wait });
    }
    if (status >= 300 && status < 400) {
      const location = headers.location;
      return {
        ok: false,
        retryable: false,
        error: new GatewayError(
          {
            kind: 'http',
            ...where,
            status,
            redirect: location !== undefined,
            ...(location === undefined
              ? {}
              : { location: redactSecret(resolveLocation(location, where.url ?? ''), key, HEADER_VALUE_CHARS) }),
          },
          { detail: location === undefined ? undefined : redactSecret(location, key, HEADER_VALUE_CHARS) },
        ),
      };
    }
    const proxyAuthorization = status === 407 && sentProxyAuthorization ? { proxyAuthorizationSent: true } : {};
    return { ok: false, retryable: false, error: new GatewayError({ kind: 'http', ...where, status, ...proxyAuthorization }, { detail }) };
  }

  /** The same error with the key removed from its message, facts and detail (a gateway could echo it back). */
  private scrub(error: GatewayError): GatewayError {
    const key = this.apiKey;
    const facts = redactFacts(error.facts, key);
    const detail = error.detail === undefined ? undefined : redactSecret(error.detail, key);
    const message = redactSecret(error.message, key);
    if (facts === error.facts && detail === error.detail && message === error.message) {
      return error;
    }
    return error.derivedMessage
      ? new GatewayError(facts, { detail })
      : new GatewayError(error.kind, message, { status: error.status, retryAfterSeconds: error.retryAfterSeconds, detail });
  }

  private log(entry: ExchangeLog): void {
    if (this.onExchange === undefined) {
      return;
    }
    try {
      this.onExchange(entry);
    } catch {
      // A failing log sink must not break the request.
    }
  }
}

function parseJson(response: AttemptResponse, where: RequestFacts, key: string): Verdict {
  let text = response.body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // The parser's own message is left out (and not kept as the cause): it quotes a snippet of the body, cut where
    // redaction could no longer recognize the key.
    const type = response.headers['content-type'];
    return {
      ok: false,
      retryable: false,
      error: new GatewayError(
        {
          kind: 'invalidJson',
          ...where,
          status: response.status,
          bodyBytes: response.body.length,
          ...(type === undefined ? {} : { contentType: redactSecret(type, key, HEADER_VALUE_CHARS) }),
        },
        { detail: redactBodyExcerpt(response.body, key, BODY_EXCERPT_CHARS) ?? '' },
      ),
    };
  }
}

/** The final error after every attempt was used on a retryable failure. */
function exhausted(error: GatewayError, attempts: number): GatewayError {
  if (!error.derivedMessage || error.facts.kind === 'invalidRequest') {
    return error;
  }
  return new GatewayError({ ...error.facts, attempts }, { detail: error.detail, cause: error.cause });
}

/** Facts with the key removed from every text field (the same object when nothing changed). */
function redactFacts(facts: GatewayErrorFacts, key: string): GatewayErrorFacts {
  let changed = false;
  const copy: Record<string, unknown> = { ...facts };
  for (const name of Object.keys(copy)) {
    const value = copy[name];
    if (typeof value === 'string') {
      const clean = redactSecret(value, key);
      if (clean !== value) {
        copy[name] = clean;
        changed = true;
      }
    }
  }
  return changed ? (copy as unknown as GatewayErrorFacts) : facts;
}

function resolveLocation(location: string, url: string): string {
  try {
    return new URL(location, url).href;
  } catch {
    return JSON.stringify(location);
  }
}

function checkApiKey(key: string): 'noKey' | 'keyNotSendable' | undefined {
  if (key.trim() === '') {
    return 'noKey';
  }
  // Control characters cannot travel in a header; say so without echoing the key.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key) || /[^\u0000-\u00ff]/.test(key)) {
    return 'keyNotSendable';
  }
  return undefined;
}

function asGatewayError(error: unknown, where: RequestFacts): GatewayError {
  if (error instanceof GatewayError) {
    // The parsers know nothing of the request: add where it went.
    return error.derivedMessage && error.facts.kind !== 'invalidRequest'
      ? new GatewayError({ ...error.facts, ...where }, { detail: error.detail, cause: error.cause })
      : error;
  }
  return new GatewayError(
    { kind: 'invalidResponse', ...where, reason: 'unreadable' },
    { detail: error instanceof Error ? error.message : String(error), cause: error },
  );
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}
