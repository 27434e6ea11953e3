import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { generateDataset } from '../../gateway/dataset';
import { SAMPLE_API_KEY, startSampleGateway, type SampleGateway } from '../../gateway/server';
import { getPage, getReply, walkPages, ids, JSON_TYPE } from '../../gateway/testFetch';

describe('sample gateway server', () => {
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

  it('listens on loopback and exposes url, port and the sample key', () => {
    assert.match(gateway.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(gateway.url, `http://127.0.0.1:${gateway.port}`);
    assert.equal(gateway.apiKey, SAMPLE_API_KEY);
  });

  for (const limit of [1, 7, 20, 100]) {
    it(`walks every page at limit=${limit} and returns the dataset exactly, in order`, async () => {
      const pages = await walkPages(gateway.url, limit);
      assert.equal(pages.length, Math.ceil(dataset.pageGroups.length / limit));
      assert.deepEqual(pages.flatMap((p) => p.items), dataset.pageGroups);
      for (const [i, page] of pages.entries()) {
        assert.equal(page.limit, limit);
        const last = i === pages.length - 1;
        assert.equal(page.hasMore, !last);
        assert.equal('nextCursor' in page, !last);
        assert.equal(page.items.length, last ? dataset.pageGroups.length - limit * i : limit);
      }
    });
  }

  for (const status of ['published', 'draft', 'archived', 'in_review']) {
    it(`walks status=${status}: exactly the page groups with that status, in order`, async () => {
      const expected = dataset.pageGroups.filter((g) => g.status === status);
      assert.ok(expected.length > 0);
      const pages = await walkPages(gateway.url, 7, status);
      assert.deepEqual(ids(pages.flatMap((p) => p.items)), ids(expected));
    });
  }

  it('returns an empty last page for a status nobody has, and no page groups without status for any filter', async () => {
    assert.deepEqual(await getPage(gateway.url, { status: 'nope' }), { hasMore: false, items: [], limit: 20 });
    const filtered = await Promise.all(['published', 'draft', 'archived', 'in_review'].map((s) => walkPages(gateway.url, 100, s)));
    const count = filtered.flat().reduce((n, p) => n + p.items.length, 0);
    assert.equal(count, dataset.pageGroups.length - 5);
  });

  it('serves deleted page groups like the others', async () => {
    const page = await getPage(gateway.url, { limit: '10' });
    assert.equal(page.items[8]?.pageGroupId, 'pg_000009');
    assert.equal(typeof page.items[8]?.deletedAt, 'string');
  });

  it('uses limit 20 when absent', async () => {
    const page = await getPage(gateway.url, {});
    assert.equal(page.limit, 20);
    assert.equal(page.items.length, 20);
    assert.equal(page.hasMore, true);
  });

  it('answers 400 JSON for a limit that is not an integer from 1 to 100', async () => {
    for (const limit of ['0', '101', '1.5', 'abc', '', '-1', '1e2', ' 5', '05', '+5']) {
      const reply = await getReply(gateway.url, `/v0/page_groups?limit=${encodeURIComponent(limit)}`);
      assert.equal(reply.status, 400, `limit=${JSON.stringify(limit)}`);
      assert.equal(reply.headers.get('content-type'), JSON_TYPE);
      assert.equal((JSON.parse(reply.text) as { error: string }).error, 'invalid_limit');
    }
    assert.equal((await getPage(gateway.url, { limit: '1' })).items.length, 1);
    assert.equal((await getPage(gateway.url, { limit: '100' })).items.length, 100);
  });

  it('lets the next page use another limit: the cursor holds the position', async () => {
    const first = await getPage(gateway.url, { limit: '5' });
    const second = await getPage(gateway.url, { limit: '30', cursor: String(first.nextCursor) });
    assert.deepEqual(ids(second.items), ids(dataset.pageGroups.slice(5, 35)));
  });

  it('answers 400 JSON for tampered, foreign, other-filter and stale cursors', async () => {
    const first = await getPage(gateway.url, { limit: '5' });
    const cursor = String(first.nextCursor);
    const other = await startSampleGateway();
    try {
      const foreign = String((await getPage(other.url, { limit: '5' })).nextCursor);
      const tampered = (cursor[0] === 'A' ? 'B' : 'A') + cursor.slice(1);
      for (const [query, label] of [
        [{ cursor: tampered }, 'tampered'],
        [{ cursor: foreign }, 'foreign'],
        [{ cursor, status: 'draft' }, 'other filter'],
        [{ cursor: '' }, 'empty'],
        [{ cursor: 'not-a-cursor' }, 'garbage'],
      ] as const) {
        const reply = await getReply(gateway.url, `/v0/page_groups?${new URLSearchParams(query).toString()}`);
        assert.equal(reply.status, 400, label);
        assert.equal(reply.headers.get('content-type'), JSON_TYPE);
        assert.equal((JSON.parse(reply.text) as { error: string }).error, 'invalid_cursor', label);
      }
      gateway.setDataset(generateDataset());
      const stale = await getReply(gateway.url, `/v0/page_groups?cursor=${encodeURIComponent(cursor)}`);
      assert.equal(stale.status, 400);
      assert.match(stale.text, /stale/);
    } finally {
      await other.close();
    }
  });

  it('serves a new dataset after setDataset', async () => {
    gateway.setDataset(generateDataset({ pageGroupCount: 3, webhookCount: 1 }));
    try {
      assert.deepEqual(ids((await getPage(gateway.url, {})).items), ['pg_000001', 'pg_000002', 'pg_000003']);
      assert.equal((JSON.parse((await getReply(gateway.url, '/v0/webhook_subscriptions')).text) as unknown[]).length, 1);
    } finally {
      gateway.setDataset(dataset);
    }
  });

  it('serves webhook subscriptions as the bare array', async () => {
    const reply = await getReply(gateway.url, '/v0/webhook_subscriptions');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('content-type'), JSON_TYPE);
    assert.deepEqual(JSON.parse(reply.text), dataset.webhooks);
  });

  it('answers 401 {"error":"unauthorized"} without the key or with a wrong one', async () => {
    for (const key of [null, 'wrong', SAMPLE_API_KEY.toUpperCase(), `${SAMPLE_API_KEY}x`, SAMPLE_API_KEY.slice(1), '']) {
      for (const path of ['/v0/page_groups', '/v0/webhook_subscriptions']) {
        const reply = await getReply(gateway.url, path, key);
        assert.equal(reply.status, 401, `${path} key=${String(key)}`);
        assert.equal(reply.headers.get('content-type'), JSON_TYPE);
        assert.deepEqual(JSON.parse(reply.text), { error: 'unauthorized' });
      }
    }
  });

  it('answers 404 for unknown paths and 405 for other methods', async () => {
    for (const path of ['/', '/v0', '/v0/page_groups/', '/v1/page_groups', '/v0/page_groups/pg_000001']) {
      const reply = await getReply(gateway.url, path);
      assert.equal(reply.status, 404, path);
      assert.equal(reply.headers.get('content-type'), JSON_TYPE);
    }
    const post = await getReply(gateway.url, '/v0/page_groups', SAMPLE_API_KEY, { method: 'POST', body: '{}' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
  });

  it('records every API request with its query, key, headers without the key, status and timing', async () => {
    await getReply(gateway.url, '/v0/page_groups?limit=3&status=draft', SAMPLE_API_KEY, { headers: { 'x-trace': 't1' } });
    await getReply(gateway.url, '/v0/webhook_subscriptions', null);
    await getReply(gateway.url, '/__control/requests', null);
    assert.equal(gateway.requests.length, 2);
    const [first, second] = gateway.requests;
    assert.equal(first?.method, 'GET');
    assert.equal(first?.path, '/v0/page_groups');
    assert.deepEqual(first?.query, { limit: '3', status: 'draft' });
    assert.equal(first?.apiKey, SAMPLE_API_KEY);
    assert.equal(first?.headers['x-trace'], 't1');
    assert.equal(first?.headers['x-api-key'], undefined);
    assert.equal(first?.responseStatus, 200);
    assert.equal(first?.fault, undefined);
    assert.ok((first?.durationMs ?? -1) >= 0);
    assert.ok((second?.receivedAt ?? 0) > (first?.receivedAt ?? Infinity));
    assert.equal(second?.apiKey, undefined);
    assert.equal(second?.responseStatus, 401);
  });

  it('counts requests by path and status filter', async () => {
    await getPage(gateway.url, {});
    await getPage(gateway.url, { status: 'draft' });
    await getPage(gateway.url, { status: 'draft', limit: '2' });
    await getReply(gateway.url, '/v0/webhook_subscriptions');
    assert.equal(gateway.countRequests(), 4);
    assert.equal(gateway.countRequests({ path: 'page_groups' }), 3);
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    assert.equal(gateway.countRequests({ status: null }), 1);
    assert.equal(gateway.countRequests({ path: 'page_groups', status: 'draft' }), 2);
    assert.equal(gateway.countRequests({ status: 'published' }), 0);
    gateway.resetRequests();
    assert.equal(gateway.countRequests(), 0);
    assert.equal(gateway.requests.length, 0);
  });

  describe('control endpoints', () => {
    it('adds a fault from JSON, clears faults, lists and clears requests; none of it is recorded', async () => {
      const added = await getReply(gateway.url, '/__control/faults', null, {
        method: 'POST',
        body: JSON.stringify({ kind: 'status', status: 503, path: 'webhook_subscriptions' }),
      });
      assert.equal(added.status, 201);
      assert.equal((await getReply(gateway.url, '/v0/webhook_subscriptions')).status, 503);
      assert.equal((await getReply(gateway.url, '/__control/faults', null, { method: 'DELETE' })).status, 200);
      assert.equal((await getReply(gateway.url, '/v0/webhook_subscriptions')).status, 200);

      const listed = await getReply(gateway.url, '/__control/requests', null);
      assert.equal(listed.status, 200);
      assert.equal(listed.headers.get('content-type'), JSON_TYPE);
      const requests = JSON.parse(listed.text) as { path: string; responseStatus: number; fault?: string }[];
      assert.deepEqual(requests.map((r) => [r.path, r.responseStatus, r.fault]), [
        ['/v0/webhook_subscriptions', 503, 'status'],
        ['/v0/webhook_subscriptions', 200, undefined],
      ]);
      assert.equal((await getReply(gateway.url, '/__control/requests', null, { method: 'DELETE' })).status, 200);
      assert.equal(gateway.requests.length, 0);
    });

    it('adds, changes and removes a webhook subscription; page group cursors stay valid', async () => {
      const own = await startSampleGateway();
      try {
        await editWebhooks(own);
      } finally {
        await own.close();
      }
    });

    async function editWebhooks(gateway: SampleGateway): Promise<void> {
      const before = (await getReply(gateway.url, '/v0/page_groups?limit=2')).text;
      const cursor = (JSON.parse(before) as { nextCursor: string }).nextCursor;
      const count = JSON.parse((await getReply(gateway.url, '/v0/webhook_subscriptions')).text).length as number;
      const added = await getReply(gateway.url, '/__control/webhooks', null, {
        method: 'POST',
        body: JSON.stringify({ id: 'wh_new', url: 'https://new.example.com/h', events: ['form.submitted'], active: true, createdAt: '2026-01-01T00:00Z', updatedAt: '2026-01-01T00:00Z' }),
      });
      assert.equal(added.status, 201);
      assert.equal((await getReply(gateway.url, '/__control/webhooks', null, { method: 'POST', body: '{"id":"wh_new"}' })).status, 409, 'an id already used');
      const first = JSON.parse((await getReply(gateway.url, '/v0/webhook_subscriptions')).text)[0] as { id: string };
      assert.equal((await getReply(gateway.url, `/__control/webhooks/${first.id}`, null, { method: 'PATCH', body: '{"active":false}' })).status, 200);
      assert.equal((await getReply(gateway.url, '/__control/webhooks/wh_0002', null, { method: 'DELETE' })).status, 200);
      assert.equal((await getReply(gateway.url, '/__control/webhooks/wh_nope', null, { method: 'DELETE' })).status, 404);
      assert.equal((await getReply(gateway.url, '/__control/webhooks/wh_new', null, { method: 'PATCH', body: '[1]' })).status, 400);
      const list = JSON.parse((await getReply(gateway.url, '/v0/webhook_subscriptions')).text) as Array<{ id: string; active: boolean }>;
      assert.equal(list.length, count);
      assert.equal(list.at(-1)?.id, 'wh_new');
      assert.equal(list[0]?.active, false);
      assert.equal(list.some((hook) => hook.id === 'wh_0002'), false);
      assert.equal((await getReply(gateway.url, `/v0/page_groups?limit=2&cursor=${encodeURIComponent(cursor)}`)).status, 200);
      assert.equal(gateway.requests.some((r) => r.path.startsWith('/__control')), false, 'control requests are not recorded');
    }

    it('refuses an invalid fault rule with 400 and a reason', async () => {
      for (const body of ['not json', '{"kind":"nope"}', '{"kind":"delay"}']) {
        const reply = await getReply(gateway.url, '/__control/faults', null, { method: 'POST', body });
        assert.equal(reply.status, 400, body);
        assert.equal(reply.headers.get('content-type'), JSON_TYPE);
      }
      assert.equal((await getPage(gateway.url, {})).items.length, 20);
    });
  });

  describe('pathPrefix', () => {
    it('serves the API and the control endpoints under the prefix only', async () => {
      const prefixed = await startSampleGateway({ pathPrefix: '/gw', apiKey: 'other-key' });
      try {
        assert.equal(prefixed.url, `http://127.0.0.1:${prefixed.port}/gw`);
        const page = await getPage(prefixed.url, { limit: '2' }, 'other-key');
        assert.deepEqual(ids(page.items), ['pg_000001', 'pg_000002']);
        const base = `http://127.0.0.1:${prefixed.port}`;
        assert.equal((await getReply(base, '/v0/page_groups', 'other-key')).status, 404);
        assert.equal((await getReply(prefixed.url, '/v0/page_groups', SAMPLE_API_KEY)).status, 401);
        assert.equal((await getReply(prefixed.url, '/__control/requests', null)).status, 200);
        assert.deepEqual(prefixed.requests.map((r) => r.path), ['/v0/page_groups', '/v0/page_groups', '/v0/page_groups']);
      } finally {
        await prefixed.close();
      }
    });
  });

  describe('lifecycle', () => {
    it('goDown refuses connections; comeBack serves again on the same port', async () => {
      const own = await startSampleGateway();
      try {
        const port = own.port;
        assert.equal((await getPage(own.url, {})).items.length, 20);
        await own.goDown();
        await assert.rejects(getReply(own.url, '/v0/page_groups'), TypeError);
        await own.comeBack();
        assert.equal(own.port, port);
        assert.equal((await getPage(own.url, {})).items.length, 20);
      } finally {
        await own.close();
      }
    });

    it('comeBack waits while the port is briefly taken by someone else', async () => {
      const own = await startSampleGateway();
      const blocker = createServer();
      try {
        await own.goDown();
        await new Promise<void>((resolve) => blocker.listen(own.port, '127.0.0.1', resolve));
        setTimeout(() => blocker.close(), 150);
        await own.comeBack();
        assert.equal((await getPage(own.url, {})).items.length, 20);
      } finally {
        blocker.close();
        await own.close();
      }
    });

    it('close() does not hang with a delayed request in flight, and the client gets no answer', async () => {
      const own = await startSampleGateway({ faults: [{ kind: 'delay', ms: 60_000 }] });
      const pending = getReply(own.url, '/v0/page_groups');
      const outcome = pending.then(() => 'answered', () => 'failed');
      while (own.requests.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const started = Date.now();
      await own.close();
      assert.ok(Date.now() - started < 2000, 'close() took too long');
      assert.equal(await outcome, 'failed');
      assert.equal(own.requests[0]?.responseStatus, 0);
      await assert.rejects(getReply(own.url, '/v0/page_groups'), TypeError);
    });

    it('close() leaves nothing behind that keeps the process alive (delay timers cleared)', async () => {
      const script = `
        const { startSampleGateway } = require(${JSON.stringify(join(__dirname, '..', '..', 'gateway', 'server.js'))});
        (async () => {
          const gw = await startSampleGateway({ faults: [{ kind: 'delay', ms: 60000 }] });
          fetch(gw.url + '/v0/page_groups').catch(() => undefined);
          while (gw.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
          await gw.close();
        })();`;
      const started = Date.now();
      const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
      const exited = once(child, 'exit');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
      const [code, signal] = (await exited) as [number | null, string | null];
      clearTimeout(timer);
      assert.equal(signal, null, 'the process had to be killed: something kept it alive');
      assert.equal(code, 0);
      assert.ok(Date.now() - started < 8000);
    });
  });

  it('serves at the same port with a fixed port option', async () => {
    const probe = await startSampleGateway();
    const port = probe.port;
    await probe.close();
    const fixed = await startSampleGateway({ port });
    try {
      assert.equal(fixed.port, port);
      assert.equal((await getPage(fixed.url, {})).items.length, 20);
    } finally {
      await fixed.close();
    }
  });
});
