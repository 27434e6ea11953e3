/**
 * The gateway client: the two list operations of the contract (shared/seed/000_6084dae635b311c9.txt) over undici,
 * with typed failures, bounded retries and per-attempt logs. No `vscode` here.
 *
 * Security: the API key goes only into the `x-api-key` header of requests to the configured origin. Redirects are
 * never followed (undici's `request` does not follow them; a 3xx becomes an error), and every text that reaches a log
 * or an error passes through `redactSecret`.
 */
import type { Agent } from 'undici';
import { undici } from './undiciModule';
import { apiUrl, parseBaseUrl } from './baseUrl';
import { GatewayError } from './errors';
import { attemptGet, cancelledError, type AttemptResponse } from './http';
import type { CheckedWebhook, PageGroupPage, PageGroupQuery } from './model';
import { REDACTED, redactHeaders, redactSecret } from './redact';
import { backoffDelayMs, DEFAULT_RETRY, isRetryableStatus, parseRetryAfterMs, sleep, type RetrySettings } from './retry';
import { parsePageGroupPage, parseWebhookList } from './schemas';

export type { CheckedWebhook } from './model';

/** One per HTTP attempt, for the extension's log channel. */
export interface ExchangeLog {
  readonly method: string;
  /** Full URL (no secrets in it). */
  readonly url: string;
  /** 1-based. */
  readonly attempt: number;
  readonly status?: number;
  readonly durationMs: number;
  /** `x-api-key` always shown as `[redacted]`. */
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
  readonly onExchange?: (log: ExchangeLog) => void;
  readonly retry?: {
    readonly maxAttempts?: number;
    readonly baseDelayMs?: number;
    readonly maxDelayMs?: number;
    readonly maxRetryAfterSeconds?: number;
  };
  /** Default 10 MiB. */
  readonly maxBodyBytes?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
const DEFAULT_USER_AGENT = 'page-gateway-explorer';
const SET_KEY = '“Page Gateway: Set API Key…”';
const SET_URL = '“Page Gateway: Set Gateway URL…”';

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
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly retry: RetrySettings;
  private readonly onExchange: ((log: ExchangeLog) => void) | undefined;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly loggedHeaders: Readonly<Record<string, string>>;
  private readonly agent: Agent;

  /** Throws `GatewayError('invalidRequest')` when `baseUrl` is not a usable gateway URL. */
  public constructor(options: GatewayClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    if (!base.ok) {
      throw new GatewayError('invalidRequest', base.reason);
    }
    this.origin = base.origin;
    this.baseHref = base.href;
    this.apiKey = options.apiKey;
    this.timeoutMs = positive(options.timeoutMs, 30_000);
    this.maxBodyBytes = positive(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
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
      'x-api-key': options.apiKey,
    };
    this.loggedHeaders = Object.freeze({ ...this.headers, 'x-api-key': REDACTED });
    // One keep-alive pool per client. undici's own header/body timers are off: the per-attempt deadline in http.ts
    // covers the whole exchange, and the settings allow more than undici's 300 s defaults.
    this.agent = new (undici().Agent)({ connect: { timeout: this.timeoutMs }, headersTimeout: 0, bodyTimeout: 0 });
  }

