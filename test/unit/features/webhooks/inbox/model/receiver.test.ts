// The inbox's receiver and forwarder on 127.0.0.1: any method and path answered at once, bodies forwarded byte for byte
// (a property over arbitrary bytes, methods, paths and headers), hop-by-hop headers dropped and Host rewritten, the
// handler's answers relayed and recorded (redirects not followed), the size cap, a slow sender and a slow or absent
// handler answered within the timeout, and stop freeing the port.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { Delivery } from '../../../../../../src/features/webhooks/inbox/model/delivery';
import { headerValue } from '../../../../../../src/features/webhooks/inbox/model/delivery';
import { exactTarget, forwardUrl } from '../../../../../../src/features/webhooks/inbox/model/forwarder';
import { BindError, Receiver, type ReceiverOptions } from '../../../../../../src/features/webhooks/inbox/model/receiver';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly rawHeaders: string[];
  readonly body: Buffer;
}

/** A local handler that records each request and answers with `answer`. */
async function startHandler(answer: (req: Seen, res: http.ServerResponse) => void = (_req, res) => res.end()): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const record = { method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) };
      seen.push(record);
      answer(record, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Sends raw bytes and resolves with the whole answer (the connection is closed by us after it). */
function rawRequest(port: number, bytes: Buffer | string, waitMs?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(bytes);
    if (waitMs !== undefined) {
      setTimeout(() => socket.end(), waitMs);
    }
  });
}

