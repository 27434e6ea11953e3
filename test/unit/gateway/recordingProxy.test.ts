import assert from 'node:assert/strict';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { startRecordingProxy, type RecordingProxy } from '../../gateway/recordingProxy';
import { SAMPLE_API_KEY, startSampleGateway, type SampleGateway } from '../../gateway/server';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A request to the proxy itself with `target` as the request target (absolute form or a path). */
function viaProxy(proxy: RecordingProxy, target: string, headers: Record<string, string> = {}, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxy.port, path: target, headers, agent: agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends `CONNECT authority`; resolves with the proxy's status line and the socket (open on 200). */
function connectVia(proxy: RecordingProxy, authority: string, headers: Record<string, string> = {}): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: proxy.port });
    socket.once('error', reject);
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n${extra}\r\n`);
    let received = '';
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        socket.off('data', onData);
        resolve({ status: Number(/^HTTP\/1\.1 ([0-9]{3})/.exec(received)?.[1] ?? 0), socket });
      }
    };
    socket.on('data', onData);
  });
}

/** A plain HTTP/1.1 GET written on an open tunnel; resolves with the status and the body. */
function getOverTunnel(socket: Socket, host: string, path: string, apiKey: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    socket.on('end', () => {
      const end = received.indexOf('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 ([0-9]{3})/.exec(received)?.[1] ?? 0), body: received.slice(end + 4) });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nhost: ${host}\r\nx-api-key: ${apiKey}\r\nconnection: close\r\n\r\n`);
  });
}

describe('recording proxy (test helper)', () => {
  let gateway: SampleGateway;
  let proxy: RecordingProxy;

  before(async () => {
    gateway = await startSampleGateway();
    proxy = await startRecordingProxy({ hosts: { 'gateway.invalid': '127.0.0.1' } });
  });
  after(async () => {
    await proxy.close();
    await gateway.close();
  });
  beforeEach(() => {
    proxy.reset();
    proxy.setAuthorization(undefined);
    gateway.resetRequests();
  });

  it('listens on 127.0.0.1 and gives its URL for http.proxy', () => {
    assert.equal(proxy.url, `http://127.0.0.1:${proxy.port}`);
  });

  it('forwards a plain-HTTP request in absolute form to a mapped host name and records it with its headers', async () => {
    const target = `http://gateway.invalid:${gateway.port}/v0/page_groups?limit=3`;
    const answer = await viaProxy(proxy, target, { 'x-api-key': SAMPLE_API_KEY, accept: 'application/json' });
    assert.equal(answer.status, 200);
    assert.equal((JSON.parse(answer.body) as { items: unknown[] }).items.length, 3);
    assert.equal(proxy.requests.length, 1);
    const seen = proxy.requests[0];
    assert.equal(seen?.kind, 'forward');
    assert.equal(seen?.method, 'GET');
    assert.equal(seen?.target, target);
    assert.equal(seen?.authority, `gateway.invalid:${gateway.port}`);
    assert.equal(seen?.headers['x-api-key'], SAMPLE_API_KEY);
    assert.equal(seen?.status, 200);
    // The gateway got the request, with the path in origin form and the key.
    assert.equal(gateway.requests.length, 1);
    assert.equal(gateway.requests[0]?.path, '/v0/page_groups');
    assert.equal(gateway.requests[0]?.apiKey, SAMPLE_API_KEY);
  });

  it('passes the gateway status through and records it', async () => {
    const answer = await viaProxy(proxy, `http://gateway.invalid:${gateway.port}/v0/page_groups`, { 'x-api-key': 'wrong' });
    assert.equal(answer.status, 401);
    assert.equal(proxy.requests[0]?.status, 401);
  });

  it('numbers client connections: requests over one kept-alive socket share an id', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const target = `http://gateway.invalid:${gateway.port}/v0/webhook_subscriptions`;
      await viaProxy(proxy, target, { 'x-api-key': SAMPLE_API_KEY }, agent);
      await viaProxy(proxy, target, { 'x-api-key': SAMPLE_API_KEY }, agent);
      await viaProxy(proxy, target, { 'x-api-key': SAMPLE_API_KEY });
      const ids = proxy.requests.map((r) => r.connection);
      assert.equal(ids.length, 3);
      assert.equal(ids[0], ids[1]);
      assert.notEqual(ids[1], ids[2]);
      assert.ok(proxy.connections >= 2);
    } finally {
      agent.destroy();
    }
  });

  it('tunnels CONNECT to a mapped host name and records the authority', async () => {
    const authority = `gateway.invalid:${gateway.port}`;
    const { status, socket } = await connectVia(proxy, authority);
    assert.equal(status, 200);
    const answer = await getOverTunnel(socket, authority, '/v0/page_groups?limit=2', SAMPLE_API_KEY);
    assert.equal(answer.status, 200);
    assert.equal((JSON.parse(answer.body) as { items: unknown[] }).items.length, 2);
    assert.deepEqual(
      proxy.requests.map((r) => [r.kind, r.method, r.target, r.status]),
      [['connect', 'CONNECT', authority, 200]],
    );
    // Inside a tunnel the proxy sees nothing: no key in what it recorded.
    assert.equal(proxy.requests[0]?.headers['x-api-key'], undefined);
  });

  it('answers 407 with a Basic challenge when credentials are required, to both kinds, and passes with them', async () => {
    proxy.setAuthorization('Basic dXNlcjpwYXNz');
    const target = `http://gateway.invalid:${gateway.port}/v0/page_groups`;
    const refused = await viaProxy(proxy, target, { 'x-api-key': SAMPLE_API_KEY });
    assert.equal(refused.status, 407);
    assert.match(String(refused.headers['proxy-authenticate']), /^Basic realm="recording-proxy"$/);
    const tunnel = await connectVia(proxy, `gateway.invalid:${gateway.port}`);
    assert.equal(tunnel.status, 407);
    tunnel.socket.destroy();
    assert.equal(gateway.requests.length, 0, 'nothing reached the gateway');

    const allowed = await viaProxy(proxy, target, { 'x-api-key': SAMPLE_API_KEY, 'proxy-authorization': 'Basic dXNlcjpwYXNz' });
    assert.equal(allowed.status, 200);
    assert.deepEqual(
      proxy.requests.map((r) => r.status),
      [407, 407, 200],
    );
    // The proxy's credentials stop at the proxy.
    assert.equal(gateway.requests[0]?.headers['proxy-authorization'], undefined);
  });

  it('refuses destinations that are not loopback (502) and requests that are not in absolute form (400)', async () => {
    const elsewhere = await viaProxy(proxy, 'http://example.com/v0/page_groups');
    assert.equal(elsewhere.status, 502);
    const tunnel = await connectVia(proxy, 'example.com:443');
    assert.equal(tunnel.status, 502);
    tunnel.socket.destroy();
    const originForm = await viaProxy(proxy, '/v0/page_groups');
    assert.equal(originForm.status, 400);
    assert.deepEqual(
      proxy.requests.map((r) => [r.kind, r.status]),
      [
        ['forward', 502],
        ['connect', 502],
        ['direct', 400],
      ],
    );
  });

  it('rejects a host mapping to anything but loopback', async () => {
    await assert.rejects(startRecordingProxy({ hosts: { 'gateway.invalid': '10.0.0.1' } }), /loopback/);
  });
});
