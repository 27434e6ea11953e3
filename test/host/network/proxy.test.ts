// Requests follow the editor's proxy settings, in the real editor: the gateway sits at a host name that does not
// resolve (gateway.invalid), so it can only be reached through the recording proxy that `http.proxy` points at.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { parseBaseUrl } from '../../../src/api/baseUrl';
import { GatewayError } from '../../../src/api/errors';
import { GatewayConnection } from '../../../src/gateway/connection';
import type { Gateway } from '../../../src/gateway/gateway';
import { startRecordingProxy, type ProxiedRequest, type RecordingProxy } from '../../gateway/recordingProxy';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { startTlsFront, type TlsFront } from '../../gateway/tlsFront';
import { configure, extensionApi, onlyGateway, pageGroupRows, resetSettings, waitFor, webhookRows, type Row } from '../support';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import { listPageGroups } from '../../../src/features/pageGroups/model/pageGroupsList';

const KEY = 'pge-proxy-key-5c2e8a71';
const HOST = 'gateway.invalid';
const PROXY_CREDENTIALS = `Basic ${Buffer.from('pge:proxy-secret').toString('base64')}`;

async function setHttp(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('http');
  for (const [name, value] of Object.entries(values)) {
    await config.update(name, value, vscode.ConfigurationTarget.Global);
  }
  await waitFor(() => Object.entries(values).every(([name, value]) => JSON.stringify(vscode.workspace.getConfiguration('http').inspect(name)?.globalValue) === JSON.stringify(value)), 'http settings');
}

/** Where the key appears in what the proxy saw, other than the x-api-key header. */
function keyElsewhere(seen: readonly ProxiedRequest[]): string[] {
  return seen.flatMap((request) => [
    ...(request.target.includes(KEY) ? [`target of ${request.method} ${request.target}`] : []),
    ...Object.entries(request.headers)
      .filter(([name, value]) => name !== 'x-api-key' && value.includes(KEY))
      .map(([name]) => `header ${name}`),
  ]);
}

