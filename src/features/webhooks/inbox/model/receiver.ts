/**
 * The inbox's HTTP receiver: listens on a loopback address and records every request whose `Host` is the inbox's own
 * address (loopback, the public URL's host, the editor's forwarded address; any other gets 421, recorded with why). It
 * reads the body up to `maxBodyBytes` (the rest is read and counted, and the delivery marked cut), within the byte
 * budget shared with the kept deliveries (a body that cannot fit gets 503), and answers at once with 200 and an empty
 * body, or, when a handler is set, forwards the methods it is told to (others: 405) to a path kept under the handler's
 * and answers with the handler's status and body (never its cookies or CORS headers; 502 when it could not be reached,
 * 504 when it was too slow, 503 while forwarding to a host not on this machine is not confirmed). Headers and body must
 * arrive within `timeoutMs` (else 408, what arrived recorded); idle connections close after it; at most
 * `maxConnections` at once (the oldest idle one makes room); a connection is closed after every error answer.
 * Recording never throws past the request (a failure records the delivery with the reason and answers 500). Nothing is
 * written to disk and nothing is added to what is forwarded but the `X-Forwarded-*` headers. No `vscode` import.
 */
// l10n-ignore-file: HTTP protocol text (status lines, header names, error codes) and shell commands, never shown as words
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { BodyCut, Delivery, ForwardOutcome, Refusal, SkipReason } from './delivery';
import type { ByteBudget } from './byteBudget';
import { detectEventKind } from './eventKind';
import { Forwarder, forwardUrl, senderHeaders, type ForwardTarget } from './forwarder';
import { headerPairs } from './hopByHop';
import { checkHost } from './hostCheck';

export interface ReceiverOptions {
  /** 0: any free port. */
  readonly port: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  readonly maxBodyBytes: number;
  /** For the headers and body of a request, an idle connection, and the handler's answer. */
  readonly timeoutMs: number;
  /** The handler's base URL (see `forwardUrl`); read for every delivery, so a change applies to the next one. */
  readonly forwardTo: () => string | undefined;
  /** Methods forwarded (upper case); default POST. Read for every delivery. */
  readonly forwardMethods?: () => readonly string[];
  /** The public URL and the editor's forwarded address: their hosts may be named by `Host`. Read for every request. */
  readonly origins?: () => readonly string[];
  /** Whether forwarding to this handler is confirmed (one not on this machine is asked about); default yes. */
  readonly confirmed?: (origin: URL) => boolean;
  /** Connections at once; default 1024. */
  readonly maxConnections?: number;
  /** Bytes of bodies arriving and kept (see ByteBudget); default: no limit but `maxBodyBytes` each. */
  readonly budget?: ByteBudget;
}

/** What the receiver tells its owner. */
export interface ReceiverEvents {
  /** A delivery arrived (when forwarding, with `forward.kind === 'pending'`). */
  received(delivery: Delivery): void;
  /** The handler answered (or not) a delivery received earlier. */
  forwarded(delivery: Delivery): void;
}

/** Why the receiver could not start. */
export class BindError extends Error {
  public constructor(
    public readonly code: string,
    public readonly port: number,
    message: string,
  ) {
    super(message);
    this.name = 'BindError';
  }
}

/** A connection: since when, and whether a request is being received or answered on it. */
interface Connection {
  readonly since: number;
  busy: boolean;
}

export const DEFAULT_MAX_CONNECTIONS = 1024;

/** A sender that sent nothing for this long, while others need room in the budget, is given up on. */
const STALLED_MS = 1000;

interface Arriving {
  kept: number;
  lastData: number;
  giveUp(): void;
}

export class Receiver {
  private server: http.Server | undefined;
  private readonly forwarder = new Forwarder();
  private readonly connections = new Map<Socket, Connection>();
  private nextId = 1;
  /** Bodies arriving now: bytes kept, when the last byte came, and how to give up on one (503). */
  private readonly arriving = new Set<Arriving>();
  /** Connections refused or closed to make room (for tests and the fault suite). */
  public refusedConnections = 0;

  public constructor(
    private readonly options: ReceiverOptions,
    private readonly events: ReceiverEvents,
    /** The id of the next delivery (ids stay unique across restarts in one window). */
    ids?: { next(): number },
  ) {
    if (ids) {
      this.takeId = () => ids.next();
    }
  }

  private takeId = (): number => this.nextId++;

  /** The port listened on (after `start`). */
  public get port(): number | undefined {
    const address = this.server?.address();
    return typeof address === 'object' && address !== null ? (address as AddressInfo).port : undefined;
  }

  public get host(): string {
    return this.options.host ?? '127.0.0.1';
  }

  /** Connections open now. */
  public get connectionCount(): number {
    return this.connections.size;
  }

