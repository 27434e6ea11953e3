import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { localDayOf, localDayStart } from '../../../../../../src/features/pageGroups/table/model/localDays';

describe('Page Groups table: the days of its time filters are the user\'s', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = zone;
    }
  });

  for (const [tz, start] of [
    ['UTC', '2026-03-01T00:00:00.000Z'],
    ['America/New_York', '2026-03-01T05:00:00.000Z'],
    ['Asia/Tokyo', '2026-02-28T15:00:00.000Z'],
  ] as const) {
    it(`a date box's day starts at local midnight (${tz})`, () => {
      process.env.TZ = tz;
      assert.equal(new Date(localDayStart('2026-03-01') as number).toISOString(), start);
      assert.equal(localDayOf(localDayStart('2026-03-01') as number), '2026-03-01');
    });
  }

  it('a day that is not one, or not a day, is nothing', () => {
    for (const value of ['', '2026-02-31', '2026-13-01', '2026-3-1', '01/03/2026', '2026-03-01T00:00']) {
      assert.equal(localDayStart(value), undefined, value);
    }
  });

  it('the day shown for a bound is the day it starts, across the changes of summer time', () => {
    process.env.TZ = 'Europe/Berlin';
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const day = localDayOf(date.getTime());
        const start = localDayStart(day) as number;
        assert.ok(start <= date.getTime() && date.getTime() - start < 25 * 3600_000, `${date.toISOString()} in ${day}`);
      }),
    );
  });
});
