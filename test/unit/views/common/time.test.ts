import { strict as assert } from 'node:assert';
import { describeTimestamp, relativeTime } from '../../../../src/views/common/time';

describe('relative time', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('phrases past and future', () => {
    assert.equal(relativeTime('2026-11-21T11:59:50Z', now), 'just now');
    assert.equal(relativeTime('2026-11-21T11:00:00Z', now), '1 hour ago');
    assert.equal(relativeTime('2026-11-18T12:00:00Z', now), '3 days ago');
    assert.equal(relativeTime('2026-11-23T12:00:00Z', now), 'in 2 days');
    assert.equal(relativeTime('2024-11-21T12:00:00Z', now), '2 years ago');
  });
  it('keeps text that is not a date as it is', () => {
    assert.equal(relativeTime('yesterday', now), undefined);
    assert.equal(describeTimestamp('yesterday', now), 'yesterday');
    assert.equal(describeTimestamp('2026-11-21T11:00:00Z', now), '2026-11-21T11:00:00Z (1 hour ago)');
  });
});