  /** Listens; rejects with a BindError when the port is taken or not allowed. */
  public async start(): Promise<void> {
    const timeout = this.options.timeoutMs;
    const server = http.createServer(
      // Deadlines are checked at least every second (Node's default: every 30 s).
      { requireHostHeader: false, connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(timeout / 2))) },
      (request, response) => this.handle(request, response),
    );
    // The headers must arrive within the timeout (Node answers 408); the handler enforces it for the body.
    server.headersTimeout = timeout;
    server.requestTimeout = 0;
    server.keepAliveTimeout = timeout;
    // A connection with no traffic for the timeout is closed (one that never sends anything included).
    server.timeout = timeout;
    server.on('timeout', (socket: Socket) => {
      // A request being received or answered has its own deadlines (the body's, the handler's).
      if (this.connections.get(socket)?.busy !== true) {
        socket.destroy();
      }
    });
    server.on('connection', (socket: Socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException): void => {
        reject(new BindError(error.code ?? 'ERROR', this.options.port, error.message));
      };
      server.once('error', onError);
      server.listen({ port: this.options.port, host: this.host, exclusive: true }, () => {
        server.off('error', onError);
        resolve();
      });
    });
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      // Answered, then closed for good (`end` alone half-closes: the connection would stay held).
      if (socket.writable && error.code !== 'ECONNRESET') {
        const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
        setTimeout(() => socket.destroy(), 1000).unref();
      } else {
        socket.destroy();
      }
    });
    this.server = server;
  }

  /** Stops listening and closes every connection; the port is free when this resolves. */
  public async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.forwarder.dispose();
    if (server === undefined) {
      return;
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      for (const socket of this.connections.keys()) {
        socket.destroy();
      }
    });
  }

  /** Sends `delivery` again to `destination`; resolves with the answer (never rejects). */
  public replay(delivery: Delivery, destination: ForwardTarget): Promise<ForwardOutcome> {
    return this.forwarder.send(delivery, destination, { timeoutMs: this.options.timeoutMs, maxResponseBytes: this.options.maxBodyBytes });
  }

  /** A new connection: counted; at the limit the oldest idle one is closed for it, or it is refused when none is. */
  private accept(socket: Socket): void {
    const max = this.options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    if (this.connections.size >= max) {
      let oldest: Socket | undefined;
      for (const [candidate, state] of this.connections) {
        if (!state.busy) {
          oldest = candidate;
          break;
        }
      }
      this.refusedConnections += 1;
      if (oldest === undefined) {
        socket.destroy();
        return;
      }
      this.connections.delete(oldest);
      oldest.destroy();
    }
    this.connections.set(socket, { since: Date.now(), busy: false });
    socket.once('close', () => this.connections.delete(socket));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const connection = this.connections.get(request.socket);
    if (connection !== undefined) {
      connection.busy = true;
      response.once('close', () => (connection.busy = false));
    }
    const receivedAt = Date.now();
    const max = this.options.maxBodyBytes;
    const budget = this.options.budget;
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    let done = false;
    const base = (): Delivery => {
      const remote = request.socket.remoteAddress;
      return {
        id: this.takeId(),
        receivedAt,
        method: request.method ?? 'GET',
        target: request.url ?? '/',
        httpVersion: request.httpVersion,
        headers: headerPairs(request.rawHeaders),
        body: Buffer.alloc(0),
        bodyBytes: total,
        cut: 'none',
        eventKind: undefined,
        ...(remote === undefined ? {} : { remote: `${remote}:${request.socket.remotePort ?? ''}` }),
      };
    };
    const release = (): void => {
      chunks.length = 0;
      budget?.give(kept);
    };
    const refuse = (refusal: Refusal, headers: Record<string, string> = {}): void => {
      done = true;
      clearTimeout(timer);
      release();
      try {
        this.events.received({ ...base(), refused: refusal });
      } finally {
        this.answerAndClose(response, refusal.status, headers);
      }
    };
    const record = (cut: BodyCut): Delivery => {
      const body = Buffer.concat(chunks, kept);
      release();
      return { ...base(), body, cut, eventKind: cut === 'none' ? detectEventKind(body) : undefined };
    };
    const verdict = checkHost(request.headers.host, this.options.origins?.() ?? []);
    if (!verdict.allowed) {
      done = true;
      try {
        this.events.received({ ...base(), refused: { status: 421, reason: 'host', detail: request.headers.host ?? '' } });
      } finally {
        this.answerAndClose(response, 421, {});
      }
      return;
    }
    const timer = setTimeout(() => {
      if (done) {
        return;
      }
      done = true;
      try {
        this.events.received(record('timeout'));
      } finally {
        this.answerAndClose(response, 408, {});
      }
    }, this.options.timeoutMs);
    const self: Arriving = { kept: 0, lastData: Date.now(), giveUp: () => (done ? undefined : refuse({ status: 503, reason: 'busy', detail: String(total) }, { 'Retry-After': '10' })) };
    this.arriving.add(self);
    request.on('close', () => this.arriving.delete(self));
    request.on('data', (chunk: Buffer) => {
      if (done) {
        return;
      }
      total += chunk.length;
      self.lastData = Date.now();
      if (kept < max) {
        const part = chunk.subarray(0, max - kept);
        if (budget !== undefined && !this.take(budget, part.length, self)) {
          self.giveUp();
          return;
        }
        self.kept += part.length;
        // A copy: a slice would keep Node's whole read buffer alive.
        chunks.push(Buffer.from(part));
        kept += part.length;
      }
    });
    request.on('error', () => {
      clearTimeout(timer);
      if (!done) {
        done = true;
        release();
      }
    });
    request.on('end', () => {
      clearTimeout(timer);
      if (done) {
        return;
      }
      done = true;
      let delivery: Delivery;
      try {
        delivery = record(total > kept ? 'tooLarge' : 'none');
      } catch (error) {
        release();
        refuse({ status: 500, reason: 'failed', detail: error instanceof Error ? error.message : String(error) });
        return;
      }
      try {
        this.complete(delivery, response, verdict.proto);
      } catch {
        // The owner failed to record it: the sender still gets an answer, and the connection is closed.
        this.answerAndClose(response, 500, {});
      }
    });
  }

  /**
   * Reserves `bytes` of the budget for `self`; when they do not fit, senders that have stalled (nothing for a second)
   * are given up on, oldest first, so that a sender holding bytes without sending cannot keep everyone else out.
   */
  private take(budget: ByteBudget, bytes: number, self: Arriving): boolean {
    if (budget.take(bytes)) {
      return true;
    }
    const now = Date.now();
    const stalled = [...this.arriving].filter((other) => other !== self && other.kept > 0 && now - other.lastData >= STALLED_MS).sort((a, b) => a.lastData - b.lastData);
    for (const other of stalled) {
      this.arriving.delete(other);
      other.giveUp();
      if (budget.take(bytes)) {
        return true;
      }
    }
    return false;
  }

  /** Answers with an error status and closes the connection once the answer is written. */
  private answerAndClose(response: http.ServerResponse, status: number, headers: Record<string, string>): void {
    if (response.headersSent || response.destroyed) {
      response.socket?.destroy();
      return;
    }
    response.shouldKeepAlive = false;
    response.writeHead(status, { ...headers, 'Content-Length': '0', Connection: 'close' });
    response.end(() => response.socket?.destroy());
  }

  private complete(delivery: Delivery, response: http.ServerResponse, proto: 'http' | 'https'): void {
    const base = this.options.forwardTo();
    if (base === undefined || base.trim() === '') {
      this.events.received(delivery);
      response.writeHead(200, { 'Content-Length': '0' });
      response.end();
      return;
    }
    const origin = forwardUrl(base, '/');
    if (origin === undefined) {
      this.events.received({ ...delivery, forward: { kind: 'failed', target: base, reason: 'invalidTarget', detail: base, ms: 0 } });
      this.answerAndClose(response, 502, {});
      return;
    }
    const url = forwardUrl(base, delivery.target);
    const methods = this.options.forwardMethods?.() ?? ['POST'];
    const skip = (reason: SkipReason, status: number, headers: Record<string, string> = {}): void => {
      this.events.received({ ...delivery, forward: { kind: 'skipped', target: url?.href ?? origin.href, reason } });
      this.answerAndClose(response, status, headers);
    };
    if (!methods.includes(delivery.method.toUpperCase())) {
      skip('method', 405, { Allow: methods.join(', ') });
      return;
    }
    if (url === undefined) {
      skip('path', 400);
      return;
    }
    if (delivery.cut !== 'none') {
      skip('bodyCut', 413);
      return;
    }
    if (this.options.confirmed !== undefined && !this.options.confirmed(url.origin)) {
      skip('notConfirmed', 503, { 'Retry-After': '60' });
      return;
    }
    const pending: Delivery = { ...delivery, forward: { kind: 'pending', target: url.href } };
    this.events.received(pending);
    const remote = delivery.remote?.replace(/:\d*$/, '');
    const forwarded = { host: delivery.headers.find(([name]) => name.toLowerCase() === 'host')?.[1], proto, for: remote };
    void this.forwarder.send(delivery, url, { timeoutMs: this.options.timeoutMs, maxResponseBytes: this.options.maxBodyBytes, forwarded }).then((outcome) => {
      try {
        this.events.forwarded({ ...delivery, forward: outcome });
      } catch {
        // The owner failed to record the answer: the sender is still answered below.
      }
      if (response.destroyed || response.headersSent) {
        return;
      }
      if (outcome.kind === 'answered') {
        const headers: string[] = [];
        for (const [name, value] of senderHeaders(outcome.headers)) {
          headers.push(name, value);
        }
        headers.push('Content-Length', String(outcome.body.length));
        try {
          response.writeHead(outcome.status, outcome.statusText, headers);
          response.end(outcome.body);
        } catch {
          response.destroy();
        }
        return;
      }
      this.answerAndClose(response, outcome.kind === 'failed' && outcome.reason === 'timeout' ? 504 : 502, {});
    });
  }
}
