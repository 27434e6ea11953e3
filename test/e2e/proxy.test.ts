// Behind a proxy, in the real workbench: `http.proxy` points at a recording proxy on 127.0.0.1 and the gateway URL is
// http://gateway.invalid:PORT, a host name that does not resolve, so the tree can only load through the proxy. The
// user sets the key from the palette and answers the plain-HTTP question as a user would; then `http.noProxy`
// bypasses the proxy, and a proxy that wants credentials gets a message naming `http.proxyAuthorization`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startRecordingProxy, type ProxiedRequest, type RecordingProxy } from '../gateway/recordingProxy';
import { startSampleGateway, type SampleGateway } from '../gateway/server';
import { eventually, PAGE_GROUPS_VIEW, screenshotIfFailed, startWorkbench, type WorkbenchFixture } from './fixture';

const HOST = 'gateway.invalid';
const PROXY_CREDENTIALS = `Basic ${Buffer.from('pge:proxy-secret').toString('base64')}`;

describe('e2e: behind a proxy', function () {
  this.timeout(240_000);
  let gateway: SampleGateway;
  let proxy: RecordingProxy;
  let fx: WorkbenchFixture;
  let settingsFile: string;

  /**
   * Edits the user settings file, as a user editing settings.json would, then reloads the window: this code-server
   * does not pick up an edit of the file made outside its settings API until then (measured: not within 10 s, whether
   * written on disk or saved from its JSON editor). The key (browser storage) and the plain-HTTP answer survive.
   */
  async function changeSettings(change: Record<string, unknown>): Promise<void> {
    const current = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) {
        delete current[name];
      } else {
        current[name] = value;
      }
    }
    fs.writeFileSync(settingsFile, `${JSON.stringify(current, null, 2)}\n`);
    await fx.reload();
    await fx.openContainer();
  }

  /** "Page Gateway: Refresh" from the palette: the list views in sight (nothing was used since the reload). */
  async function refresh(): Promise<void> {
    await fx.runCommand('Page Gateway: Refresh');
  }

  /**
   * Opens the extension's log from the palette (as the error row's "Show Logs" does) and waits for a line matching
   * `pattern`; returns the log's text (the error row's message is in the line of the failed request).
   */
  async function logText(pattern: RegExp): Promise<string> {
    await fx.runCommand('Page Gateway: Show Logs');
    const lines = fx.page.locator('.part.panel .view-lines');
    return eventually(async () => {
      // The output wraps long lines: join them back before matching.
      const text = (await lines.allInnerTexts()).join('').replace(/\n/g, '').replace(/\u00a0/g, ' ');
      assert.match(text, pattern);
      return text;
    });
  }

  function keyOnlyInHeader(seen: readonly ProxiedRequest[]): void {
    const key = gateway.apiKey;
    for (const request of seen) {
      assert.ok(!request.target.includes(key), `the key is in the request target ${request.target}`);
      for (const [name, value] of Object.entries(request.headers)) {
        assert.ok(name === 'x-api-key' || !value.includes(key), `the key is in the ${name} header`);
      }
    }
  }

  before(async () => {
    gateway = await startSampleGateway();
    proxy = await startRecordingProxy({ hosts: { [HOST]: '127.0.0.1' } });
    fx = await startWorkbench({
      name: 'e2e-proxy',
      settings: { 'http.proxy': proxy.url, 'pageGateway.baseUrl': `http://${HOST}:${gateway.port}` },
    });
    settingsFile = path.join(fx.server.userDataDir, 'User', 'settings.json');
    await fx.openContainer();
  });

  afterEach(async function () {
    await screenshotIfFailed(this, fx);
  });

  after(async () => {
    await fx?.stop();
    await proxy?.close();
    await gateway?.close();
  });

  it('with http.proxy set, the tree loads only through the proxy, which saw every request, the key only in x-api-key', async () => {
    await eventually(async () => assert.ok((await fx.welcome(PAGE_GROUPS_VIEW))?.buttons.includes('Set API Key')));
    await fx.runCommand('Page Gateway: Set API Key…');
    await eventually(async () => assert.equal(await fx.quickInput.input.getAttribute('type'), 'password'));
    await fx.quickInput.type(gateway.apiKey);
    await fx.quickInput.accept();
    // Plain HTTP to a host that is not this machine: the editor asks before the key is sent anywhere.
    const dialog = fx.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await dialog.innerText()) ?? '', new RegExp(`http://${HOST.replace('.', '\\.')}:${gateway.port} uses plain HTTP`));
    assert.equal(proxy.requests.length, 0, 'nothing was sent before the answer');
    await fx.screenshot('proxy 01 plain http question');
    await dialog.locator('.monaco-button', { hasText: 'Send Key over HTTP' }).click();
    await eventually(async () => assert.ok((await fx.notifications()).some((n) => /accepted the API key/.test(n))));
    await eventually(async () => {
      const top = (await fx.viewRows(PAGE_GROUPS_VIEW)).filter((r) => r.level === 1).map((r) => r.text);
      assert.ok(top.includes('published') && top.includes('draft'), top.join(', '));
    });
    await fx.row(PAGE_GROUPS_VIEW, 'published').click();
    await eventually(async () => {
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.equal(rows.find((r) => r.level === 1 && r.text === 'published')?.description, '20+');
    });
    await fx.page.mouse.move(700, 500);
    await fx.screenshot('proxy 02 tree loaded through the proxy');

    assert.ok(gateway.requests.length >= 2, `the gateway saw ${gateway.requests.length} requests`);
    assert.equal(proxy.requests.length, gateway.requests.length, 'every request the gateway got came through the proxy');
    for (const seen of proxy.requests) {
      assert.equal(seen.kind, 'forward');
      assert.ok(seen.target.startsWith(`http://${HOST}:${gateway.port}/v0/`), seen.target);
      assert.equal(seen.headers['x-api-key'], gateway.apiKey);
      assert.equal(seen.status, 200);
    }
    keyOnlyInHeader(proxy.requests);
  });

  it('http.noProxy listing the gateway host bypasses the proxy: the request goes direct and the host does not resolve', async () => {
    proxy.reset();
    gateway.resetRequests();
    await changeSettings({ 'http.noProxy': [HOST] });
    await eventually(async () => {
      await refresh();
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.ok(rows.some((r) => /^Couldn't load page groups/.test(r.text) && /network error/.test(r.description)), rows.map((r) => r.label).join(' | '));
    });
    const log = await logText(new RegExp(`Could not find the host ${HOST.replace('.', '\\.')}`));
    assert.doesNotMatch(log.slice(log.lastIndexOf('activated in')), /via proxy/, 'after the change, no request went through the proxy');
    await fx.screenshot('proxy 03 no proxy for the gateway host');
    assert.equal(proxy.requests.length, 0, 'the proxy saw nothing');
    assert.equal(gateway.requests.length, 0);
  });

  it('a proxy answering 407: the message names http.proxyAuthorization; with it set, the tree loads again', async () => {
    proxy.setAuthorization(PROXY_CREDENTIALS);
    await changeSettings({ 'http.noProxy': undefined });
    proxy.reset();
    gateway.resetRequests();
    await eventually(async () => {
      await refresh();
      const rows = await fx.viewRows(PAGE_GROUPS_VIEW);
      assert.ok(rows.some((r) => /^Couldn't load page groups/.test(r.text) && /407/.test(r.description)), rows.map((r) => r.label).join(' | '));
    });
    const log = await logText(new RegExp(`The proxy 127\\.0\\.0\\.1:${proxy.port} asks for credentials \\(HTTP 407`));
    assert.match(log, /Set `http\.proxyAuthorization` to the value it accepts/);
    await fx.screenshot('proxy 04 proxy asks for credentials');
    assert.equal(gateway.requests.length, 0);
    assert.ok(proxy.requests.every((r) => r.status === 407 && r.headers['proxy-authorization'] === undefined));

    await changeSettings({ 'http.proxyAuthorization': PROXY_CREDENTIALS });
    await eventually(async () => {
      await refresh();
      const top = (await fx.viewRows(PAGE_GROUPS_VIEW)).filter((r) => r.level === 1).map((r) => r.text);
      assert.ok(top.includes('published'), top.join(', '));
    });
    await fx.page.mouse.move(700, 500);
    await fx.screenshot('proxy 05 loaded with http.proxyAuthorization');
    const authorized = proxy.requests.filter((r) => r.status === 200);
    assert.ok(authorized.length > 0);
    assert.ok(authorized.every((r) => r.headers['proxy-authorization'] === PROXY_CREDENTIALS));
    assert.ok(gateway.requests.every((r) => r.headers['proxy-authorization'] === undefined), 'the proxy credentials stop at the proxy');
    keyOnlyInHeader(proxy.requests);
  });
});
