// What the Webhook Inbox shows of a delivery: the row's label and description (event kind or "unknown", size, cut,
// the handler's answer, the subscription), and the document (request line, headers in order, body parsed when JSON,
// text or base64 otherwise, the answer), with characters that could hide or reorder text written as escapes.
import { strict as assert } from 'node:assert';
import type { Delivery, ForwardOutcome } from '../../../../../../src/features/webhooks/inbox/model/delivery';
import { deliveryDescription, deliveryDocument, deliveryLabel, deliveryTabTitle, maskedUrl, outcomeText, visibleJson } from '../../../../../../src/features/webhooks/inbox/view/deliveryPresentation';
import { documentLocation, formatJson, parseDocumentLocation } from '../../../../../../src/documents/documentPaths';

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  const body = Buffer.from('{"type":"form.submitted"}');
  return { id: 3, receivedAt: Date.UTC(2026, 2, 1, 14, 2, 3), method: 'POST', target: '/hooks/pages?x=1', httpVersion: '1.1', headers: [['Content-Type', 'application/json'], ['X-Sig', 'a']], body, bodyBytes: body.length, cut: 'none', eventKind: 'form.submitted', ...overrides };
}

const answered = (status: number, ms: number): ForwardOutcome => ({ kind: 'answered', target: 'http://localhost:3000/hooks', status, statusText: 'OK', headers: [['X-Handler', '1']], body: Buffer.from('ok'), bodyBytes: 2, cut: false, ms });

