/**
 * A small recording HTTP proxy on 127.0.0.1 for tests: it forwards plain-HTTP requests in absolute form
 * (`GET http://host:port/path HTTP/1.1`) and tunnels CONNECT, and records what it saw (method, target, headers, its
 * answer). Host names can be mapped to 127.0.0.1 (`hosts`), so a gateway URL whose host does not resolve
 * (`http://gateway.invalid:PORT`) works only through the proxy. It never connects anywhere but loopback: a request for
 * any other destination gets 502. It can also act as a proxy that wants credentials (407 with Proxy-Authenticate).
 *
 * Used by the extension-host and e2e tests that prove requests follow `http.proxy`; the CLI form
 * (`node out/test/gateway/recordingProxy.js [--port N] [--map name=127.0.0.1]`) is handy for trying it by hand.
 */
import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RecordingProxyOptions {
  /** Default 0 = any free port (always on 127.0.0.1). */
  readonly port?: number;
  /** Host names the proxy resolves itself, e.g. `{ 'gateway.invalid': '127.0.0.1' }`. Targets must be loopback. */
  readonly hosts?: Readonly<Record<string, string>>;
  /** When set, requests must carry exactly this Proxy-Authorization value, else they get 407 (see `setAuthorization`). */
  readonly requireAuthorization?: string;
  /** The realm of the Proxy-Authenticate challenge; default `recording-proxy`. */
  readonly realm?: string;
}

export interface ProxiedRequest {
  /** `forward` for a plain-HTTP request in absolute form, `connect` for a CONNECT tunnel, `direct` for anything else. */
  readonly kind: 'forward' | 'connect' | 'direct';
  readonly method: string;
  /** The request target as received: an absolute URL, the `host:port` of a CONNECT, or a path. */
  readonly target: string;
  /** `host:port` the client asked for (before `hosts` mapping); '' for `direct`. */
  readonly authority: string;
  /** Lower-cased request headers exactly as received (x-api-key and proxy-authorization included). */
  readonly headers: Readonly<Record<string, string>>;
  /** What the proxy answered: the forwarded status, 200 for an established tunnel, 400, 407 or 502. 0 until known. */
  readonly status: number;
  /** The id of the client connection it came on (1, 2, …): the same id for requests sent over one kept-alive socket. */
  readonly connection: number;
}

