import * as assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { attemptGet, type AttemptOutcome } from '../../../src/api/http';

/**
 * Transport cases the sample gateway cannot produce (it always finishes what it starts): a body that stalls or
 * trickles after the headers, and a connection cut in the middle of a body. A bare node:http server plays them.
 */
describe('attemptGet (one HTTP attempt)', () => {
  let server: Server;
  let base: string;
  let agent: Agent;
  let behave: (res: ServerResponse) => void = (res) => res.end('{}');
  const timers: NodeJS.Timeout[] = [];

  before(async () => {
    server = createServer((_req, res) => behave(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    agent = new Agent();
  });

  afterEach(async () => {
    timers.splice(0).forEach(clearTimeout);
    server.closeAllConnections();
    await agent.destroy();
  });

  function get(timeoutMs: number, signal?: AbortSignal): Promise<AttemptOutcome> {
    return attemptGet({ dispatcher: agent, url: `${base}/v0/page_groups`, headers: {}, timeoutMs, maxBodyBytes: 1024 * 1024, signal });
  }

  it('returns status, lower-case headers and the body', async () => {
    behave = (res) => {
      res.setHeader('X-Thing', ['a', 'b']);
      res.end('{"ok":true}');
    };
    const outcome = await get(1000);
    assert.ok(outcome.ok);
    assert.equal(outcome.response.status, 200);
    assert.equal(outcome.response.headers['x-thing'], 'a, b');
    assert.equal(outcome.response.body.toString(), '{"ok":true}');
  });

  it('times out when the body stalls after the headers: the deadline covers the body', async () => {
    behave = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"hasMore":');
    };
    const started = performance.now();
    const outcome = await get(150);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.kind, 'timeout');
    assert.equal(outcome.retryable, false);
    assert.ok(performance.now() - started < 600);
  });

  it('times out when the body trickles: a steady drip does not extend the deadline', async () => {
    behave = (res) => {
      res.writeHead(200);
      const drip = (): void => {
        if (!res.destroyed) {
          res.write(' ');
          timers.push(setTimeout(drip, 20));
        }
      };
      drip();
    };
    const started = performance.now();
    const outcome = await get(200);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.kind, 'timeout');
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 190 && elapsed < 700, `elapsed ${elapsed}`);
  });

  it('reports a connection cut mid-body as a retryable network failure', async () => {
    behave = (res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('{"hasMore":false,');
      timers.push(setTimeout(() => res.socket?.destroy(), 10));
    };
    const outcome = await get(1000);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.kind, 'network');
    assert.equal(outcome.retryable, true);
  });

  it('reports cancellation while the body is read as cancelled, at once', async () => {
    behave = (res) => {
      res.writeHead(200);
      res.write('[');
    };
    const controller = new AbortController();
    timers.push(setTimeout(() => controller.abort(), 50));
    const started = performance.now();
    const outcome = await get(5000, controller.signal);
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.kind, 'cancelled');
    assert.ok(performance.now() - started < 300);
  });
});
