import * as assert from 'node:assert/strict';
import { createServer, type Agent, type ClientRequest, type Server } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { GatewayClient, type ExchangeLog, type GatewayClientOptions } from '../../../src/api/client';
import { GatewayError, type GatewayErrorKind, type RequestFacts } from '../../../src/api/errors';
import { cursorDigest } from '../../../src/api/cursorDigest';
import type { CheckedPageGroup, ItemProblem } from '../../../src/api/model';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { startRecordingProxy, type RecordingProxy } from '../../gateway/recordingProxy';
import { startTlsFront } from '../../gateway/tlsFront';
import { routeLikeTheEditor } from './editorRouting';
import { listPageGroups, PAGE_GROUPS_MAX_BODY_BYTES } from '../../../src/features/pageGroups/model/pageGroupsList';
import { listWebhookSubscriptions, WEBHOOKS_MAX_BODY_BYTES } from '../../../src/features/webhooks/model/webhooksList';

/** A distinctive key, so that a leak anywhere is found by a plain substring search. */
const KEY = 'pge-unit-K3y-7f19c2e8';
const DATASET: Dataset = generateDataset();

describe('GatewayClient over HTTP (sample gateway)', function () {
  this.timeout(10_000);

  let gateway: SampleGateway;
  let other: SampleGateway; // a second gateway: redirect target, path prefix
  const clients: GatewayClient[] = [];
  let logs: ExchangeLog[] = [];

  before(async () => {
    gateway = await startSampleGateway({ apiKey: KEY, dataset: DATASET });
    other = await startSampleGateway({ apiKey: KEY, dataset: DATASET, pathPrefix: '/gw' });
  });

  after(async () => {
    await gateway.close();
    await other.close();
  });

  beforeEach(() => {
    logs = [];
  });

  afterEach(async () => {
    for (const g of [gateway, other]) {
      g.clearFaults();
      g.resetRequests();
    }
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  function client(options: Partial<GatewayClientOptions> = {}): GatewayClient {
    const c = new GatewayClient({
      baseUrl: gateway.url,
      apiKey: KEY,
      timeoutMs: 2000,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      onExchange: (log) => logs.push(log),
      ...options,
    });
    clients.push(c);
    return c;
  }

  async function failure(promise: Promise<unknown>, kind: GatewayErrorKind): Promise<GatewayError> {
    try {
      await promise;
    } catch (error: unknown) {
      assert.ok(error instanceof GatewayError, `expected a GatewayError, got ${String(error)}`);
      assert.equal(error.kind, kind, `kind of: ${error.message}`);
      assert.ok(!error.message.includes(KEY), 'the message holds the key');
      assert.ok(!(error.detail ?? '').includes(KEY), 'the detail holds the key');
      assert.ok(!JSON.stringify(error).includes(KEY), 'the serialized error holds the key');
      return error;
    }
    assert.fail(`expected a ${kind} failure, but the call succeeded`);
  }

  async function walk(c: GatewayClient, limit: number, status?: string): Promise<CheckedPageGroup[]> {
    const items: CheckedPageGroup[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 1000; pages++) {
      const page = await listPageGroups(c, { limit, status, cursor });
      assert.ok(page.items.length <= limit);
      items.push(...page.items);
      if (!page.hasMore) {
        return items;
      }
      assert.ok(page.nextCursor !== undefined, 'hasMore without nextCursor');
      cursor = page.nextCursor;
    }
    assert.fail('the walk did not end');
  }

  /** The request facts every failure after sending carries. */
  function sent(g: SampleGateway, pathAndQuery: string, baseUrl: string = g.url): RequestFacts {
    const url = new URL(g.url);
    return { method: 'GET', url: `${g.url}${pathAndQuery}`, host: url.host, origin: url.origin, baseUrl };
  }

  function gapsMs(g: SampleGateway): number[] {
    return g.requests.slice(1).map((r, i) => r.receivedAt - g.requests[i].receivedAt);
  }

  describe('page groups', () => {
    it('sends the key, accept, user agent and Connection: keep-alive to the configured origin, and parses the first page', async () => {
      const page = await listPageGroups(client({ userAgent: 'pge-tests/1' }), {});
      assert.equal(page.items.length, 20);
      assert.equal(page.limit, 20);
      assert.equal(page.hasMore, true);
      assert.equal(typeof page.nextCursor, 'string');
      assert.deepEqual(page.items[0].raw, DATASET.pageGroups[0]);
      const [request] = gateway.requests;
      assert.equal(request.path, '/v0/page_groups');
      assert.deepEqual(request.query, {});
      assert.equal(request.apiKey, KEY);
      assert.equal(request.headers.accept, 'application/json');
      assert.equal(request.headers['user-agent'], 'pge-tests/1');
      // Said outright: in the editor, whose proxy agent does not keep connections, the pool keeps them only so.
      assert.equal(request.headers.connection, 'keep-alive');
    });

    it('names itself page-gateway-explorer when no user agent is given', async () => {
      await listPageGroups(client(), { limit: 1 });
      assert.equal(gateway.requests[0].headers['user-agent'], 'page-gateway-explorer');
    });

    for (const limit of [1, 7, 20, 100]) {
      it(`walks every page at limit ${limit}: the items equal the data set exactly`, async () => {
        const items = await walk(client(), limit);
        assert.deepEqual(
          items.map((i) => i.raw),
          DATASET.pageGroups,
        );
        assert.equal(new Set(items.map((i) => i.value.pageGroupId)).size, DATASET.pageGroups.length, 'no duplicates');
        assert.deepEqual(items.flatMap((i) => i.problems), []);
        assert.equal(gateway.countRequests({ path: 'page_groups' }), Math.ceil(DATASET.pageGroups.length / limit));
        assert.ok(gateway.requests.every((r) => r.query.limit === String(limit)));
      });
    }

    it('walks each status filter: exactly the data set items with that status, in order', async () => {
      const statuses = [...new Set(DATASET.pageGroups.map((g) => g.status).filter((s): s is string => typeof s === 'string'))];
      assert.ok(statuses.length >= 3);
      const c = client();
      for (const status of statuses) {
        const expected = DATASET.pageGroups.filter((g) => g.status === status);
        const items = await walk(c, 7, status);
        assert.deepEqual(
          items.map((i) => i.raw),
          expected,
          status,
        );
        assert.equal(gateway.countRequests({ status }), Math.ceil(expected.length / 7) || 1);
      }
      assert.equal(gateway.countRequests({ status: null }), 0);
    });

    it('keeps each raw item exactly as sent, unknown fields included, next to the parsed value', async () => {
      const items = await walk(client(), 100);
      const extra = items.find((i) => 'experimentalFlags' in (i.raw as Record<string, unknown>));
      assert.ok(extra !== undefined, 'the data set has an item with an unknown field');
      assert.equal('experimentalFlags' in extra.value, false);
      assert.deepEqual(extra.raw, DATASET.pageGroups[items.indexOf(extra)]);
    });

    it('encodes query values', async () => {
      const page = await listPageGroups(client(), { status: 'in review&limit=1#x', limit: 5 });
      assert.deepEqual(page.items, []);
      assert.deepEqual(gateway.requests[0].query, { status: 'in review&limit=1#x', limit: '5' });
    });

    it('refuses a limit outside 1–100 or not an integer before any request', async () => {
      const c = client();
      for (const limit of [0, 101, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        const error = await failure(listPageGroups(c, { limit }), 'invalidRequest');
        assert.deepEqual(error.facts, { kind: 'invalidRequest', reason: 'badLimit', limit, minLimit: 1, maxLimit: 100 });
        assert.equal(error.message, `limit ${String(limit)} outside 1–100`);
      }
      assert.equal(gateway.requests.length, 0);
      assert.equal(logs.length, 0);
      assert.equal((await listPageGroups(c, { limit: 100 })).items.length, 100);
    });

    it('keeps broken items in order, flagged, without hiding the others', async () => {
      gateway.addFault({ kind: 'badItems', path: 'page_groups' });
      const page = await listPageGroups(client(), { limit: 12 });
      assert.equal(page.items.length, 12);
      const broken = page.items.map((item, i) => (item.problems.length > 0 ? i : -1)).filter((i) => i >= 0);
      assert.deepEqual(broken, [2, 8, 11], 'position 5 only lacks its id, which no contract rule requires');
      const fields = (problems: readonly ItemProblem[]): string[] => problems.map((p) => ('field' in p ? `${p.field}: ${p.kind}` : p.kind)).sort();
      assert.deepEqual(fields(page.items[2].problems), ['pagesCount: wrongType', 'status: wrongType']);
      assert.equal(page.items[2].value.name, DATASET.pageGroups[2].name);
      assert.equal(page.items[5].value.pageGroupId, undefined);
      assert.deepEqual(page.items[5].problems, [], 'a missing id is tolerated: no field is required by the contract');
      assert.deepEqual(fields(page.items[8].problems), ['actions: wrongType', 'createdAt: wrongType']);
      assert.deepEqual(page.items[0].raw, DATASET.pageGroups[0]);
    });
  });

  describe('base URL', () => {
    it('works with a path prefix and a trailing slash', async () => {
      const c = client({ baseUrl: `${other.url}/` });
      assert.equal(c.origin, new URL(other.url).origin);
      const page = await listPageGroups(c, { limit: 3 });
      assert.equal(page.items.length, 3);
      assert.equal((await listWebhookSubscriptions(c)).items.length, DATASET.webhooks.length);
      assert.deepEqual(
        other.requests.map((r) => r.path),
        ['/v0/page_groups', '/v0/webhook_subscriptions'],
      );
    });

    it('reports a wrong path as HTTP 404 with the base URL the API was expected under', async () => {
      const base = new URL(other.url).origin; // without the /gw prefix
      const error = await failure(listPageGroups(client({ baseUrl: base }), {}), 'http');
      assert.equal(error.status, 404);
      assert.deepEqual(error.facts, { kind: 'http', ...sent(other, '/v0/page_groups', base), url: `${base}/v0/page_groups`, status: 404 });
      assert.equal(error.message, `HTTP 404 from GET ${base}/v0/page_groups`);
    });

    it('refuses a bad base URL at construction', () => {
      assert.throws(
        () => new GatewayClient({ baseUrl: 'ftp://x', apiKey: KEY, timeoutMs: 1000 }),
        (e: unknown) => {
          assert.ok(e instanceof GatewayError);
          assert.deepEqual(e.facts, { kind: 'invalidRequest', reason: 'badBaseUrl', problem: { kind: 'badScheme', scheme: 'ftp' } });
          return true;
        },
      );
    });
  });

  describe('webhook subscriptions', () => {
    it('lists them all with raw objects and no problems', async () => {
      const list = (await listWebhookSubscriptions(client())).items;
      assert.deepEqual(
        list.map((w) => w.raw),
        DATASET.webhooks,
      );
      assert.deepEqual(list.flatMap((w) => w.problems), []);
      assert.ok(list.some((w) => w.value.events === null));
      assert.deepEqual(gateway.requests[0].path, '/v0/webhook_subscriptions');
    });

    it('flags timestamps with offsets and lowercase z, keeping them', async () => {
      for (const variant of ['offsetTimestamps', 'lowercaseZ'] as const) {
        gateway.clearFaults();
        gateway.addFault({ kind: 'webhookVariant', variant });
        const list = (await listWebhookSubscriptions(client())).items;
        for (const w of list) {
          assert.deepEqual(
            w.problems.map((p) => (p.kind === 'notUtcTimestamp' ? p.field : p.kind)),
            ['createdAt', 'updatedAt'],
            variant,
          );
          assert.equal(w.value.createdAt, (w.raw as Record<string, unknown>).createdAt);
        }
      }
    });

    it('accepts boundary timestamps (leap days, 23:59:59.999999)', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'boundaryTimestamps' });
      const list = (await listWebhookSubscriptions(client())).items;
      assert.ok(list.some((w) => w.value.createdAt === '2024-02-29T23:59:59.999999Z'));
      assert.ok(list.some((w) => w.value.createdAt === '2000-02-29T00:00Z'));
      assert.deepEqual(list.flatMap((w) => w.problems), []);
    });

    it('keeps unknown event kinds, flagged, and null events as null', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'unknownEvents', times: 1 });
      const list = (await listWebhookSubscriptions(client())).items;
      const flagged = list.filter((w) => w.problems.length > 0);
      assert.ok(flagged.length > 0);
      for (const w of flagged) {
        assert.equal(w.problems.length, 1);
        const problem = w.problems[0];
        const kind = problem?.kind === 'unknownEvent' ? problem.event : undefined;
        assert.ok(kind !== undefined && w.value.events?.includes(kind) === true, JSON.stringify(problem));
      }
      gateway.addFault({ kind: 'webhookVariant', variant: 'nullEvents' });
      const nulls = (await listWebhookSubscriptions(client())).items;
      assert.ok(nulls.every((w) => w.value.events === null && w.problems.length === 0));
    });

    it('keeps broken items in order with their problems', async () => {
      gateway.addFault({ kind: 'badItems', path: 'webhook_subscriptions' });
      const list = (await listWebhookSubscriptions(client())).items;
      assert.equal(list.length, DATASET.webhooks.length);
      assert.deepEqual(list[2].problems, [{ kind: 'notHttpUrl', field: 'url', value: 'not a url' }]);
      assert.deepEqual(list[5].problems, [{ kind: 'wrongType', field: 'events', expected: 'array|null', got: 'string' }]);
      assert.equal(list[0].problems.length, 0);
    });

    it('refuses a body that is not an array', async () => {
      gateway.addFault({ kind: 'body', body: '{"items":[]}', path: 'webhook_subscriptions' });
      const error = await failure(listWebhookSubscriptions(client()), 'invalidResponse');
      assert.deepEqual(error.facts, {
        kind: 'invalidResponse',
        ...sent(gateway, '/v0/webhook_subscriptions'),
        reason: 'schema',
        resource: 'webhookSubscriptions',
        issues: [{ path: '', expected: 'array', got: 'object' }],
      });
    });
  });

  describe('failures', () => {
    it('401: unauthorized, not retried, with where it went as facts', async () => {
      const wrong = 'pge-wrong-key-0000';
      const error = await failure(listPageGroups(client({ apiKey: wrong }), {}), 'unauthorized');
      assert.equal(error.status, 401);
      assert.deepEqual(error.facts, { kind: 'unauthorized', ...sent(gateway, '/v0/page_groups'), status: 401 });
      assert.equal(error.message, `HTTP 401 from GET ${gateway.url}/v0/page_groups`);
      assert.ok(!JSON.stringify(error).includes(wrong));
      assert.equal(gateway.countRequests(), 1);
    });

    it('403: unauthorized with status 403', async () => {
      gateway.addFault({ kind: 'status', status: 403 });
      const error = await failure(listWebhookSubscriptions(client()), 'unauthorized');
      assert.equal(error.status, 403);
      assert.deepEqual(error.facts, { kind: 'unauthorized', ...sent(gateway, '/v0/webhook_subscriptions'), status: 403 });
      assert.equal(gateway.countRequests(), 1);
    });

    it('500: server error, not retried', async () => {
      gateway.addFault({ kind: 'status', status: 500, body: 'database unavailable' });
      const error = await failure(listPageGroups(client(), {}), 'server');
      assert.equal(error.status, 500);
      assert.equal(error.detail, 'database unavailable');
      assert.deepEqual(error.facts, { kind: 'server', ...sent(gateway, '/v0/page_groups'), status: 500 });
      assert.equal(gateway.countRequests(), 1);
    });

    for (const status of [502, 503, 504]) {
      it(`${status}: retried up to maxAttempts, then a server error`, async () => {
        gateway.addFault({ kind: 'status', status, body: 'overloaded, try later' });
        const error = await failure(listPageGroups(client(), {}), 'server');
        assert.equal(error.status, status);
        assert.equal(error.detail, 'overloaded, try later', 'the body excerpt survives the retries');
        assert.deepEqual(error.facts, { kind: 'server', ...sent(gateway, '/v0/page_groups'), status, attempts: 3 });
        assert.equal(error.message, `HTTP ${status} from GET ${gateway.url}/v0/page_groups (3 attempts)`);
        assert.equal(gateway.countRequests(), 3);
      });
    }

    it('recovers when a retried 503 goes away, and logs every attempt', async () => {
      gateway.addFault({ kind: 'status', status: 503, times: 2 });
      const page = await listPageGroups(client(), { limit: 2 });
      assert.equal(page.items.length, 2);
      assert.equal(gateway.countRequests(), 3);
      assert.deepEqual(
        logs.map((l) => [l.attempt, l.status, l.error?.kind, typeof l.willRetryInMs]),
        [
          [1, 503, 'server', 'number'],
          [2, 503, 'server', 'number'],
          [3, 200, undefined, 'undefined'],
        ],
      );
      for (const log of logs) {
        assert.equal(log.method, 'GET');
        assert.equal(log.url, `${gateway.url}/v0/page_groups?limit=2`);
        assert.ok(log.durationMs >= 0 && log.durationMs < 2000, `durationMs ${log.durationMs}`);
        assert.equal(log.requestHeaders['x-api-key'], '[redacted]');
        assert.equal(log.responseHeaders?.['content-type'], 'application/json; charset=utf-8');
      }
    });

    it('honours maxAttempts', async () => {
      gateway.addFault({ kind: 'status', status: 502 });
      await failure(listPageGroups(client({ retry: { maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 2 } }), {}), 'server');
      assert.equal(gateway.countRequests(), 5);
      await failure(listPageGroups(client({ retry: { maxAttempts: 1 } }), {}), 'server');
      assert.equal(gateway.countRequests(), 6);
    });

    it('429 with Retry-After in seconds: waits that long, then succeeds', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 1, times: 1 });
      const page = await listPageGroups(client(), { limit: 1 });
      assert.equal(page.items.length, 1);
      assert.equal(gateway.countRequests(), 2);
      assert.ok(gapsMs(gateway)[0] >= 990, `waited ${gapsMs(gateway)[0]} ms`);
      assert.equal(logs[0].willRetryInMs, 1000);
      assert.equal(logs[0].error?.kind, 'rateLimited');
      assert.equal(logs[0].error?.retryAfterSeconds, 1);
    });

    it('429 with Retry-After as an HTTP-date: waits until then', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 1, retryAfterDate: true, times: 1 });
      await listWebhookSubscriptions(client());
      assert.equal(gateway.countRequests(), 2);
      // The gateway sends a date 1–2 s ahead on a whole second; the client waits until exactly then.
      const wait = logs[0].willRetryInMs ?? -1;
      assert.ok(wait > 900 && wait <= 2000, `wait ${wait}`);
      assert.equal(logs[0].error?.retryAfterSeconds, Math.ceil(wait / 1000));
      assert.ok(gapsMs(gateway)[0] >= wait - 10);
    });

    it('429 with a Retry-After beyond the cap: fails at once with rateLimited and its Retry-After', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 5 });
      const started = performance.now();
      const error = await failure(listPageGroups(client({ retry: { maxRetryAfterSeconds: 2 } }), {}), 'rateLimited');
      assert.ok(performance.now() - started < 1000);
      assert.equal(error.retryAfterSeconds, 5);
      assert.equal(error.status, 429);
      assert.deepEqual(error.facts, {
        kind: 'rateLimited',
        ...sent(gateway, '/v0/page_groups'),
        status: 429,
        retryAfterSeconds: 5,
        retryAfterTooLong: true,
        maxRetryAfterSeconds: 2,
      });
      assert.equal(gateway.countRequests(), 1);
      assert.equal(logs.length, 1);
      assert.equal(logs[0].willRetryInMs, undefined);
    });

    it('429 that persists: rateLimited after maxAttempts', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 0 });
      const error = await failure(listPageGroups(client(), {}), 'rateLimited');
      assert.equal(error.retryAfterSeconds, 0);
      assert.equal(error.facts.kind === 'rateLimited' && error.facts.attempts, 3);
      assert.equal(error.facts.kind === 'rateLimited' && error.facts.retryAfterTooLong, false);
      assert.equal(gateway.countRequests(), 3);
    });

    it('connection reset: retried, and recovers', async () => {
      gateway.addFault({ kind: 'reset', times: 1 });
      const page = await listPageGroups(client(), { limit: 3 });
      assert.equal(page.items.length, 3);
      assert.equal(gateway.countRequests(), 2);
      assert.equal(logs[0].error?.kind, 'network');
      assert.equal(logs[0].status, undefined);
    });

    it('connection reset that persists: network error after maxAttempts, with reason, code and host', async () => {
      gateway.addFault({ kind: 'reset' });
      const error = await failure(listPageGroups(client(), {}), 'network');
      assert.equal(gateway.countRequests(), 3);
      assert.ok(error.facts.kind === 'network');
      const { networkCode, ...rest } = error.facts;
      assert.deepEqual(rest, { kind: 'network', ...sent(gateway, '/v0/page_groups'), reason: 'reset', attempts: 3 });
      assert.match(networkCode ?? '', /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/);
      assert.equal(error.message, `${networkCode} ${new URL(gateway.url).host} (3 attempts)`);
    });

    it('connection refused: network error naming the host, the URL, the network and http.proxy', async () => {
      const down = await startSampleGateway({ apiKey: KEY });
      const url = down.url;
      await down.close();
      const error = await failure(listPageGroups(client({ baseUrl: url }), {}), 'network');
      assert.equal(error.facts.kind === 'network' && error.facts.reason, 'refused');
      assert.equal(error.facts.kind === 'network' && error.facts.networkCode, 'ECONNREFUSED');
      assert.equal(error.facts.kind === 'network' && error.facts.host, new URL(url).host);
      assert.equal(error.message, `ECONNREFUSED ${new URL(url).host}`);
      assert.ok(error.cause instanceof Error, 'the transport error is kept as the cause');
    });

    it('in a remote window a failure says which machine the request left from (sentFrom), and only there', async () => {
      const down = await startSampleGateway({ apiKey: KEY });
      const url = down.url;
      await down.close();
      const remote = await failure(listPageGroups(client({ baseUrl: url, sentFrom: 'ssh-remote' }), {}), 'network');
      assert.equal(remote.facts.kind === 'network' && remote.facts.sentFrom, 'ssh-remote');
      const local = await failure(listPageGroups(client({ baseUrl: url, sentFrom: '' }), {}), 'network');
      assert.ok(local.facts.kind === 'network' && !('sentFrom' in local.facts), 'an empty remote name is this machine');
    });

    it('gateway going down between pages: network error, then works again after it comes back', async () => {
      const c = client();
      const first = await listPageGroups(c, { limit: 5 });
      await gateway.goDown();
      try {
        await failure(listPageGroups(c, { limit: 5, cursor: first.nextCursor }), 'network');
      } finally {
        await gateway.comeBack();
      }
      const second = await listPageGroups(c, { limit: 5, cursor: first.nextCursor });
      assert.deepEqual(second.items[0].raw, DATASET.pageGroups[5]);
    });

    it('unknown host: network error about DNS', async () => {
      const error = await failure(listPageGroups(client({ baseUrl: 'http://gateway.nonexistent.invalid' }), {}), 'network');
      assert.ok(error.facts.kind === 'network');
      assert.equal(error.facts.reason, 'dns');
      assert.equal(error.facts.host, 'gateway.nonexistent.invalid');
      assert.match(error.facts.networkCode ?? '', /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME)$/);
      assert.equal(error.message, `${error.facts.networkCode} gateway.nonexistent.invalid`);
    });

    it('malformed JSON: invalidJson, not retried', async () => {
      gateway.addFault({ kind: 'malformedJson' });
      const error = await failure(listPageGroups(client(), {}), 'invalidJson');
      assert.ok(error.facts.kind === 'invalidJson');
      const { bodyBytes, ...rest } = error.facts;
      assert.deepEqual(rest, { kind: 'invalidJson', ...sent(gateway, '/v0/page_groups'), status: 200, contentType: 'application/json; charset=utf-8' });
      assert.ok(bodyBytes > 0);
      assert.equal(gateway.countRequests(), 1);
    });

    it('an HTML page instead of JSON: invalidJson naming the content type', async () => {
      gateway.addFault({ kind: 'body', body: '<html>Sign in to the proxy</html>', contentType: 'text/html' });
      const error = await failure(listPageGroups(client(), {}), 'invalidJson');
      assert.equal(error.facts.kind === 'invalidJson' && error.facts.contentType, 'text/html');
      assert.equal(error.facts.kind === 'invalidJson' && error.facts.bodyBytes, 33);
    });

    for (const body of ['{"items":{}}', '{}', '[]', '"text"', '{"hasMore":true,"items":[],"limit":"20"}']) {
      it(`broken envelope ${body}: invalidResponse`, async () => {
        gateway.addFault({ kind: 'body', body, path: 'page_groups' });
        const error = await failure(listPageGroups(client(), {}), 'invalidResponse');
        assert.ok(error.facts.kind === 'invalidResponse' && error.facts.reason === 'schema');
        assert.equal(error.facts.resource, 'pageGroups');
        assert.equal(error.facts.url, `${gateway.url}/v0/page_groups`);
        assert.ok(error.facts.issues.length > 0);
        assert.equal(logs[0].error?.kind, 'invalidResponse');
      });
    }

    it('a streamed body over the cap: tooLarge, and reading stops', async () => {
      gateway.addFault({ kind: 'hugeBody', bytes: 50 * 1024 * 1024 });
      const started = performance.now();
      const error = await failure(listPageGroups(client({ maxBodyBytes: 256 * 1024 }), {}), 'tooLarge');
      assert.ok(performance.now() - started < 2000);
      assert.deepEqual(error.facts, { kind: 'tooLarge', ...sent(gateway, '/v0/page_groups'), maxBytes: 256 * 1024 });
      assert.equal(gateway.countRequests(), 1);
    });

    it('a declared Content-Length over the cap: tooLarge before reading', async () => {
      gateway.addFault({ kind: 'body', body: JSON.stringify({ hasMore: false, items: [], limit: 20, pad: 'x'.repeat(5000) }) });
      const error = await failure(listPageGroups(client({ maxBodyBytes: 1024 }), {}), 'tooLarge');
      assert.equal(error.facts.kind === 'tooLarge' && error.facts.maxBytes, 1024);
      assert.ok(error.facts.kind === 'tooLarge' && (error.facts.declaredBytes ?? 0) > 5000);
    });

    it('a body just under the cap is read', async () => {
      gateway.addFault({ kind: 'hugeBody', bytes: 200 * 1024, path: 'webhook_subscriptions' });
      const list = await listWebhookSubscriptions(client({ maxBodyBytes: 200 * 1024 }));
      assert.ok(list.items.length > 100);
      assert.equal(list.truncated, undefined);
    });

    it('caps each resource by its own size: a page of page groups at 7.25 MiB, the webhook list at 40 MiB', async () => {
      assert.equal(PAGE_GROUPS_MAX_BODY_BYTES, 100 * 64 * 1024 + 1024 * 1024);
      assert.equal(WEBHOOKS_MAX_BODY_BYTES, 10_000 * 4 * 1024);
      gateway.addFault({ kind: 'hugeBody', bytes: PAGE_GROUPS_MAX_BODY_BYTES + 1, path: 'page_groups', times: 1 });
      const error = await failure(listPageGroups(client(), {}), 'tooLarge');
      assert.equal(error.facts.kind === 'tooLarge' && error.facts.maxBytes, PAGE_GROUPS_MAX_BODY_BYTES);
      gateway.addFault({ kind: 'hugeBody', bytes: PAGE_GROUPS_MAX_BODY_BYTES + 1, path: 'webhook_subscriptions', times: 1 });
      const list = await listWebhookSubscriptions(client());
      assert.equal(list.items.length, 10_000, 'read past the page cap, then kept 10,000');
      assert.ok((list.truncated?.total ?? 0) > 10_000);
    });

    it('a page with more items than the limit asked for: invalidResponse tooManyItems, not retried', async () => {
      const body = (n: number): string => JSON.stringify({ hasMore: false, items: DATASET.pageGroups.slice(0, n), limit: 20 });
      gateway.addFault({ kind: 'body', body: body(21), path: 'page_groups', times: 1 });
      const noLimit = await failure(listPageGroups(client(), {}), 'invalidResponse');
      assert.deepEqual(noLimit.facts, {
        kind: 'invalidResponse',
        ...sent(gateway, '/v0/page_groups'),
        reason: 'tooManyItems',
        resource: 'pageGroups',
        count: 21,
        limit: 20,
      });
      gateway.addFault({ kind: 'body', body: body(6), path: 'page_groups', times: 1 });
      const five = await failure(listPageGroups(client(), { limit: 5 }), 'invalidResponse');
      assert.equal(five.facts.kind === 'invalidResponse' && five.facts.reason === 'tooManyItems' && five.facts.count, 6);
      assert.equal(gateway.countRequests(), 2);
      // A huge body of scalars (the page cap allows millions of them) is refused, not turned into flagged rows.
      const scalars = `{"hasMore":false,"limit":20,"items":[${new Array<string>(3_000_000).fill('1').join(',')}]}`;
      gateway.addFault({ kind: 'body', body: scalars, path: 'page_groups', times: 1 });
      const huge = await failure(listPageGroups(client(), {}), 'invalidResponse');
      assert.equal(huge.facts.kind === 'invalidResponse' && huge.facts.reason === 'tooManyItems' && huge.facts.count, 3_000_000);
    });

    it('a webhook list over 10,000 subscriptions: the first 10,000 are kept, the total is reported', async () => {
      const sample = DATASET.webhooks[0];
      const items = Array.from({ length: 10_003 }, (_, i) => ({ ...(sample as object), id: `wh_${i}` }));
      gateway.addFault({ kind: 'body', body: JSON.stringify(items), path: 'webhook_subscriptions', times: 1 });
      const list = await listWebhookSubscriptions(client());
      assert.equal(list.items.length, 10_000);
      assert.equal(list.items[9_999].value.id, 'wh_9999');
      assert.deepEqual(list.truncated, { kept: 10_000, total: 10_003 });
    });

    it('timeout: no answer in time, not retried, with the timeout', async () => {
      gateway.addFault({ kind: 'delay', ms: 1500 });
      const started = performance.now();
      const error = await failure(listPageGroups(client({ timeoutMs: 150 }), {}), 'timeout');
      const elapsed = performance.now() - started;
      assert.ok(elapsed >= 140 && elapsed < 800, `elapsed ${elapsed}`);
      assert.deepEqual(error.facts, { kind: 'timeout', ...sent(gateway, '/v0/page_groups'), timeoutMs: 150 });
      assert.equal(gateway.countRequests(), 1);
    });

    it('other statuses: http with the status', async () => {
      gateway.addFault({ kind: 'status', status: 418, body: 'teapot' });
      const error = await failure(listPageGroups(client(), {}), 'http');
      assert.equal(error.status, 418);
      assert.equal(error.detail, 'teapot');
      assert.equal(gateway.countRequests(), 1);
    });

    it('407 from a server reached directly: proxy credentials are never sent to it, nothing is repeated', async () => {
      gateway.addFault({ kind: 'status', status: 407, headers: { 'proxy-authenticate': 'Basic realm="gw"' } });
      const c = client({ proxy: { authorization: 'Basic cHJveHk6c2VjcmV0' } });
      const error = await failure(listPageGroups(c, {}), 'http');
      assert.equal(error.status, 407);
      assert.equal(error.facts.kind === 'http' && error.facts.proxy, undefined, 'no proxy was involved');
      assert.equal(error.facts.kind === 'http' && error.facts.proxyAuthorizationSent, undefined);
      assert.equal(gateway.countRequests(), 1);
      assert.equal(gateway.requests[0]?.headers['proxy-authorization'], undefined);
      await failure(listWebhookSubscriptions(c), 'http');
      assert.ok(gateway.requests.every((r) => r.headers['proxy-authorization'] === undefined));
    });

    it('http.proxyStrictSSL off changes nothing for a gateway reached directly', async () => {
      const c = client({ proxy: { strictSSL: false, authorization: 'Basic eDp5' } });
      const page = await listPageGroups(c, { limit: 2 });
      assert.equal(page.items.length, 2);
      assert.equal(gateway.requests[0]?.headers['proxy-authorization'], undefined);
      assert.equal(logs[0]?.proxy, undefined);
    });

    it('an expired cursor (400): http error with status 400', async () => {
      const c = client();
      const first = await listPageGroups(c, { limit: 5 });
      gateway.setDataset(DATASET); // new version: old cursors get 400
      const error = await failure(listPageGroups(c, { limit: 5, cursor: first.nextCursor }), 'http');
      assert.equal(error.status, 400);
      const cursor = first.nextCursor ?? '';
      assert.equal(error.facts.kind === 'http' && error.facts.url, `${gateway.url}/v0/page_groups?limit=5&cursor=<sha256:${cursorDigest(cursor).slice(0, 12)}>`);
      assert.equal(error.facts.kind === 'http' && error.facts.redirect, undefined);
    });

    it('a Retry-After of exactly the cap is waited for, not reported as too long', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 5 });
      const error = await failure(listPageGroups(client({ retry: { maxAttempts: 1, maxRetryAfterSeconds: 5 } }), {}), 'rateLimited');
      assert.deepEqual(error.facts, {
        kind: 'rateLimited',
        ...sent(gateway, '/v0/page_groups'),
        status: 429,
        retryAfterSeconds: 5,
        retryAfterTooLong: false,
        maxRetryAfterSeconds: 5,
      });
    });

    it('a Retry-After of exactly the cap is waited for (here 0 s with a cap of 0)', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 0, times: 1 });
      const page = await listPageGroups(client({ retry: { maxRetryAfterSeconds: 0 } }), { limit: 1 });
      assert.equal(page.items.length, 1);
      assert.equal(gateway.countRequests(), 2);
      assert.equal(logs[0].willRetryInMs, 0);
    });

    it('unusable retry settings fall back to the defaults; 0 is a usable cap for Retry-After', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 5 });
      for (const [setting, used] of [
        [0, 0],
        [-1, 30],
        [Number.NaN, 30],
        [Number.POSITIVE_INFINITY, 30],
      ] as const) {
        const error = await failure(listPageGroups(client({ retry: { maxAttempts: 1, maxRetryAfterSeconds: setting } }), {}), 'rateLimited');
        assert.equal(error.facts.kind === 'rateLimited' && error.facts.maxRetryAfterSeconds, used, `maxRetryAfterSeconds ${setting}`);
      }
      gateway.clearFaults();
      gateway.resetRequests();
      gateway.addFault({ kind: 'status', status: 502 });
      await failure(listPageGroups(client({ retry: { maxAttempts: 0, baseDelayMs: 1, maxDelayMs: 2 } }), {}), 'server');
      assert.equal(gateway.countRequests(), 3, 'maxAttempts 0 means the default, 3');
    });

    it('an unusable timeout (0, negative, NaN, infinite) falls back to 30 s instead of failing every request', async () => {
      for (const timeoutMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
        gateway.addFault({ kind: 'delay', ms: 30, times: 1 });
        const page = await listPageGroups(client({ timeoutMs }), { limit: 1 });
        assert.equal(page.items.length, 1, `timeoutMs ${timeoutMs}`);
      }
    });

    it('an unusable maxBodyBytes override (0, negative, NaN, infinite) leaves the per-resource cap', async () => {
      for (const maxBodyBytes of [0, -1, Number.NaN]) {
        const page = await listPageGroups(client({ maxBodyBytes }), { limit: 2 });
        assert.equal(page.items.length, 2, `maxBodyBytes ${maxBodyBytes}`);
      }
      gateway.addFault({ kind: 'hugeBody', bytes: PAGE_GROUPS_MAX_BODY_BYTES + 1, path: 'page_groups', times: 1 });
      const error = await failure(listPageGroups(client({ maxBodyBytes: Number.POSITIVE_INFINITY }), {}), 'tooLarge');
      assert.equal(error.facts.kind === 'tooLarge' && error.facts.maxBytes, PAGE_GROUPS_MAX_BODY_BYTES);
    });

    it('a status below 300 other than 200 is an http error, not a redirect', async () => {
      gateway.addFault({ kind: 'status', status: 202 });
      const error = await failure(listPageGroups(client(), {}), 'http');
      assert.deepEqual(error.facts, { kind: 'http', ...sent(gateway, '/v0/page_groups'), status: 202 });
    });

    it('300 with a Location is a redirect (not followed); its detail is the Location', async () => {
      gateway.addFault({ kind: 'status', status: 300, headers: { location: '/v0/elsewhere' } });
      const error = await failure(listPageGroups(client(), {}), 'http');
      assert.deepEqual(error.facts, {
        kind: 'http',
        ...sent(gateway, '/v0/page_groups'),
        status: 300,
        redirect: true,
        location: `${gateway.url}/v0/elsewhere`,
      });
      assert.equal(error.detail, '/v0/elsewhere', 'the raw Location, as sent');
    });

    it('a 3xx without a Location: redirect false, no location, no detail', async () => {
      gateway.addFault({ kind: 'status', status: 302 });
      const error = await failure(listPageGroups(client(), {}), 'http');
      assert.deepEqual(error.facts, { kind: 'http', ...sent(gateway, '/v0/page_groups'), status: 302, redirect: false });
      assert.equal(error.detail, undefined);
      assert.equal(error.message, `HTTP 302 from GET ${gateway.url}/v0/page_groups`);
    });

    it('a Location that is not a URL is shown quoted, as sent', async () => {
      gateway.addFault({ kind: 'redirect', location: 'http://[not-a-host' });
      const error = await failure(listPageGroups(client(), {}), 'http');
      assert.equal(error.facts.kind === 'http' && error.facts.location, '"http://[not-a-host"');
    });

    it('a key written into the base URL is redacted from the facts and the message, the detail kept', async () => {
      const error = await failure(listPageGroups(client({ baseUrl: `${gateway.url}/${KEY}` }), {}), 'http');
      assert.equal(error.status, 404);
      assert.deepEqual(error.facts, {
        kind: 'http',
        ...sent(gateway, '/[redacted]/v0/page_groups', `${gateway.url}/[redacted]`),
        status: 404,
      });
      assert.equal(error.message, `HTTP 404 from GET ${gateway.url}/[redacted]/v0/page_groups`);
      assert.ok((error.detail ?? '').length > 0);
    });

    it('no key: invalidRequest before any request', async () => {
      const error = await failure(listPageGroups(client({ apiKey: '  ' }), {}), 'invalidRequest');
      assert.deepEqual(error.facts, { kind: 'invalidRequest', reason: 'noKey' });
      const unsendable = await failure(listWebhookSubscriptions(client({ apiKey: `${KEY}\r\nx-injected: 1` })), 'invalidRequest');
      assert.deepEqual(unsendable.facts, { kind: 'invalidRequest', reason: 'keyNotSendable' });
      assert.equal(gateway.requests.length, 0);
    });
  });

  describe('answers the sample gateway does not give', () => {
    let bare: Server;
    let bareUrl: string;
    let answer: { body: string | Buffer; headers?: Record<string, string> } = { body: '' };

    before(async () => {
      bare = createServer((_req, res) => {
        res.sendDate = false;
        res.writeHead(200, answer.headers ?? {});
        res.end(answer.body);
      });
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    });

    after(async () => {
      bare.closeAllConnections();
      await new Promise((resolve) => bare.close(resolve));
    });

    it('JSON after a byte order mark is read', async () => {
      answer = { body: `\uFEFF${JSON.stringify({ hasMore: false, items: [], limit: 20 })}`, headers: { 'content-type': 'application/json' } };
      const page = await listPageGroups(client({ baseUrl: bareUrl }), {});
      assert.deepEqual(page, { items: [], hasMore: false, limit: 20 });
    });

    it('malformed JSON without a Content-Type: invalidJson without a content type', async () => {
      answer = { body: '{oops' };
      const error = await failure(listPageGroups(client({ baseUrl: bareUrl }), {}), 'invalidJson');
      assert.ok(error.facts.kind === 'invalidJson');
      assert.equal('contentType' in error.facts, false);
      assert.equal(error.facts.bodyBytes, 5);
      assert.equal(error.detail, '{oops', 'the start of the body');
    });

    it('an empty 200 answer: invalidJson with an empty excerpt', async () => {
      answer = { body: '', headers: { 'content-type': 'application/json' } };
      const error = await failure(listWebhookSubscriptions(client({ baseUrl: bareUrl })), 'invalidJson');
      assert.equal(error.facts.kind === 'invalidJson' && error.facts.bodyBytes, 0);
      assert.equal(error.detail, '');
    });
  });

  describe('redirects', () => {
    /** Another origin that records every request it gets, on any path, with the x-api-key it carried. */
    let elsewhere: Server;
    let elsewhereUrl: string;
    const received: Array<{ path: string; apiKey: string | undefined }> = [];

    before(async () => {
      elsewhere = createServer((req, res) => {
        const key = req.headers['x-api-key'];
        received.push({ path: req.url ?? '', apiKey: Array.isArray(key) ? key.join(', ') : key });
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    });

    after(async () => {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    });

    beforeEach(() => {
      received.length = 0;
    });

    it('the recording origin sees the key of a request sent to it (so the checks below can fail)', async () => {
      await failure(listPageGroups(client({ baseUrl: elsewhereUrl }), {}), 'http');
      assert.deepEqual(received, [{ path: '/v0/page_groups', apiKey: KEY }]);
    });

    for (const status of [301, 302, 307, 308] as const) {
      it(`${status} to another origin is not followed; the key never reaches it`, async () => {
        const target = `${elsewhereUrl}/v0/page_groups`;
        gateway.addFault({ kind: 'redirect', location: target, status });
        const error = await failure(listPageGroups(client(), {}), 'http');
        assert.equal(error.status, status);
        assert.deepEqual(error.facts, { kind: 'http', ...sent(gateway, '/v0/page_groups'), status, redirect: true, location: target });
        assert.equal(error.message, `HTTP ${status} from GET ${gateway.url}/v0/page_groups, Location ${target}`);
        assert.equal(gateway.countRequests(), 1);
        assert.deepEqual(
          received.filter((r) => r.apiKey === KEY),
          [],
          'the other origin received the key',
        );
        assert.deepEqual(received, [], 'the redirect was followed');
      });
    }
  });

  describe('cancellation', () => {
    it('before the request: cancelled, nothing sent', async () => {
      const controller = new AbortController();
      controller.abort();
      await failure(listPageGroups(client(), {}, controller.signal), 'cancelled');
      assert.equal(gateway.requests.length, 0);
      assert.deepEqual(logs, [], 'no attempt, so no exchange log');
    });

    it('mid-request: cancelled at once', async () => {
      gateway.addFault({ kind: 'delay', ms: 3000 });
      const controller = new AbortController();
      const c = client();
      const pending = listWebhookSubscriptions(c, controller.signal);
      await waitFor(() => gateway.requests.length === 1);
      const started = performance.now();
      controller.abort();
      const error = await failure(pending, 'cancelled');
      // At once: well before the 3 s the answer is held back (the bound leaves room for a loaded machine).
      assert.ok(performance.now() - started < 1500);
      assert.deepEqual(error.facts, { kind: 'cancelled', ...sent(gateway, '/v0/webhook_subscriptions') });
      assert.equal(gateway.countRequests(), 1);
      assert.equal(logs.at(-1)?.error?.kind, 'cancelled');
    });

    it('mid-body: cancelled at once', async () => {
      gateway.addFault({ kind: 'hugeBody', bytes: 100 * 1024 * 1024 });
      const controller = new AbortController();
      const pending = listPageGroups(client({ maxBodyBytes: 200 * 1024 * 1024 }), {}, controller.signal);
      await waitFor(() => gateway.requests.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      controller.abort();
      await failure(pending, 'cancelled');
      // At once: not after reading the rest of the 100 MiB.
      assert.ok(performance.now() - started < 500);
    });

    it('mid-retry-wait: cancelled at once, no further attempt', async () => {
      gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 5 });
      const controller = new AbortController();
      const pending = listPageGroups(client(), {}, controller.signal);
      await waitFor(() => logs.length === 1);
      assert.equal(logs[0].willRetryInMs, 5000);
      const started = performance.now();
      controller.abort();
      await failure(pending, 'cancelled');
      // At once: well before the 5 s retry wait ends.
      assert.ok(performance.now() - started < 1500);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(gateway.countRequests(), 1);
    });
  });

  describe('the key stays secret', () => {
    it('a cursor never goes into a log or an error: it is shown as a short digest', async () => {
      const c = client();
      const first = await listPageGroups(c, { status: 'published' });
      const cursor = first.nextCursor ?? '';
      assert.ok(cursor.length > 10);
      await listPageGroups(c, { status: 'published', cursor });
      const unfiltered = await listPageGroups(c, {});
      gateway.addFault({ kind: 'status', status: 503, times: 1 });
      const second = await listPageGroups(c, { cursor: unfiltered.nextCursor });
      assert.ok(second.items.length > 0);
      const digest = (value: string): string => `cursor=<sha256:${cursorDigest(value).slice(0, 12)}>`;
      assert.equal(logs[1].url, `${gateway.url}/v0/page_groups?status=published&${digest(cursor)}`);
      assert.match(logs[3].url, /^http:\/\/[^?]+\/v0\/page_groups\?cursor=<sha256:[A-Za-z0-9_-]{12}>$/);
      assert.equal(logs[3].error?.kind, 'server');
      assert.ok(!JSON.stringify(logs).includes(cursor));
      assert.equal(gateway.requests[1].query.cursor, cursor, 'the gateway still gets the real cursor');
    });

    it('ExchangeLogs show x-api-key redacted and never contain the key, across failures', async () => {
      const c = client();
      await listPageGroups(c, { limit: 3 });
      gateway.addFault({ kind: 'status', status: 503, times: 1 });
      await listWebhookSubscriptions(c);
      gateway.addFault({ kind: 'malformedJson', times: 1 });
      await failure(listPageGroups(c, {}), 'invalidJson');
      gateway.addFault({ kind: 'redirect', location: 'https://elsewhere.example/', times: 1 });
      await failure(listPageGroups(c, {}), 'http');
      assert.ok(logs.length >= 5);
      for (const log of logs) {
        assert.equal(log.requestHeaders['x-api-key'], '[redacted]');
        assert.ok(!JSON.stringify(log).includes(KEY));
        assert.ok(!(log.error?.message ?? '').includes(KEY));
      }
    });

    it('a gateway echoing the key in headers, body or Location: redacted everywhere', async () => {
      gateway.addFault({ kind: 'status', status: 418, body: `bad key ${KEY}`, headers: { 'x-echo': KEY }, times: 1 });
      const teapot = await failure(listPageGroups(client(), {}), 'http');
      assert.equal(teapot.detail, 'bad key [redacted]');
      gateway.addFault({ kind: 'redirect', location: `https://evil.example/?k=${KEY}`, times: 1 });
      const redirect = await failure(listPageGroups(client(), {}), 'http');
      assert.equal(redirect.facts.kind === 'http' && redirect.facts.location, 'https://evil.example/?k=[redacted]');
      gateway.addFault({ kind: 'body', body: `{"echo": "${KEY}", `, times: 1 });
      const malformed = await failure(listPageGroups(client(), {}), 'invalidJson');
      assert.equal(malformed.detail, '{"echo": "[redacted]", ');
      assert.equal(logs.length, 3);
      assert.equal(logs[2].error?.kind, 'invalidJson');
      for (const log of logs) {
        assert.ok(!JSON.stringify(log).includes(KEY.slice(0, 8)), JSON.stringify(log));
      }
      assert.equal(logs[0].responseHeaders?.['x-echo'], '[redacted]');
    });
  });

  describe('redaction of echoed keys', () => {
    /** Changes under every encoding: `/`, `+`, `=`, `&`, space, quotes, Latin-1. */
    const NASTY = 'pge/K+y=é "q"&s?~~~';

    function encodings(key: string): string[] {
      const utf8 = Buffer.from(key, 'utf8');
      const latin1 = Buffer.from(key, 'latin1');
      return [
        key,
        encodeURIComponent(key),
        new URL(`https://evil.example/cb?k=${key}`).search.slice(3),
        JSON.stringify(key).slice(1, -1),
        utf8.toString('base64'),
        utf8.toString('base64url'),
        latin1.toString('base64'),
        latin1.toString('base64url'),
      ];
    }

    function assertNoForm(text: string, key: string, context: string): void {
      for (const form of encodings(key)) {
        assert.ok(!text.includes(form), `${context} holds ${JSON.stringify(form)}: ${text}`);
      }
    }

    it('a key straddling the 300-character cut of a body excerpt is redacted whole, not cut first', async () => {
      gateway.addFault({ kind: 'status', status: 418, body: `${'x'.repeat(290)}${KEY}${'y'.repeat(50)}`, times: 1 });
      const error = await failure(listPageGroups(client(), {}), 'http');
      assert.equal(error.detail, `${'x'.repeat(290)}[redacted]…`);
      assert.ok(!JSON.stringify(logs).includes(KEY.slice(0, 5)));
    });

    it("malformed JSON: the parser's snippet of the body (which cuts the key) is not used", async () => {
      gateway.addFault({ kind: 'body', body: `{"a": ${KEY}}`, times: 1 });
      const error = await failure(listPageGroups(client(), {}), 'invalidJson');
      assert.equal(error.detail, '{"a": [redacted]}');
      assert.equal(error.cause, undefined, 'the SyntaxError quotes the body');
      for (const text of [JSON.stringify(error), error.message, error.detail ?? '', JSON.stringify(logs)]) {
        assert.ok(!text.includes(KEY.slice(0, 8)), text);
      }
    });

    it('every encoding of the key in a body, a header or a Location is redacted from facts, details and logs', async () => {
      const forms = encodings(NASTY);
      assert.equal(new Set(forms).size, forms.length, 'the test key changes under each encoding');
      gateway.addFault({
        kind: 'status',
        status: 418,
        body: `echo ${forms.join(' | ')}`,
        headers: { 'x-echo': forms.slice(1).join(' ') },
        times: 1,
      });
      const c = client({ apiKey: NASTY });
      const teapot = await failure(listPageGroups(c, {}), 'http');
      assert.match(teapot.detail ?? '', /^echo (\[redacted\] \| ){7}\[redacted\]$/);
      gateway.addFault({ kind: 'redirect', location: `https://evil.example/cb?k=${NASTY}`, times: 1 });
      const redirect = await failure(listPageGroups(c, {}), 'http');
      assert.equal(redirect.facts.kind === 'http' && redirect.facts.location, 'https://evil.example/cb?k=[redacted]');
      for (const [name, text] of [
        ['teapot', JSON.stringify(teapot)],
        ['redirect', JSON.stringify(redirect)],
        ['redirect detail', redirect.detail ?? ''],
        ['logs', JSON.stringify(logs)],
      ] as const) {
        assertNoForm(text, NASTY, name);
      }
      assert.equal(logs[0].responseHeaders?.['x-echo'], Array(7).fill('[redacted]').join(' '));
    });
  });

  describe('http.proxyAuthorization: each request judged by its own route', () => {
    const CREDENTIALS = 'Basic cHJveHk6c2VjcmV0';
    let proxy: RecordingProxy;
    let restore: () => void = () => undefined;

    beforeEach(async () => {
      proxy = await startRecordingProxy();
    });

    afterEach(async () => {
      restore();
      await proxy.close();
    });

    it('a proxied request carries it once the proxy asked; a request the PAC sends DIRECT never does, and is sent again without it', async () => {
      proxy.setAuthorization(CREDENTIALS);
      const via = `PROXY 127.0.0.1:${proxy.port}`;
      const c = client({ proxy: { authorization: CREDENTIALS } });
      restore = routeLikeTheEditor(poolOf(c), [via, via, via, 'DIRECT', 'DIRECT', 'DIRECT', via, via]);

      assert.equal((await listPageGroups(c, { limit: 1 })).items.length, 1, 'through the proxy, after its 407');
      await listWebhookSubscriptions(c);
      assert.deepEqual(
        proxy.requests.map((r) => [r.status, r.headers['proxy-authorization'] ?? '-']),
        [
          [407, '-'],
          [200, CREDENTIALS],
          [200, CREDENTIALS],
        ],
        'one challenge; then the credentials, at once for the next request on that route',
      );
      assert.deepEqual(
        logs.map((l) => [l.status, l.proxy, l.requestHeaders['proxy-authorization'] ?? '-']),
        [
          [407, `127.0.0.1:${proxy.port}`, '-'],
          [200, `127.0.0.1:${proxy.port}`, '[redacted]'],
          [200, `127.0.0.1:${proxy.port}`, '[redacted]'],
        ],
      );

      // The PAC script now answers DIRECT: the request prepared with the credentials is not written; it goes again
      // without them, and the next one goes without them from the start.
      proxy.reset();
      gateway.resetRequests();
      logs = [];
      assert.equal((await listPageGroups(c, { limit: 1 })).items.length, 1);
      assert.equal(proxy.requests.length, 0);
      assert.equal(gateway.countRequests(), 1, 'one request reached the gateway, directly');
      assert.equal(gateway.requests[0]?.headers['proxy-authorization'], undefined);
      await listWebhookSubscriptions(c);
      assert.ok(gateway.requests.every((r) => r.headers['proxy-authorization'] === undefined), 'never to a direct route');
      assert.deepEqual(logs.map((l) => [l.status, l.proxy, l.requestHeaders['proxy-authorization'] ?? '-']), [
        [200, undefined, '-'],
        [200, undefined, '-'],
      ]);

      // Back through the proxy: it asks again, and gets them again.
      proxy.reset();
      assert.equal((await listPageGroups(c, { limit: 1 })).items.length, 1);
      assert.deepEqual(proxy.requests.map((r) => [r.status, r.headers['proxy-authorization'] ?? '-']), [
        [407, '-'],
        [200, CREDENTIALS],
      ]);
    });

    it('another proxy on the route: the credentials are not sent to it unless it asks too', async () => {
      const second = await startRecordingProxy();
      try {
        proxy.setAuthorization(CREDENTIALS);
        const first = `PROXY 127.0.0.1:${proxy.port}`;
        const c = client({ proxy: { authorization: CREDENTIALS } });
        restore = routeLikeTheEditor(poolOf(c), [first, first, `PROXY 127.0.0.1:${second.port}`, `PROXY 127.0.0.1:${second.port}`]);
        await listPageGroups(c, { limit: 1 });
        await listPageGroups(c, { limit: 1 });
        assert.deepEqual(second.requests.map((r) => [r.status, r.headers['proxy-authorization'] ?? '-']), [[200, '-']]);
        assert.equal(proxy.requests.length, 2);
      } finally {
        await second.close();
      }
    });

    it('directOnly (plain HTTP without consent): a request the editor routes through a proxy is not sent, and not retried', async () => {
      const c = client({ directOnly: true });
      restore = routeLikeTheEditor(poolOf(c), [`PROXY 127.0.0.1:${proxy.port}`]);
      const error = await failure(listPageGroups(c, { limit: 1 }), 'invalidRequest');
      assert.deepEqual(error.facts, { kind: 'invalidRequest', reason: 'leavesMachine', proxy: `127.0.0.1:${proxy.port}` });
      assert.equal(proxy.requests.length, 0);
      assert.equal(gateway.countRequests(), 0);
      assert.equal((await listPageGroups(c, { limit: 1 })).items.length, 1, 'routed direct: sent');
    });

    it('a SOCKS route (the request reaches the gateway as it is): a 407 there is not answered with the credentials', async () => {
      gateway.addFault({ kind: 'status', status: 407, headers: { 'proxy-authenticate': 'Basic realm="gw"' } });
      const c = client({ proxy: { authorization: CREDENTIALS } });
      restore = routeLikeTheEditor(poolOf(c), [`SOCKS 127.0.0.1:${gateway.port}`, `SOCKS 127.0.0.1:${gateway.port}`]);
      const error = await failure(listPageGroups(c, { limit: 1 }), 'http');
      assert.equal(error.status, 407);
      assert.equal(gateway.countRequests(), 1, 'not repeated');
      assert.ok(gateway.requests.every((r) => r.headers['proxy-authorization'] === undefined));
    });
  });

  describe('http.proxyStrictSSL off: each request judged by its own route', () => {
    /** Makes every https pool announce the next of `routes` for each request, the way the editor's networking does. */
    function announceRoutes(routes: string[]): () => void {
      const prototype = HttpsAgent.prototype as unknown as { addRequest(request: ClientRequest, options: unknown): void };
      const original = prototype.addRequest;
      prototype.addRequest = function (this: HttpsAgent, request: ClientRequest, options: unknown): void {
        const proxy = routes.shift() ?? 'DIRECT';
        process.nextTick(() => request.emit('proxy', { proxy }));
        original.call(this, request, options);
      };
      return () => {
        prototype.addRequest = original;
      };
    }

    it('a request the PAC or system proxy sends DIRECT after one through a proxy has its certificate checked; the key is not sent', async function () {
      const front = await startTlsFront(gateway.port, ['localhost']);
      if (front === undefined) {
        this.skip();
        return;
      }
      const restore = announceRoutes(['PROXY 127.0.0.1:3128', 'DIRECT', 'PROXY 127.0.0.1:3128']);
      try {
        const c = client({ baseUrl: `https://localhost:${front.port}`, proxy: { strictSSL: false } });
        const page = await listPageGroups(c, { limit: 1 });
        assert.equal(page.items.length, 1, 'through the proxy (which inspects TLS): accepted');
        assert.equal(gateway.countRequests(), 1);
        const error = await failure(listPageGroups(c, { limit: 1 }), 'network');
        assert.equal(error.facts.kind === 'network' && error.facts.reason, 'tls');
        assert.equal(error.facts.kind === 'network' && error.facts.networkCode, 'DEPTH_ZERO_SELF_SIGNED_CERT');
        assert.equal(gateway.countRequests(), 1, 'nothing was sent over the unchecked direct connection');
        assert.equal((await listPageGroups(c, { limit: 1 })).items.length, 1, 'through the proxy again: accepted');
      } finally {
        restore();
        await front.close();
      }
    });
  });

  it('close() releases the connection pool', async () => {
    const c = new GatewayClient({ baseUrl: gateway.url, apiKey: KEY, timeoutMs: 1000 });
    await listPageGroups(c, { limit: 1 });
    await c.close();
    await assert.rejects(listPageGroups(c, { limit: 1 }), (e: unknown) => e instanceof GatewayError);
  });
});

/** The client's connection pool (private: the tests route its requests the way the editor would). */
function poolOf(client: GatewayClient): Agent {
  return (client as unknown as { agent: Agent }).agent;
}

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) {
      throw new Error('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
