import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { BAR_MOVE_INTERVAL_MS, LoadAllBar } from '../../../src/model/loadAllBar';

describe('LoadAllBar (Load All\'s progress toward the last count)', () => {
  it('with no count known, there is nothing to fill toward: no steps, no "of about"', () => {
    const bar = new LoadAllBar(undefined);
    assert.equal(bar.filling, false);
    assert.equal(bar.step(0, 0), undefined);
    assert.equal(bar.step(500, 5000), undefined);
    assert.equal(bar.within(10), false);
    // A count of 0 (a status that was empty) gives nothing to fill toward either.
    assert.equal(new LoadAllBar(0).step(100, 0), undefined);
  });

  it('fills in percent of the count: 20 of 100,000 is 0 %, 25,000 is 25 %, 50,000 a second later adds 25', () => {
    const bar = new LoadAllBar(100_000);
    assert.equal(bar.step(20, 0), 0, 'the first report starts the bar at 0 (a step, so the bar has an end)');
    assert.equal(bar.step(25_000, 250), 25);
    assert.equal(bar.step(25_050, 1250), 0);
    assert.equal(bar.step(50_000, 1500), 25);
    assert.equal(bar.within(50_000), true);
  });

  it('moves at most once a second: in between its step is 0, and the next move catches up', () => {
    const bar = new LoadAllBar(1000);
    assert.equal(bar.step(100, 0), 10);
    assert.equal(bar.step(300, 250), 0);
    assert.equal(bar.step(500, BAR_MOVE_INTERVAL_MS - 1), 0);
    assert.equal(bar.step(600, BAR_MOVE_INTERVAL_MS), 50);
  });

  it('stops one short of its end until the load ends, also past the count (the list grew since)', () => {
    const bar = new LoadAllBar(1000);
    assert.equal(bar.step(999, 0), 99);
    assert.equal(bar.step(1000, 5000), 0);
    assert.equal(bar.step(1500, 10_000), 0);
    assert.equal(bar.within(1000), true);
    assert.equal(bar.within(1001), false, 'past the count the message says "N loaded"');
  });

  it('property: steps are whole and never negative, add up to at most 99, follow the share loaded once a second, and the bar moves at most once a second', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.record({ more: fc.integer({ min: 0, max: 100_000 }), after: fc.integer({ min: 0, max: 3000 }) }), { maxLength: 40 }),
        (expected, reports) => {
          const bar = new LoadAllBar(expected);
          let now = 0;
          let sum = 0;
          let loaded = 0;
          let movedAt = Number.NEGATIVE_INFINITY;
          // What is loaded only grows (a page at a time), and time goes on.
          for (const { more, after } of reports) {
            loaded += more;
            now += after;
            const step = bar.step(loaded, now) as number;
            assert.ok(Number.isInteger(step) && step >= 0, `step ${step}`);
            if (step > 0) {
              assert.ok(now - movedAt >= BAR_MOVE_INTERVAL_MS, `moved again after ${now - movedAt} ms`);
              movedAt = now;
              // A move shows the share loaded now, one short of the end at most.
              assert.equal(sum + step, Math.min(99, Math.floor((loaded * 100) / expected)));
            }
            sum += step;
            assert.ok(sum <= Math.min(99, Math.floor((loaded * 100) / expected)), 'never ahead of what is loaded');
          }
        },
      ),
    );
  });
});
