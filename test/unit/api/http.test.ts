import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { Agent, createServer, type ClientRequest, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { NetworkReason } from '../../../src/api/errors';
import { attemptGet, parseRoute, type AttemptOutcome } from '../../../src/api/http';
import { startRecordingProxy, type RecordingProxy } from '../../gateway/recordingProxy';
import { startTlsFront } from '../../gateway/tlsFront';
import { routeLikeTheEditor } from './editorRouting';

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

  describe('forProxy: headers that go only to the proxy the editor routes this very request through', () => {
    let proxy: RecordingProxy;
    let received: number;
    let restore: () => void = () => undefined;

    beforeEach(async () => {
      proxy = await startRecordingProxy({ hosts: { 'gateway.invalid': '127.0.0.1' } });
      received = 0;
      server.on('connection', countBytes);
    });

    afterEach(async () => {
      restore();
      server.off('connection', countBytes);
      await proxy.close();
    });

    function countBytes(socket: Socket): void {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
    }

    function getFor(url: string, proxyAt: string): Promise<AttemptOutcome> {
      return attemptGet({
        agent,
        url,
        headers: { 'x-api-key': 'k' },
        timeoutMs: 2000,
        maxBodyBytes: 1024,
        forProxy: { proxy: proxyAt, headers: { 'proxy-authorization': 'Basic eDp5' } },
      });
    }

    it('routed through that proxy: the proxy gets them with the request; the gateway does not', async () => {
      let seen: Record<string, unknown> = {};
      behave = (res) => {
        seen = { ...res.req.headers };
        res.end('{"via":"proxy"}');
      };
      const port = new URL(base).port;
      restore = routeLikeTheEditor(agent, [`PROXY 127.0.0.1:${proxy.port}`]);
      const outcome = await getFor(`http://gateway.invalid:${port}/v0/page_groups?limit=1`, `127.0.0.1:${proxy.port}`);
      assert.ok(outcome.ok);
      assert.equal(outcome.response.body.toString(), '{"via":"proxy"}');
      assert.deepEqual(outcome.response.route, { kind: 'proxy', type: 'PROXY', proxy: `127.0.0.1:${proxy.port}` });
      assert.equal(proxy.requests.length, 1);
      assert.equal(proxy.requests[0]?.target, `http://gateway.invalid:${port}/v0/page_groups?limit=1`);
      assert.equal(proxy.requests[0]?.headers['proxy-authorization'], 'Basic eDp5');
      assert.equal(seen['proxy-authorization'], undefined, 'the proxy keeps its own credentials');
      assert.equal(seen['x-api-key'], 'k');
    });

    for (const [name, routes, announce] of [
      ['routed direct', ['DIRECT'], true],
      ['routed through another proxy', ['PROXY 127.0.0.1:1'], true],
      ['routed through a SOCKS proxy (it relays the request to the gateway as it is)', ['SOCKS <gateway>'], true],
      ['a route nobody announced', ['DIRECT'], false],
    ] as const) {
      it(`${name}: withheld, not a byte of it written anywhere`, async () => {
        const port = new URL(base).port;
        const list = routes.map((r) => r.replace('<gateway>', `127.0.0.1:${port}`));
        restore = routeLikeTheEditor(agent, list, announce);
        const outcome = await getFor(`${base}/v0/page_groups`, `127.0.0.1:${proxy.port}`);
        assert.ok(!outcome.ok);
        assert.equal(outcome.withheld, true);
        assert.equal(outcome.retryable, false);
        // Sockets the pool opened may still be closing: give any bytes written a moment to arrive.
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(received, 0, 'the gateway received nothing');
        assert.equal(proxy.requests.length, 0, 'the proxy received nothing');
      });
    }

    it('directOnly: a request the editor routes through a proxy is not written (leavesMachine); direct or unannounced, it goes', async () => {
      const port = new URL(base).port;
      const get = (): Promise<AttemptOutcome> =>
        attemptGet({ agent, url: `${base}/v0/page_groups`, headers: { 'x-api-key': 'k' }, timeoutMs: 2000, maxBodyBytes: 1024, directOnly: true });
      restore = routeLikeTheEditor(agent, [`PROXY 127.0.0.1:${proxy.port}`, `SOCKS 127.0.0.1:${port}`, 'DIRECT']);
      for (let i = 0; i < 2; i++) {
        const stopped = await get();
        assert.ok(!stopped.ok);
        assert.deepEqual(stopped.error.facts, { kind: 'invalidRequest', reason: 'leavesMachine', proxy: i === 0 ? `127.0.0.1:${proxy.port}` : `127.0.0.1:${port}` });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(received, 0, 'the gateway received nothing');
      assert.equal(proxy.requests.length, 0, 'the proxy received nothing');
      assert.ok((await get()).ok, 'direct');
      restore();
      assert.ok((await get()).ok, 'not announced (outside the editor): direct');
    });

    it('an https: URL never carries them (through a tunnel they would reach the gateway)', async () => {
      const outcome = await attemptGet({
        agent: new HttpsAgent(),
        url: 'https://127.0.0.1:1/v0/page_groups',
        headers: {},
        timeoutMs: 2000,
        maxBodyBytes: 1024,
        forProxy: { proxy: `127.0.0.1:${proxy.port}`, headers: { 'proxy-authorization': 'Basic eDp5' } },
      });
      assert.ok(!outcome.ok);
      assert.equal(outcome.withheld, undefined, 'sent as a plain request (it failed to connect), without the headers');
      assert.equal(outcome.error.kind, 'network');
    });
  });

  it('https: an untrusted certificate is a tls network failure; lenientTlsViaProxy accepts it only on a route through a proxy', async function () {
    const front = await startTlsFront(Number(new URL(base).port), ['localhost']);
    if (front === undefined) {
      this.skip();
      return;
    }
    const agents: HttpsAgent[] = [];
    /** A pool that announces `route` for each request, as the editor's networking does (none: outside the editor). */
    const pool = (route?: string): HttpsAgent => {
      const created = route === undefined ? new HttpsAgent({ keepAlive: true }) : new RoutingHttpsAgent({ proxy: route });
      agents.push(created);
      return created;
    };
    let served = 0;
    try {
      behave = (res) => {
        served += 1;
        res.end('{"tls":true}');
      };
      const url = `https://localhost:${front.port}/v0/page_groups`;
      const get = (agent: HttpsAgent, lenientTlsViaProxy?: boolean): Promise<AttemptOutcome> =>
        attemptGet({ agent, url, headers: { 'x-api-key': 'k' }, timeoutMs: 2000, maxBodyBytes: 1024, lenientTlsViaProxy });
      const refused = await get(pool());
      assert.ok(!refused.ok);
      assert.equal(refused.error.kind, 'network');
      assert.equal(refused.error.facts.kind === 'network' && refused.error.facts.reason, 'tls');
      assert.equal(refused.error.facts.kind === 'network' && refused.error.facts.networkCode, 'DEPTH_ZERO_SELF_SIGNED_CERT');
      const throughProxy = pool('PROXY 127.0.0.1:3128');
      const accepted = await get(throughProxy, true);
      assert.ok(accepted.ok);
      assert.equal(accepted.response.body.toString(), '{"tls":true}');
      assert.equal(served, 1);
      // Lenient only for a proxy route: a request that goes direct, or whose route is not announced, is checked, and
      // nothing is sent over the connection (the server never sees the request).
      for (const direct of [pool('DIRECT'), pool()]) {
        const checked = await get(direct, true);
        assert.ok(!checked.ok, 'a direct request is always checked');
        assert.equal(checked.error.facts.kind === 'network' && checked.error.facts.reason, 'tls');
        assert.equal(checked.error.facts.kind === 'network' && checked.error.facts.networkCode, 'DEPTH_ZERO_SELF_SIGNED_CERT');
      }
      assert.equal(served, 1, 'nothing reached the server over an unchecked direct connection');
    } finally {
      agents.forEach((a) => a.destroy());
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
    assert.equal(outcome.retryable, false);
    // Cancelled at 50 ms, not at the 5 s timeout (the bound leaves room for a loaded machine).
    assert.ok(performance.now() - started < 1500);
  });

  it("leaves no listener on the caller's signal once the attempt ended (a long-lived signal does not collect them)", async () => {
    behave = (res) => res.end('{}');
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) {
      assert.ok((await get(1000, controller.signal)).ok);
    }
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('a timeout names no network code (nothing failed: the deadline passed)', async () => {
    behave = (res) => {
      res.writeHead(200);
      res.write('[');
    };
    const outcome = await get(100);
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'timeout', method: 'GET', url: `${base}/v0/page_groups`, host: new URL(base).host, timeoutMs: 100 });
    assert.equal(outcome.retryable, false);
  });

  it('reads a body whose declared length is exactly the cap, and refuses one byte more before reading', async () => {
    behave = (res) => {
      const size = res.req.url === '/exact' ? 16 : 17;
      res.writeHead(200, { 'content-length': String(size) });
      res.end('x'.repeat(size));
    };
    const at = (path: string): Promise<AttemptOutcome> => attemptGet({ agent, url: `${base}${path}`, headers: {}, timeoutMs: 1000, maxBodyBytes: 16 });
    const exact = await at('/exact');
    assert.ok(exact.ok);
    assert.equal(exact.response.body.toString(), 'x'.repeat(16));
    const over = await at('/over');
    assert.ok(!over.ok);
    assert.deepEqual(over.error.facts, { kind: 'tooLarge', method: 'GET', url: `${base}/over`, host: new URL(base).host, maxBytes: 16, declaredBytes: 17 });
    assert.equal(over.retryable, false);
  });

  it('a body over the cap without a declared length: tooLarge once the cap is passed', async () => {
    behave = (res) => {
      res.writeHead(200);
      res.write('x'.repeat(10));
      setImmediate(() => res.end('y'.repeat(10)));
    };
    const outcome = await attemptGet({ agent, url: `${base}/v0/page_groups`, headers: {}, timeoutMs: 1000, maxBodyBytes: 16 });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'tooLarge', method: 'GET', url: `${base}/v0/page_groups`, host: new URL(base).host, maxBytes: 16 });
  });

  it('asks the server for the path and query only (origin form), not the absolute URL', async () => {
    let asked: string | undefined;
    behave = (res) => {
      asked = res.req.url;
      res.end('{}');
    };
    const outcome = await attemptGet({ agent, url: `${base}/v0/page_groups?limit=2`, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
    assert.ok(outcome.ok);
    assert.equal(asked, '/v0/page_groups?limit=2');
  });

  it("tells the pool the request's protocol (the editor's proxy agent would otherwise read a stack trace to guess it)", async () => {
    behave = (res) => res.end('{}');
    const recording = new OptionsRecordingAgent();
    try {
      const outcome = await attemptGet({ agent: recording, url: `${base}/v0/page_groups`, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
      assert.ok(outcome.ok);
      assert.deepEqual(recording.protocols, ['http:']);
    } finally {
      recording.destroy();
    }
  });

  it('an answer the editor routed says how (here direct)', async () => {
    behave = (res) => res.end('{}');
    const routing = new RoutingAgent({ proxy: 'DIRECT' });
    try {
      const outcome = await attemptGet({ agent: routing, url: `${base}/v0/page_groups`, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
      assert.ok(outcome.ok);
      assert.deepEqual(outcome.response.route, { kind: 'direct' });
      assert.equal(outcome.response.body.toString(), '{}');
    } finally {
      routing.destroy();
    }
  });

  it('a body in many chunks arrives whole and in order', async () => {
    behave = (res) => {
      res.writeHead(200);
      res.write('ab');
      setImmediate(() => res.end('cd'));
    };
    const outcome = await get(1000);
    assert.ok(outcome.ok);
    assert.equal(outcome.response.body.toString(), 'abcd');
  });
});

/**
 * A pool that never reaches a server: every connection fails with the given error, the way Node's own sockets report
 * DNS, TLS and unreachable networks (which no local server can produce on demand). It can also announce a route the
 * way the editor's networking does (the request's `proxy` event).
 */
class FailingAgent extends Agent {
  public connections = 0;
  /** The host and port of each connection asked for. */
  public readonly targets: string[] = [];

  public constructor(
    private readonly error: Error,
    private readonly proxyEvent?: unknown,
  ) {
    super();
  }

  public override createConnection(options: { host?: string | null; port?: number | string | null }): Duplex {
    this.connections += 1;
    this.targets.push(`${options.host ?? ''}:${options.port ?? ''}`);
    const socket = new Duplex({
      read(): void {},
      write(_chunk: unknown, _encoding: BufferEncoding, callback: () => void): void {
        callback();
      },
    });
    process.nextTick(() => socket.destroy(this.error));
    return socket;
  }

  /** Node calls this with each request before it connects. */
  public addRequest(request: ClientRequest, options: unknown): void {
    if (this.proxyEvent !== undefined) {
      process.nextTick(() => request.emit('proxy', this.proxyEvent));
    }
    (Agent.prototype as unknown as { addRequest(request: ClientRequest, options: unknown): void }).addRequest.call(this, request, options);
  }
}

/** A real pool (connections reach the server) that announces a route the way the editor's networking does. */
class RoutingAgent extends Agent {
  public constructor(private readonly proxyEvent: unknown) {
    super();
  }

  public addRequest(request: ClientRequest, options: unknown): void {
    process.nextTick(() => request.emit('proxy', this.proxyEvent));
    (Agent.prototype as unknown as { addRequest(request: ClientRequest, options: unknown): void }).addRequest.call(this, request, options);
  }
}

/** A real https pool (connections reach the server) that announces a route the way the editor's networking does. */
class RoutingHttpsAgent extends HttpsAgent {
  public constructor(private readonly proxyEvent: unknown) {
    super({ keepAlive: true });
  }

  public addRequest(request: ClientRequest, options: unknown): void {
    process.nextTick(() => request.emit('proxy', this.proxyEvent));
    (HttpsAgent.prototype as unknown as { addRequest(request: ClientRequest, options: unknown): void }).addRequest.call(this, request, options);
  }
}

/** A real pool that records the `protocol` of the options each request hands it. */
class OptionsRecordingAgent extends Agent {
  public readonly protocols: unknown[] = [];

  public addRequest(request: ClientRequest, options: { protocol?: unknown }): void {
    this.protocols.push(options.protocol);
    (Agent.prototype as unknown as { addRequest(request: ClientRequest, options: unknown): void }).addRequest.call(this, request, options);
  }
}

/** A pool whose connections never connect nor fail (a proxy that swallows the request), after announcing a route. */
class HangingAgent extends Agent {
  public constructor(private readonly proxyEvent: unknown) {
    super();
  }

  public override createConnection(): Duplex {
    return new Duplex({
      read(): void {},
      write(_chunk: unknown, _encoding: BufferEncoding, callback: () => void): void {
        callback();
      },
    });
  }

  public addRequest(request: ClientRequest, options: unknown): void {
    process.nextTick(() => request.emit('proxy', this.proxyEvent));
    (Agent.prototype as unknown as { addRequest(request: ClientRequest, options: unknown): void }).addRequest.call(this, request, options);
  }
}

describe('attemptGet: how a transport failure is reported', () => {
  const URL_ = 'http://gw.test/v0/page_groups';
  const WHERE = { method: 'GET', url: URL_, host: 'gw.test' };
  const coded = (code: string, message = `failed: ${code}`): Error => Object.assign(new Error(message), { code });

  function failWith(error: Error, proxyEvent?: unknown): Promise<AttemptOutcome> {
    return attemptGet({ agent: new FailingAgent(error, proxyEvent), url: URL_, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
  }

  const reasons: ReadonlyArray<readonly [string, NetworkReason]> = [
    ['ECONNRESET', 'reset'],
    ['EPIPE', 'reset'],
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['EAI_FAIL', 'dns'],
    ['EAI_NONAME', 'dns'],
    ['ENETUNREACH', 'unreachable'],
    ['EHOSTUNREACH', 'unreachable'],
    ['ENETDOWN', 'unreachable'],
    ['EHOSTDOWN', 'unreachable'],
    ['EADDRNOTAVAIL', 'unreachable'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['EPROTO', 'tls'],
    ['HPE_INVALID_CONSTANT', 'notHttp'],
    ['HPE_HEADER_OVERFLOW', 'notHttp'],
    ['EACCES', 'other'],
    ['XHPE_', 'other'],
  ];
  for (const [code, reason] of reasons) {
    it(`${code}: network failure, reason ${reason}${reason === 'reset' ? ', retryable' : ''}`, async () => {
      const error = coded(code);
      const outcome = await failWith(error);
      assert.ok(!outcome.ok);
      assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, reason, networkCode: code });
      assert.equal(outcome.retryable, reason === 'reset');
      assert.equal(outcome.error.detail, `${code}: failed: ${code}`);
      // Node's parser errors carry the raw bytes the server sent: not kept.
      assert.equal(outcome.error.cause, reason === 'notHttp' ? undefined : error);
      assert.equal(outcome.route, undefined, 'outside the editor nothing says how the request was routed');
    });
  }

  it('ETIMEDOUT: a timeout naming the code, not retried', async () => {
    const outcome = await failWith(coded('ETIMEDOUT'));
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'timeout', ...WHERE, timeoutMs: 1000, networkCode: 'ETIMEDOUT' });
    assert.equal(outcome.retryable, false);
  });

  it("no code: a network failure with the error's own text", async () => {
    const outcome = await failWith(new Error('socket hang up'));
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, reason: 'other', systemMessage: 'socket hang up' });
    assert.equal(outcome.error.detail, 'socket hang up');
    assert.equal(outcome.retryable, false);
  });

  it('finds the code in the chain of causes, up to four errors deep', async () => {
    const wrap = (cause: unknown): Error => Object.assign(new Error('wrapped'), { cause });
    const reasonOf = (outcome: AttemptOutcome): unknown => (!outcome.ok && outcome.error.facts.kind === 'network' ? outcome.error.facts.reason : outcome);
    assert.equal(reasonOf(await failWith(wrap(wrap(wrap(coded('ECONNREFUSED')))))), 'refused');
    assert.equal(reasonOf(await failWith(wrap(wrap(wrap(wrap(coded('ECONNREFUSED'))))))), 'other');
    const withNumber = Object.assign(new Error('numbered'), { code: 111, cause: coded('ECONNREFUSED') });
    assert.equal(reasonOf(await failWith(withNumber)), 'refused', 'a code that is not a string is skipped');
  });

  it('an already aborted signal: cancelled before anything is sent', async () => {
    const agent = new FailingAgent(coded('ECONNREFUSED'));
    const outcome = await attemptGet({ agent, url: URL_, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024, signal: AbortSignal.abort() });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'cancelled', ...WHERE });
    assert.equal(outcome.error.detail, undefined, 'no transport error: nothing was tried');
    assert.equal(outcome.retryable, false);
    assert.equal(agent.connections, 0, 'no connection was opened');
  });

  it('a URL that cannot be parsed: a network failure naming it as it is', async () => {
    const outcome = await attemptGet({ agent: new FailingAgent(coded('ECONNREFUSED')), url: 'not a url', headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
    assert.ok(!outcome.ok && outcome.error.facts.kind === 'network');
    assert.equal(outcome.error.facts.url, 'not a url');
    assert.equal(outcome.error.facts.host, 'not a url');
  });

  it('routed direct by the editor: the outcome says so, the facts name no proxy', async () => {
    const outcome = await failWith(coded('ECONNREFUSED'), { proxy: 'DIRECT' });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.route, { kind: 'direct' });
    assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, reason: 'refused', networkCode: 'ECONNREFUSED' });
  });

  it('through a proxy: the facts name the proxy (without credentials); the gateway refused', async () => {
    const outcome = await failWith(coded('ECONNREFUSED'), { proxy: 'PROXY user:secret@proxy.corp:3128' });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.route, { kind: 'proxy', type: 'PROXY', proxy: 'proxy.corp:3128' });
    assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, proxy: 'proxy.corp:3128', reason: 'refused', networkCode: 'ECONNREFUSED' });
    assert.ok(!JSON.stringify(outcome.error.facts).includes('secret'));
  });

  it("the proxy itself could not be reached: the editor's proxy error is reported, atProxy", async () => {
    const proxyError = coded('ECONNREFUSED', 'connect ECONNREFUSED proxy.corp:3128');
    const outcome = await failWith(new Error('request failed'), { proxy: 'PROXY proxy.corp:3128', error: proxyError });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, {
      kind: 'network',
      ...WHERE,
      proxy: 'proxy.corp:3128',
      reason: 'refused',
      networkCode: 'ECONNREFUSED',
      atProxy: true,
    });
    assert.equal(outcome.error.cause, proxyError);
  });

  it('a TLS failure through a proxy is the gateway\'s certificate, not the proxy: no atProxy', async () => {
    const outcome = await failWith(new Error('request failed'), { proxy: 'PROXY proxy.corp:3128', error: coded('CERT_HAS_EXPIRED') });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, proxy: 'proxy.corp:3128', reason: 'tls', networkCode: 'CERT_HAS_EXPIRED' });
  });

  it("connects to the URL's host and port, 80 when the URL names none", async () => {
    for (const [url, target] of [
      ['http://gw.test/v0/page_groups', 'gw.test:80'],
      ['http://gw.test:8080/v0/page_groups', 'gw.test:8080'],
    ] as const) {
      const agent = new FailingAgent(coded('ECONNREFUSED'));
      await attemptGet({ agent, url, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
      assert.deepEqual(agent.targets, [target]);
    }
  });

  it("a proxy event without details (null) changes nothing: the transport's own failure is reported", async () => {
    const outcome = await failWith(coded('ECONNREFUSED'), null);
    assert.ok(!outcome.ok);
    assert.equal(outcome.route, undefined);
    assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, reason: 'refused', networkCode: 'ECONNREFUSED' });
  });

  it('a timeout through a proxy names the proxy', async () => {
    const agent = new HangingAgent({ proxy: 'PROXY proxy.corp:3128' });
    try {
      const outcome = await attemptGet({ agent, url: URL_, headers: {}, timeoutMs: 50, maxBodyBytes: 1024 });
      assert.ok(!outcome.ok);
      assert.deepEqual(outcome.error.facts, { kind: 'timeout', ...WHERE, proxy: 'proxy.corp:3128', timeoutMs: 50 });
      assert.deepEqual(outcome.route, { kind: 'proxy', type: 'PROXY', proxy: 'proxy.corp:3128' });
    } finally {
      agent.destroy();
    }
  });

  it('a timeout going direct names no proxy', async () => {
    const agent = new HangingAgent({ proxy: 'DIRECT' });
    try {
      const outcome = await attemptGet({ agent, url: URL_, headers: {}, timeoutMs: 50, maxBodyBytes: 1024 });
      assert.ok(!outcome.ok);
      assert.deepEqual(outcome.error.facts, { kind: 'timeout', ...WHERE, timeoutMs: 50 });
    } finally {
      agent.destroy();
    }
  });

  it('a proxy error while going direct is not atProxy (there is no proxy to blame)', async () => {
    const outcome = await failWith(new Error('request failed'), { proxy: 'DIRECT', error: coded('ECONNREFUSED') });
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.error.facts, { kind: 'network', ...WHERE, reason: 'refused', networkCode: 'ECONNREFUSED' });
  });
});

