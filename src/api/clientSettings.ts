/**
 * The gateway client's options, what it reports per attempt, and how the options are read: unusable numbers fall
 * back to the defaults, and a key that cannot be sent is found once, before any request. No `vscode` here: the
 * editor's proxy settings that its networking does not apply itself come in as plain options.
 */
import type { GatewayError } from './errors';
import { DEFAULT_RETRY, type RetrySettings } from './retry';

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

/** `value` when it is a finite number above 0, else `fallback`. */
export function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The retry settings, each unusable number replaced by its default (at least one attempt). */
export function readRetry(retry: GatewayClientOptions['retry'] = {}): RetrySettings {
  return {
    maxAttempts: Math.max(1, Math.floor(positive(retry.maxAttempts, DEFAULT_RETRY.maxAttempts))),
    baseDelayMs: nonNegative(retry.baseDelayMs, DEFAULT_RETRY.baseDelayMs),
    maxDelayMs: nonNegative(retry.maxDelayMs, DEFAULT_RETRY.maxDelayMs),
    maxRetryAfterSeconds: nonNegative(retry.maxRetryAfterSeconds, DEFAULT_RETRY.maxRetryAfterSeconds),
  };
}

/** The body cap override, when it is usable (0, negative, NaN leave the per-resource caps in place). */
export function readMaxBodyBytes(override: number | undefined): number | undefined {
  return override !== undefined && Number.isFinite(override) && override > 0 ? override : undefined;
}

/** Why `key` cannot be sent, if so (it is never echoed). */
export function checkApiKey(key: string): 'noKey' | 'keyNotSendable' | undefined {
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
