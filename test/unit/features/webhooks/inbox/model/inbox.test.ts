// The inbox's byte budget: bodies arriving and kept share it; past it the oldest bodies are dropped first (their rows
// stay, marked), a body that cannot fit is refused; Clear returns what it held so that Undo puts it back.
import { strict as assert } from 'node:assert';
import type { Delivery } from '../../../../../../src/features/webhooks/inbox/model/delivery';
import { Inbox } from '../../../../../../src/features/webhooks/inbox/model/inbox';

function delivery(id: number, bytes: number): Delivery {
  const body = Buffer.alloc(bytes, 0x61);
  return { id, receivedAt: id, method: 'POST', target: `/h/${id}`, httpVersion: '1.1', headers: [], body, bodyBytes: bytes, cut: 'none', eventKind: undefined };
}

describe('webhook inbox byte budget', () => {
  it('drops the oldest bodies first past the budget; their rows stay, marked', () => {
    const inbox = new Inbox(100, 1000);
    for (let id = 1; id <= 5; id += 1) {
      inbox.add(delivery(id, 300));
    }
    assert.equal(inbox.size, 5, 'every row kept');
    assert.ok(inbox.keptBytes <= 1000, `${inbox.keptBytes} bytes kept`);
    assert.equal(inbox.budget.used, inbox.keptBytes);
    const byId = new Map(inbox.deliveries().map((d) => [d.id, d]));
    assert.equal(byId.get(1)?.bodyDropped, true);
    assert.equal(byId.get(2)?.bodyDropped, true);
    assert.equal(byId.get(1)?.body.length, 0);
    assert.equal(byId.get(1)?.bodyBytes, 300, 'the size that arrived is still said');
    assert.equal(byId.get(5)?.bodyDropped, undefined);
    assert.equal(inbox.bodiesDropped, 2);
  });

  it('makes room for a body arriving by dropping kept ones, and refuses one larger than the budget', () => {
    const inbox = new Inbox(100, 1000);
    inbox.add(delivery(1, 800));
    assert.equal(inbox.budget.take(500), true);
    assert.equal(inbox.get(1)?.bodyDropped, true);
    assert.equal(inbox.budget.take(600), false, 'arriving bodies are never dropped');
    inbox.budget.give(500);
    assert.equal(inbox.budget.used, 0);
  });

  it("counts a handler's answer body, and keeps a dropped body dropped when the answer comes", () => {
    const inbox = new Inbox(100, 1000);
    const first = delivery(1, 600);
    inbox.add({ ...first, forward: { kind: 'pending', target: 'x' } });
    inbox.add(delivery(2, 600));
    assert.equal(inbox.get(1)?.bodyDropped, true);
    inbox.update({ ...first, forward: { kind: 'answered', target: 'x', status: 200, statusText: 'OK', headers: [], body: Buffer.alloc(300), bodyBytes: 300, cut: false, ms: 1 } });
    const updated = inbox.get(1);
    assert.equal(updated?.body.length, 0);
    assert.ok(updated?.forward?.kind === 'answered' && updated.forward.body.length === 0 && updated.forward.status === 200);
    assert.ok(inbox.keptBytes <= 1000);
  });

  it('Clear returns what it held; restore puts it back before what came since', () => {
    const inbox = new Inbox(3, 10_000);
    inbox.add(delivery(1, 10));
    inbox.add(delivery(2, 10));
    const cleared = inbox.clear();
    assert.equal(inbox.size, 0);
    assert.equal(inbox.budget.used, 0);
    inbox.add(delivery(3, 10));
    inbox.restore(cleared);
    assert.deepEqual(
      inbox.deliveries().map((d) => d.id),
      [3, 2, 1],
    );
    assert.equal(inbox.budget.used, 30);
    assert.equal(inbox.nextId(), 4, 'ids continue after the restored ones');
  });
});