describe('webhook inbox presentation', () => {
  it('labels a row with what tells deliveries apart: the event kind, else the path (and a method other than POST)', () => {
    assert.equal(deliveryLabel(delivery()), 'form.submitted');
    assert.equal(deliveryLabel(delivery({ eventKind: undefined })), '/hooks/pages?x=1');
    assert.equal(deliveryLabel(delivery({ eventKind: undefined, method: 'PUT' })), 'PUT /hooks/pages?x=1');
    assert.equal(deliveryLabel(delivery({ eventKind: undefined, target: '/a\u202Eb' })), '/a\\u202Eb');
  });

  it('masks a password in a subscription URL', () => {
    assert.equal(maskedUrl('https://user:s3cret@hooks.example/h'), 'https://***@hooks.example/h');
    assert.equal(maskedUrl('https://hooks.example/h'), 'https://hooks.example/h');
    assert.ok(!maskedUrl('not a url //me:s3cret@x').includes('s3cret'));
  });

  it('describes time, status (answer or refusal), path, size and subscription; cut, replay, body dropped', () => {
    const time = /^\d\d:\d\d:\d\d( [AP]M)?/;
    const strip = (text: string): string => text.replace(time, 'T');
    assert.equal(strip(deliveryDescription(delivery({ forward: answered(200, 35.4) }), [{ gateway: 'prod', id: 'wh_1', active: true }], false)), 'T · 200 · 35 ms · POST /hooks/pages · 25 bytes · wh_1');
    assert.equal(strip(deliveryDescription(delivery({ eventKind: undefined, cut: 'tooLarge', body: Buffer.alloc(1024), bodyBytes: 4096 }), [], false)), 'T · 1 KiB of 4 KiB (cut)');
    assert.equal(
      strip(deliveryDescription(delivery({ replayOf: 1, forward: { kind: 'failed', target: 'x', reason: 'refused', detail: 'ECONNREFUSED', ms: 1 } }), [{ gateway: 'prod', id: 'wh_1', active: true }, { gateway: 'stage', id: 'wh_2', active: false }], true)),
      'T · replay · connection refused · POST /hooks/pages · 25 bytes · wh_1 on prod +1',
    );
    assert.equal(strip(deliveryDescription(delivery({ eventKind: undefined, refused: { status: 421, reason: 'host', detail: 'evil.example' } }), [], false)), "T · 421 · Host evil.example is not this inbox's address · 25 bytes");
    assert.equal(strip(deliveryDescription(delivery({ bodyDropped: true, body: Buffer.alloc(0) }), [], false)), 'T · POST /hooks/pages · 25 bytes, body dropped');
  });

  it('says what happened to a forward in words', () => {
    assert.equal(outcomeText({ kind: 'pending', target: 'x' }), 'forwarding…');
    assert.equal(outcomeText({ kind: 'failed', target: 'x', reason: 'timeout', detail: '10000 ms', ms: 10000 }), 'timed out');
    assert.equal(outcomeText({ kind: 'skipped', target: 'x', reason: 'bodyCut' }), 'not forwarded: body cut');
    assert.equal(outcomeText({ kind: 'skipped', target: 'x', reason: 'method' }), '405 · method not forwarded');
    assert.equal(outcomeText({ kind: 'skipped', target: 'x', reason: 'notConfirmed' }), '503 · forwarding to this host not confirmed');
    assert.equal(outcomeText(answered(500, 2)), '500 · 2 ms');
  });

  it('documents the request line, headers in order, the parsed body and the answer', () => {
    const document = deliveryDocument(delivery({ forward: answered(201, 12) }), [{ gateway: 'prod', id: 'wh_1', active: false }]);
    assert.equal(document.request, 'POST /hooks/pages?x=1 HTTP/1.1');
    assert.deepEqual(document.headers, ['Content-Type: application/json', 'X-Sig: a']);
    assert.deepEqual(document.body, { type: 'form.submitted' });
    assert.deepEqual(document.subscriptions, [{ id: 'wh_1', gateway: 'prod', active: false }]);
    assert.deepEqual((document.response as Record<string, unknown>).body, 'ok');
    assert.equal((document.response as Record<string, unknown>).status, '201 OK');
  });

  it('shows a text body as text, a binary one as base64, and says when a body was cut', () => {
    assert.equal(deliveryDocument(delivery({ body: Buffer.from('a=1&b=2') }), []).body, 'a=1&b=2');
    assert.deepEqual(deliveryDocument(delivery({ body: Buffer.from([0xff, 0]) }), []).body, { base64: '/wA=' });
    assert.match(String(deliveryDocument(delivery({ cut: 'tooLarge', bodyBytes: 5000 }), []).note), /cut at the size limit/);
    assert.equal(deliveryDocument(delivery({ body: Buffer.alloc(0), bodyBytes: 0 }), []).body, null);
  });

  it('writes JSON text with unsafe characters as \\u escapes: the same value, nothing hidden', () => {
    const value = { body: 'a\u202Eb\u2066c', nested: ['\u200B'] };
    const text = visibleJson(formatJson(value, { insertSpaces: false, tabSize: 4 }));
    assert.equal(/[\u202E\u2066\u200B]/.test(text), false);
    assert.deepEqual(JSON.parse(text), value);
    assert.ok(text.includes('\n\t"body"'), 'the layout (tabs, line breaks) is kept');
  });

  it('documents a body too deep to write back as JSON as its text', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    assert.equal(deliveryDocument(delivery({ body: Buffer.from(deep), eventKind: undefined }), []).body, deep);
  });
});

describe('delivery documents', () => {
  const at = new Date(2026, 10, 27, 14, 2, 3).getTime();

  it('a tab is named by the event kind and the time, as page groups are named, the id last', () => {
    // As deliveryDocuments.ts addresses it (that file reaches the tree, which needs the editor).
    const address = { gateway: 'webhook-inbox', folder: 'inbox-deliveries', name: 'delivery-12', title: deliveryTabTitle({ eventKind: 'form.submitted', target: '/hooks/forms?x=1', receivedAt: at }) };
    assert.match(address.title ?? '', /^form\.submitted 02:02:03\sPM$|^form\.submitted 14:02:03$/);
    assert.match(documentLocation(address).path, /^\/inbox-deliveries\/delivery-12\/form\.submitted .+ · delivery-12\.json$/);
    const parsed = parseDocumentLocation('webhook-inbox', documentLocation(address).path);
    assert.equal(parsed?.name, 'delivery-12');
  });

  it('without an event kind, by its path (no query, control characters shown as data)', () => {
    assert.match(deliveryTabTitle({ eventKind: undefined, target: '/hooks/pages?token=secret', receivedAt: at }), /^\/hooks\/pages \d/);
    assert.doesNotMatch(deliveryTabTitle({ eventKind: undefined, target: '/a\u202eb', receivedAt: at }), /\u202e/);
  });
});
