/**
 * Every way a gateway call can fail, as one error type with a `kind` and typed `facts`. src/api says what happened
 * in facts (kinds, numbers, ids, URLs); the words the user reads live in the view layer
 * (src/views/common/errorText.ts: `describeGatewayError`), so they can be translated later.
 *
 * `message` is a short technical fact string for logs and debuggers, e.g. `HTTP 401 from GET https://h/v0/page_groups`
 * or `ENOTFOUND gateway.invalid`: no advice, no command titles, never the API key (every server-controlled text in
 * the facts, the message and `detail` has passed through the client's redaction).
 */
// l10n-ignore-file: `message` and `issueText` are technical text for logs and debuggers; the user reads errorText.ts
import type { BaseUrlProblem } from './baseUrl';

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
  /** JSON, but it breaks the contract (e.g. `items` not an array, more items than the `limit` asked for). */
  | 'invalidResponse'
  /** The caller cancelled (AbortSignal). */
  | 'cancelled'
  /** The body exceeded the size cap. */
  | 'tooLarge'
  /** Refused before sending: bad `limit`, bad base URL, no key. */
  | 'invalidRequest'
  /** The gateway handed out a cursor that was already used in this chain (paging stopped instead of looping). */
  | 'repeatedCursor';

/** Where a failed request went. No secrets: the key only ever travels in a header, and cursors are elided. */
export interface RequestFacts {
  readonly method?: 'GET';
  /** The request URL as logged (the key redacted, a cursor value replaced by a short digest). */
  readonly url?: string;
  /** `host:port` of the request (the port left out when it is the default). */
  readonly host?: string;
  /** The configured origin, e.g. `https://api.example.com`: where the key is allowed to go. */
  readonly origin?: string;
  /** The configured base URL (normalized, see `parseBaseUrl`); the API is expected under `<baseUrl>/v0/`. */
  readonly baseUrl?: string;
  /** Set when every attempt was used on a retryable failure: how many were made. */
  readonly attempts?: number;
  /**
   * `host:port` of the proxy the editor sent the request through (no credentials); absent when it went direct or
   * the editor did not say (outside the editor).
   */
  readonly proxy?: string;
  /**
   * The remote machine the request left from (e.g. `ssh-remote`) when the extension runs on the remote side of a
   * Remote Development window (`GatewayClientOptions.sentFrom`); absent when it left from the editor's machine.
   */
  readonly sentFrom?: string;
}

/** The answer to a request carried a status other than 200. */
export interface StatusFacts extends RequestFacts {
  readonly status: number;
}

/** Retry-After of a 429 or 5xx answer. */
export interface RetryAfterFacts {
  /** From Retry-After, rounded up to whole seconds. */
  readonly retryAfterSeconds?: number;
  /** The gateway asked to wait longer than the client waits on its own (`maxRetryAfterSeconds`), so it did not. */
  readonly retryAfterTooLong?: boolean;
  /** The longest Retry-After the client honours by waiting. */
  readonly maxRetryAfterSeconds?: number;
}

/** Why a connection-level failure happened, grouped from the system or Node error code. */
export type NetworkReason =
  /** ECONNRESET, EPIPE, or the connection closed mid-answer (retryable). */
  | 'reset'
  /** ECONNREFUSED. */
  | 'refused'
  /** ENOTFOUND, EAI_AGAIN, …: the host name could not be resolved. */
  | 'dns'
  /** ENETUNREACH, EHOSTUNREACH, …. */
  | 'unreachable'
  /** Certificate, SSL or TLS codes. */
  | 'tls'
  /** The server did not answer with valid HTTP (llhttp `HPE_*` codes and similar). */
  | 'notHttp'
  /** Anything else, with or without a code. */
  | 'other';

/** One way a response body breaks the contract's shape. */
export interface SchemaIssue {
  /** Dotted path into the body, e.g. `items` or `nextCursor`; `''` for the top-level value. */
  readonly path: string;
  /** The JSON type the contract asks for: `object`, `array`, `boolean`, `number` or `string`. */
  readonly expected?: string;
  /** The JSON type received (`object`, `array`, `null`, `string`, …), or `missing` for a required field. */
  readonly got?: string;
  /** The schema library's issue code when it is not a type mismatch (e.g. `invalid_format`). */
  readonly code?: string;
}