  /** `GET {base}/v0/page_groups`. `limit` must be an integer 1–100 (checked before any request). */
  public listPageGroups(query: PageGroupQuery, signal?: AbortSignal): Promise<PageGroupPage> {
    const { limit } = query;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
      return Promise.reject(
        new GatewayError(
          'invalidRequest',
          `The page size must be a whole number from 1 to 100 (got ${String(limit)}). Check the setting ` +
            '`pageGateway.pageSize`.',
        ),
      );
    }
    const url = apiUrl(this.baseHref, 'v0/page_groups', { limit, status: query.status, cursor: query.cursor });
    return this.get(url, parsePageGroupPage, signal);
  }

  /** `GET {base}/v0/webhook_subscriptions`: the whole list (the contract has no paging for it). */
  public listWebhookSubscriptions(signal?: AbortSignal): Promise<readonly CheckedWebhook[]> {
    return this.get(apiUrl(this.baseHref, 'v0/webhook_subscriptions'), parseWebhookList, signal);
  }

  /** Closes the connection pool; requests still running end as `cancelled`. */
  public async close(): Promise<void> {
    await this.agent.close();
  }

  /** The retry loop (why not undici's RetryAgent: see retry.ts). */
  private async get<T>(url: string, parse: (json: unknown) => T, signal: AbortSignal | undefined): Promise<T> {
    const keyProblem = checkApiKey(this.apiKey);
    if (keyProblem !== undefined) {
      throw new GatewayError('invalidRequest', keyProblem);
    }
    const shownUrl = redactSecret(url, this.apiKey);
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted === true) {
        throw cancelledError();
      }
      const started = performance.now();
      const outcome = await attemptGet({
        dispatcher: this.agent,
        url,
        headers: this.headers,
        timeoutMs: this.timeoutMs,
        maxBodyBytes: this.maxBodyBytes,
        signal,
      });
      let verdict: Verdict;
      let parsed: T | undefined;
      if (outcome.ok) {
        verdict = this.judge(outcome.response, shownUrl);
        if (verdict.ok) {
          try {
            parsed = parse(verdict.value);
          } catch (error: unknown) {
            verdict = { ok: false, error: asGatewayError(error), retryable: false };
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
        requestHeaders: this.loggedHeaders,
        responseHeaders:
          outcome.ok && this.onExchange !== undefined ? redactHeaders(outcome.response.headers, this.apiKey) : undefined,
      };
      if (verdict.ok) {
        this.log(exchange);
        return parsed as T;
      }
      const error = this.scrub(verdict.error);
      const waitMs = this.retryDelay(verdict, attempt);
      if (waitMs === undefined) {
        const final = attempt > 1 && verdict.retryable ? this.exhausted(error, attempt) : error;
        this.log({ ...exchange, error: final });
        throw final;
      }
      this.log({ ...exchange, error, willRetryInMs: waitMs });
      await sleep(waitMs, signal, cancelledError);
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

  /** Turns a complete HTTP answer into a JSON value or a typed failure. */
  private judge(response: AttemptResponse, url: string): Verdict {
    const { status, headers } = response;
    if (status === 200) {
      return parseJson(response, url);
    }
    const retryAfterMs = parseRetryAfterMs(headers['retry-after']);
    const retryAfterSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
    const retryable = isRetryableStatus(status);
    const tooLong = retryAfterMs !== undefined && retryAfterMs > this.retry.maxRetryAfterSeconds * 1000;
    if (status === 401) {
      return {
        ok: false,
        retryable,
        error: new GatewayError('unauthorized', `The gateway rejected the API key (HTTP 401). Set a valid key with ${SET_KEY}.`, {
          status,
          detail: bodyExcerpt(response.body),
        }),
      };
    }
    if (status === 403) {
      return {
        ok: false,
        retryable,
        error: new GatewayError(
          'unauthorized',
          `The gateway refused access with this API key (HTTP 403). Check that the key may read this gateway, or set ` +
            `another with ${SET_KEY}.`,
          { status, detail: bodyExcerpt(response.body) },
        ),
      };
    }
    if (status === 429) {
      const message =
        retryAfterSeconds === undefined
          ? 'The gateway is limiting the request rate (HTTP 429). Wait a moment and try again.'
          : tooLong
            ? `The gateway is limiting the request rate (HTTP 429) and asked to wait ${retryAfterSeconds} s, longer ` +
              `than the ${this.retry.maxRetryAfterSeconds} s this extension waits on its own. Try again in ` +
              `${waitText(retryAfterSeconds)}.`
            : `The gateway is limiting the request rate (HTTP 429; it asked to wait ${retryAfterSeconds} s). Wait a ` +
              'moment and try again.';
      return {
        ok: false,
        retryable,
        retryAfterMs,
        error: new GatewayError('rateLimited', message, { status, retryAfterSeconds, detail: bodyExcerpt(response.body) }),
      };
    }
    if (status >= 500) {
      const when =
        tooLong && retryAfterSeconds !== undefined
          ? `It asked to wait ${retryAfterSeconds} s: try again in ${waitText(retryAfterSeconds)}`
          : 'Try again later';
      return {
        ok: false,
        retryable,
        retryAfterMs,
        error: new GatewayError(
          'server',
          `The gateway had a server error (HTTP ${status}). ${when}; if it persists, check the gateway's health or ` +
            'contact its operators.',
          { status, retryAfterSeconds, detail: bodyExcerpt(response.body) },
        ),
      };
    }
    if (status >= 300 && status < 400) {
      const location = headers.location;
      const target = location === undefined ? 'no Location header' : resolveLocation(location, url);
      return {
        ok: false,
        retryable: false,
        error: new GatewayError(
          'http',
          `The gateway answered HTTP ${status}, a redirect to ${target}. It was not followed, so the API key stays ` +
            `with ${this.origin}. If the gateway has moved, set its new address with ${SET_URL}.`,
          { status, detail: location === undefined ? undefined : `Location: ${location}` },
        ),
      };
    }
    return {
      ok: false,
      retryable: false,
      error: new GatewayError('http', `The gateway answered HTTP ${status} to GET ${url}. ${statusHint(status, this.baseHref)}`, {
        status,
        detail: bodyExcerpt(response.body),
      }),
    };
  }

  /** The final error after every attempt was used on a retryable failure. */
  private exhausted(error: GatewayError, attempts: number): GatewayError {
    return new GatewayError(error.kind, `${error.message} (Gave up after ${attempts} attempts.)`, {
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds,
      detail: error.detail,
      cause: error.cause,
    });
  }

  /** The same error with the key removed from its message and detail (a gateway could echo it back). */
  private scrub(error: GatewayError): GatewayError {
    const message = redactSecret(error.message, this.apiKey);
    const detail = error.detail === undefined ? undefined : redactSecret(error.detail, this.apiKey);
    if (message === error.message && detail === error.detail) {
      return error;
    }
    return new GatewayError(error.kind, message, {
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds,
      detail,
    });
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

function parseJson(response: AttemptResponse, url: string): Verdict {
  let text = response.body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    const type = response.headers['content-type'];
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      retryable: false,
      error: new GatewayError(
        'invalidJson',
        `The gateway's answer to GET ${url} is not valid JSON${type === undefined ? '' : ` (content type ${type})`}. ` +
          `Check that the gateway URL points at a Page Gateway and not at a web page or a proxy.`,
        { status: response.status, detail: `${reason}; body starts: ${bodyExcerpt(response.body) ?? ''}`, cause: error },
      ),
    };
  }
}

function statusHint(status: number, baseHref: string): string {
  if (status === 400) {
    return 'The gateway refused the request as invalid; if you were paging, refresh the list to start again (a cursor may have expired).';
  }
  if (status === 404 || status === 405) {
    return `Check the gateway URL: the API is expected under ${baseHref}/v0/. Change it with ${SET_URL}.`;
  }
  if (status === 407) {
    return 'A proxy asks for authentication: check the `http.proxy` and `http.proxyAuthorization` settings.';
  }
  return `Check the gateway URL (${SET_URL}) and the gateway's documentation for this status.`;
}

function resolveLocation(location: string, url: string): string {
  try {
    return new URL(location, url).href;
  } catch {
    return JSON.stringify(location);
  }
}

function bodyExcerpt(body: Buffer): string | undefined {
  if (body.length === 0) {
    return undefined;
  }
  const text = body.subarray(0, 300).toString('utf8');
  return body.length > 300 ? `${text}…` : text;
}

function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} minutes`;
}

function checkApiKey(key: string): string | undefined {
  if (key.trim() === '') {
    return `No API key is set for this gateway. Set one with ${SET_KEY}.`;
  }
  // Control characters cannot travel in a header; say so without echoing the key.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key) || /[^\u0000-\u00ff]/.test(key)) {
    return `The API key contains characters that cannot be sent in an HTTP header (line breaks or non-Latin-1 characters). Set it again with ${SET_KEY}.`;
  }
  return undefined;
}

function asGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) {
    return error;
  }
  return new GatewayError('invalidResponse', 'The gateway\'s answer could not be read as the API contract describes.', {
    detail: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}
