// The inbox keeps the last N deliveries: newest first, the oldest dropped, look-up by id, replace in place, resize.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { RingBuffer } from '../../../../../../src/features/webhooks/inbox/model/ringBuffer';
import { Inbox } from '../../../../../../src/features/webhooks/inbox/model/inbox';
import type { Delivery } from '../../../../../../src/features/webhooks/inbox/model/delivery';

const ring = (capacity: number): RingBuffer<{ id: number; v?: string }> => new RingBuffer(capacity, (item) => item.id);

function delivery(id: number): Delivery {
  return { id, receivedAt: 0, method: 'POST', target: '/', httpVersion: '1.1', headers: [], body: Buffer.alloc(0), bodyBytes: 0, cut: 'none', eventKind: undefined };
}

describe('webhook inbox ring buffer', () => {
  it('keeps the newest first and drops the oldest past the capacity', () => {
    const buffer = ring(3);
    assert.equal(buffer.push({ id: 1 }), undefined);
    buffer.push({ id: 2 });
    buffer.push({ id: 3 });
    assert.deepEqual(buffer.push({ id: 4 }), { id: 1 });
    assert.deepEqual(buffer.items().map((i) => i.id), [4, 3, 2]);
    assert.equal(buffer.get(1), undefined);
    assert.deepEqual(buffer.get(2), { id: 2 });
    assert.equal(buffer.size, 3);
  });

  it('replaces an item in place; a dropped one is not brought back', () => {
    const buffer = ring(2);
    buffer.push({ id: 1 });
    buffer.push({ id: 2 });
    assert.ok(buffer.replace({ id: 1, v: 'new' }));
    assert.deepEqual(buffer.items(), [{ id: 2 }, { id: 1, v: 'new' }]);
    buffer.push({ id: 3 });
    assert.equal(buffer.replace({ id: 1, v: 'again' }), false);
    assert.deepEqual(buffer.items().map((i) => i.id), [3, 2]);
  });

  it('resizes: smaller drops the oldest and returns them, larger keeps everything', () => {
    const buffer = ring(4);
    [1, 2, 3, 4].forEach((id) => buffer.push({ id }));
    assert.deepEqual(buffer.resize(2).map((i) => i.id), [2, 1]);
    assert.deepEqual(buffer.items().map((i) => i.id), [4, 3]);
    assert.deepEqual(buffer.resize(5), []);
    buffer.push({ id: 5 });
    assert.deepEqual(buffer.items().map((i) => i.id), [5, 4, 3]);
    assert.equal(buffer.get(1), undefined);
  });

  it('refuses a capacity that is not a positive integer', () => {
    assert.throws(() => ring(0), RangeError);
    assert.throws(() => ring(1.5), RangeError);
  });

  it('property: the items are always the last min(n, capacity) pushed, newest first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 100 }), (capacity, n) => {
        const buffer = ring(capacity);
        for (let id = 1; id <= n; id += 1) {
          buffer.push({ id });
        }
        const expected = Array.from({ length: Math.min(n, capacity) }, (_, i) => n - i);
        assert.deepEqual(buffer.items().map((i) => i.id), expected);
        assert.equal(buffer.size, expected.length);
      }),
    );
  });
});

describe('webhook inbox store', () => {
  it('counts what was dropped, changes its version on every change and tells its listeners', () => {
    const inbox = new Inbox(2);
    let told = 0;
    inbox.onDidChange(() => (told += 1));
    const first = inbox.version;
    [1, 2, 3].forEach((id) => inbox.add(delivery(id)));
    assert.equal(inbox.dropped, 1);
    assert.equal(told, 3);
    assert.ok(inbox.version > first);
    inbox.update({ ...delivery(1), method: 'PUT' });
    assert.equal(told, 3, 'a dropped delivery is not updated');
    inbox.update({ ...delivery(3), method: 'PUT' });
    assert.equal(inbox.get(3)?.method, 'PUT');
    inbox.clear();
    assert.equal(inbox.size, 0);
    assert.equal(inbox.dropped, 0);
    assert.equal(inbox.nextId(), 1);
    assert.equal(inbox.nextId(), 2);
  });
});
