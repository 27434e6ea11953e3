// Export lines and cURL commands of deliveries: UTF-8 as text, anything else as base64 that decodes to the same bytes;
// the cURL command, run for real by /bin/sh, sends the same method, headers and body.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { Delivery } from '../../../../../../src/features/webhooks/inbox/model/delivery';
import { deliveryCurl } from '../../../../../../src/features/webhooks/inbox/model/deliveryCurl';
import { decodedBytes, deliveryRecord, ndjsonLine } from '../../../../../../src/features/webhooks/inbox/model/ndjson';

function delivery(body: Buffer, headers: Array<[string, string]> = [['Content-Type', 'application/json']]): Delivery {
  return { id: 7, receivedAt: Date.UTC(2026, 2, 1, 10, 0, 0), method: 'POST', target: '/hooks?x=1', httpVersion: '1.1', headers, body, bodyBytes: body.length, cut: 'none', eventKind: 'form.submitted' };
}

describe('webhook inbox NDJSON', () => {
  it('writes UTF-8 bodies as text and binary ones as base64, one line each', () => {
    const text = ndjsonLine(delivery(Buffer.from('{"type":"form.submitted","é":"\u2028"}')), [{ gateway: 'prod', subscription: 'wh_1' }]);
    assert.equal(text.endsWith('\n'), true);
    assert.equal(text.indexOf('\n'), text.length - 1, 'one line');
    const record = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(record.body, { encoding: 'utf8', text: '{"type":"form.submitted","é":"\u2028"}' });
    assert.equal(record.receivedAt, '2026-03-01T10:00:00.000Z');
    assert.equal(record.eventKind, 'form.submitted');
    assert.deepEqual(record.subscriptions, [{ gateway: 'prod', subscription: 'wh_1' }]);
    const binary = deliveryRecord(delivery(Buffer.from([0xff, 0x00, 0x80])));
    assert.deepEqual(binary.body, { encoding: 'base64', base64: '/wCA' });
  });

  it('writes a header value that is not UTF-8 as base64', () => {
    const record = deliveryRecord(delivery(Buffer.alloc(0), [['X-Bytes', '\u00ff\u00fe'], ['X-Utf8', Buffer.from('é').toString('latin1')]]));
    assert.deepEqual(record.headers, [
      { name: 'X-Bytes', base64: '//4=' },
      { name: 'X-Utf8', value: 'é' },
    ]);
  });

  it('property: what a line says decodes to the bytes received', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const record = JSON.parse(ndjsonLine(delivery(Buffer.from(bytes)))) as { body: { encoding: string; text?: string; base64?: string } };
        assert.ok(decodedBytes(record.body).equals(Buffer.from(bytes)));
      }),
    );
  });
});

describe('webhook inbox cURL', () => {
  let server: http.Server;
  let url: string;
  interface Seen {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }
  const requests: Seen[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks?x=1`;
  });

  after(() => {
    server.close();
    server.closeAllConnections();
  });

  const run = (command: string): Promise<void> =>
    new Promise((resolve, reject) => execFile('/bin/sh', ['-c', command], (error) => (error ? reject(error) : resolve())));

  for (const [name, body] of [
    ['JSON text', Buffer.from(`{"type":"form.submitted","quote":"it's $HOME \`x\`"}`)],
    ['a body starting with @', Buffer.from('@/etc/passwd')],
    ['binary bytes', Buffer.from([0, 1, 2, 0xff, 0x27, 0x0a])],
    ['no body', Buffer.alloc(0)],
  ] as const) {
    it(`replays ${name}: same method, headers and bytes`, async () => {
      requests.length = 0;
      const d: Delivery = { ...delivery(body, [['X-Signature', "sig'n"], ['Connection', 'close'], ['Host', 'tunnel.example'], ['Content-Type', 'application/json']]), method: body.length === 0 ? 'DELETE' : 'PUT' };
      const command = deliveryCurl(d, url);
      assert.equal(command.includes('tunnel.example'), false, 'Host is curl\'s');
      await run(command);
      const got = requests[0];
      assert.ok(got);
      assert.equal(got.method, d.method);
      assert.equal(got.url, '/hooks?x=1');
      assert.equal(got.headers['x-signature'], "sig'n");
      assert.ok(got.body.equals(body), `body ${got.body.toString('hex')} vs ${body.toString('hex')}`);
    });
  }

  it('replays a path with [1-3] and {a,b} as one request to that path, not a range of six (--globoff)', async () => {
    requests.length = 0;
    const target = `${new URL(url).origin}/h[1-3]/{a,b}`;
    await run(deliveryCurl({ ...delivery(Buffer.from('{}'), [['X-Signature', 'sig']]), method: 'POST' }, target));
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      requests.map((r) => r.url),
      ['/h[1-3]/{a,b}'],
    );
  });
});
