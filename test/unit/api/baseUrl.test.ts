import * as assert from 'node:assert/strict';
import { apiUrl, parseBaseUrl, type BaseUrlResult } from '../../../src/api/baseUrl';

function ok(input: string): Extract<BaseUrlResult, { ok: true }> {
  const result = parseBaseUrl(input);
  assert.ok(result.ok, `expected ${JSON.stringify(input)} to be accepted, got: ${result.ok ? '' : result.reason}`);
  return result;
}

function refused(input: string): string {
  const result = parseBaseUrl(input);
  assert.ok(!result.ok, `expected ${JSON.stringify(input)} to be refused`);
  return result.reason;
}

describe('parseBaseUrl', () => {
  it('normalizes: trims, drops trailing slashes, keeps a path prefix', () => {
    assert.deepEqual(ok('  https://api.example.com/  '), {
      ok: true,
      href: 'https://api.example.com',
      origin: 'https://api.example.com',
      isLoopback: false,
      isSecure: true,
    });
    assert.equal(ok('https://h.example/gw/').href, 'https://h.example/gw');
    assert.equal(ok('https://h.example/gw//').href, 'https://h.example/gw');
    assert.equal(ok('HTTPS://H.Example:8443/Gw').href, 'https://h.example:8443/Gw');
    assert.equal(ok('https://h.example:443/').href, 'https://h.example', 'default port dropped');
  });

  it('tells loopback and secure origins apart', () => {
    for (const loop of ['http://localhost:8080', 'http://127.0.0.1:1', 'http://127.255.0.9/', 'http://[::1]:3000', 'http://LOCALHOST']) {
      assert.equal(ok(loop).isLoopback, true, loop);
      assert.equal(ok(loop).isSecure, false, loop);
    }
    for (const remote of ['http://128.0.0.1', 'https://localhost.example.com', 'http://10.0.0.1', 'http://[::2]']) {
      assert.equal(ok(remote).isLoopback, false, remote);
    }
    assert.equal(ok('http://127.1/').isLoopback, true, 'short IPv4 form is normalized by the URL parser');
  });

  it('refuses other schemes, naming the ones allowed', () => {
    assert.match(refused('ftp://h.example'), /https:\/\/ or http:\/\//);
    assert.match(refused('file:///etc/passwd'), /https:\/\/ or http:\/\//);
  });

  it('suggests a scheme when there is none', () => {
    assert.match(refused('api.example.com'), /https:\/\/api\.example\.com/);
    assert.match(refused('localhost:8080'), /https:\/\/localhost:8080/);
  });

  it('refuses credentials without echoing them', () => {
    const reason = refused('https://alice:s3cret-pass@h.example/');
    assert.match(reason, /user name or password/);
    assert.ok(!reason.includes('s3cret-pass'));
    assert.ok(!reason.includes('alice'));
    assert.match(refused('https://token@h.example/'), /user name or password/);
  });

  it('refuses a query or a fragment', () => {
    assert.match(refused('https://h.example/?x=1'), /query/);
    assert.match(refused('https://h.example/#top'), /fragment/);
    assert.match(refused('https://h.example/?'), /query/);
  });

  it('refuses empty and unparsable input with an example of a right one', () => {
    assert.match(refused('   '), /https:\/\/api\.example\.com/);
    assert.match(refused('http://'), /example/);
    assert.match(refused('https://exa mple.com'), /not a valid URL/);
  });
});

describe('apiUrl', () => {
  it('joins a base with and without a trailing slash and a path prefix', () => {
    assert.equal(apiUrl('https://h/gw/', 'v0/page_groups'), 'https://h/gw/v0/page_groups');
    assert.equal(apiUrl('https://h/gw', 'v0/page_groups'), 'https://h/gw/v0/page_groups');
    assert.equal(apiUrl('https://h', '/v0/webhook_subscriptions'), 'https://h/v0/webhook_subscriptions');
  });

  it('encodes query values and leaves out undefined ones', () => {
    assert.equal(
      apiUrl('https://h/gw/', 'v0/page_groups', { limit: 7, status: 'in review&x=1', cursor: undefined }),
      'https://h/gw/v0/page_groups?limit=7&status=in%20review%26x%3D1',
    );
    assert.equal(apiUrl('https://h', 'v0/page_groups', { cursor: 'a+b/c=' }), 'https://h/v0/page_groups?cursor=a%2Bb%2Fc%3D');
    assert.equal(apiUrl('https://h', 'v0/page_groups', { status: undefined }), 'https://h/v0/page_groups');
    assert.equal(new URL(apiUrl('https://h', 'x', { status: 'é ü/?' })).searchParams.get('status'), 'é ü/?');
  });
});
