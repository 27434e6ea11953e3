/**
 * The inbox's HTTP receiver: listens on a loopback address, accepts any method and path, reads the body up to
 * `maxBodyBytes` (the rest is read and counted, and the delivery marked cut), and answers at once with 200 and an
 * empty body, or, when a handler is set, with what the handler answered (502 when it could not be reached, 504 when it
 * was too slow). A sender that is still sending after `timeoutMs` gets 408 and the connection is closed; what arrived is
 * recorded. Nothing is written to disk and nothing is added to what is forwarded. No `vscode` import.
 */
// l10n-ignore-file: HTTP protocol text (status lines, header names, error codes) and shell commands, never shown as words
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BodyCut, Delivery, ForwardOutcome } from './delivery';
import { detectEventKind } from './eventKind';
import { Forwarder, forwardUrl, type ForwardTarget } from './forwarder';
import { endToEndHeaders, headerPairs } from './hopByHop';

export interface ReceiverOptions {
  /** 0: any free port. */
  readonly port: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  readonly maxBodyBytes: number;
  /** For a slow sender, and for the handler's answer. */
  readonly timeoutMs: number;
  /** The handler's base URL (see `forwardUrl`); read for every delivery, so a change applies to the next one. */
  readonly forwardTo: () => string | undefined;
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

export class Receiver {
  private server: http.Server | undefined;
  private readonly forwarder = new Forwarder();
  private nextId = 1;

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

  /** Listens; rejects with a BindError when the port is taken or not allowed. */
  public async start(): Promise<void> {
    const server = http.createServer({ requireHostHeader: false }, (request, response) => this.handle(request, response));
    // The whole request (headers and body) must arrive within the timeout; the handler enforces it for the body.
    server.headersTimeout = this.options.timeoutMs;
    server.requestTimeout = 0;
    server.keepAliveTimeout = 5_000;
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
    server.on('clientError', (_error, socket) => {
      if (socket.writable) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
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
    });
  }

  /** Sends `delivery` again to `destination`; resolves with the answer (never rejects). */
  public replay(delivery: Delivery, destination: ForwardTarget): Promise<ForwardOutcome> {
    return this.forwarder.send(delivery, destination, { timeoutMs: this.options.timeoutMs, maxResponseBytes: this.options.maxBodyBytes });
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const receivedAt = Date.now();
    const max = this.options.maxBodyBytes;
    const chunks: Buffer[] = [];
    let kept = 0;
    let total = 0;
    let done = false;
    const record = (cut: BodyCut): Delivery => {
      const body = Buffer.concat(chunks, kept);
      chunks.length = 0;
      const remote = request.socket.remoteAddress;
      return {
        id: this.takeId(),
        receivedAt,
        method: request.method ?? 'GET',
        target: request.url ?? '/',
        httpVersion: request.httpVersion,
        headers: headerPairs(request.rawHeaders),
        body,
        bodyBytes: total,
        cut,
        eventKind: cut === 'none' ? detectEventKind(body) : undefined,
        ...(remote === undefined ? {} : { remote: `${remote}:${request.socket.remotePort ?? ''}` }),
      };
    };
    const timer = setTimeout(() => {
      if (done) {
        return;
      }
      done = true;
      this.events.received(record('timeout'));
      response.shouldKeepAlive = false;
      response.writeHead(408, { 'Content-Length': '0', Connection: 'close' });
      response.end(() => request.socket.destroy());
    }, this.options.timeoutMs);
    request.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (kept < max) {
        const part = chunk.subarray(0, max - kept);
        chunks.push(part);
        kept += part.length;
      }
    });
    request.on('error', () => {
      clearTimeout(timer);
      done = true;
    });
    request.on('end', () => {
      clearTimeout(timer);
      if (done) {
        return;
      }
      done = true;
      this.complete(record(total > kept ? 'tooLarge' : 'none'), response);
    });
  }

  private complete(delivery: Delivery, response: http.ServerResponse): void {
    const base = this.options.forwardTo();
    if (base === undefined || base.trim() === '') {
      this.events.received(delivery);
      response.writeHead(200, { 'Content-Length': '0' });
      response.end();
      return;
    }
    const url = forwardUrl(base, delivery.target);
    const target = url?.href ?? base;
    if (url === undefined || delivery.cut !== 'none') {
      const outcome: ForwardOutcome =
        url === undefined ? { kind: 'failed', target, reason: 'invalidTarget', detail: base, ms: 0 } : { kind: 'skipped', target, reason: 'bodyCut' };
      this.events.received({ ...delivery, forward: outcome });
      response.writeHead(url === undefined ? 502 : 413, { 'Content-Length': '0' });
      response.end();
      return;
    }
    const pending: Delivery = { ...delivery, forward: { kind: 'pending', target } };
    this.events.received(pending);
    void this.forwarder.send(delivery, url, { timeoutMs: this.options.timeoutMs, maxResponseBytes: this.options.maxBodyBytes }).then((outcome) => {
      this.events.forwarded({ ...delivery, forward: outcome });
      if (response.destroyed || response.headersSent) {
        return;
      }
      if (outcome.kind === 'answered') {
        const headers: string[] = [];
        for (const [name, value] of endToEndHeaders(outcome.headers)) {
          if (name.toLowerCase() !== 'content-length') {
            headers.push(name, value);
          }
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
      response.writeHead(outcome.kind === 'failed' && outcome.reason === 'timeout' ? 504 : 502, { 'Content-Length': '0' });
      response.end();
    });
  }
}
