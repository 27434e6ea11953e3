import { strict as assert } from 'node:assert';
import { RefreshScheduler } from '../../../../src/views/common/refreshScheduler';

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('RefreshScheduler', () => {
  it('renders the first change at once and coalesces a burst into few refreshes', async () => {
    const fired: Array<string | undefined> = [];
    const scheduler = new RefreshScheduler<string>((node) => fired.push(node), 50);
    scheduler.schedule('a');
    await wait(5);
    assert.deepEqual(fired, ['a']);
    for (let i = 0; i < 100; i += 1) {
      scheduler.schedule('a');
      scheduler.schedule('b');
    }
    await wait(80);
    assert.deepEqual(fired, ['a', 'a', 'b']);
    scheduler.dispose();
  });

  it('a root refresh covers node refreshes scheduled with it', async () => {
    const fired: Array<string | undefined> = [];
    const scheduler = new RefreshScheduler<string>((node) => fired.push(node), 10);
    scheduler.schedule('a');
    scheduler.schedule(undefined);
    scheduler.schedule('b');
    await wait(20);
    assert.deepEqual(fired, [undefined]);
    scheduler.dispose();
  });
});
