import assert from 'node:assert/strict';
import { request } from 'node:http';
import { generateDataset } from '../../gateway/dataset';
import { SAMPLE_API_KEY, startSampleGateway, type SampleGateway } from '../../gateway/server';
import { BOUNDARY_TIMESTAMPS, UNKNOWN_EVENT_KINDS } from '../../gateway/shaping';
import { getPage, getReply, type PageReply, ids, JSON_TYPE } from '../../gateway/testFetch';

describe('sample gateway faults', () => {
  const dataset = generateDataset();
  let gateway: SampleGateway;

  before(async () => {
    gateway = await startSampleGateway();
  });
  after(async () => {
    await gateway.close();
  });
  beforeEach(() => {
    gateway.clearFaults();
    gateway.resetRequests();
  });

  it('delay answers normally after ms, without holding up other requests', async () => {
    gateway.addFault({ kind: 'delay', ms: 600, path: 'webhook_subscriptions' });
    const started = performance.now();
    const slow = getReply(gateway.url, '/v0/webhook_subscriptions').then((r) => ({ r, at: performance.now() - started }));
    const fast = await getPage(gateway.url, {});
    const fastAt = performance.now() - started;
    const { r, at } = await slow;
    assert.equal(fast.items.length, 20);
    assert.ok(fastAt < 400, `fast request took ${fastAt} ms`);
    assert.ok(at >= 590, `delayed request took ${at} ms`);
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), dataset.webhooks);
    assert.equal(gateway.requests.find((q) => q.path === '/v0/webhook_subscriptions')?.fault, 'delay');
  });

  it('status answers with the status, a JSON error by default, and the given body and headers', async () => {
    gateway.addFault({ kind: 'status', status: 502, times: 1 });
    gateway.addFault({ kind: 'status', status: 403, body: '<h1>no</h1>', headers: { 'content-type': 'text/html', 'x-why': 'test' }, times: 1 });
    const first = await getReply(gateway.url, '/v0/page_groups');
    assert.equal(first.status, 502);
    assert.equal(first.headers.get('content-type'), JSON_TYPE);
    assert.deepEqual(JSON.parse(first.text), { error: 'server_error' });
    const second = await getReply(gateway.url, '/v0/page_groups');
    assert.equal(second.status, 403);
    assert.equal(second.headers.get('content-type'), 'text/html');
    assert.equal(second.headers.get('x-why'), 'test');
    assert.equal(second.text, '<h1>no</h1>');
    assert.equal((await getReply(gateway.url, '/v0/page_groups')).status, 200);
  });

  it('rateLimit answers 429 with Retry-After in seconds or as an HTTP date', async () => {
    gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 7, times: 1 });
    gateway.addFault({ kind: 'rateLimit', retryAfterSeconds: 30, retryAfterDate: true, times: 1 });
    const seconds = await getReply(gateway.url, '/v0/page_groups');
    assert.equal(seconds.status, 429);
    assert.equal(seconds.headers.get('retry-after'), '7');
    assert.equal(seconds.headers.get('content-type'), JSON_TYPE);
    const dated = await getReply(gateway.url, '/v0/page_groups');
    assert.equal(dated.status, 429);
    const date = String(dated.headers.get('retry-after'));
    assert.match(date, /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const inSeconds = (Date.parse(date) - Date.now()) / 1000;
    assert.ok(inSeconds > 25 && inSeconds <= 31, `Retry-After is ${inSeconds} s away`);
  });

  it('malformedJson answers 200 application/json with a body that does not parse', async () => {
    gateway.addFault({ kind: 'malformedJson' });
    for (const path of ['/v0/page_groups', '/v0/webhook_subscriptions']) {
      const reply = await getReply(gateway.url, path);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), JSON_TYPE);
      assert.ok(reply.text.length > 0);
      assert.throws(() => JSON.parse(reply.text), SyntaxError);
    }
  });

  it('repeatCursor hands out the cursor just used; on the first page one that leads back to it', async () => {
    const normalFirst = await getPage(gateway.url, { limit: '5' });
    gateway.addFault({ kind: 'repeatCursor' });
    const first = await getPage(gateway.url, { limit: '5' });
    assert.equal(first.hasMore, true);
    const again = await getPage(gateway.url, { limit: '5', cursor: String(first.nextCursor) });
    assert.deepEqual(ids(again.items), ids(first.items));
    assert.equal(again.nextCursor, first.nextCursor);
    const later = await getPage(gateway.url, { limit: '5', cursor: String(normalFirst.nextCursor) });
    assert.equal(later.nextCursor, normalFirst.nextCursor);
    assert.deepEqual(ids(later.items), ids(dataset.pageGroups.slice(5, 10)));
  });

  it('hasMoreWithoutCursor answers hasMore true without nextCursor, even on the last page', async () => {
    gateway.addFault({ kind: 'hasMoreWithoutCursor', status: 'in_review' });
    const page = await getPage(gateway.url, { status: 'in_review', limit: '100' });
    assert.equal(page.hasMore, true);
    assert.equal('nextCursor' in page, false);
    assert.ok(page.items.length > 0);
    assert.equal((await getPage(gateway.url, { limit: '2' })).nextCursor !== undefined, true);
  });

  it('badItems breaks every 3rd page group and leaves the others as they are', async () => {
    gateway.addFault({ kind: 'badItems', path: 'page_groups' });
    const page = await getPage(gateway.url, { limit: '9' });
    const expected = dataset.pageGroups.slice(0, 9);
    for (const i of [0, 1, 3, 4, 6, 7]) {
      assert.deepEqual(page.items[i], expected[i]);
    }
    assert.equal(page.items[2]?.pagesCount, '7');
    assert.equal(page.items[2]?.status, 5);
    assert.equal('pageGroupId' in (page.items[5] ?? {}), false);
    assert.equal(page.items[8]?.actions, 'none');
    assert.equal(typeof page.items[8]?.createdAt, 'number');
    assert.equal(gateway.requests[0]?.fault, 'badItems');
  });

  it('badItems breaks every 3rd webhook: bad url, events "x", missing active', async () => {
    gateway.addFault({ kind: 'badItems', path: 'webhook_subscriptions' });
    const hooks = JSON.parse((await getReply(gateway.url, '/v0/webhook_subscriptions')).text) as Record<string, unknown>[];
    assert.equal(hooks.length, dataset.webhooks.length);
    assert.equal(hooks[2]?.url, 'not a url');
    assert.equal(hooks[5]?.events, 'x');
    assert.deepEqual(hooks[0], dataset.webhooks[0]);
    const many = await startSampleGateway({ dataset: generateDataset({ webhookCount: 12 }), faults: [{ kind: 'badItems' }] });
    try {
      const more = JSON.parse((await getReply(many.url, '/v0/webhook_subscriptions')).text) as Record<string, unknown>[];
      assert.equal('active' in (more[8] ?? {}), false);
      assert.equal(more[11]?.createdAt, '2023-02-29T10:00Z');
    } finally {
      await many.close();
    }
  });

  it('body replaces the whole body verbatim, with an optional content type', async () => {
    gateway.addFault({ kind: 'body', body: '{"items":{}}', times: 1 });
    gateway.addFault({ kind: 'body', body: 'hello', contentType: 'text/plain', times: 1 });
    const first = await getReply(gateway.url, '/v0/page_groups');
    assert.equal(first.status, 200);
    assert.equal(first.text, '{"items":{}}');
    assert.equal(first.headers.get('content-type'), JSON_TYPE);
    const second = await getReply(gateway.url, '/v0/webhook_subscriptions');
    assert.equal(second.text, 'hello');
    assert.equal(second.headers.get('content-type'), 'text/plain');
  });

  it('reset destroys the socket without an answer and records status 0', async () => {
    gateway.addFault({ kind: 'reset', times: 1 });
    await assert.rejects(getReply(gateway.url, '/v0/page_groups'), TypeError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(gateway.requests[0]?.responseStatus, 0);
    assert.equal(gateway.requests[0]?.fault, 'reset');
    assert.equal((await getReply(gateway.url, '/v0/page_groups')).status, 200);
  });

  it('redirect answers the status with Location; the target gateway records what reaches it', async () => {
    const target = await startSampleGateway();
    try {
      gateway.addFault({ kind: 'redirect', location: `${target.url}/v0/page_groups`, status: 307, times: 1 });
      gateway.addFault({ kind: 'redirect', location: `${target.url}/v0/page_groups` });
      const manual = await getReply(gateway.url, '/v0/page_groups', SAMPLE_API_KEY, { redirect: 'manual' });
      assert.equal(manual.status, 307);
      assert.equal(manual.headers.get('location'), `${target.url}/v0/page_groups`);
      assert.equal(manual.headers.get('content-type'), JSON_TYPE);
      const defaulted = await getReply(gateway.url, '/v0/page_groups', SAMPLE_API_KEY, { redirect: 'manual' });
      assert.equal(defaulted.status, 302);
      assert.equal(target.requests.length, 0);
      // a client that follows without the key: the target sees no key
      await getReply(String(defaulted.headers.get('location')), '', null);
      assert.equal(target.requests.length, 1);
      assert.equal(target.requests[0]?.apiKey, undefined);
      assert.equal(target.requests[0]?.responseStatus, 401);
    } finally {
      await target.close();
    }
  });

  it('hugeBody streams valid JSON of exactly that many bytes, chunked', async () => {
    gateway.addFault({ kind: 'hugeBody', bytes: 3_000_000, times: 1 });
    gateway.addFault({ kind: 'hugeBody', bytes: 100_001, path: 'webhook_subscriptions', times: 1 });
    const page = await getReply(gateway.url, '/v0/page_groups?limit=50');
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), JSON_TYPE);
    assert.equal(page.headers.get('content-length'), null);
    assert.equal(Buffer.byteLength(page.text), 3_000_000);
    const parsed = JSON.parse(page.text) as PageReply;
    assert.equal(parsed.hasMore, false);
    assert.equal(parsed.limit, 50);
    assert.ok(parsed.items.length > 1000);
    const hooks = await getReply(gateway.url, '/v0/webhook_subscriptions');
    assert.equal(Buffer.byteLength(hooks.text), 100_001);
    assert.ok(Array.isArray(JSON.parse(hooks.text)));
  });

  it('hugeBody stops streaming when the client goes away', async () => {
    gateway.addFault({ kind: 'hugeBody', bytes: 500_000_000, times: 1 });
    const url = new URL(`${gateway.url}/v0/page_groups`);
    const received = await new Promise<number>((resolve, reject) => {
      const req = request(url, { headers: { 'x-api-key': SAMPLE_API_KEY } }, (res) => {
        let bytes = 0;
        res.on('error', () => undefined);
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 1_000_000) {
            req.destroy();
            resolve(bytes);
          }
        });
      });
      req.on('error', (error) => (error.message === 'aborted' ? undefined : reject(error)));
      req.end();
    });
    assert.ok(received > 1_000_000);
    for (let i = 0; i < 100 && gateway.requests[0]?.durationMs === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok((gateway.requests[0]?.durationMs ?? 0) > 0, 'the gateway noticed the closed connection');
    assert.equal((await getPage(gateway.url, {})).items.length, 20);
  });

  describe('webhookVariant', () => {
    async function hooks(): Promise<Record<string, unknown>[]> {
      return JSON.parse((await getReply(gateway.url, '/v0/webhook_subscriptions')).text) as Record<string, unknown>[];
    }

    it('offsetTimestamps uses numeric offsets instead of Z', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'offsetTimestamps' });
      const stamps = (await hooks()).flatMap((w) => [w.createdAt, w.updatedAt]);
      assert.ok(stamps.every((s) => /[+-]\d{2}:\d{2}$/.test(String(s))), stamps.join(' '));
    });

    it('boundaryTimestamps uses leap-day and century boundaries', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'boundaryTimestamps' });
      const stamps = (await hooks()).flatMap((w) => [w.createdAt, w.updatedAt]);
      assert.ok(stamps.every((s) => BOUNDARY_TIMESTAMPS.includes(String(s))));
      assert.ok(stamps.includes('2024-02-29T23:59:59.999999Z') && stamps.includes('2000-02-29T00:00Z'));
    });

    it('unknownEvents adds event kinds outside the contract', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'unknownEvents' });
      const all = await hooks();
      const withArrays = all.filter((w) => Array.isArray(w.events));
      assert.ok(withArrays.length > 0);
      assert.ok(withArrays.every((w) => (w.events as string[]).some((e) => UNKNOWN_EVENT_KINDS.includes(e))));
    });

    it('nullEvents sets every events to null', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'nullEvents' });
      assert.ok((await hooks()).every((w) => w.events === null));
    });

    it('lowercaseZ ends timestamps with z', async () => {
      gateway.addFault({ kind: 'webhookVariant', variant: 'lowercaseZ' });
      assert.ok((await hooks()).every((w) => String(w.createdAt).endsWith('z') && String(w.updatedAt).endsWith('z')));
    });
  });

  describe('matching', () => {
    it('skip lets good pages through, then times applies and expires (401 after a good first page)', async () => {
      gateway.addFault({ kind: 'status', status: 401, skip: 1, times: 2 });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await getReply(gateway.url, '/v0/page_groups')).status);
      }
      assert.deepEqual(statuses, [200, 401, 401, 200]);
      assert.deepEqual(gateway.requests.map((r) => r.fault), [undefined, 'status', 'status', undefined]);
    });

    it('withCursor, status (null = unfiltered) and statusFilter select the requests', async () => {
      gateway.addFault({ kind: 'status', status: 500, statusFilter: 'draft', withCursor: true });
      gateway.addFault({ kind: 'status', status: 503, statusFilter: null, withCursor: true });
      const draftFirst = await getPage(gateway.url, { status: 'draft' });
      assert.equal((await getReply(gateway.url, `/v0/page_groups?status=draft&cursor=${String(draftFirst.nextCursor)}`)).status, 500);
      const first = await getPage(gateway.url, {});
      assert.equal((await getReply(gateway.url, `/v0/page_groups?cursor=${String(first.nextCursor)}`)).status, 503);
      const published = await getPage(gateway.url, { status: 'published' });
      assert.equal((await getReply(gateway.url, `/v0/page_groups?status=published&cursor=${String(published.nextCursor)}`)).status, 200);
      assert.equal((await getReply(gateway.url, '/v0/webhook_subscriptions')).status, 200);
    });

    it('faults answer whatever key was sent for status, but data faults keep the 401', async () => {
      gateway.addFault({ kind: 'status', status: 503, times: 1 });
      gateway.addFault({ kind: 'badItems', times: 1 });
      assert.equal((await getReply(gateway.url, '/v0/page_groups', null)).status, 503);
      assert.equal((await getReply(gateway.url, '/v0/page_groups', null)).status, 401);
      assert.equal(gateway.requests[1]?.fault, undefined);
    });
  });
});