export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`: the value for `http.proxy`. */
  readonly url: string;
  readonly port: number;
  /** Every request, in order of arrival. */
  readonly requests: readonly ProxiedRequest[];
  /** Client connections accepted so far. */
  readonly connections: number;
  /** Forgets the recorded requests (connection ids keep counting). */
  reset(): void;
  /** Requires this Proxy-Authorization value from now on (`undefined`: no credentials needed). */
  setAuthorization(value: string | undefined): void;
  close(): Promise<void>;
}

export async function startRecordingProxy(options: RecordingProxyOptions = {}): Promise<RecordingProxy> {
  const proxy = new RecordingProxyServer(options);
  await proxy.start();
  return proxy;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', 'localhost']);
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

class RecordingProxyServer implements RecordingProxy {
  private readonly server: Server;
  private readonly hosts: ReadonlyMap<string, string>;
  private readonly realm: string;
  private readonly upstream = new Agent({ keepAlive: true });
  private readonly sockets = new Set<Socket | Duplex>();
  private readonly connectionIds = new WeakMap<object, number>();
  private authorization: string | undefined;
  private recorded: Mutable<ProxiedRequest>[] = [];
  private accepted = 0;
  private boundPort: number;

  public constructor(options: RecordingProxyOptions) {
    this.boundPort = options.port ?? 0;
    this.hosts = new Map(Object.entries(options.hosts ?? {}).map(([name, address]) => [name.toLowerCase(), address]));
    for (const [name, address] of this.hosts) {
      if (!LOOPBACK.has(address)) {
        throw new Error(`recording proxy: ${name} must map to a loopback address, not ${address}`);
      }
    }
    this.realm = options.realm ?? 'recording-proxy';
    this.authorization = options.requireAuthorization;
    this.server = createServer({ keepAliveTimeout: 5000 }, (req, res) => this.forward(req, res));
    this.server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.tunnel(req, socket, head));
    this.server.on('connection', (socket: Socket) => {
      this.accepted++;
      this.connectionIds.set(socket, this.accepted);
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', (_error, socket: Duplex) => socket.destroy());
  }

  public get url(): string {
    return `http://127.0.0.1:${this.boundPort}`;
  }

  public get port(): number {
    return this.boundPort;
  }

  public get requests(): readonly ProxiedRequest[] {
    return this.recorded;
  }

  public get connections(): number {
    return this.accepted;
  }

  public reset(): void {
    this.recorded = [];
  }

  public setAuthorization(value: string | undefined): void {
    this.authorization = value;
  }

  public start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.boundPort, '127.0.0.1', () => {
        this.server.off('error', reject);
        const address = this.server.address();
        this.boundPort = typeof address === 'object' && address !== null ? address.port : this.boundPort;
        resolve();
      });
    });
  }

  public close(): Promise<void> {
    return new Promise((resolve) => {
      for (const socket of this.sockets) {
        socket.destroy();
      }
      this.upstream.destroy();
      this.server.close(() => resolve());
    });
  }

  private record(req: IncomingMessage, kind: ProxiedRequest['kind'], authority: string): Mutable<ProxiedRequest> {
    const entry: Mutable<ProxiedRequest> = {
      kind,
      method: req.method ?? '',
      target: req.url ?? '',
      authority,
      headers: lowerCaseHeaders(req),
      status: 0,
      connection: this.connectionIds.get(req.socket) ?? 0,
    };
    this.recorded.push(entry);
    return entry;
  }

  /** Whether the request may pass; otherwise the 407 challenge to send. */
  private authorized(req: IncomingMessage): boolean {
    return this.authorization === undefined || req.headers['proxy-authorization'] === this.authorization;
  }

  /** The loopback address to connect to for `host`, or undefined when the destination is not allowed. */
  private destination(host: string): string | undefined {
    const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    const mapped = this.hosts.get(name) ?? name;
    return LOOPBACK.has(mapped) ? mapped : undefined;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    let target: URL | undefined;
    try {
      target = /^[a-z][a-z0-9+.-]*:\/\//i.test(req.url ?? '') ? new URL(req.url ?? '') : undefined;
    } catch {
      target = undefined;
    }
    if (target === undefined || target.protocol !== 'http:') {
      const entry = this.record(req, 'direct', '');
      entry.status = 400;
      res.writeHead(400, { 'content-type': 'text/plain' }).end('recording proxy: expected an absolute http:// URL\n');
      return;
    }
    const entry = this.record(req, 'forward', target.host);
    if (!this.authorized(req)) {
      entry.status = 407;
      res
        .writeHead(407, { 'proxy-authenticate': `Basic realm="${this.realm}"`, 'content-type': 'text/plain' })
        .end('recording proxy: proxy authentication required\n');
      return;
    }
    const address = this.destination(target.hostname);
    if (address === undefined) {
      entry.status = 502;
      res.writeHead(502, { 'content-type': 'text/plain' }).end('recording proxy: only loopback destinations are allowed\n');
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) {
        headers[name] = value;
      }
    }
    const upstream = httpRequest(
      { host: address, port: target.port === '' ? 80 : Number(target.port), method: req.method, path: `${target.pathname}${target.search}`, headers, agent: this.upstream },
      (answer) => {
        entry.status = answer.statusCode ?? 0;
        const back: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) {
            back[name] = value;
          }
        }
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (entry.status === 0) {
        entry.status = 502;
      }
      if (res.headersSent) {
        res.destroy();
      } else {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('recording proxy: the destination did not answer\n');
      }
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  private tunnel(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const authority = req.url ?? '';
    const entry = this.record(req, 'connect', authority);
    const reply = (status: number, text: string, extra = ''): void => {
      entry.status = status;
      socket.end(`HTTP/1.1 ${status} ${text}\r\n${extra}content-length: 0\r\nconnection: close\r\n\r\n`);
    };
    if (!this.authorized(req)) {
      reply(407, 'Proxy Authentication Required', `proxy-authenticate: Basic realm="${this.realm}"\r\n`);
      return;
    }
    const match = /^(\[[^\]]+\]|[^:]+):([0-9]+)$/.exec(authority);
    const address = match === null ? undefined : this.destination(match[1] ?? '');
    if (match === null || address === undefined) {
      reply(502, 'Bad Gateway');
      return;
    }
    const upstream = connect({ host: address, port: Number(match[2]) });
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.once('connect', () => {
      entry.status = 200;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        upstream.write(head);
      }
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => {
      if (entry.status === 0) {
        reply(502, 'Bad Gateway');
      } else {
        socket.destroy();
      }
    });
    socket.on('close', () => upstream.destroy());
  }
}

function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}

async function main(): Promise<void> {
  const argument = (name: string): string | undefined => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const hosts: Record<string, string> = {};
  process.argv.forEach((value, index) => {
    if (process.argv[index - 1] === '--map') {
      const [name, address] = value.split('=');
      if (name !== undefined && address !== undefined) {
        hosts[name] = address;
      }
    }
  });
  const proxy = await startRecordingProxy({ port: Number(argument('--port') ?? 0), hosts, requireAuthorization: argument('--require-authorization') });
  console.log(`recording proxy on ${proxy.url}`);
  let shown = 0;
  setInterval(() => {
    for (; shown < proxy.requests.length; shown++) {
      const r = proxy.requests[shown];
      console.log(`${r?.kind ?? ''} ${r?.method ?? ''} ${r?.target ?? ''} -> ${r?.status ?? ''}`);
    }
  }, 200);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
