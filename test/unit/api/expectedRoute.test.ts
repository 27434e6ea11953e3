import * as assert from 'node:assert/strict';
import { bypassedByNoProxy, expectedRoute, staysOnMachine, type RouteSettings } from '../../../src/api/expectedRoute';

const PROXY: RouteSettings = { proxy: 'http://10.0.0.1:3128' };
const NONE: RouteSettings = {};

describe('expectedRoute (how the editor will route a URL)', () => {
  it("the editor's built-in bypass goes direct whatever http.proxy says: localhost, 127.0.0.1, ::1", () => {
    for (const url of ['http://localhost:8080', 'http://LOCALHOST', 'http://127.0.0.1:1', 'http://[::1]:3000', 'http://127.0.0.01/', 'https://localhost']) {
      assert.equal(expectedRoute(url, PROXY), 'direct', url);
      assert.equal(expectedRoute(url, NONE), 'direct', url);
    }
  });

  it('other hosts go to http.proxy when it is set; without it the environment or system decides (unknown)', () => {
    for (const url of ['http://127.0.0.2:8080', 'http://localhost.:8080', 'http://127.1.2.3', 'http://[::2]', 'https://api.example.com']) {
      assert.equal(expectedRoute(url, PROXY), 'proxy', url);
      assert.equal(expectedRoute(url, NONE), 'unknown', url);
      assert.equal(expectedRoute(url, { proxy: '  ' }), 'unknown', `${url}, blank http.proxy`);
      assert.equal(expectedRoute(url, { proxy: 'not a url' }), 'unknown', `${url}, an http.proxy the editor ignores`);
    }
  });

  it('http.noProxy, read before http.proxy, makes a host direct', () => {
    const settings: RouteSettings = { ...PROXY, noProxy: ['127.0.0.2', '.internal.example', 'api.example.com:8443'] };
    assert.equal(expectedRoute('http://127.0.0.2:8080', settings), 'direct');
    assert.equal(expectedRoute('http://127.0.0.3:8080', settings), 'proxy');
    assert.equal(expectedRoute('http://gw.internal.example', settings), 'direct');
    assert.equal(expectedRoute('https://api.example.com:8443', settings), 'direct');
    assert.equal(expectedRoute('https://api.example.com', settings), 'proxy', 'another port');
    assert.equal(expectedRoute('http://127.0.0.9', { ...PROXY, noProxy: ['*'] }), 'direct');
  });

  it('http.proxySupport off: every request goes direct', () => {
    assert.equal(expectedRoute('http://127.0.0.2:8080', { ...PROXY, proxySupport: 'off' }), 'direct');
    assert.equal(expectedRoute('http://127.0.0.2:8080', { ...PROXY, proxySupport: 'override' }), 'proxy');
  });

  it('a URL that cannot be parsed: unknown', () => {
    assert.equal(expectedRoute('http://', PROXY), 'unknown');
  });
});

describe('bypassedByNoProxy (http.noProxy as the editor applies it)', () => {
  it('matches a host and the hosts under it, trimmed and without case; a port only when given', () => {
    assert.equal(bypassedByNoProxy([' Example.COM '], 'example.com', '80'), true);
    assert.equal(bypassedByNoProxy(['example.com'], 'gw.example.com', '80'), true);
    assert.equal(bypassedByNoProxy(['.example.com'], 'gw.example.com', '80'), true);
    assert.equal(bypassedByNoProxy(['example.com'], 'badexample.com', '80'), false, 'a suffix of the name is not a domain under it');
    assert.equal(bypassedByNoProxy(['example.com:8080'], 'example.com', '8080'), true);
    assert.equal(bypassedByNoProxy(['example.com:8080'], 'example.com', '80'), false);
    assert.equal(bypassedByNoProxy(['127.0.0.2'], '127.0.0.2', '80'), true);
  });

  it('an empty list, empty entries and an IPv6 entry (its colons read as a port) bypass nothing; * bypasses all', () => {
    assert.equal(bypassedByNoProxy([], 'localhost', '80'), false);
    assert.equal(bypassedByNoProxy(['', '  ', ':8080'], 'localhost', '8080'), false);
    assert.equal(bypassedByNoProxy(['::2'], '::2', '80'), false);
    assert.equal(bypassedByNoProxy(['*'], 'anything.example', '1'), true);
  });
});

describe('staysOnMachine (plain HTTP without consent)', () => {
  it('loopback and surely direct: yes', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:1', 'http://[::1]:3000']) {
      assert.equal(staysOnMachine(url, PROXY), true, url);
      assert.equal(staysOnMachine(url, NONE), true, url);
    }
    assert.equal(staysOnMachine('http://127.0.0.2:8080', { ...PROXY, noProxy: ['127.0.0.2'] }), true, 'http.noProxy lists it');
    assert.equal(staysOnMachine('http://localhost.:8080', { ...PROXY, noProxy: ['localhost.'] }), true);
  });

  it('loopback but routed through a proxy, or a route the settings do not tell: no (the proxy would read the key)', () => {
    for (const url of ['http://127.0.0.2:8080', 'http://localhost.:8080', 'http://127.255.0.9/']) {
      assert.equal(staysOnMachine(url, PROXY), false, url);
      assert.equal(staysOnMachine(url, NONE), false, url);
    }
  });

  it('direct but not loopback: no (it leaves the machine)', () => {
    assert.equal(staysOnMachine('http://10.0.0.5:8080', { ...PROXY, noProxy: ['10.0.0.5'] }), false);
    assert.equal(staysOnMachine('http://gw.example', { proxySupport: 'off' }), false);
    assert.equal(staysOnMachine('not a url', NONE), false);
  });
});
