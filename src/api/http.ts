/**
 * One HTTP attempt: a GET through undici with a deadline covering the whole exchange (connect, headers and body), a
 * body size cap, and cancellation. Network failures become `GatewayError`s whose messages say what to check; the
 * caller decides about retries (see retry.ts) from `retryable`.
 */
import type { Dispatcher } from 'undici';
import { undici } from './undiciModule';
import { GatewayError } from './errors';

export interface AttemptOptions {
  readonly dispatcher: Dispatcher;
  readonly url: string;
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
  if (signal?.aborted === true) {
    return { ok: false, error: cancelledError(), retryable: false };
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
      throw new Error(`request stopped: ${stoppedBy}`);
    }
    const headers = flattenHeaders(response.headers);
    const declared = headers['content-length'];
    if (declared !== undefined && Number(declared) > options.maxBodyBytes) {
      discard(body);
      return { ok: false, error: tooLargeError(options.maxBodyBytes), retryable: false };
    }
    const content = await readCapped(body, options.maxBodyBytes);
    if (content === undefined) {
      return { ok: false, error: tooLargeError(options.maxBodyBytes), retryable: false };
    }
    return { ok: true, response: { status: response.statusCode, headers, body: content } };
  } catch (error: unknown) {
    if (stoppedBy === 'cancelled') {
      return { ok: false, error: cancelledError(), retryable: false };
    }
    if (stoppedBy === 'timeout') {
      return { ok: false, error: timeoutError(hostOf(options.url), options.timeoutMs, error), retryable: false };
    }
    return networkFailure(hostOf(options.url), options.timeoutMs, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export function cancelledError(): GatewayError {
  return new GatewayError('cancelled', 'The request was cancelled.');
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
    super('the connection closed before the end of the answer');
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

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(3))} s`;
}

function formatBytes(bytes: number): string {
  const units: readonly [string, number][] = [
    ['MiB', 1024 * 1024],
    ['KiB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) {
      return `${Number((bytes / size).toFixed(1))} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

function tooLargeError(max: number): GatewayError {
  return new GatewayError(
    'tooLarge',
    `The gateway's answer is larger than ${formatBytes(max)}, so reading it was stopped. Use a smaller page size ` +
      '(setting `pageGateway.pageSize`), and check that the gateway URL points at a Page Gateway.',
    { detail: `body over ${max} bytes` },
  );
}

function timeoutError(host: string, timeoutMs: number, cause: unknown): GatewayError {
  return new GatewayError(
    'timeout',
    `The gateway at ${host} did not answer within ${formatSeconds(timeoutMs)}. Try again, or allow more time with ` +
      'the setting `pageGateway.requestTimeoutSeconds`.',
    { detail: `no complete answer within ${timeoutMs} ms`, cause },
  );
}

const CHECK_NETWORK = 'Check the gateway URL, your network connection and the `http.proxy` setting.';
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

function networkFailure(host: string, timeoutMs: number, error: unknown): AttemptOutcome {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const detail = `${code ?? 'error'}: ${message}`;
  const fail = (text: string, retryable = false): AttemptOutcome => ({
    ok: false,
    error: new GatewayError('network', text, { detail, cause: error }),
    retryable,
  });
  if (code === undefined) {
    return fail(`The request to ${host} failed (${message}). ${CHECK_NETWORK}`);
  }
  if (RESET_CODES.has(code)) {
    return fail(
      `The connection to ${host} was closed before the gateway answered (connection reset). ${CHECK_NETWORK}`,
      true,
    );
  }
  if (code === 'ECONNREFUSED') {
    return fail(`Could not connect to ${host}: the connection was refused (is the gateway running?). ${CHECK_NETWORK}`);
  }
  if (DNS_CODES.has(code)) {
    return fail(`Could not find the host ${host.replace(/:[0-9]+$/, '')} (DNS lookup failed, ${code}). ${CHECK_NETWORK}`);
  }
  if (UNREACHABLE_CODES.has(code)) {
    return fail(`The network could not reach ${host} (${code}). ${CHECK_NETWORK}`);
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return { ok: false, error: timeoutError(host, timeoutMs, error), retryable: false };
  }
  if (CLOSED_CODES.has(code)) {
    return { ok: false, error: new GatewayError('cancelled', 'The request was cancelled.', { detail, cause: error }), retryable: false };
  }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_|EPROTO/.test(code)) {
    return fail(
      `The secure connection to ${host} failed (${code}). Check the gateway URL (https:// or http://), the server's ` +
        'certificate, and the `http.proxy` and `http.systemCertificates` settings.',
    );
  }
  if (code.startsWith('HPE_') || code === 'UND_ERR_INFO' || code === 'UND_ERR_HEADERS_OVERFLOW') {
    return fail(
      `The server at ${host} did not answer with valid HTTP (${code}). Check the gateway URL (https:// or http://, ` +
        'and the port) and the `http.proxy` setting.',
    );
  }
  return fail(`The request to ${host} failed (${code}). ${CHECK_NETWORK}`);
}
