/**
 * The sample gateway: a real HTTP server (node:http) on loopback that implements the listing contract
 * (shared/seed/000_6084dae635b311c9.txt) and can inject faults. Used by unit, extension-host and e2e tests, the
 * benchmark and `npm run demo`. See test/gateway/faults.ts for the fault rules.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { jsonText } from '../../src/util/jsonText';
import { CursorCodec } from './cursor';
import { generateDataset, type Dataset } from './dataset';
import { FaultBook, parseFaultRule, type FaultKind, type FaultRule } from './faults';
import { streamHugeJson } from './hugeBody';
import { breakPageGroup, breakWebhook, isBadPosition, webhookVariant } from './shaping';

export type { Dataset } from './dataset';
export type { FaultRule } from './faults';

export const SAMPLE_API_KEY = 'pge-sample-key-7d3f9a';

export interface SampleGatewayOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 = any free port. */
  port?: number;
  /** Default SAMPLE_API_KEY; a request needs exactly this x-api-key (else 401 JSON error). */
  apiKey?: string;
  /** Default generateDataset(). */
  dataset?: Dataset;
  /** Active from the start. */
  faults?: FaultRule[];
  /** e.g. '/gw': serve the API under it; default ''. */
  pathPrefix?: string;
  /**
   * Tests only: more paged lists, `GET /v0/<name>?limit=&cursor=`, answered with the contract's page envelope (the
   * cursor is the offset of the next item, as text). The contract has none: they stand for a list endpoint to come.
   */
  extraLists?: Readonly<Record<string, readonly unknown[]>>;
  /** Lists that exist only in tests and are returned whole, as a bare array (`GET /v0/<name>`, no paging). */
  wholeLists?: Readonly<Record<string, readonly unknown[]>>;
}

/** Optional observers (the CLI logs requests with it). */
export interface SampleGatewayHooks {
  /** Called when a recorded request got its answer (or its socket closed without one). */
  onRequestDone?: (request: RecordedRequest) => void;
}

export interface SampleGateway {
  /** 'http://127.0.0.1:PORT' + pathPrefix, no trailing slash: the extension's baseUrl. */
  readonly url: string;
  readonly port: number;
  readonly apiKey: string;
  /** Every API request received, in order of arrival, faulted ones included (control requests are not). */
  readonly requests: readonly RecordedRequest[];
  /** Bumps an internal version: old cursors then get 400. */
  setDataset(dataset: Dataset): void;
  /**
   * Changes the webhook list the gateway serves from now on (page group cursors stay valid). `add` appends a
   * subscription; `change` merges fields into the one with that id; `remove` drops it. False when there is no such id
   * (`change`, `remove`) or the id is already used (`add`). Also over HTTP: POST /__control/webhooks (body: the
   * subscription), PATCH /__control/webhooks/<id> (body: the fields), DELETE /__control/webhooks/<id>.
   */
  editWebhooks(edit: WebhookEdit): boolean;
  addFault(rule: FaultRule): void;
  clearFaults(): void;
  resetRequests(): void;
  /**
   * path: only requests to that endpoint. status (page_groups requests only): undefined = any; null = only requests
   * without a status filter; 'x' = only status=x.
   */
  countRequests(filter?: { path?: string; status?: string | null }): number;
  /** TCP connections accepted since the start (or the last `resetRequests()`): with keep-alive, far fewer than requests. */
  readonly connections: number;
  /** Stop listening and destroy open sockets: clients get connection refused/reset. */
  goDown(): Promise<void>;
  /** Listen again on the same port. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

export interface RecordedRequest {
  readonly method: string;
  /** Without the prefix, e.g. '/v0/page_groups'. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The x-api-key header as received. */
  readonly apiKey: string | undefined;
  /** Lower-cased request headers, x-api-key removed. */
  readonly headers: Readonly<Record<string, string>>;
  /** 0 when the socket was destroyed without an answer (also while the answer is still pending). */
  readonly responseStatus: number;
  /** performance.now() at arrival. */
  readonly receivedAt: number;
  /** Time the gateway spent until the response ended. */
  readonly durationMs: number;
  /** Which fault, if any, shaped this response. */
  readonly fault?: FaultKind;
}