/**
 * The list a response belongs to, by the name its parser gives it (`pageGroups`, `webhookSubscriptions`): a fact for
 * the words of the feature that owns the list (src/text/listWords.ts), never words itself.
 */
export type GatewayResource = string;

/** Sub-kinds of `invalidResponse`. */
export type InvalidResponseFacts = RequestFacts & { readonly kind: 'invalidResponse' } & (
    | {
        /** The envelope does not have the contract's shape. */
        readonly reason: 'schema';
        readonly resource: GatewayResource;
        readonly issues: readonly SchemaIssue[];
      }
    | {
        /** A page holds more items than the `limit` asked for (the contract default 20 when none was sent). */
        readonly reason: 'tooManyItems';
        readonly resource: GatewayResource;
        readonly count: number;
        readonly limit: number;
      }
    | {
        /** The body could not be read for another reason; the technical text is in `detail`. */
        readonly reason: 'unreadable';
      }
  );

/** Sub-kinds of `invalidRequest` (nothing was sent). */
export type InvalidRequestFacts = { readonly kind: 'invalidRequest' } & (
  | {
      /** `limit` is not a whole number from 1 to 100. */
      readonly reason: 'badLimit';
      readonly limit: number;
      readonly minLimit: number;
      readonly maxLimit: number;
    }
  | {
      /** No API key (empty or only white space). */
      readonly reason: 'noKey';
    }
  | {
      /** The key holds characters a header cannot carry (control characters or beyond Latin-1); never echoed. */
      readonly reason: 'keyNotSendable';
    }
  | {
      /** The base URL is not usable. */
      readonly reason: 'badBaseUrl';
      readonly problem: BaseUrlProblem;
    }
  | {
      /**
       * Plain HTTP that goes without the user's consent because it stays on this machine, but the editor routed it
       * through the proxy `proxy` (`host:port`), which would read the key: stopped before it was written.
       */
      readonly reason: 'leavesMachine';
      readonly proxy: string;
    }
  | {
      /**
       * Raised outside src/api with its own words in `message` (e.g. the connection's "not ready" states); the view
       * shows that message as it is.
       */
      readonly reason: 'other';
    }
);

/**
 * What is known about a failure, discriminated by `kind` (the same value as `GatewayError.kind`) and, where a kind has
 * sub-kinds, by `reason`. Every text field is either ours (kinds, codes, JSON type names) or server text that has
 * been redacted and cut.
 */
export type GatewayErrorFacts =
  | (StatusFacts & { readonly kind: 'unauthorized' })
  | (StatusFacts & RetryAfterFacts & { readonly kind: 'rateLimited' })
  | (StatusFacts & RetryAfterFacts & { readonly kind: 'server' })
  | (StatusFacts & {
      readonly kind: 'http';
      /** For a 3xx: the Location header resolved against the request URL (redacted, cut), when there was one. */
      readonly location?: string;
      /** For a 3xx: whether the answer carried a Location header at all. */
      readonly redirect?: boolean;
      /** For a 407: whether the request carried the `http.proxyAuthorization` value (so the proxy refused it). */
      readonly proxyAuthorizationSent?: boolean;
    })
  | (RequestFacts & {
      readonly kind: 'network';
      readonly reason: NetworkReason;
      /** The system or Node code, e.g. `ENOTFOUND`, `ECONNREFUSED`, `CERT_HAS_EXPIRED`, `HPE_INVALID_CONSTANT`. */
      readonly networkCode?: string;
      /** The transport error's own text (from Node or the editor, redacted), when it had no code. */
      readonly systemMessage?: string;
      /** The proxy itself (`proxy`) could not be reached: the request never got to the gateway. */
      readonly atProxy?: boolean;
    })
  | (RequestFacts & {
      readonly kind: 'timeout';
      readonly timeoutMs: number;
      /** `ETIMEDOUT` when the connection itself timed out. */
      readonly networkCode?: string;
    })
  | (StatusFacts & {
      readonly kind: 'invalidJson';
      /** The Content-Type header (redacted, cut), when there was one. */
      readonly contentType?: string;
      readonly bodyBytes: number;
    })
  | InvalidResponseFacts
  | (RequestFacts & { readonly kind: 'cancelled' })
  | (RequestFacts & {
      readonly kind: 'tooLarge';
      /** The cap that was exceeded. */
      readonly maxBytes: number;
      /** The Content-Length the gateway declared, when it declared one over the cap. */
      readonly declaredBytes?: number;
    })
  | InvalidRequestFacts
  | (RequestFacts & { readonly kind: 'repeatedCursor' });

