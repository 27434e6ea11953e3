/**
 * Every way a gateway call can fail, as one error type with a `kind`. Messages say what the user should check and
 * never contain the API key.
 */

export type GatewayErrorKind =
  /** 401 or 403: the key is missing, wrong or lacks access. */
  | 'unauthorized'
  /** 429; `retryAfterSeconds` when the gateway sent Retry-After. */
  | 'rateLimited'
  /** 5xx. */
  | 'server'
  /** Any other non-200 status, including redirects (never followed, so the key cannot leak). */
  | 'http'
  /** Connection refused, DNS failure, reset, TLS trouble: the request did not get an answer. */
  | 'network'
  /** No complete answer within the configured timeout. */
  | 'timeout'
  /** The body is not JSON. */
  | 'invalidJson'
  /** JSON, but the envelope breaks the contract (e.g. `items` not an array). */
  | 'invalidResponse'
  /** The caller cancelled (AbortSignal). */
  | 'cancelled'
  /** The body exceeded the size cap. */
  | 'tooLarge'
  /** Refused before sending: bad `limit`, bad base URL, no key. */
  | 'invalidRequest'
  /** The gateway handed out a cursor that was already used in this chain (paging stopped instead of looping). */
  | 'repeatedCursor';

export interface GatewayErrorInit {
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  /** Technical detail for logs and tooltips (never the key). */
  readonly detail?: string;
  readonly cause?: unknown;
}

export class GatewayError extends Error {
  public readonly kind: GatewayErrorKind;
  public readonly status?: number;
  public readonly retryAfterSeconds?: number;
  public readonly detail?: string;

  public constructor(kind: GatewayErrorKind, message: string, init: GatewayErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'GatewayError';
    this.kind = kind;
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.detail = init.detail;
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}
