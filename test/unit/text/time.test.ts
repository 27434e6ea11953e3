import { strict as assert } from 'node:assert';
import { setLocale } from '../../../src/l10n/locale';
import { absoluteTime, describeTimestamp, relativeTime } from '../../../src/text/time';

describe('timestamps (time)', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  afterEach(() => setLocale('en'));

  it('phrases past and future with Intl.RelativeTimeFormat', () => {
    assert.equal(relativeTime('2026-11-21T11:59:50Z', now), 'now');
    assert.equal(relativeTime('2026-11-21T11:00:00Z', now), '1 hour ago');
    assert.equal(relativeTime('2026-11-21T09:00:00Z', now), '3 hours ago');
    assert.equal(relativeTime('2026-11-20T12:00:00Z', now), 'yesterday');
    assert.equal(relativeTime('2026-11-18T12:00:00Z', now), '3 days ago');
    assert.equal(relativeTime('2026-11-23T12:00:00Z', now), 'in 2 days');
    assert.equal(relativeTime('2024-11-21T12:00:00Z', now), '2 years ago');
  });

  it('writes the date and time with Intl.DateTimeFormat, naming the time zone', () => {
    assert.equal(absoluteTime('2026-11-21T11:00:00Z', 'UTC'), 'Nov 21, 2026, 11:00:00 AM UTC');
    assert.equal(describeTimestamp('2026-11-21T11:00:00Z', now, 'UTC'), 'Nov 21, 2026, 11:00:00 AM UTC (1 hour ago)');
  });

  it("follows the editor's language", () => {
    setLocale('de');
    assert.equal(relativeTime('2026-11-18T12:00:00Z', now), 'vor 3 Tagen');
    assert.equal(relativeTime('2026-11-23T12:00:00Z', now), 'übermorgen');
    assert.equal(absoluteTime('2026-11-21T11:00:00Z', 'UTC'), '21. Nov. 2026, 11:00:00 UTC');
    setLocale('ja');
    assert.equal(relativeTime('2026-11-21T11:00:00Z', now), '1 時間前');
  });

  it('keeps text that is not a date as it is', () => {
    assert.equal(relativeTime('yesterday', now), undefined);
    assert.equal(absoluteTime('yesterday'), undefined);
    assert.equal(describeTimestamp('yesterday', now), 'yesterday');
  });
});
