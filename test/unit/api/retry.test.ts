import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { backoffDelayMs, DEFAULT_RETRY, isRetryableStatus, parseRetryAfterMs, sleep } from '../../../src/api/retry';

describe('retry policy', () => {
  it('retries 429, 502, 503 and 504 only', () => {
    const retryable = [];
    for (let status = 100; status < 600; status++) {
      if (isRetryableStatus(status)) {
        retryable.push(status);
      }
    }
    assert.deepEqual(retryable, [429, 502, 503, 504]);
  });

  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    assert.equal(backoffDelayMs(1, DEFAULT_RETRY, 0), 125);
    assert.equal(backoffDelayMs(1, DEFAULT_RETRY, 1), 250);
    assert.equal(backoffDelayMs(2, DEFAULT_RETRY, 0), 250);
    assert.equal(backoffDelayMs(3, DEFAULT_RETRY, 1), 1000);
    assert.equal(backoffDelayMs(10, DEFAULT_RETRY, 1), 4000, 'capped at 4 s');
    assert.equal(backoffDelayMs(10, DEFAULT_RETRY, 0), 2000);
    const seen = new Set(Array.from({ length: 50 }, () => backoffDelayMs(2, DEFAULT_RETRY)));
    assert.ok(seen.size > 5, 'jitter varies the delay');
  });

  it('reads Retry-After as seconds or as an HTTP-date, in milliseconds', () => {
    const now = Date.parse('2026-03-01T10:00:00.250Z');
    assert.equal(parseRetryAfterMs('1', now), 1000);
    assert.equal(parseRetryAfterMs(' 120 ', now), 120_000);
    assert.equal(parseRetryAfterMs('0', now), 0);
    assert.equal(parseRetryAfterMs('Sun, 01 Mar 2026 10:00:05 GMT', now), 4750, 'until that instant, not rounded');
    assert.equal(parseRetryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now), 0, 'a past date means now');
    assert.equal(parseRetryAfterMs(undefined, now), undefined);
    assert.equal(parseRetryAfterMs('soon', now), undefined);
    assert.equal(parseRetryAfterMs('1.5', now), undefined);
    assert.equal(parseRetryAfterMs('-3', now), undefined);
    assert.equal(parseRetryAfterMs('', now), undefined);
  });

  it('sleeps, and stops sleeping at once when cancelled', async () => {
    const started = performance.now();
    await sleep(20, undefined, () => new Error('x'));
    assert.ok(performance.now() - started >= 19);

    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal, () => new Error('cancelled'));
    const before = performance.now();
    setTimeout(() => controller.abort(), 10);
    await assert.rejects(waiting, /cancelled/);
    assert.ok(performance.now() - before < 500);
    await assert.rejects(sleep(10, controller.signal, () => new Error('already')), /already/);
  });

  it('with a signal that is not aborted, sleeps the whole time and leaves no listener on it', async () => {
    const controller = new AbortController();
    const started = performance.now();
    await sleep(20, controller.signal, () => new Error('cancelled'));
    assert.ok(performance.now() - started >= 19);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });
});
