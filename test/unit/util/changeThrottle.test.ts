import * as assert from 'node:assert/strict';
import { ChangeThrottle } from '../../../src/util/changeThrottle';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('ChangeThrottle (tree events while changes stream in)', () => {
  let clock = 0;
  let fired: string[];
  let throttle: ChangeThrottle<string>;

  beforeEach(() => {
    clock = 1000;
    fired = [];
    throttle = new ChangeThrottle<string>((element) => fired.push(element), 20, () => clock);
  });

  afterEach(() => throttle.dispose());

  it('passes a single change on at once', () => {
    throttle.changed('published');
    assert.deepEqual(fired, ['published']);
  });

  it('cancel forgets a gathered change of one element, and only of that one', async () => {
    throttle.changed('published');
    clock += 1;
    throttle.changed('archived');
    throttle.changed('draft');
    throttle.cancel('archived');
    await sleep(40);
    assert.deepEqual(fired, ['published', 'draft']);
  });

  it('gathers the changes of a burst: each element once, in order of first change, when the interval ends', async () => {
    throttle.changed('published');
    clock += 1;
    throttle.changed('archived');
    throttle.changed('published');
    throttle.changed('archived');
    throttle.changed('draft');
    assert.deepEqual(fired, ['published'], 'the burst waits for the end of the interval');
    await sleep(40);
    assert.deepEqual(fired, ['published', 'archived', 'published', 'draft']);
  });

  it('a stream of changes is passed on once per interval, and its last change always arrives', async () => {
    let lastFiredAt = 0;
    const events: string[] = [];
    const streamed = new ChangeThrottle<string>((element) => {
      events.push(element);
      lastFiredAt = performance.now();
    }, 20);
    try {
      const started = performance.now();
      let changes = 0;
      let lastChangeAt = 0;
      while (performance.now() - started < 100) {
        lastChangeAt = performance.now();
        streamed.changed('published');
        changes += 1;
        await sleep(1);
      }
      await sleep(40);
      assert.ok(changes >= 20, `${changes} changes`);
      assert.ok(events.length <= 100 / 20 + 3, `${events.length} events for ${changes} changes`);
      assert.ok(lastFiredAt >= lastChangeAt, 'an event follows the last change');
      assert.ok(events.every((element) => element === 'published'));
    } finally {
      streamed.dispose();
    }
  });

  it('after a quiet interval the next change is passed on at once again', async () => {
    throttle.changed('published');
    clock += 5;
    throttle.changed('published');
    await sleep(40);
    assert.equal(fired.length, 2);
    clock += 100;
    throttle.changed('archived');
    assert.deepEqual(fired, ['published', 'published', 'archived']);
  });

  it('flush() passes on what is gathered now, and nothing more follows', async () => {
    throttle.changed('published');
    clock += 1;
    throttle.changed('archived');
    throttle.flush();
    assert.deepEqual(fired, ['published', 'archived']);
    await sleep(40);
    assert.deepEqual(fired, ['published', 'archived']);
  });

  it('dispose() drops what is gathered and ignores later changes', async () => {
    throttle.changed('published');
    clock += 1;
    throttle.changed('archived');
    throttle.dispose();
    throttle.changed('draft');
    await sleep(40);
    assert.deepEqual(fired, ['published']);
  });
});