function send(port: number, options: { method?: string; path?: string; headers?: http.OutgoingHttpHeaders | string[]; body?: Buffer | string }): Promise<{ status: number; statusText: string; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/', headers: options.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

interface Harness {
  readonly receiver: Receiver;
  readonly port: number;
  readonly received: Delivery[];
  readonly forwarded: Delivery[];
}

async function startReceiver(options: Partial<ReceiverOptions> = {}): Promise<Harness> {
  const received: Delivery[] = [];
  const forwarded: Delivery[] = [];
  const receiver = new Receiver(
    { port: 0, maxBodyBytes: 1024 * 1024, timeoutMs: 2000, forwardTo: () => undefined, ...options },
    { received: (d) => received.push(d), forwarded: (d) => forwarded.push(d) },
  );
  await receiver.start();
  return { receiver, port: receiver.port as number, received, forwarded };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(condition(), `timed out waiting for ${what}`);
}

describe('webhook inbox receiver', () => {
  let harness: Harness | undefined;
  let handler: Awaited<ReturnType<typeof startHandler>> | undefined;

  afterEach(async () => {
    await harness?.receiver.stop();
    await handler?.close();
    harness = undefined;
    handler = undefined;
  });

  it('answers any method and path with 200 and an empty body, and records the request as sent', async () => {
    harness = await startReceiver();
    const body = JSON.stringify({ type: 'form.submitted', data: { id: 'f_1' } });
    const answer = await send(harness.port, { method: 'PUT', path: '/hooks/pages?x=1', headers: { 'X-Signature': 'abc', 'Content-Type': 'application/json' }, body });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 0);
    const answer2 = await send(harness.port, { method: 'DELETE', path: '/other' });
    assert.equal(answer2.status, 200);
    assert.equal(harness.received.length, 2);
    const [first, second] = harness.received as [Delivery, Delivery];
    assert.equal(first.method, 'PUT');
    assert.equal(first.target, '/hooks/pages?x=1');
    assert.equal(first.body.toString(), body);
    assert.equal(first.bodyBytes, body.length);
    assert.equal(first.cut, 'none');
    assert.equal(first.eventKind, 'form.submitted');
    assert.equal(headerValue(first.headers, 'x-signature'), 'abc');
    assert.ok(first.headers.some(([name]) => name === 'X-Signature'), 'the header name as written');
    assert.equal(first.forward, undefined);
    assert.equal(second.method, 'DELETE');
    assert.equal(second.eventKind, undefined);
  });

  it('cuts a body over maxBodyBytes and marks it, counting what was sent', async () => {
    harness = await startReceiver({ maxBodyBytes: 100 });
    const answer = await send(harness.port, { body: Buffer.alloc(1000, 0x61) });
    assert.equal(answer.status, 200);
    const [delivery] = harness.received as [Delivery];
    assert.equal(delivery.body.length, 100);
    assert.equal(delivery.bodyBytes, 1000);
    assert.equal(delivery.cut, 'tooLarge');
  });

  it('a body of exactly maxBodyBytes is whole', async () => {
    harness = await startReceiver({ maxBodyBytes: 100 });
    await send(harness.port, { body: Buffer.alloc(100, 0x61) });
    assert.equal((harness.received[0] as Delivery).cut, 'none');
  });

  it('times out a slow sender with 408, closes the connection and records what arrived', async () => {
    harness = await startReceiver({ timeoutMs: 300 });
    const answer = await rawRequest(harness.port, 'POST /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"partial":', 5000);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    const [delivery] = harness.received as [Delivery];
    assert.equal(delivery.cut, 'timeout');
    assert.equal(delivery.body.toString(), '{"partial":');
    assert.equal(delivery.target, '/slow');
  });

  it('answers garbage with 400 and records nothing', async () => {
    harness = await startReceiver();
    const answer = await rawRequest(harness.port, 'NOT HTTP AT ALL\r\n\r\n');
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.equal(harness.received.length, 0);
  });

  it('forwards to the handler: path and query appended to its base path, hop-by-hop headers dropped, Host rewritten, the answer relayed and recorded', async () => {
    handler = await startHandler((_req, res) => {
      res.writeHead(201, 'Made It', { 'X-Handler': 'yes', Connection: 'keep-alive' });
      res.end('{"ok":true}');
    });
    const base = `${handler.url}/api/`;
    harness = await startReceiver({ forwardTo: () => base, origins: () => ['https://tunnel.example'] });
    const answer = await send(harness.port, {
      path: '/hooks/pages?x=1&y=%20',
      headers: ['Host', 'tunnel.example', 'X-Custom', 'one', 'x-custom', 'two', 'Connection', 'keep-alive, X-Drop-Me', 'X-Drop-Me', 'secret', 'Keep-Alive', 'timeout=5', 'Content-Type', 'application/json'],
      body: '{"type":"page.version.created"}',
    });
    assert.equal(answer.status, 201);
    assert.equal(answer.statusText, 'Made It');
    assert.equal(answer.body.toString(), '{"ok":true}');
    assert.equal(answer.headers['x-handler'], 'yes');
    const [seen] = handler.seen as [Seen];
    assert.equal(seen.url, '/api/hooks/pages?x=1&y=%20');
    assert.equal(seen.method, 'POST');
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < seen.rawHeaders.length; i += 2) {
      pairs.push([seen.rawHeaders[i] as string, seen.rawHeaders[i + 1] as string]);
    }
    const names = pairs.map(([name]) => name.toLowerCase());
    assert.ok(!names.includes('x-drop-me'), 'a header named by Connection is dropped');
    assert.ok(!names.includes('keep-alive'));
    assert.equal(pairs.find(([name]) => name === 'Host')?.[1], new URL(handler.url).host);
    assert.equal(pairs.find(([name]) => name === 'X-Forwarded-Host')?.[1], 'tunnel.example', 'the original Host, as a reverse proxy says it');
    assert.equal(pairs.find(([name]) => name === 'X-Forwarded-Proto')?.[1], 'https', 'the public URL is https');
    assert.equal(pairs.find(([name]) => name === 'X-Forwarded-For')?.[1], '127.0.0.1');
    assert.deepEqual(
      pairs.filter(([name]) => /^x-custom$/i.test(name)),
      [
        ['X-Custom', 'one'],
        ['x-custom', 'two'],
      ],
      'repeated headers kept in order, names as written',
    );
    await until(() => harness?.forwarded.length === 1, 'the recorded answer');
    assert.equal(harness.received[0]?.forward?.kind, 'pending');
    const outcome = harness.forwarded[0]?.forward;
    assert.ok(outcome?.kind === 'answered');
    assert.equal(outcome.status, 201);
    assert.equal(outcome.body.toString(), '{"ok":true}');
    assert.equal(outcome.target, `${handler.url}/api/hooks/pages?x=1&y=%20`);
  });

  it('records a redirect from the handler without following it', async () => {
    handler = await startHandler((_req, res) => {
      res.writeHead(302, { Location: '/elsewhere' });
      res.end();
    });
    const local = handler;
    harness = await startReceiver({ forwardTo: () => local.url });
    const answer = await send(harness.port, { path: '/h', body: 'x' });
    assert.equal(answer.status, 302);
    await until(() => harness?.forwarded.length === 1, 'the recorded answer');
    assert.equal(handler.seen.length, 1, 'the redirect was not followed');
    const outcome = harness.forwarded[0]?.forward;
    assert.ok(outcome?.kind === 'answered' && outcome.status === 302);
  });

  it('a refused connection is recorded and the sender gets 502', async () => {
    const closed = await startHandler();
    const url = closed.url;
    await closed.close();
    harness = await startReceiver({ forwardTo: () => url });
    const answer = await send(harness.port, { body: 'x' });
    assert.equal(answer.status, 502);
    await until(() => harness?.forwarded.length === 1, 'the recorded outcome');
    const outcome = harness.forwarded[0]?.forward;
    assert.ok(outcome?.kind === 'failed');
    assert.equal(outcome.reason, 'refused');
  });

  it('a handler slower than the timeout is recorded as timed out and the sender gets 504 within the timeout', async () => {
    handler = await startHandler(() => undefined);
    const local = handler;
    harness = await startReceiver({ forwardTo: () => local.url, timeoutMs: 300 });
    const answer = await send(harness.port, { body: 'x' });
    assert.equal(answer.status, 504);
    const outcome = harness.forwarded[0]?.forward;
    assert.ok(outcome?.kind === 'failed');
    assert.equal(outcome.reason, 'timeout');
  });

  it('does not forward a cut body (the handler would get other bytes) and tells the sender 413', async () => {
    handler = await startHandler();
    const local = handler;
    harness = await startReceiver({ forwardTo: () => local.url, maxBodyBytes: 10 });
    const answer = await send(harness.port, { body: 'x'.repeat(50) });
    assert.equal(answer.status, 413);
    assert.equal(handler.seen.length, 0);
    assert.equal(harness.received[0]?.forward?.kind, 'skipped');
  });

  it('property: forwarded bodies, methods, paths and headers reach the handler byte for byte', async () => {
    handler = await startHandler((_req, res) => res.end());
    const local = handler;
    harness = await startReceiver({ forwardTo: () => local.url, forwardMethods: () => ['POST', 'PUT', 'PATCH', 'DELETE'] });
    const port = harness.port;
    const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/).filter((name) => !/^(connection|keep-alive|te|trailer|transfer-encoding|upgrade|proxy-.*|host|content-length|expect)$/i.test(name));
    const headerValueArb = fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes.filter((b) => b >= 0x20 && b !== 0x7f)).toString('latin1').trim());
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        // Dot segments and encoded separators are normalised or refused (tested below), not passed through.
        fc.array(fc.stringMatching(/^[A-Za-z0-9._~%!$&'()*+,;=:@-]{1,12}$/).filter((s) => !/^(\.|%2e)+$/i.test(s) && !/%2f|%5c/i.test(s)), { maxLength: 4 }),
        fc.array(fc.tuple(token, headerValueArb), { maxLength: 6 }),
        async (bytes, method, segments, headers) => {
          local.seen.length = 0;
          const body = Buffer.from(bytes);
          const path = `/${segments.join('/')}`;
          // Framed by Content-Length: Node's client sends a DELETE body unframed otherwise.
          // Headers as an array: Node's client then sends no Host of its own (the inbox requires one).
          await send(port, { method, path, headers: ['Host', `127.0.0.1:${port}`, ...headers.flat(), 'Content-Length', String(body.length)], body });
          const seen = local.seen[0];
          assert.ok(seen);
          assert.ok(seen.body.equals(body), 'body bytes');
          assert.equal(seen.method, method);
          assert.equal(seen.url, path);
          const sent = headers.map(([name, value]) => `${name}: ${value}`);
          const got: string[] = [];
          for (let i = 0; i < seen.rawHeaders.length; i += 2) {
            const name = seen.rawHeaders[i] as string;
            if (!/^(host|content-length|connection|x-forwarded-(host|proto|for))$/i.test(name)) {
              got.push(`${name}: ${seen.rawHeaders[i + 1] as string}`);
            }
          }
          assert.deepEqual(got, sent);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a Host that is not the inbox address with 421 (recorded with why, connection closed): no DNS rebinding', async () => {
    handler = await startHandler();
    const local = handler;
    harness = await startReceiver({ forwardTo: () => `${local.url}/webhooks`, origins: () => ['https://abc.tunnel.example', 'https://fwd.example:443/proxy/1/'] });
    const port = harness.port;
    const evil = await rawRequest(port, 'GET /../../admin/secret HTTP/1.1\r\nHost: evil.example\r\n\r\n');
    assert.match(evil, /^HTTP\/1\.1 421 /);
    assert.match(evil, /Connection: close/i);
    assert.equal(local.seen.length, 0, 'the handler got nothing');
    assert.equal(harness.received[0]?.refused?.reason, 'host');
    assert.equal(harness.received[0]?.refused?.detail, 'evil.example');
    const noHost = await rawRequest(port, 'POST /h HTTP/1.0\r\nContent-Length: 0\r\n\r\n');
    assert.match(noHost, /^HTTP\/1\.1 421 /, 'no Host at all');
    for (const host of ['abc.tunnel.example', 'ABC.tunnel.example:443', 'fwd.example', 'localhost:1234', '127.0.0.1', '[::1]:9']) {
      const ok = await send(port, { path: '/h', headers: { Host: host }, body: '{}' });
      assert.equal(ok.status, 200, host);
    }
  });

  it('forwards only the methods it is told (POST by default): others get 405 and are recorded, not forwarded', async () => {
    handler = await startHandler();
    const local = handler;
    harness = await startReceiver({ forwardTo: () => `${local.url}/webhooks` });
    const get = await send(harness.port, { method: 'GET', path: '/../../admin/secret' });
    assert.equal(get.status, 405);
    assert.equal(get.headers.allow, 'POST');
    assert.equal(local.seen.length, 0);
    const skipped = harness.received[0]?.forward;
    assert.ok(skipped?.kind === 'skipped' && skipped.reason === 'method');
    const post = await send(harness.port, { path: '/../../admin/secret', body: '{}' });
    assert.equal(post.status, 200);
    assert.equal(local.seen[0]?.url, '/webhooks/admin/secret', 'normalised, under the base path');
    const encoded = await send(harness.port, { path: '/..%2f..%2fadmin', body: '{}' });
    assert.equal(encoded.status, 400);
    assert.equal(local.seen.length, 1);
  });

  it("never passes the handler's cookies or CORS headers to the sender; its status and body do", async () => {
    handler = await startHandler((_req, res) => {
      res.writeHead(202, { 'Set-Cookie': 'session=abc', 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Credentials': 'true', 'X-Kept': '1' });
      res.end('accepted');
    });
    const local = handler;
    harness = await startReceiver({ forwardTo: () => local.url });
    const answer = await send(harness.port, { path: '/h', body: '{}' });
    assert.equal(answer.status, 202);
    assert.equal(answer.body.toString(), 'accepted');
    assert.equal(answer.headers['set-cookie'], undefined);
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
    assert.equal(answer.headers['access-control-allow-credentials'], undefined);
    assert.equal(answer.headers['x-kept'], '1');
  });

  it('does not forward to a handler whose host is not confirmed: 503, recorded as not confirmed', async () => {
    handler = await startHandler();
    const local = handler;
    const asked: string[] = [];
    harness = await startReceiver({ forwardTo: () => local.url, confirmed: (origin) => (asked.push(origin.origin), false) });
    const answer = await send(harness.port, { path: '/h', body: '{}' });
    assert.equal(answer.status, 503);
    assert.equal(local.seen.length, 0);
    const skipped = harness.received[0]?.forward;
    assert.ok(skipped?.kind === 'skipped' && skipped.reason === 'notConfirmed');
    assert.deepEqual(asked, [new URL(local.url).origin]);
  });

  it('records a 600 KB JSON array of 300,000 elements (and one nested 100,000 deep) and answers at once', async () => {
    harness = await startReceiver({ maxBodyBytes: 4 * 1024 * 1024 });
    const flat = `[${new Array(300_000).fill('0').join(',')},"page.version.created"]`;
    const answer = await send(harness.port, { path: '/flat', body: flat });
    assert.equal(answer.status, 200);
    assert.equal(harness.received[0]?.bodyBytes, Buffer.byteLength(flat));
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const second = await send(harness.port, { path: '/deep', body: deep });
    assert.equal(second.status, 200);
    assert.equal(harness.received.length, 2);
  });

  it('closes a connection that sends nothing after the timeout, and an idle keep-alive one too', async () => {
    harness = await startReceiver({ timeoutMs: 400 });
    /** Opens a connection, writes `bytes` (if any), reads everything and resolves when the receiver closes it. */
    const held = (port: number, bytes?: string): Promise<{ elapsed: number; answer: string }> =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        // Read what comes: a client that never reads never sees the end (its 'close' would never come).
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve({ elapsed: Date.now() - started, answer: Buffer.concat(chunks).toString('latin1') }));
        if (bytes !== undefined) {
          socket.write(bytes);
        }
      });
    const silent = await held(harness.port);
    assert.ok(silent.elapsed < 2500, `a silent connection closed after ${silent.elapsed} ms`);
    // Whichever deadline fires first (the idle one or the headers' one), nothing but a 408 is ever said.
    assert.ok(silent.answer === '' || silent.answer.startsWith('HTTP/1.1 408 '), JSON.stringify(silent.answer));
    const kept = await held(harness.port, `POST /hook HTTP/1.1\r\nHost: 127.0.0.1:${harness.port}\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n{}`);
    assert.match(kept.answer, /^HTTP\/1\.1 200 /);
    assert.doesNotMatch(kept.answer, /^Connection: close/im, 'kept alive by the receiver, closed only for being idle');
    assert.equal(kept.answer.match(/HTTP\/1\.1 /g)?.length, 1, 'one answer, then the idle connection is closed');
    assert.ok(kept.elapsed < 2500, `an idle keep-alive connection closed after ${kept.elapsed} ms`);
    assert.equal(harness.received.length, 1);
  });

  it('at maxConnections closes the oldest idle connection to let a delivery in', async () => {
    harness = await startReceiver({ maxConnections: 8 });
    const idle: net.Socket[] = [];
    for (let i = 0; i < 8; i += 1) {
      const socket = net.connect(harness.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      idle.push(socket);
    }
    await until(() => harness?.receiver.connectionCount === 8, 'eight connections');
    const answer = await send(harness.port, { path: '/h', body: '{}' });
    assert.equal(answer.status, 200);
    assert.equal(harness.receiver.refusedConnections, 1);
    idle.forEach((socket) => socket.destroy());
  });

  it('answers 503 when a body does not fit the byte budget, after dropping what it can', async () => {
    const { ByteBudget } = await import('../../../../../../src/features/webhooks/inbox/model/byteBudget.js');
    const budget = new ByteBudget(1000);
    harness = await startReceiver({ budget });
    const small = await send(harness.port, { path: '/ok', body: 'x'.repeat(500) });
    assert.equal(small.status, 200);
    assert.equal(budget.used, 0, 'given back once recorded (the owner keeps it)');
    const big = await send(harness.port, { path: '/big', body: 'x'.repeat(5000) });
    assert.equal(big.status, 503);
    assert.equal(harness.received[1]?.refused?.reason, 'busy');
    assert.equal(budget.used, 0);
  });

  it('replays a delivery to exactly the URL given', async () => {
    handler = await startHandler((_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    harness = await startReceiver();
    await send(harness.port, { path: '/x', body: 'payload' });
    const outcome = await harness.receiver.replay(harness.received[0] as Delivery, exactTarget(new URL(`${handler.url}/typed/path?q=1`)));
    assert.ok(outcome.kind === 'answered');
    assert.equal(outcome.status, 500);
    assert.equal(outcome.body.toString(), 'boom');
    assert.equal(handler.seen[0]?.url, '/typed/path?q=1');
    assert.equal(handler.seen[0]?.body.toString(), 'payload');
  });

  it('fails to start on a port in use with a BindError naming the code, and stop frees the port', async () => {
    harness = await startReceiver();
    const taken = harness.port;
    const second = new Receiver({ port: taken, maxBodyBytes: 10, timeoutMs: 1000, forwardTo: () => undefined }, { received: () => undefined, forwarded: () => undefined });
    await assert.rejects(second.start(), (error: unknown) => error instanceof BindError && error.code === 'EADDRINUSE' && error.port === taken);
    await harness.receiver.stop();
    harness = undefined;
    const third = new Receiver({ port: taken, maxBodyBytes: 10, timeoutMs: 1000, forwardTo: () => undefined }, { received: () => undefined, forwarded: () => undefined });
    await third.start();
    assert.equal(third.port, taken);
    await third.stop();
  });
});

describe('forwardUrl', () => {
  it('appends the delivery path and query to the base path', () => {
    assert.equal(forwardUrl('http://localhost:3000', '/hooks/pages?x=1')?.href, 'http://localhost:3000/hooks/pages?x=1');
    assert.equal(forwardUrl('http://localhost:3000/', '/hooks')?.href, 'http://localhost:3000/hooks');
    assert.equal(forwardUrl('http://localhost:3000/api/', '/hooks')?.href, 'http://localhost:3000/api/hooks');
    assert.equal(forwardUrl('https://h.example/api', '/')?.href, 'https://h.example/api/');
    assert.equal(forwardUrl('http://localhost:3000', 'http://evil.example/path?q')?.href, 'http://localhost:3000/path?q', 'an absolute-form target keeps only its path');
  });

  it('resolves dot segments (plain and percent-encoded) and never leaves the base path; other percent-encoding kept', () => {
    assert.equal(forwardUrl('http://localhost:3000', '/a/./b/../%7e?q=%zz')?.path, '/a/%7e?q=%zz');
    assert.equal(forwardUrl('http://localhost:3000/webhooks', '/../../admin/secret')?.path, '/webhooks/admin/secret');
    assert.equal(forwardUrl('http://localhost:3000/webhooks', '/%2e%2E/%2e%2e/admin')?.path, '/webhooks/admin');
    assert.equal(forwardUrl('http://localhost:3000/webhooks', '/a/..')?.path, '/webhooks/');
    assert.equal(forwardUrl('http://localhost:3000/webhooks', '/..%2f..%2fadmin'), undefined, 'an encoded slash a handler might decode');
    assert.equal(forwardUrl('http://localhost:3000/webhooks', '/..%5cadmin'), undefined, 'an encoded backslash');
  });

  it('refuses what is not an http(s) URL', () => {
    assert.equal(forwardUrl('localhost:3000', '/x'), undefined);
    assert.equal(forwardUrl('ftp://x', '/x'), undefined);
    assert.equal(forwardUrl('', '/x'), undefined);
  });
});