export type WebhookEdit =
  | { readonly op: 'add'; readonly subscription: Record<string, unknown> }
  | { readonly op: 'change'; readonly id: string; readonly fields: Record<string, unknown> }
  | { readonly op: 'remove'; readonly id: string };

export function startSampleGateway(options: SampleGatewayOptions = {}, hooks: SampleGatewayHooks = {}): Promise<SampleGateway> {
  const gateway = new SampleGatewayServer(options, hooks);
  return gateway.start().then(() => gateway);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type ApiPath = 'page_groups' | 'webhook_subscriptions';

const JSON_TYPE = 'application/json; charset=utf-8';
const DEFAULT_LIMIT = 20;
const LIMIT_PATTERN = /^(?:[1-9][0-9]?|100)$/;
const CONTROL_BODY_MAX_BYTES = 1024 * 1024;
const RELISTEN_ATTEMPTS = 40;
const RELISTEN_WAIT_MS = 50;

/** Per dataset version: item JSON precomputed once, and per-status index lists. */
interface ServedData {
  readonly version: number;
  readonly dataset: Dataset;
  readonly itemJson: readonly string[];
  readonly byStatus: ReadonlyMap<string, readonly number[]>;
  readonly webhooksJson: string;
}

interface PageSlice {
  readonly indices: readonly number[] | undefined; // undefined = unfiltered (identity)
  readonly start: number;
  readonly end: number;
  readonly total: number;
}

class SampleGatewayServer implements SampleGateway {
  public readonly apiKey: string;
  private readonly host: string;
  private readonly prefix: string;
  private readonly extraLists: Readonly<Record<string, readonly unknown[]>>;
  private readonly wholeLists: Readonly<Record<string, readonly unknown[]>>;
  private readonly hooks: SampleGatewayHooks;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private accepted = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly faults = new FaultBook();
  private readonly cursors = new CursorCodec();
  private recorded: Mutable<RecordedRequest>[] = [];
  private served: ServedData;
  private boundPort: number;
  private listening = false;
  private closed = false;

  public constructor(options: SampleGatewayOptions, hooks: SampleGatewayHooks) {
    this.host = options.host ?? '127.0.0.1';
    this.boundPort = options.port ?? 0;
    this.apiKey = options.apiKey ?? SAMPLE_API_KEY;
    this.prefix = normalizePrefix(options.pathPrefix ?? '');
    this.extraLists = options.extraLists ?? {};
    this.wholeLists = options.wholeLists ?? {};
    this.hooks = hooks;
    this.served = prepare(options.dataset ?? generateDataset(), 1);
    for (const rule of options.faults ?? []) {
      this.faults.add(rule);
    }
    this.server = createServer({ keepAliveTimeout: 5000 }, (req, res) => this.handle(req, res));
    this.server.on('error', () => undefined); // listen errors are handled in listenOnce; nothing else may crash a test
    this.server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  public get url(): string {
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${host}:${this.boundPort}${this.prefix}`;
  }

  public get port(): number {
    return this.boundPort;
  }

  public get requests(): readonly RecordedRequest[] {
    return this.recorded;
  }

  public async start(): Promise<void> {
    await this.listenOnce(this.boundPort);
  }

  public setDataset(dataset: Dataset): void {
    this.served = prepare(dataset, this.served.version + 1);
  }

  public editWebhooks(edit: WebhookEdit): boolean {
    const webhooks = [...this.served.dataset.webhooks];
    const id = edit.op === 'add' ? edit.subscription.id : edit.id;
    const index = webhooks.findIndex((hook) => hook.id === id);
    if (edit.op === 'add') {
      if (index >= 0) {
        return false;
      }
      webhooks.push({ ...edit.subscription });
    } else if (index < 0) {
      return false;
    } else if (edit.op === 'change') {
      webhooks[index] = { ...webhooks[index], ...edit.fields };
    } else {
      webhooks.splice(index, 1);
    }
    // Same version: only the webhook list changes, page group cursors stay valid.
    const dataset = { ...this.served.dataset, webhooks };
    this.served = { ...this.served, dataset, webhooksJson: anyDepthJson(webhooks) };
    return true;
  }

  public addFault(rule: FaultRule): void {
    this.faults.add(rule);
  }

  public clearFaults(): void {
    this.faults.clear();
  }

  public resetRequests(): void {
    this.recorded = [];
    this.accepted = 0;
  }

  public get connections(): number {
    return this.accepted;
  }

  public countRequests(filter: { path?: string; status?: string | null } = {}): number {
    let count = 0;
    for (const request of this.recorded) {
      if (filter.path !== undefined && request.path !== `/v0/${filter.path}`) {
        continue;
      }
      if (filter.status !== undefined) {
        if (request.path !== '/v0/page_groups') {
          continue;
        }
        const status = request.query.status;
        if (filter.status === null ? status !== undefined : status !== filter.status) {
          continue;
        }
      }
      count++;
    }
    return count;
  }

  public async goDown(): Promise<void> {
    this.cancelTimers();
    if (!this.listening) {
      return;
    }
    this.listening = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) {
      socket.destroy();
    }
    this.sockets.clear();
    await closed;
  }

  public async comeBack(): Promise<void> {
    if (this.closed) {
      throw new Error('the sample gateway is closed');
    }
    if (this.listening) {
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.listenOnce(this.boundPort);
        return;
      } catch (error: unknown) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= RELISTEN_ATTEMPTS) {
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, RELISTEN_WAIT_MS));
      }
    }
  }

  public async close(): Promise<void> {
    this.closed = true;
    await this.goDown();
  }

  private listenOnce(port: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => {
        this.server.off('listening', onListening);
        reject(error);
      };
      const onListening = (): void => {
        this.server.off('error', onError);
        const address = this.server.address();
        if (address !== null && typeof address === 'object') {
          this.boundPort = address.port;
        }
        this.listening = true;
        resolve();
      };
      this.server.once('error', onError);
      this.server.once('listening', onListening);
      this.server.listen(port, this.host);
    });
  }

  private cancelTimers(): void {
    for (const timer of this.timers) {
      clearTimeout(timer);
    }
    this.timers.clear();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Request handling

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const pathname = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const search = q < 0 ? '' : rawUrl.slice(q + 1);

    let path: string;
    if (this.prefix === '') {
      path = pathname;
    } else if (pathname.startsWith(this.prefix) && pathname.charAt(this.prefix.length) === '/') {
      path = pathname.slice(this.prefix.length);
    } else {
      path = pathname; // outside the prefix: recorded as-is and answered 404
    }
    const underPrefix = this.prefix === '' || path !== pathname;

    if (underPrefix && path.startsWith('/__control/')) {
      this.handleControl(req, res, path);
      return;
    }

    const query = parseQuery(search);
    const record = this.record(req, res, path, query);
    const route: ApiPath | undefined = !underPrefix
      ? undefined
      : path === '/v0/page_groups'
        ? 'page_groups'
        : path === '/v0/webhook_subscriptions'
          ? 'webhook_subscriptions'
          : undefined;
    const listName = path.slice('/v0/'.length);
    const extra = underPrefix && path.startsWith('/v0/') && Object.hasOwn(this.extraLists, listName) ? this.extraLists[listName] : undefined;
    if (route === undefined && extra !== undefined) {
      this.serveExtraList(res, query, extra, record);
      return;
    }
    const whole = underPrefix && path.startsWith('/v0/') && Object.hasOwn(this.wholeLists, listName) ? this.wholeLists[listName] : undefined;
    if (route === undefined && whole !== undefined) {
      if (record.apiKey !== this.apiKey) {
        sendJson(res, 401, '{"error":"unauthorized"}');
      } else {
        sendJson(res, 200, JSON.stringify(whole));
      }
      return;
    }
    if (route === undefined) {
      sendJson(res, 404, '{"error":"not_found"}');
      return;
    }

    const fault = this.faults.take({
      path: route,
      status: route === 'page_groups' ? query.status : undefined,
      hasCursor: query.cursor !== undefined,
    });
    if (fault?.kind === 'delay') {
      record.fault = 'delay';
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        res.off('close', cancel);
        this.answer(req, res, route, query, undefined, record);
      }, fault.ms);
      const cancel = (): void => {
        clearTimeout(timer);
        this.timers.delete(timer);
      };
      this.timers.add(timer);
      res.on('close', cancel);
      return;
    }
    this.answer(req, res, route, query, fault, record);
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    route: ApiPath,
    query: Record<string, string>,
    fault: FaultRule | undefined,
    record: Mutable<RecordedRequest>,
  ): void {
    if (res.destroyed) {
      return;
    }
    // Faults that replace the answer apply whatever the request holds.
    if (fault !== undefined && this.replaceAnswer(req, res, route, query, fault)) {
      record.fault = fault.kind;
      return;
    }
    if (req.method !== 'GET') {
      sendJson(res, 405, '{"error":"method_not_allowed"}', { allow: 'GET' });
      return;
    }
    if (record.apiKey !== this.apiKey) {
      sendJson(res, 401, '{"error":"unauthorized"}');
      return;
    }
    if (route === 'webhook_subscriptions') {
      this.serveWebhooks(res, fault, record);
    } else {
      this.servePageGroups(res, query, fault, record);
    }
  }

  /** Answers for the faults that do not need the data; false for the others. */
  private replaceAnswer(
    req: IncomingMessage,
    res: ServerResponse,
    route: ApiPath,
    query: Record<string, string>,
    fault: FaultRule,
  ): boolean {
    switch (fault.kind) {
      case 'status': {
        const headers = { ...(fault.headers ?? {}) };
        const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
        const body = fault.body ?? JSON.stringify({ error: defaultErrorCode(fault.status) });
        send(res, fault.status, body, hasType ? headers : { 'content-type': JSON_TYPE, ...headers });
        return true;
      }
      case 'rateLimit': {
        const seconds = fault.retryAfterSeconds ?? 1;
        const retryAfter = fault.retryAfterDate === true
          ? new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000).toUTCString()
          : String(seconds);
        sendJson(res, 429, '{"error":"rate_limited"}', { 'retry-after': retryAfter });
        return true;
      }
      case 'body':
        send(res, 200, fault.body, { 'content-type': fault.contentType ?? JSON_TYPE });
        return true;
      case 'reset':
        req.socket.destroy();
        return true;
      case 'redirect':
        sendJson(res, fault.status ?? 302, JSON.stringify({ error: 'moved', location: fault.location }), {
          location: fault.location,
        });
        return true;
      case 'hugeBody': {
        res.writeHead(200, { 'content-type': JSON_TYPE });
        const sample = this.served.itemJson[0] ?? '{"pageGroupId":"pg_000001","name":"sample"}';
        const limit = query.limit !== undefined && LIMIT_PATTERN.test(query.limit) ? query.limit : String(DEFAULT_LIMIT);
        const [head, tail, item] =
          route === 'page_groups'
            ? ['{"hasMore":false,"items":[', `],"limit":${limit}}`, sample]
            : ['[', ']', firstJson(this.served.dataset.webhooks) ?? '{"id":"wh_0001"}'];
        void streamHugeJson(res, fault.bytes, head, tail, item).catch(() => res.destroy());
        return true;
      }
      default:
        return false;
    }
  }

  private serveWebhooks(res: ServerResponse, fault: FaultRule | undefined, record: Mutable<RecordedRequest>): void {
    const data = this.served;
    let body = data.webhooksJson;
    if (fault?.kind === 'badItems') {
      body = JSON.stringify(data.dataset.webhooks.map((w, i) => (isBadPosition(i) ? breakWebhook(w, i) : w)));
      record.fault = fault.kind;
    } else if (fault?.kind === 'webhookVariant') {
      body = JSON.stringify(data.dataset.webhooks.map((w, i) => webhookVariant(w, i, fault.variant)));
      record.fault = fault.kind;
    } else if (fault?.kind === 'malformedJson') {
      body = truncate(body);
      record.fault = fault.kind;
    }
    sendJson(res, 200, body);
  }

  /** A page of a test-only list: the key checked, `limit` 1–100 (default 20), the cursor an offset. */
  private serveExtraList(res: ServerResponse, query: Record<string, string>, items: readonly unknown[], record: Mutable<RecordedRequest>): void {
    if (record.apiKey !== this.apiKey) {
      sendJson(res, 401, '{"error":"unauthorized"}');
      return;
    }
    if (query.limit !== undefined && !LIMIT_PATTERN.test(query.limit)) {
      sendJson(res, 400, '{"error":"invalid_limit","message":"limit must be an integer from 1 to 100"}');
      return;
    }
    const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    if (!Number.isInteger(start) || start < 0 || start > items.length) {
      sendJson(res, 400, '{"error":"invalid_cursor"}');
      return;
    }
    const end = Math.min(start + limit, items.length);
    const hasMore = end < items.length;
    sendJson(res, 200, JSON.stringify({ hasMore, items: items.slice(start, end), limit, ...(hasMore ? { nextCursor: String(end) } : {}) }));
  }

  private servePageGroups(
    res: ServerResponse,
    query: Record<string, string>,
    fault: FaultRule | undefined,
    record: Mutable<RecordedRequest>,
  ): void {
    const data = this.served;
    let limit = DEFAULT_LIMIT;
    if (query.limit !== undefined) {
      if (!LIMIT_PATTERN.test(query.limit)) {
        sendJson(res, 400, '{"error":"invalid_limit","message":"limit must be an integer from 1 to 100"}');
        return;
      }
      limit = Number(query.limit);
    }
    if (fault?.kind === 'endless') {
      record.fault = fault.kind;
      sendJson(res, 200, endlessPage(query, limit, fault));
      return;
    }
    const status = query.status;
    const indices = status === undefined ? undefined : (data.byStatus.get(status) ?? []);
    const total = indices === undefined ? data.itemJson.length : indices.length;

    let start = 0;
    if (query.cursor !== undefined) {
      const check = this.cursors.decode(query.cursor, status, data.version);
      if (!check.ok || check.position > total) {
        const message = check.ok ? 'cursor is out of range' : check.reason;
        sendJson(res, 400, JSON.stringify({ error: 'invalid_cursor', message }));
        return;
      }
      start = check.position;
    }
    const end = Math.min(start + limit, total);
    const slice: PageSlice = { indices, start, end, total };

    let hasMore = end < total;
    let nextCursor = hasMore ? this.cursors.encode(end, status, data.version) : undefined;
    let itemsText: string;
    if (fault?.kind === 'badItems') {
      itemsText = this.brokenItems(slice);
      record.fault = fault.kind;
    } else {
      itemsText = joinItems(data.itemJson, slice);
    }
    if (fault?.kind === 'repeatCursor') {
      hasMore = true;
      nextCursor = query.cursor ?? this.cursors.encode(0, status, data.version);
      record.fault = fault.kind;
    } else if (fault?.kind === 'hasMoreWithoutCursor') {
      hasMore = true;
      nextCursor = undefined;
      record.fault = fault.kind;
    }
    let body =
      `{"hasMore":${hasMore},"items":[${itemsText}],"limit":${limit}` +
      (nextCursor === undefined ? '}' : `,"nextCursor":${JSON.stringify(nextCursor)}}`);
    if (fault?.kind === 'malformedJson') {
      body = truncate(body);
      record.fault = fault.kind;
    }
    sendJson(res, 200, body);
  }

  private brokenItems(slice: PageSlice): string {
    const items = this.served.dataset.pageGroups;
    const parts: string[] = [];
    for (let i = slice.start; i < slice.end; i++) {
      const index = slice.indices === undefined ? i : (slice.indices[i] as number);
      const position = i - slice.start;
      const item = items[index] as Record<string, unknown>;
      parts.push(isBadPosition(position) ? JSON.stringify(breakPageGroup(item, position)) : (this.served.itemJson[index] as string));
    }
    return parts.join(',');
  }

  private record(req: IncomingMessage, res: ServerResponse, path: string, query: Record<string, string>): Mutable<RecordedRequest> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name !== 'x-api-key' && value !== undefined) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
    }
    const rawKey = req.headers['x-api-key'];
    const record: Mutable<RecordedRequest> = {
      method: req.method ?? 'GET',
      path,
      query,
      apiKey: Array.isArray(rawKey) ? rawKey.join(', ') : rawKey,
      headers,
      responseStatus: 0,
      receivedAt: performance.now(),
      durationMs: 0,
    };
    this.recorded.push(record);
    let done = false;
    const finish = (answered: boolean): void => {
      if (done) {
        return;
      }
      done = true;
      record.responseStatus = answered || res.headersSent ? res.statusCode : 0;
      record.durationMs = performance.now() - record.receivedAt;
      this.hooks.onRequestDone?.(record);
    };
    res.once('finish', () => finish(true));
    res.once('close', () => finish(res.writableFinished));
    return record;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Control endpoints (no key, loopback only, not recorded)

  private handleControl(req: IncomingMessage, res: ServerResponse, path: string): void {
    if (!isLoopback(req.socket.remoteAddress)) {
      sendJson(res, 403, '{"error":"forbidden"}');
      return;
    }
    const method = req.method ?? 'GET';
    if (path === '/__control/faults') {
      if (method === 'DELETE') {
        this.clearFaults();
        sendJson(res, 200, '{"ok":true}');
      } else if (method === 'POST') {
        readBody(req, CONTROL_BODY_MAX_BYTES)
          .then((text) => {
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch {
              sendJson(res, 400, '{"error":"invalid_json"}');
              return;
            }
            const parsed = parseFaultRule(value);
            if ('error' in parsed) {
              sendJson(res, 400, JSON.stringify({ error: 'invalid_fault', message: parsed.error }));
              return;
            }
            this.addFault(parsed.rule);
            sendJson(res, 201, JSON.stringify({ ok: true, faults: this.faults.size }));
          })
          .catch(() => sendJson(res, 413, '{"error":"body_too_large"}'));
      } else {
        sendJson(res, 405, '{"error":"method_not_allowed"}', { allow: 'POST, DELETE' });
      }
      return;
    }
    if (path === '/__control/webhooks' || path.startsWith('/__control/webhooks/')) {
      this.handleWebhookControl(req, res, method, path.slice('/__control/webhooks'.length));
      return;
    }
    if (path === '/__control/requests') {
      if (method === 'GET') {
        sendJson(res, 200, JSON.stringify(this.recorded));
      } else if (method === 'DELETE') {
        this.resetRequests();
        sendJson(res, 200, '{"ok":true}');
      } else {
        sendJson(res, 405, '{"error":"method_not_allowed"}', { allow: 'GET, DELETE' });
      }
      return;
    }
    sendJson(res, 404, '{"error":"not_found"}');
  }

  /** POST /__control/webhooks, PATCH and DELETE /__control/webhooks/<id>: see `editWebhooks`. */
  private handleWebhookControl(req: IncomingMessage, res: ServerResponse, method: string, rest: string): void {
    const id = rest === '' ? undefined : decodeURIComponent(rest.slice(1));
    const done = (ok: boolean, status: number): void =>
      ok ? sendJson(res, status, JSON.stringify({ ok: true, webhooks: this.served.dataset.webhooks.length })) : sendJson(res, id === undefined ? 409 : 404, '{"error":"no_such_webhook"}');
    if (id === undefined && method === 'POST') {
      void readJsonObject(req, res).then((subscription) => subscription && done(this.editWebhooks({ op: 'add', subscription }), 201));
    } else if (id !== undefined && method === 'PATCH') {
      void readJsonObject(req, res).then((fields) => fields && done(this.editWebhooks({ op: 'change', id, fields }), 200));
    } else if (id !== undefined && method === 'DELETE') {
      done(this.editWebhooks({ op: 'remove', id }), 200);
    } else {
      sendJson(res, 405, '{"error":"method_not_allowed"}', { allow: id === undefined ? 'POST' : 'PATCH, DELETE' });
    }
  }
}

/** Reads a JSON object body, or answers 400/413 and gives undefined. */
async function readJsonObject(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readBody(req, CONTROL_BODY_MAX_BYTES);
  } catch {
    sendJson(res, 413, '{"error":"body_too_large"}');
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  sendJson(res, 400, '{"error":"invalid_json","message":"expected a JSON object"}');
  return undefined;
}

function prepare(dataset: Dataset, version: number): ServedData {
  const itemJson = dataset.pageGroups.map((item) => anyDepthJson(item));
  const byStatus = new Map<string, number[]>();
  dataset.pageGroups.forEach((item, index) => {
    const status = item.status;
    if (typeof status === 'string') {
      let list = byStatus.get(status);
      if (list === undefined) {
        list = [];
        byStatus.set(status, list);
      }
      list.push(index);
    }
  });
  return { version, dataset, itemJson, byStatus, webhooksJson: anyDepthJson(dataset.webhooks) };
}

/** JSON text of a data set value, also when it is nested deeper than JSON.stringify can go (hostile tests). */
function anyDepthJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) {
      return jsonText(value) ?? 'null';
    }
    throw error;
  }
}

function joinItems(itemJson: readonly string[], slice: PageSlice): string {
  if (slice.indices === undefined) {
    return itemJson.slice(slice.start, slice.end).join(',');
  }
  let text = '';
  for (let i = slice.start; i < slice.end; i++) {
    text += (i === slice.start ? '' : ',') + (itemJson[slice.indices[i] as number] as string);
  }
  return text;
}

function parseQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (search === '') {
    return query;
  }
  for (const [name, value] of new URLSearchParams(search)) {
    if (!Object.prototype.hasOwnProperty.call(query, name)) {
      query[name] = value;
    }
  }
  return query;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  if (res.destroyed || res.headersSent) {
    return;
  }
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body, 'utf8')) });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  send(res, status, body, { 'content-type': JSON_TYPE, ...headers });
}

/** A prefix of the body that is never valid JSON (an object or array cut before its end). */
function truncate(body: string): string {
  return body.slice(0, Math.max(1, Math.floor(body.length / 2)));
}

function firstJson(items: readonly Record<string, unknown>[]): string | undefined {
  return items.length > 0 ? JSON.stringify(items[0]) : undefined;
}

function defaultErrorCode(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'error';
}

function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') {
    return '';
  }
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A page of the `endless` fault: `limit` page groups after the cursor's position, and a cursor to the next ones. */
function endlessPage(query: Record<string, string>, limit: number, fault: { readonly noIds?: boolean; readonly newStatuses?: boolean }): string {
  const match = /^endless-([0-9]+)$/.exec(query.cursor ?? '');
  const start = match ? Number(match[1]) : 0;
  const items: string[] = [];
  for (let n = start; n < start + limit; n++) {
    const status = fault.newStatuses === true ? `status-${n}` : (query.status ?? 'published');
    items.push(JSON.stringify({ ...(fault.noIds === true ? {} : { pageGroupId: `pg_endless_${n}` }), status, name: `endless-${n}`, title: `Endless ${n}` }));
  }
  return `{"hasMore":true,"items":[${items.join(',')}],"limit":${limit},"nextCursor":"endless-${start + limit}"}`;
}
