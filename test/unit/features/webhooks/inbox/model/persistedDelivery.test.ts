// Deliveries kept across a window reload: every field read back as written (bodies byte for byte), a forward still on
// its way read back as failed, and a file that is not ours (or cut short) read without throwing.
import { strict as assert } from 'node:assert';
import type { Delivery } from '../../../../../../src/features/webhooks/inbox/model/delivery';
import { parsePersisted, parsePersistedLine, persistedLine } from '../../../../../../src/features/webhooks/inbox/model/persistedDelivery';

const base: Delivery = {
  id: 7,
  receivedAt: 1_700_000_000_000,
  method: 'POST',
  target: '/hooks/x?y=1',
  httpVersion: '1.1',
  headers: [['X-Signature', 'sha256=\u00e9'], ['x-signature', 'two']],
  body: Buffer.from([0, 1, 0xff, 0x7b]),
  bodyBytes: 4,
  cut: 'none',
  eventKind: 'form.submitted',
  remote: '127.0.0.1:5000',
};

describe('webhook inbox deliveries kept across a reload', () => {
  it('reads back every field as written, bodies byte for byte', () => {
    const answered: Delivery = {
      ...base,
      replayOf: 3,
      forward: { kind: 'answered', target: 'http://localhost:3000/hooks/x', status: 201, statusText: 'Created', headers: [['A', 'b']], body: Buffer.from('ok'), bodyBytes: 2, cut: false, ms: 12.5 },
    };
    for (const delivery of [
      base,
      answered,
      { ...base, refused: { status: 421, reason: 'host', detail: 'evil.example' } } as Delivery,
      { ...base, body: Buffer.alloc(0), bodyDropped: true } as Delivery,
      { ...base, eventKind: undefined, cut: 'tooLarge', forward: { kind: 'skipped', target: 'x', reason: 'bodyCut' } } as Delivery,
    ]) {
      const line = persistedLine(delivery);
      assert.equal(line.indexOf('\n'), line.length - 1, 'one line');
      assert.deepEqual(parsePersistedLine(line), delivery);
    }
  });

  it('reads a forward that was on its way as failed: the window was reloaded', () => {
    const back = parsePersistedLine(persistedLine({ ...base, forward: { kind: 'pending', target: 'http://h/x' } }));
    assert.deepEqual(back?.forward, { kind: 'failed', target: 'http://h/x', reason: 'interrupted', detail: '', ms: 0 });
  });

  it('skips what is not a delivery, never throws, and keeps at most max', () => {
    const text = ['garbage', '{"id":"x"}', '[]', 'null', persistedLine(base).trim(), persistedLine({ ...base, id: 8 }).slice(0, 30), persistedLine({ ...base, id: 9 })].join('\n');
    assert.deepEqual(
      parsePersisted(text, 10).map((d) => d.id),
      [7, 9],
    );
    assert.equal(parsePersisted(text, 1).length, 1);
  });
});
