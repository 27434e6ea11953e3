import * as assert from 'node:assert/strict';
import { Agent, createServer, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { attemptGet, parseRoute, type AttemptOutcome } from '../../../src/api/http';
import { startRecordingProxy } from '../../gateway/recordingProxy';
import { startTlsFront } from '../../gateway/tlsFront';

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
    agent = new Agent({ keepAlive: true });
  });

  afterEach(async () => {
    timers.splice(0).forEach(clearTimeout);
    server.closeAllConnections();
    agent.destroy();
  });

  function get(timeoutMs: number, signal?: AbortSignal): Promise<AttemptOutcome> {
    return attemptGet({ agent, url: `${base}/v0/page_groups`, headers: {}, timeoutMs, maxBodyBytes: 1024 * 1024, signal });
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

  it('viaProxy: addressed to that proxy in absolute form, with the original Host, and answered through it', async () => {
    const proxy = await startRecordingProxy({ hosts: { 'gateway.invalid': '127.0.0.1' } });
    try {
      behave = (res) => res.end('{"via":"proxy"}');
      const port = new URL(base).port;
      const outcome = await attemptGet({
        agent,
        url: `http://gateway.invalid:${port}/v0/page_groups?limit=1`,
        headers: { 'x-api-key': 'k', 'proxy-authorization': 'Basic eDp5' },
        timeoutMs: 2000,
        maxBodyBytes: 1024,
        viaProxy: { host: '127.0.0.1', port: proxy.port },
      });
      assert.ok(outcome.ok);
      assert.equal(outcome.response.body.toString(), '{"via":"proxy"}');
      assert.equal(proxy.requests.length, 1);
      assert.equal(proxy.requests[0]?.target, `http://gateway.invalid:${port}/v0/page_groups?limit=1`);
      assert.equal(proxy.requests[0]?.headers.host, `gateway.invalid:${port}`);
      assert.equal(proxy.requests[0]?.headers['proxy-authorization'], 'Basic eDp5');
    } finally {
      await proxy.close();
    }
  });

  it('https: an untrusted certificate is a tls network failure; rejectUnauthorized false accepts it', async function () {
    const front = await startTlsFront(Number(new URL(base).port), ['localhost']);
    if (front === undefined) {
      this.skip();
      return;
    }
    const tlsAgent = new HttpsAgent({ keepAlive: true });
    try {
      behave = (res) => res.end('{"tls":true}');
      const url = `https://localhost:${front.port}/v0/page_groups`;
      const refused = await attemptGet({ agent: tlsAgent, url, headers: {}, timeoutMs: 2000, maxBodyBytes: 1024 });
      assert.ok(!refused.ok);
      assert.equal(refused.error.kind, 'network');
      assert.equal(refused.error.facts.kind === 'network' && refused.error.facts.reason, 'tls');
      assert.equal(refused.error.facts.kind === 'network' && refused.error.facts.networkCode, 'DEPTH_ZERO_SELF_SIGNED_CERT');
      const accepted = await attemptGet({ agent: tlsAgent, url, headers: {}, timeoutMs: 2000, maxBodyBytes: 1024, rejectUnauthorized: false });
      assert.ok(accepted.ok);
      assert.equal(accepted.response.body.toString(), '{"tls":true}');
    } finally {
      tlsAgent.destroy();
      await front.close();
    }
  });

  it('a declared Content-Length over the cap: tooLarge before reading, the connection closed', async () => {
    behave = (res) => {
      res.writeHead(200, { 'content-length': '5000' });
      res.write('x'.repeat(100));
    };
    const outcome = await attemptGet({ agent, url: `${base}/v0/page_groups`, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.kind, 'tooLarge');
    assert.equal(outcome.error.facts.kind === 'tooLarge' && outcome.error.facts.declaredBytes, 5000);
  });

  it('a URL that cannot be parsed: a network failure, not a throw', async () => {
    const outcome = await attemptGet({ agent, url: 'not a url', headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.kind, 'network');
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

describe('parseRoute (the editor\'s proxy event)', () => {
  it('reads DIRECT, proxy types and their host:port, and drops credentials', () => {
    assert.deepEqual(parseRoute({ proxy: 'DIRECT' }), { kind: 'direct' });
    assert.deepEqual(parseRoute({ proxy: 'PROXY 127.0.0.1:3128' }), { kind: 'proxy', type: 'PROXY', proxy: '127.0.0.1:3128' });
    assert.deepEqual(parseRoute({ proxy: 'HTTPS proxy.corp:443', socket: {} }), { kind: 'proxy', type: 'HTTPS', proxy: 'proxy.corp:443' });
    assert.deepEqual(parseRoute({ proxy: 'PROXY user:p@ss@proxy.corp:8080' }), { kind: 'proxy', type: 'PROXY', proxy: 'proxy.corp:8080' });
    assert.deepEqual(parseRoute({ proxy: 'socks [::1]:1080' }), { kind: 'proxy', type: 'SOCKS', proxy: '[::1]:1080' });
  });

  it('ignores anything else', () => {
    assert.equal(parseRoute(undefined), undefined);
    assert.equal(parseRoute(null), undefined);
    assert.equal(parseRoute({ proxy: 42 }), undefined);
    assert.deepEqual(parseRoute({ proxy: '' }), { kind: 'direct' });
  });
});
