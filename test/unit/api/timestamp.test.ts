import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { CONTRACT_SCHEMAS } from '../../../src/api/contractSchemas';
import { isWebhookTimestamp } from '../../../src/api/timestamp';

const WebhookTimestampSchema = CONTRACT_SCHEMAS.webhookTimestamp;

/**
 * Independent reference for the contract's webhook timestamp rule, written with character positions and calendar
 * arithmetic (no regular expression): YYYY-MM-DDTHH:MM[:SS[.d+]]Z, hours 00–23, seconds 00–59.
 */
function referenceIsTimestamp(s: string): boolean {
  const digitAt = (i: number): number => {
    const c = s.charCodeAt(i);
    return c >= 48 && c <= 57 ? c - 48 : -1; // ASCII digits only; NaN (past the end) is not a digit
  };
  const number = (from: number, count: number): number => {
    let n = 0;
    for (let i = from; i < from + count; i++) {
      const d = digitAt(i);
      if (d < 0) {
        return -1;
      }
      n = n * 10 + d;
    }
    return n;
  };
  if (s.length < 17) {
    return false;
  }
  const year = number(0, 4);
  const month = number(5, 2);
  const day = number(8, 2);
  const hour = number(11, 2);
  const minute = number(14, 2);
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':') {
    return false;
  }
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
    return false;
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthLengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (day > monthLengths[month - 1]) {
    return false;
  }
  let i = 16;
  if (s[i] === ':') {
    const second = number(i + 1, 2);
    if (second < 0 || second > 59) {
      return false;
    }
    i += 3;
    if (s[i] === '.') {
      i += 1;
      const start = i;
      while (digitAt(i) >= 0) {
        i += 1;
      }
      if (i === start) {
        return false;
      }
    }
  }
  return s[i] === 'Z' && i === s.length - 1;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Timestamps built field by field, mostly in range, sometimes just outside (day 31 of a 30-day month, hour 24, …). */
