/**
 * When and how long to wait before another attempt of an idempotent GET.
 *
 * Why a small loop in client.ts instead of a library's retry (undici 7's RetryAgent/RetryHandler was weighed when the
 * client still used undici): its `retry` hook runs its own `setTimeout` that the caller's AbortSignal cannot cut short,
 * it clamps a long Retry-After to `maxTimeout` (it would wait instead of failing with `rateLimited`), its backoff has
 * no jitter, and it reports nothing per attempt (no duration, status or headers for `onExchange`). It also resumes
 * partial bodies with Range requests, which this API does not need.
 */

export interface RetrySettings {
  /** Attempts in total, first one included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the request fails instead. */
  readonly maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxRetryAfterSeconds: 30,
};

/** 429 Too Many Requests, 502 Bad Gateway, 503 Service Unavailable, 504 Gateway Timeout. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504;
}

/**
 * Exponential backoff with jitter before attempt `failedAttempt + 1`: half of `min(max, base·2^(n−1))` fixed, half
 * random ("equal jitter"), so clients that failed together do not come back together, yet never retry at once.
 */
export function backoffDelayMs(failedAttempt: number, settings: RetrySettings, random: number = Math.random()): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * Milliseconds to wait from a `Retry-After` value: delay-seconds (`"120"`) or an HTTP-date (`"Wed, 21 Oct 2026 07:28:00
 * GMT"`: waited until then; a past date means 0). `undefined` when absent or unreadable.
 */
export function parseRetryAfterMs(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) {
    return Number(text) * 1000;
  }
  // HTTP-date: IMF-fixdate (and the obsolete forms Date.parse also reads). Require a letter so that numbers in other
  // forms ("1.5", "-3") are not taken for dates.
  if (!/[a-z]/i.test(text)) {
    return undefined;
  }
  const at = Date.parse(text);
  if (Number.isNaN(at)) {
    return undefined;
  }
  return Math.max(0, at - nowMs);
}

/** Resolves after `ms`, or rejects with `onAbort()` as soon as `signal` aborts (also when it already has). */
export function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(onAbort());
      return;
    }
    const abort = (): void => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}
