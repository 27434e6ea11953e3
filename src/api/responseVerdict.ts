/**
 * What one complete HTTP answer comes to: a JSON value (200 with a body that parses), or a typed failure with the
 * facts the words are made from (401/403 the key, 429 and 5xx retryable with their Retry-After, a 3xx a redirect that
 * is never followed, with its Location; any other status; a body that is not JSON). Every text taken from the answer
 * (a body excerpt, a header value) passes through `redactSecret` first: a gateway could echo the key back.
 */
import { GatewayError, type GatewayErrorFacts, type RequestFacts } from './errors';
import type { AttemptResponse } from './http';
import { redactBodyExcerpt, redactSecret } from './redact';
import { isRetryableStatus, parseRetryAfterMs } from './retry';

/** Characters of a body shown in a detail (after redaction). */
const BODY_EXCERPT_CHARS = 300;
/** Characters of a header value (Location, Content-Type, or any header in a log) shown. */
export const HEADER_VALUE_CHARS = 2000;

/** What one attempt came to, before the retry decision. */
export type Verdict =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly error: GatewayError;
      readonly retryable: boolean;
      /** From Retry-After, exact (an HTTP-date need not fall on a whole second from now). */
      readonly retryAfterMs?: number;
    };

/**
 * Turns a complete HTTP answer into a JSON value or a typed failure. `key`: the API key (redacted from every text);
 * `maxRetryAfterSeconds`: the longest wait the client takes on its own (a longer Retry-After is said to be so);
 * `sentProxyAuthorization`: whether the request carried proxy credentials (a 407 then says they were refused).
 */
export function judgeResponse(response: AttemptResponse, where: RequestFacts, key: string, maxRetryAfterSeconds: number, sentProxyAuthorization: boolean): Verdict {
  const { status, headers } = response;
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
            retryAfterTooLong: retryAfterMs !== undefined && retryAfterMs > maxRetryAfterSeconds * 1000,
            maxRetryAfterSeconds,
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

function resolveLocation(location: string, url: string): string {
  try {
    return new URL(location, url).href;
  } catch {
    return JSON.stringify(location);
  }
}
