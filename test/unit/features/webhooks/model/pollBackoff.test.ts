import { strict as assert } from 'node:assert';
import { afterPoll, FRESH, MAX_BACKOFF_SECONDS, nextDelaySeconds, type PollState } from '../../../../../src/features/webhooks/model/pollBackoff';

describe('auto-refresh back-off', () => {
  it('polls every interval while polls succeed', () => {
    assert.equal(nextDelaySeconds(30, FRESH), 30);
    assert.deepEqual(afterPoll({ failures: 3, paused: false }, 'ok'), FRESH);
  });

  it('doubles the interval after each failure, up to the cap', () => {
    let state: PollState = FRESH;
    const delays: Array<number | undefined> = [];
    for (let i = 0; i < 8; i += 1) {
      state = afterPoll(state, 'failed');
      delays.push(nextDelaySeconds(60, state));
    }
    assert.deepEqual(delays, [120, 240, 480, 900, 900, 900, 900, 900]);
    assert.equal(nextDelaySeconds(60, { failures: 10_000, paused: false }), MAX_BACKOFF_SECONDS);
  });

  it('an interval longer than the cap stays as it is', () => {
    assert.equal(nextDelaySeconds(3600, { failures: 4, paused: false }), 3600);
  });

  it('a rejected key pauses polling (no next poll) until the state starts over', () => {
    const paused = afterPoll(FRESH, 'unauthorized');
    assert.equal(paused.paused, true);
    assert.equal(nextDelaySeconds(10, paused), undefined);
  });
});