/** The error row, its tooltip as the user reads it (Markdown escapes removed). */
function errorRow(rows: readonly Row<PageGroupsNode>[]): Row<PageGroupsNode> {
  const row = rows.find((r) => r.contextValue.startsWith('pageGateway.error'));
  assert.ok(row, `no error row among ${rows.map((r) => `${r.label} (${r.contextValue})`).join(', ')}`);
  return { ...row, tooltip: row.tooltip.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1') };
}

describe('Networking: requests follow the editor proxy settings', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  let proxy: RecordingProxy;
  let baseUrl: string;

  async function useGateway(url: string): Promise<Gateway> {
    await configure(api, { baseUrl: url });
    const gw = onlyGateway(api);
    await api.keys.store(gw.connection.scope, KEY);
    if (gw.connection.needsConsent) {
      // The user's answer to "send the key over plain HTTP?", as the consent modal would record it.
      api.consent.setPrompt(() => Promise.resolve('allow'));
      await api.consent.ask(gw.base.origin);
    }
    await gw.connection.keyChanged();
    await waitFor(async () => (await gw.connection.state()).kind === 'ready', 'the connection to be ready');
    return gw;
  }

  async function reloadRows(gw: Gateway): Promise<Row<PageGroupsNode>[]> {
    api.pageGroups.reload(gw);
    return pageGroupRows(api);
  }

  before(async () => {
    api = await extensionApi();
    gateway = await startSampleGateway({ apiKey: KEY });
    proxy = await startRecordingProxy({ hosts: { [HOST]: '127.0.0.1' } });
    baseUrl = `http://${HOST}:${gateway.port}`;
    await setHttp({ proxy: proxy.url });
  });

  after(async () => {
    await setHttp({ proxy: undefined, noProxy: undefined, proxyAuthorization: undefined, proxyStrictSSL: undefined });
    for (const gw of api.registry.gateways()) {
      await api.keys.delete(gw.connection.scope);
      await api.consent.forget(gw.base.origin);
    }
    await resetSettings(api);
    await proxy.close();
    await gateway.close();
  });

  beforeEach(() => {
    proxy.reset();
    proxy.setAuthorization(undefined);
    gateway.resetRequests();
  });

  it('with http.proxy set, the trees load only through the proxy, which saw every request, the key only in x-api-key', async () => {
    const gw = await useGateway(baseUrl);
    const rows = await reloadRows(gw);
    assert.ok(rows.some((r) => r.label === 'published'), rows.map((r) => r.label).join(', '));
    api.webhooks.list(gw).reset();
    const hooks = await webhookRows(api);
    assert.ok(hooks.length > 0 && !hooks.some((r) => r.contextValue.startsWith('pageGateway.error')), hooks.map((r) => r.label).join(', '));

    assert.ok(gateway.requests.length >= 2);
    assert.equal(proxy.requests.length, gateway.requests.length, 'every request the gateway got came through the proxy');
    for (const seen of proxy.requests) {
      assert.equal(seen.kind, 'forward');
      assert.ok(seen.target.startsWith(`${baseUrl}/v0/`), seen.target);
      assert.equal(seen.headers['x-api-key'], KEY);
      assert.equal(seen.headers['proxy-authorization'], undefined, 'no proxy credentials were asked for, none were sent');
      assert.equal(seen.status, 200);
    }
    assert.deepEqual(keyElsewhere(proxy.requests), []);
    assert.deepEqual(
      proxy.requests.map((r) => new URL(r.target).pathname).sort(),
      gateway.requests.map((r) => r.path).sort(),
    );
    // The log says which proxy each request went through.
    assert.ok(api.logger.recentLines().some((line) => line.includes(`via proxy 127.0.0.1:${proxy.port}`)));
  });

  it('plain HTTP to a loopback host the editor may proxy (127.0.0.2) asks before the key is sent; localhost does not', async () => {
    await configure(api, { baseUrl: `http://127.0.0.2:${gateway.port}` });
    const gw = onlyGateway(api);
    await api.keys.store(gw.connection.scope, KEY);
    await gw.connection.keyChanged();
    assert.equal(gw.connection.needsConsent, true);
    assert.equal((await gw.connection.state()).kind, 'insecureUnanswered');
    const rows = await reloadRows(gw);
    assert.ok(rows.some((r) => r.contextValue === 'pageGateway.insecure'), rows.map((r) => `${r.label} (${r.contextValue})`).join(', '));
    assert.equal(proxy.requests.length, 0, 'the key did not go to the proxy');
    assert.equal(gateway.requests.length, 0);
    await configure(api, { baseUrl: `http://localhost:${gateway.port}` });
    assert.equal(onlyGateway(api).connection.needsConsent, false, 'localhost is never proxied: no question');
  });

  it('http.noProxy listing a loopback host (127.0.0.2): its route is direct, so the key goes without asking; unlisted, the proxy would read it, so it asks', async () => {
    const near = await startSampleGateway({ apiKey: KEY, host: '127.0.0.2' });
    try {
      await setHttp({ noProxy: ['127.0.0.2'] });
      await configure(api, { baseUrl: `http://127.0.0.2:${near.port}` });
      const gw = onlyGateway(api);
      await api.keys.store(gw.connection.scope, KEY);
      await gw.connection.keyChanged();
      assert.equal(gw.connection.needsConsent, false, 'routed direct to a loopback host: no question');
      assert.equal((await gw.connection.state()).kind, 'ready');
      const rows = await reloadRows(gw);
      assert.ok(rows.some((r) => r.label === 'published'), rows.map((r) => `${r.label} (${r.contextValue})`).join(', '));
      assert.ok(near.requests.length > 0);
      assert.equal(proxy.requests.length, 0, 'straight to the gateway');

      // http.noProxy no longer lists it: the editor would send it to the proxy. The gateway asks first; nothing is sent.
      near.resetRequests();
      let changes = 0;
      const listening = gw.connection.onDidChange(() => changes++);
      try {
        await setHttp({ noProxy: undefined });
        assert.equal(gw.connection.needsConsent, true);
        await waitFor(() => changes > 0, 'the views told to load the gateway again (it now asks)');
      } finally {
        listening.dispose();
      }
      assert.equal((await gw.connection.state()).kind, 'insecureUnanswered');
      const asking = await pageGroupRows(api);
      assert.ok(asking.some((r) => r.contextValue === 'pageGateway.insecure'), asking.map((r) => `${r.label} (${r.contextValue})`).join(', '));
      assert.equal(near.requests.length, 0);
      assert.equal(proxy.requests.length, 0, 'the key did not go to the proxy');
    } finally {
      await setHttp({ noProxy: undefined });
      await near.close();
    }
  });

  it('plain HTTP sent without consent that the editor routes through the proxy after all: stopped before it is written, then the gateway asks', async () => {
    const parsed = parseBaseUrl(`http://127.0.0.2:${gateway.port}`);
    assert.ok(parsed.ok);
    // Settings that tell a direct route while the editor (http.proxy set, no http.noProxy) sends the request to the
    // proxy: how a difference between the editor's routing and what its settings tell would show.
    const connection = new GatewayConnection({
      base: parsed,
      keys: api.keys,
      consent: api.consent,
      timeoutMs: () => 5000,
      proxy: () => ({}),
      routeSettings: () => ({ proxy: proxy.url, noProxy: ['127.0.0.2'] }),
      userAgent: 'page-gateway-explorer-test',
      onExchange: () => undefined,
      legacyKeys: () => Promise.resolve(),
    });
    let changes = 0;
    connection.onDidChange(() => changes++);
    try {
      await api.keys.store(connection.scope, KEY);
      assert.equal(connection.needsConsent, false, 'the settings say it stays on this machine');
      const error: unknown = await connection.withClient((client) => listPageGroups(client, { limit: 1 })).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof GatewayError, String(error));
      assert.deepEqual(error.facts, { kind: 'invalidRequest', reason: 'leavesMachine', proxy: `127.0.0.1:${proxy.port}` });
      assert.equal(proxy.requests.length, 0, 'the key did not go to the proxy');
      assert.equal(gateway.requests.length, 0);
      assert.equal(connection.needsConsent, true);
      assert.equal((await connection.state()).kind, 'insecureUnanswered');
      assert.ok(changes > 0, 'what was shown is loaded again (the consent question)');

      // The user allows plain HTTP for it: the request goes the editor's way, to the proxy.
      api.consent.setPrompt(() => Promise.resolve('allow'));
      await api.consent.ask(parsed.origin);
      await waitFor(async () => (await connection.state()).kind === 'ready', 'the connection to be ready');
      await connection.withClient((client) => listPageGroups(client, { limit: 1 })).catch(() => undefined);
      // (The recording proxy answers 502 for a destination it does not reach, and a 502 is retried.)
      assert.ok(proxy.requests.length >= 1);
      assert.ok(proxy.requests.every((r) => r.target.startsWith(`http://127.0.0.2:${gateway.port}/`)), proxy.requests.map((r) => r.target).join(', '));
    } finally {
      connection.dispose();
      await api.keys.delete(connection.scope);
      await api.consent.forget(parsed.origin);
    }
  });

  it('http.proxyAuthorization goes with the requests the editor routes through the proxy that asked, never with one it sends direct', async () => {
    proxy.setAuthorization(PROXY_CREDENTIALS);
    await setHttp({ proxyAuthorization: PROXY_CREDENTIALS });
    try {
      const proxied = await useGateway(baseUrl);
      const rows = await reloadRows(proxied);
      assert.ok(rows.some((r) => r.label === 'published'), rows.map((r) => r.label).join(', '));
      assert.deepEqual(proxy.requests.map((r) => [r.status, r.headers['proxy-authorization'] ?? '-']), [
        [407, '-'],
        [200, PROXY_CREDENTIALS],
      ]);

      // The same gateway at localhost: the editor sends it direct, and the credentials stay home.
      proxy.reset();
      gateway.resetRequests();
      const direct = await useGateway(`http://localhost:${gateway.port}`);
      const directRows = await reloadRows(direct);
      assert.ok(directRows.some((r) => r.label === 'published'), directRows.map((r) => r.label).join(', '));
      api.webhooks.list(direct).reset();
      await webhookRows(api);
      assert.equal(proxy.requests.length, 0);
      assert.ok(gateway.requests.length >= 2);
      assert.ok(gateway.requests.every((r) => r.headers['proxy-authorization'] === undefined), 'never to a direct route');
    } finally {
      await setHttp({ proxyAuthorization: undefined });
    }
  });

  it('http.noProxy listing the gateway host: requests go direct (and the host does not resolve); the proxy sees nothing', async () => {
    const gw = await useGateway(baseUrl);
    await setHttp({ noProxy: [HOST] });
    try {
      const row = errorRow(await reloadRows(gw));
      assert.match(row.tooltip, new RegExp(`Could not find the host ${HOST.replace('.', '\\.')} \\(DNS lookup failed, (ENOTFOUND|EAI_AGAIN)\\)`));
      assert.doesNotMatch(row.tooltip, /proxy 127/);
      assert.equal(proxy.requests.length, 0);
      assert.equal(gateway.requests.length, 0);
    } finally {
      await setHttp({ noProxy: undefined });
    }
  });

  it('a proxy answering 407: the row names http.proxyAuthorization; once set, the request is repeated to that proxy with it', async () => {
    const gw = await useGateway(baseUrl);
    proxy.setAuthorization(PROXY_CREDENTIALS);
    const row = errorRow(await reloadRows(gw));
    assert.match(row.description, /407/);
    assert.match(row.tooltip, new RegExp(`The proxy 127\\.0\\.0\\.1:${proxy.port} asks for credentials \\(HTTP 407`));
    assert.match(row.tooltip, /`http\.proxyAuthorization`/);
    assert.equal(gateway.requests.length, 0, 'the proxy let nothing through');
    assert.ok(proxy.requests.every((r) => r.status === 407 && r.headers['proxy-authorization'] === undefined), 'no credentials before the user gave some');

    proxy.reset();
    await setHttp({ proxyAuthorization: PROXY_CREDENTIALS });
    const rows = await reloadRows(gw);
    assert.ok(rows.some((r) => r.label === 'published'), rows.map((r) => r.label).join(', '));
    assert.deepEqual(
      proxy.requests.map((r) => [r.status, r.headers['proxy-authorization'] ?? '-']),
      [
        [407, '-'],
        [200, PROXY_CREDENTIALS],
      ],
      'one challenge, then the same request to the proxy with the credentials',
    );
    // Later requests of this client go to that proxy with the credentials at once.
    api.webhooks.list(gw).reset();
    await webhookRows(api);
    assert.deepEqual(proxy.requests.slice(2).map((r) => [r.status, r.headers['proxy-authorization'] ?? '-']), [[200, PROXY_CREDENTIALS]]);
    assert.ok(gateway.requests.every((r) => r.headers['proxy-authorization'] === undefined), 'the proxy credentials never reach the gateway');
    assert.deepEqual(keyElsewhere(proxy.requests), []);

    // Credentials the proxy refuses: the row says so.
    await setHttp({ proxyAuthorization: 'Basic d3Jvbmc6d3Jvbmc=' });
    const refused = errorRow(await reloadRows(gw));
    assert.match(refused.tooltip, /refused the credentials in the setting `http\.proxyAuthorization`/);
    await setHttp({ proxyAuthorization: undefined });
  });

  it('a 407 from a gateway reached directly: http.proxyAuthorization is never sent to it', async () => {
    // 127.0.0.1 is never proxied; the gateway itself answers 407 as a proxy would.
    const gw = await useGateway(gateway.url);
    await setHttp({ proxyAuthorization: PROXY_CREDENTIALS });
    gateway.addFault({ kind: 'status', status: 407, headers: { 'proxy-authenticate': 'Basic realm="not a proxy"' } });
    try {
      const row = errorRow(await reloadRows(gw));
      assert.match(row.tooltip, /^A proxy asks for credentials \(HTTP 407/);
      assert.equal(gateway.requests.length, 1, 'not repeated');
      assert.equal(gateway.requests[0]?.headers['proxy-authorization'], undefined);
      assert.equal(proxy.requests.length, 0);
    } finally {
      gateway.clearFaults();
      await setHttp({ proxyAuthorization: undefined });
    }
  });

  it('a proxy that cannot be reached: the row names it, http.proxy and http.noProxy', async () => {
    const gw = await useGateway(baseUrl);
    const gone = await startRecordingProxy();
    const url = gone.url;
    await gone.close();
    await setHttp({ proxy: url });
    try {
      const row = errorRow(await reloadRows(gw));
      assert.match(row.tooltip, new RegExp(`Could not reach the proxy ${url.replace('http://', '').replace(/\./g, '\\.')} that the editor uses for ${HOST}`));
      assert.match(row.tooltip, /`http\.noProxy`/);
    } finally {
      await setHttp({ proxy: proxy.url });
    }
  });

  describe('an https:// gateway behind a proxy that inspects TLS', () => {
    let front: TlsFront | undefined;

    before(async function () {
      front = await startTlsFront(gateway.port, [HOST, 'localhost']);
      if (front === undefined) {
        this.skip(); // no openssl to make a certificate
      }
    });

    after(async () => {
      await front?.close();
      await setHttp({ proxyStrictSSL: undefined });
    });

    it('goes through a CONNECT tunnel (the proxy never sees the key); an untrusted certificate names http.proxyStrictSSL; with it off, it loads', async () => {
      const secureUrl = `https://${HOST}:${front?.port ?? 0}`;
      const gw = await useGateway(secureUrl);
      const row = errorRow(await reloadRows(gw));
      assert.match(row.tooltip, new RegExp(`The secure connection to ${HOST.replace('.', '\\.')}:[0-9]+ through the proxy 127\\.0\\.0\\.1:${proxy.port} failed`));
      assert.match(row.tooltip, /`http\.proxyStrictSSL`/);
      assert.equal(gateway.requests.length, 0, 'no request was sent over the untrusted connection');

      await setHttp({ proxyStrictSSL: false });
      proxy.reset();
      const rows = await reloadRows(gw);
      assert.ok(rows.some((r) => r.label === 'published'), rows.map((r) => r.label).join(', '));
      assert.ok(gateway.requests.length > 0);
      assert.ok(proxy.requests.length > 0);
      for (const seen of proxy.requests) {
        assert.equal(seen.kind, 'connect');
        assert.equal(seen.target, `${HOST}:${front?.port ?? 0}`);
        assert.equal(seen.headers['x-api-key'], undefined, 'inside the tunnel the proxy cannot read the key');
      }
      assert.deepEqual(keyElsewhere(proxy.requests), []);

    });

    it('with http.proxyStrictSSL off, a gateway reached directly still has its certificate checked', async () => {
      await setHttp({ proxyStrictSSL: false });
      // localhost is never proxied: the same untrusted certificate, without a proxy in between.
      const gw = await useGateway(`https://localhost:${front?.port ?? 0}`);
      const row = errorRow(await reloadRows(gw));
      assert.match(row.tooltip, /^The secure connection to localhost:[0-9]+ failed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      assert.equal(gateway.requests.length, 0, 'nothing was sent over the unchecked connection');
      assert.equal(proxy.requests.length, 0);
    });
  });
});
