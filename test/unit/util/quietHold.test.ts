import * as assert from 'node:assert/strict';
import { QuietHold } from '../../../src/util/quietHold';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('QuietHold (a stream of changes passed on when it pauses)', () => {
  let fired: string[];
  let hold: QuietHold<string>;

  beforeEach(() => {
    fired = [];
    hold = new QuietHold<string>((element) => fired.push(element), 50);
  });

  afterEach(() => hold.dispose());

  it('passes a single change on once it has been quiet for the pause, not before', async () => {
    hold.hold('published');
    assert.deepEqual(fired, []);
    assert.equal(hold.holds('published'), true);
    await sleep(100);
    assert.deepEqual(fired, ['published']);
    assert.equal(hold.holds('published'), false);
  });

  it('a stream faster than the pause is passed on once, after its last change', async () => {
    const started = performance.now();
    let lastChangeAt = 0;
    while (performance.now() - started < 200) {
      hold.hold('published');
      lastChangeAt = performance.now();
      await sleep(5);
    }
    assert.deepEqual(fired, [], 'nothing while the stream runs (it lasted four pauses)');
    await sleep(100);
    assert.deepEqual(fired, ['published']);
    assert.ok(performance.now() - lastChangeAt >= 50);
  });

  it('holds each element apart: one element\'s stream does not hold back another', async () => {
    hold.hold('published');
    const started = performance.now();
    while (performance.now() - started < 200) {
      hold.hold('draft');
      await sleep(5);
    }
    assert.deepEqual(fired, ['published'], 'published paused; draft kept changing');
    await sleep(100);
    assert.deepEqual(fired, ['published', 'draft']);
  });

  it('cancel forgets the held change of one element only', async () => {
    hold.hold('published');
    hold.hold('draft');
    hold.cancel('published');
    assert.equal(hold.holds('published'), false);
    await sleep(100);
    assert.deepEqual(fired, ['draft']);
  });

  it('after dispose nothing held is passed on and new changes are ignored', async () => {
    hold.hold('published');
    hold.dispose();
    hold.hold('draft');
    await sleep(100);
    assert.deepEqual(fired, []);
    assert.equal(hold.holds('draft'), false);
  });
});