const builtTimestamp = fc
  .record({
    year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1900, 2000, 2023, 2024, 2100, 2400, 0, 4, 100)),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 24 }),
    minute: fc.integer({ min: 0, max: 60 }),
    second: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{0,10}$/), { nil: undefined }),
  })
  .map(({ year, month, day, hour, minute, second, fraction }) => {
    let text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}`;
    if (second !== undefined) {
      text += `:${pad(second, 2)}`;
      if (fraction !== undefined) {
        text += `.${fraction}`;
      }
    }
    return `${text}Z`;
  });

/** Characters that make near misses: separators, lower case, offsets, whitespace, non-ASCII digits. */
const NEAR_MISS_CHARS = ['Z', 'z', 'T', 't', ' ', '\n', '+', '-', ':', '.', '0', '1', '2', '9', '٢', '０', '\u00a0'];

const nearMiss = fc
  .tuple(
    builtTimestamp,
    fc.constantFrom('insert', 'delete', 'replace', 'append', 'prepend'),
    fc.nat(),
    fc.constantFrom(...NEAR_MISS_CHARS),
  )
  .map(([text, edit, at, ch]) => {
    const i = at % (text.length + 1);
    switch (edit) {
      case 'insert':
        return text.slice(0, i) + ch + text.slice(i);
      case 'delete':
        return text.slice(0, i) + text.slice(i + 1);
      case 'replace':
        return text.slice(0, i) + ch + text.slice(i + 1);
      case 'append':
        return text + ch;
      default:
        return ch + text;
    }
  });

/** Valid timestamps only, generated from the calendar, so the "accept" side is exercised as often as the other. */
const validTimestamp = fc
  .record({
    date: fc.date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
    form: fc.constantFrom('minutes', 'seconds', 'fraction'),
    fraction: fc.stringMatching(/^[0-9]{1,12}$/),
  })
  .map(({ date, form, fraction }) => {
    const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ for years 0000–9999
    if (form === 'minutes') {
      return `${iso.slice(0, 16)}Z`;
    }
    if (form === 'seconds') {
      return `${iso.slice(0, 19)}Z`;
    }
    return `${iso.slice(0, 19)}.${fraction}Z`;
  });

describe('webhook timestamp rule (src/api/timestamp.ts)', () => {
  describe('agrees with a calendar-arithmetic reference', () => {
    it('on field-built timestamps, in and just out of range', () => {
      fc.assert(
        fc.property(builtTimestamp, (s) => isWebhookTimestamp(s) === referenceIsTimestamp(s)),
        { numRuns: 5000 },
      );
    });

    it('on near misses (one character inserted, deleted, replaced, added before or after)', () => {
      fc.assert(
        fc.property(nearMiss, (s) => isWebhookTimestamp(s) === referenceIsTimestamp(s)),
        { numRuns: 5000 },
      );
    });

    it('accepts every real instant from year 0000 to 9999 written in the three forms', () => {
      fc.assert(
        fc.property(validTimestamp, (s) => referenceIsTimestamp(s) && isWebhookTimestamp(s)),
        { numRuns: 3000 },
      );
    });

    it('agrees on arbitrary short strings over the timestamp alphabet', () => {
      const alphabet = fc.constantFrom(...'0123456789-:TZ.tz +'.split(''));
      fc.assert(
        fc.property(fc.string({ unit: alphabet, minLength: 14, maxLength: 26 }), (s) => isWebhookTimestamp(s) === referenceIsTimestamp(s)),
        { numRuns: 3000 },
      );
    });

    it('sees both verdicts often enough for the agreement to mean something', () => {
      const samples = fc.sample(builtTimestamp, { numRuns: 2000, seed: 42 });
      const accepted = samples.filter((s) => referenceIsTimestamp(s)).length;
      assert.ok(accepted > 200 && accepted < 1800, `accepted ${accepted} of 2000`);
    });
  });

  describe('hand-picked edge cases', () => {
    const cases: readonly [string, boolean, string][] = [
      ['2026-03-01T10:15:30Z', true, 'seconds'],
      ['2026-03-01T10:15Z', true, 'minutes only'],
      ['2026-03-01T10:15:30.123Z', true, 'milliseconds'],
      ['1900-02-29T00:00Z', false, 'century not divisible by 400 is not a leap year'],
      ['2100-02-29T00:00Z', false, '2100 is not a leap year'],
      ['2000-02-29T00:00Z', true, 'century divisible by 400 is a leap year'],
      ['2400-02-29T12:00Z', true, '2400 is a leap year'],
      ['2024-02-29T23:59:59Z', true, 'leap year'],
      ['2023-02-29T00:00Z', false, 'not a leap year'],
      ['2023-02-28T00:00Z', true, 'last day of February'],
      ['2024-02-30T00:00Z', false, 'February 30'],
      ['2026-04-31T00:00Z', false, 'April has 30 days'],
      ['2026-06-31T00:00Z', false, 'June has 30 days'],
      ['2026-09-31T00:00Z', false, 'September has 30 days'],
      ['2026-11-31T00:00Z', false, 'November has 30 days'],
      ['2026-04-30T00:00Z', true, 'April 30'],
      ['2026-12-31T00:00Z', true, 'December 31'],
      ['2026-01-32T00:00Z', false, 'day 32'],
      ['2026-00-10T00:00Z', false, 'month 00'],
      ['2026-13-10T00:00Z', false, 'month 13'],
      ['2026-01-00T00:00Z', false, 'day 00'],
      ['2026-12-31T23:59:59Z', true, '23:59:59'],
      ['2026-12-31T23:59:59.999999999Z', true, 'nine fraction digits'],
      ['2026-03-01T24:00Z', false, 'hour 24 is rejected (choice: hours are 00–23)'],
      ['2026-03-01T24:00:00Z', false, 'hour 24 with seconds is rejected'],
      ['2026-03-01T23:60Z', false, 'minute 60'],
      ['2016-12-31T23:59:60Z', false, 'second 60 is rejected (choice: no leap seconds)'],
      ['2026-03-01T10:15:30.1Z', true, 'one fraction digit'],
      ['2026-03-01T10:15:30.123456789Z', true, 'nine fraction digits'],
      ['2026-03-01T10:15:30.Z', false, 'a dot without digits'],
      ['2026-03-01T10:15.5Z', false, 'a fraction without seconds'],
      ['2026-03-01T10:15:30,5Z', false, 'a comma as decimal sign'],
      ['2026-03-01T10:15:30+00:00', false, 'offset +00:00'],
      ['2026-01-01T10:00+02:00', false, 'offset +02:00'],
      ['2026-03-01T10:15:30-05:00', false, 'negative offset'],
      ['2026-03-01T10:15:30Z+00:00', false, 'Z and an offset'],
      ['2026-03-01T10:15:30z', false, 'lowercase z'],
      ['2026-03-01T10:15:30', false, 'no Z'],
      ['2026-03-0110:15:30Z', false, 'missing T'],
      ['2026-03-01t10:15:30Z', false, 'lowercase t'],
      ['2026-03-01 10:15:30Z', false, 'space instead of T'],
      ['2026-03-01T10:15:30Z\n', false, 'trailing newline'],
      ['2026-03-01T10:15:30Z ', false, 'trailing space'],
      [' 2026-03-01T10:15:30Z', false, 'leading space'],
      ['٢٠٢٤-03-01T10:15:30Z', false, 'Arabic-Indic digits'],
      ['２０２４-03-01T10:15:30Z', false, 'full-width digits'],
      ['2026-03-01T1０:15:30Z', false, 'one full-width digit in the hour'],
      ['+02026-03-01T10:15:30Z', false, 'expanded year'],
      ['26-03-01T10:15:30Z', false, 'two-digit year'],
      ['2026-3-01T10:15:30Z', false, 'one-digit month'],
      ['2026-03-01T1:15:30Z', false, 'one-digit hour'],
      ['2026-03-01T10Z', false, 'hours only'],
      ['2026-03-01', false, 'date only'],
      ['20260301T101530Z', false, 'basic format'],
      ['0000-02-29T00:00Z', true, 'year 0000 is divisible by 400'],
      ['', false, 'empty'],
    ];
    for (const [text, expected, why] of cases) {
      it(`${expected ? 'accepts' : 'rejects'} ${JSON.stringify(text)} (${why})`, () => {
        assert.equal(isWebhookTimestamp(text), expected);
        assert.equal(referenceIsTimestamp(text), expected, 'the reference disagrees with the hand-picked verdict');
        assert.equal(WebhookTimestampSchema.safeParse(text).success, expected, 'WebhookTimestampSchema disagrees');
      });
    }
  });
});
