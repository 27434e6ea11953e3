import * as assert from 'node:assert/strict';
import { apiUrl, parseBaseUrl, wellFormed, type BaseUrlProblem, type BaseUrlResult } from '../../../src/api/baseUrl';

function ok(input: string): Extract<BaseUrlResult, { ok: true }> {
  const result = parseBaseUrl(input);
  assert.ok(result.ok, `expected ${JSON.stringify(input)} to be accepted, got: ${result.ok ? '' : JSON.stringify(result.problem)}`);
  return result;
}

function refused(input: string): BaseUrlProblem {
  const result = parseBaseUrl(input);
  assert.ok(!result.ok, `expected ${JSON.stringify(input)} to be refused`);
  return result.problem;
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
    assert.equal(ok('http://127.0.10.200').isLoopback, true, 'octets of one to three digits');
    assert.equal(ok('http://localhost.:8080').isLoopback, true, 'a fully qualified localhost (trailing dot)');
    assert.equal(ok('http://127.0.0.1.nip.io').isLoopback, false, 'a name that starts like a loopback address is not one');
  });

  it('takes http: and https: without slashes as the scheme', () => {
    assert.equal(ok('http:localhost:8080').href, 'http://localhost:8080');
    assert.equal(ok('HTTPS:h.example/gw').href, 'https://h.example/gw');
  });

  it('refuses other schemes, naming the scheme', () => {
    assert.deepEqual(refused('ftp://h.example'), { kind: 'badScheme', scheme: 'ftp' });
    assert.deepEqual(refused('file:///etc/passwd'), { kind: 'badScheme', scheme: 'file' });
  });

  it('suggests a scheme when there is none', () => {
    assert.deepEqual(refused('api.example.com'), { kind: 'noScheme', suggestion: 'https://api.example.com' });
    assert.deepEqual(refused('localhost:8080'), { kind: 'noScheme', suggestion: 'https://localhost:8080' });
    assert.deepEqual(refused('//h.example/gw'), { kind: 'noScheme', suggestion: 'https://h.example/gw' });
    assert.deepEqual(refused('h.example/gw/v1'), { kind: 'noScheme', suggestion: 'https://h.example/gw/v1' });
    assert.deepEqual(refused('h.example/cb?u=https://x'), { kind: 'noScheme', suggestion: 'https://h.example/cb?u=https://x' });
    assert.deepEqual(refused('h.example/https:x'), { kind: 'noScheme', suggestion: 'https://h.example/https:x' });
  });

  it('refuses credentials without echoing them, whether or not a scheme is given and even in unparsable input', () => {
    for (const input of [
      'https://alice:s3cret-pass@h.example/',
      'https://token@h.example/',
      'alice:s3cret-pass@h.example',
      'ftp://alice:s3cret-pass@h.example',
      'https://alice:s3cret-pass@exa mple.com',
    ]) {
      const problem = refused(input);
      assert.deepEqual(problem, { kind: 'credentials' }, input);
      assert.ok(!JSON.stringify(problem).includes('s3cret-pass'));
    }
    assert.equal(ok('https://h.example/path@x').href, 'https://h.example/path@x', 'an @ in the path is no user info');
    // Backslashes are slashes in http(s) URLs: the user info is only found once the URL is parsed.
    assert.deepEqual(refused('https:\\\\alice:s3cret-pass@h.example/'), { kind: 'credentials' });
    assert.deepEqual(refused('https:\\\\:s3cret-pass@h.example/'), { kind: 'credentials' }, 'a password without a user name');
    assert.deepEqual(refused('https:\\\\alice@h.example/'), { kind: 'credentials' }, 'a user name without a password');
  });

  it('refuses a query or a fragment, saying which', () => {
    assert.deepEqual(refused('https://h.example/?x=1'), { kind: 'queryOrFragment', hasQuery: true, hasFragment: false });
    assert.deepEqual(refused('https://h.example/#top'), { kind: 'queryOrFragment', hasQuery: false, hasFragment: true });
    assert.deepEqual(refused('https://h.example/?'), { kind: 'queryOrFragment', hasQuery: true, hasFragment: false });
    assert.deepEqual(refused('https://h.example/#'), { kind: 'queryOrFragment', hasQuery: false, hasFragment: true });
    assert.deepEqual(refused('https://h.example/?a#b'), { kind: 'queryOrFragment', hasQuery: true, hasFragment: true });
  });

  it('refuses empty and unparsable input', () => {
    assert.deepEqual(refused('   '), { kind: 'empty' });
    assert.deepEqual(refused('http://'), { kind: 'invalid', input: 'http://' });
    assert.deepEqual(refused('https://exa mple.com'), { kind: 'invalid', input: 'https://exa mple.com' });
  });
});

describe('apiUrl', () => {
  it('joins a base with and without a trailing slash and a path prefix', () => {
    assert.equal(apiUrl('https://h/gw/', 'v0/page_groups'), 'https://h/gw/v0/page_groups');
    assert.equal(apiUrl('https://h/gw', 'v0/page_groups'), 'https://h/gw/v0/page_groups');
    assert.equal(apiUrl('https://h', '/v0/webhook_subscriptions'), 'https://h/v0/webhook_subscriptions');
    assert.equal(apiUrl('https://h/gw//', '//v0/page_groups'), 'https://h/gw/v0/page_groups', 'any number of slashes');
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

describe('wellFormed', () => {
  it('replaces each lone surrogate with U+FFFD and keeps pairs and other text', () => {
    assert.equal(wellFormed('a\ud800b'), 'a\ufffdb');
    assert.equal(wellFormed('a\udc00'), 'a\ufffd');
    assert.equal(wellFormed('ok 😀'), 'ok 😀');
  });
});
