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
 *
 * This file is the request and its attempts (one connection pool per client, the body limit of each list, retries,
 * the proxy's demand for credentials, the per-attempt log). What an answer comes to is responseVerdict.ts; the
 * errors made final (where, redaction, attempts) clientErrors.ts; the options and how they are read
 * clientSettings.ts; the proxy credentials proxyCredentials.ts; one attempt on the wire http.ts.
 */
import type { Agent } from 'node:http';
import { parseBaseUrl } from './baseUrl';
import { asGatewayError, exhausted, scrubError } from './clientErrors';
import { checkApiKey, positive, readMaxBodyBytes, readRetry, type ExchangeLog, type GatewayClientOptions } from './clientSettings';
import { GatewayError, type RequestFacts } from './errors';
import { attemptGet, cancelledError } from './http';
import { nodeHttp } from './nodeHttp';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MIN_PAGE_LIMIT, type Page, type PagedList, type PageQuery, type WholeList, type WholeListAnswer } from './model';
import { ProxyCredentials } from './proxyCredentials';
import { REDACTED, redactHeaders, redactSecret } from './redact';
import { HEADER_VALUE_CHARS, judgeResponse, type Verdict } from './responseVerdict';
import { backoffDelayMs, sleep, type RetrySettings } from './retry';
import { pageUrls, wholeListRequest } from './requests';
import { loadContractSchemas, parsePage } from './schemas';

export type { ExchangeLog, GatewayClientOptions, ProxyOptions } from './clientSettings';

const MIB = 1024 * 1024;

/** The envelope of a page around its items: `hasMore`, `limit`, and `nextCursor`, whose length the contract leaves open. */
const PAGE_ENVELOPE_BYTES = 1 * MIB;

/** The largest body read for one page of `list`: a full page (limit 100) of its generous items, plus the envelope. */
export function maxPageBodyBytes(list: PagedList<unknown>): number {
  return MAX_PAGE_LIMIT * list.maxItemBytes + PAGE_ENVELOPE_BYTES;
}

const DEFAULT_USER_AGENT = 'page-gateway-explorer';

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
  private readonly proxyStrictSSL: boolean;
  private readonly directOnly: boolean;
  private readonly sentFrom: string | undefined;
  /** `http.proxyAuthorization`, for the proxy that asked for it (407). */
  private readonly proxyCredentials: ProxyCredentials;
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
    this.maxBodyBytes = readMaxBodyBytes(options.maxBodyBytes);
    this.retry = readRetry(options.retry);
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
    this.proxyCredentials = new ProxyCredentials(this.secure, options.proxy?.authorization);
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
      const forProxy = withheld < 2 ? this.proxyCredentials.headers() : undefined;
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
        this.proxyCredentials.forget();
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
        verdict = judgeResponse(outcome.response, at, this.apiKey, this.retry.maxRetryAfterSeconds, sentProxyAuthorization);
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
      const error = scrubError(verdict.error, this.apiKey);
      if (!repeatedForProxy && this.proxyCredentials.answer(outcome, route, sentProxyAuthorization)) {
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