describe('attemptGet: an IPv6 literal host', () => {
  it('connects to [::1] without its brackets', async function () {
    const server = createServer((_req, res) => res.end('{"v6":true}'));
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '::1', resolve);
      });
    } catch {
      this.skip(); // no IPv6 loopback on this machine
    }
    const agent = new Agent();
    try {
      const port = (server.address() as AddressInfo).port;
      const outcome = await attemptGet({ agent, url: `http://[::1]:${port}/v0/page_groups`, headers: {}, timeoutMs: 1000, maxBodyBytes: 1024 });
      assert.ok(outcome.ok, JSON.stringify(!outcome.ok && outcome.error.facts));
      assert.equal(outcome.response.body.toString(), '{"v6":true}');
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
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

  it('reads the type and target whatever the white space around and between them; DIRECT with anything after it is direct', () => {
    assert.deepEqual(parseRoute({ proxy: '  PROXY   proxy.corp:3128  ' }), { kind: 'proxy', type: 'PROXY', proxy: 'proxy.corp:3128' });
    assert.deepEqual(parseRoute({ proxy: 'DIRECT proxy.corp:3128' }), { kind: 'direct' });
    assert.deepEqual(parseRoute({ proxy: 'direct proxy.corp:3128' }), { kind: 'direct' });
  });

  it('ignores anything else', () => {
    assert.equal(parseRoute(undefined), undefined);
    assert.equal(parseRoute(null), undefined);
    assert.equal(parseRoute({ proxy: 42 }), undefined);
    assert.deepEqual(parseRoute({ proxy: '' }), { kind: 'direct' });
  });
});