export interface GatewayErrorInit {
  /**
   * Technical detail for logs and tooltips, redacted and cut: the server's text (the start of the body of an HTTP
   * answer, or the raw `Location` of a redirect) or the text of an unexpected exception. No words of ours.
   */
  readonly detail?: string;
  readonly cause?: unknown;
}

/** The options of the legacy constructor form `(kind, message, init)`. */
export interface GatewayErrorLegacyInit extends GatewayErrorInit {
  readonly status?: number;
  readonly retryAfterSeconds?: number;
}

export class GatewayError extends Error {
  public readonly kind: GatewayErrorKind;
  public readonly facts: GatewayErrorFacts;
  public readonly status?: number;
  public readonly retryAfterSeconds?: number;
  public readonly detail?: string;
  /** Whether `message` was derived from the facts (false for the legacy form, whose message is someone's words). */
  public readonly derivedMessage: boolean;

  /**
   * `new GatewayError(facts, init)`: the message is derived from the facts (see `technicalMessage`).
   * `new GatewayError(kind, message, init)`: for code outside src/api that brings its own words; `facts` then hold the
   * kind only (`reason: 'other'` for `invalidRequest`) and the view shows `message`.
   */
  public constructor(facts: GatewayErrorFacts, init?: GatewayErrorInit);
  public constructor(kind: GatewayErrorKind, message: string, init?: GatewayErrorLegacyInit);
  public constructor(
    factsOrKind: GatewayErrorFacts | GatewayErrorKind,
    messageOrInit?: string | GatewayErrorInit,
    legacyInit?: GatewayErrorLegacyInit,
  ) {
    const legacy = typeof factsOrKind === 'string';
    const init: GatewayErrorLegacyInit =
      (legacy ? legacyInit : typeof messageOrInit === 'object' ? messageOrInit : undefined) ?? {};
    const facts: GatewayErrorFacts = legacy ? bareFacts(factsOrKind, init.status) : factsOrKind;
    const message = legacy && typeof messageOrInit === 'string' ? messageOrInit : technicalMessage(facts);
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'GatewayError';
    this.kind = facts.kind;
    this.facts = facts;
    this.status = legacy ? init.status : 'status' in facts ? facts.status : undefined;
    this.retryAfterSeconds = legacy ? init.retryAfterSeconds : 'retryAfterSeconds' in facts ? facts.retryAfterSeconds : undefined;
    this.detail = init.detail;
    this.derivedMessage = !legacy;
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}

/** Facts that say only the kind (and the status, when given): for the legacy constructor form. */
function bareFacts(kind: GatewayErrorKind, status = 0): GatewayErrorFacts {
  switch (kind) {
    case 'unauthorized':
    case 'rateLimited':
    case 'server':
    case 'http':
      return { kind, status };
    case 'network':
      return { kind, reason: 'other' };
    case 'timeout':
      return { kind, timeoutMs: 0 };
    case 'invalidJson':
      return { kind, status, bodyBytes: 0 };
    case 'invalidResponse':
      return { kind, reason: 'unreadable' };
    case 'tooLarge':
      return { kind, maxBytes: 0 };
    case 'invalidRequest':
      return { kind, reason: 'other' };
    case 'cancelled':
    case 'repeatedCursor':
      return { kind };
  }
}

/**
 * The short technical fact string of a failure: what and where, no advice. Examples:
 * `HTTP 401 from GET https://h/v0/page_groups?limit=20`, `ENOTFOUND gateway.invalid`,
 * `timeout after 150 ms: GET http://127.0.0.1:9/v0/page_groups`.
 */
export function technicalMessage(facts: GatewayErrorFacts): string {
  const request = facts.kind === 'invalidRequest' ? '' : requestText(facts);
  const from = request === '' ? '' : ` from ${request}`;
  const attempts = facts.kind !== 'invalidRequest' && facts.attempts !== undefined ? ` (${facts.attempts} attempts)` : '';
  switch (facts.kind) {
    case 'unauthorized':
    case 'server':
      return `HTTP ${facts.status}${from}${attempts}`;
    case 'rateLimited':
      return `HTTP ${facts.status}${from}${facts.retryAfterSeconds === undefined ? '' : `, Retry-After ${facts.retryAfterSeconds} s`}${attempts}`;
    case 'http':
      if (facts.redirect === true || facts.location !== undefined) {
        return `HTTP ${facts.status}${from}, Location ${facts.location ?? '(none)'}`;
      }
      return `HTTP ${facts.status}${from}${facts.proxy === undefined ? '' : ` via proxy ${facts.proxy}`}`;
    case 'network': {
      const via = facts.proxy === undefined ? '' : facts.atProxy === true ? ` (proxy ${facts.proxy} unreachable)` : ` via proxy ${facts.proxy}`;
      const where = facts.reason === 'dns' && facts.host !== undefined && facts.atProxy !== true ? hostName(facts.host) : (facts.host ?? facts.url ?? '');
      const what = facts.networkCode ?? (facts.systemMessage === undefined ? 'network error' : `network error (${facts.systemMessage})`);
      return `${what}${where === '' ? '' : ` ${where}`}${via}${attempts}`;
    }
    case 'timeout':
      return `${facts.networkCode === undefined ? 'timeout' : facts.networkCode} after ${facts.timeoutMs} ms${request === '' ? '' : `: ${request}`}`;
    case 'invalidJson':
      return `invalid JSON${from}${facts.contentType === undefined ? '' : ` (content-type ${facts.contentType})`}`;
    case 'invalidResponse':
      if (facts.reason === 'schema') {
        return `${facts.resource} body breaks the contract${from}: ${facts.issues.map(issueText).join('; ')}`;
      }
      if (facts.reason === 'tooManyItems') {
        return `${facts.count} ${facts.resource} in a page for limit ${facts.limit}${from}`;
      }
      return `unreadable response${from}`;
    case 'cancelled':
      return `cancelled${request === '' ? '' : `: ${request}`}`;
    case 'tooLarge':
      return `body over ${facts.maxBytes} bytes${from}${facts.declaredBytes === undefined ? '' : ` (Content-Length ${facts.declaredBytes})`}`;
    case 'invalidRequest':
      return invalidRequestText(facts);
    case 'repeatedCursor':
      return `repeated cursor${from}`;
  }
}

function invalidRequestText(facts: InvalidRequestFacts): string {
  switch (facts.reason) {
    case 'badLimit':
      return `limit ${String(facts.limit)} outside ${facts.minLimit}–${facts.maxLimit}`;
    case 'noKey':
      return 'no API key';
    case 'keyNotSendable':
      return 'API key not sendable in a header';
    case 'badBaseUrl':
      return `bad base URL: ${facts.problem.kind}`;
    case 'leavesMachine':
      return `plain HTTP without consent not sent through proxy ${facts.proxy}`;
    case 'other':
      return 'request not sent';
  }
}

/** `path: expected X, got Y` — the technical form of one schema issue. */
export function issueText(issue: SchemaIssue): string {
  const at = issue.path === '' ? '(top level)' : issue.path;
  if (issue.expected !== undefined || issue.got !== undefined) {
    return `${at}: expected ${issue.expected ?? '?'}, got ${issue.got ?? '?'}`;
  }
  return `${at}: ${issue.code ?? 'invalid'}`;
}

function requestText(facts: RequestFacts): string {
  if (facts.url !== undefined) {
    return `${facts.method ?? 'GET'} ${facts.url}`;
  }
  return facts.host ?? '';
}

function hostName(host: string): string {
  return host.replace(/:[0-9]+$/, '');
}
