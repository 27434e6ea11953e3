/**
 * One HTTP attempt: a GET through undici with a deadline covering the whole exchange (connect, headers and body), a
 * body size cap, and cancellation. Network failures become `GatewayError`s with typed facts (reason, code, host,
 * timeout); the caller decides about retries (see retry.ts) from `retryable`.
 */
import type { Dispatcher } from 'undici';
import { undici } from './undiciModule';
import { GatewayError, type GatewayErrorFacts, type NetworkReason, type RequestFacts } from './errors';

export interface AttemptOptions {
  readonly dispatcher: Dispatcher;
  readonly url: string;
  /** What errors say about the request (URL as shown, origin…); default: method, `url` and its host. */
  readonly where?: RequestFacts;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly signal?: AbortSignal;
}

export interface AttemptResponse {
  readonly status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export type AttemptOutcome =
  | { readonly ok: true; readonly response: AttemptResponse }
  | { readonly ok: false; readonly error: GatewayError; readonly retryable: boolean };

type Body = Dispatcher.ResponseData['body'];

/** Performs one GET. Never throws: every failure is an outcome. */
export async function attemptGet(options: AttemptOptions): Promise<AttemptOutcome> {
  const { signal } = options;
  const where: RequestFacts = options.where ?? { method: 'GET', url: options.url, host: hostOf(options.url) };
  if (signal?.aborted === true) {
    return { ok: false, error: cancelledError(where), retryable: false };
  }
  const controller = new AbortController();
  let stoppedBy: 'timeout' | 'cancelled' | undefined;
  let body: Body | undefined;
  const stop = (why: 'timeout' | 'cancelled'): void => {
    if (stoppedBy !== undefined) {
      return;
    }
    stoppedBy = why;
    controller.abort();
    if (body !== undefined) {
      discard(body);
    }
  };
  const onAbort = (): void => stop('cancelled');
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  try {
    const response = await undici().request(options.url, {
      method: 'GET',
      headers: options.headers,
      dispatcher: options.dispatcher,
      signal: controller.signal,
    });
    body = response.body;
    if (stoppedBy !== undefined) {
      discard(body);
      throw new Error(`request stopped: ${stoppedBy}`); // l10n-ignore: an internal error, turned into facts below
    }
    const headers = flattenHeaders(response.headers);
    const declared = headers['content-length'];
    if (declared !== undefined && Number(declared) > options.maxBodyBytes) {
      discard(body);
      return { ok: false, error: tooLargeError(where, options.maxBodyBytes, Number(declared)), retryable: false };
    }
    const content = await readCapped(body, options.maxBodyBytes);
    if (content === undefined) {
      return { ok: false, error: tooLargeError(where, options.maxBodyBytes), retryable: false };
    }
    return { ok: true, response: { status: response.statusCode, headers, body: content } };
  } catch (error: unknown) {
    if (stoppedBy === 'cancelled') {
      return { ok: false, error: cancelledError(where), retryable: false };
    }
    if (stoppedBy === 'timeout') {
      return { ok: false, error: timeoutError(where, options.timeoutMs, undefined), retryable: false };
    }
    return networkFailure(where, options.timeoutMs, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export function cancelledError(where: RequestFacts = {}): GatewayError {
  return new GatewayError({ kind: 'cancelled', ...where });
}

/** Stops reading a body and closes its connection; a late stream error is expected and ignored. */
function discard(body: Body): void {
  body.on('error', ignore);
  body.destroy();
}

function ignore(): void {
  // expected after destroy()
}

/** Thrown when the stream closes before its end without an error of its own. */
class EarlyCloseError extends Error {
  public readonly code = 'UND_ERR_SOCKET';
  public constructor() {
    super('the connection closed before the end of the answer'); // l10n-ignore: an internal error (its code is the fact)
  }
}

/** Reads the whole body, or stops (and destroys the stream) at more than `max` bytes: then `undefined`. */
function readCapped(stream: Body, max: number): Promise<Buffer | undefined> {
  return new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    stream.on('data', (chunk: Buffer) => {
      if (settled) {
        return;
      }
      total += chunk.length;
      if (total > max) {
        settled = true;
        stream.destroy();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (!settled) {
        settled = true;
        resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
      }
    });
    stream.on('error', (error: Error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    stream.on('close', () => {
      if (!settled) {
        settled = true;
        reject(new EarlyCloseError());
      }
    });
  });
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

const RESET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const DNS_CODES: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);
const CLOSED_CODES: ReadonlySet<string> = new Set(['UND_ERR_CLOSED', 'UND_ERR_DESTROYED', 'UND_ERR_ABORTED']);

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

/** The group a connection-level failure with this code belongs to (timeouts and closures are handled before). */
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
  if (code.startsWith('HPE_') || code === 'UND_ERR_INFO' || code === 'UND_ERR_HEADERS_OVERFLOW') {
    return 'notHttp';
  }
  return 'other';
}

function networkFailure(where: RequestFacts, timeoutMs: number, error: unknown): AttemptOutcome {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const detail = `${code ?? 'error'}: ${message}`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return { ok: false, error: timeoutError(where, timeoutMs, code), retryable: false };
  }
  if (code !== undefined && CLOSED_CODES.has(code)) {
    return { ok: false, error: new GatewayError({ kind: 'cancelled', ...where }, { detail }), retryable: false };
  }
  const reason = networkReason(code);
  const facts: GatewayErrorFacts =
    code === undefined ? { kind: 'network', ...where, reason, systemMessage: message } : { kind: 'network', ...where, reason, networkCode: code };
  // No `cause` for answers that were not HTTP: undici's parser errors carry the raw bytes the server sent.
  const cause = reason === 'notHttp' ? undefined : error;
  return { ok: false, error: new GatewayError(facts, { detail, cause }), retryable: reason === 'reset' };
}
