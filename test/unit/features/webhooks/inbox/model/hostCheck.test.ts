// Which Host the inbox accepts: loopback names, the public URL's host and the editor's forwarded address; nothing else
// (DNS rebinding, scanners), and the scheme the sender used as a reverse proxy says it.
import { strict as assert } from 'node:assert';
import { checkHost, hostnameOf, isLoopbackName } from '../../../../../../src/features/webhooks/inbox/model/hostCheck';

describe('webhook inbox Host check', () => {
  it('reads the host name of a Host header', () => {
    assert.equal(hostnameOf('Example.COM:8080'), 'example.com');
    assert.equal(hostnameOf('[::1]:80'), '::1');
    assert.equal(hostnameOf('a b'), undefined);
    assert.equal(hostnameOf(undefined), undefined);
    assert.equal(hostnameOf('evil.example.'), 'evil.example');
  });

  it('knows loopback names', () => {
    for (const name of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1']) {
      assert.ok(isLoopbackName(name), name);
    }
    for (const name of ['localhost.evil.example', '128.0.0.1', '0.0.0.0', '10.0.0.1', 'evil.example']) {
      assert.ok(!isLoopbackName(name), name);
    }
  });

  it('allows loopback, the public URL and the forwarded address; refuses anything else', () => {
    const origins = ['https://abc.ngrok-free.app', 'http://fwd.example:8080/proxy/1/'];
    assert.deepEqual(checkHost('127.0.0.1:5000', origins), { allowed: true, proto: 'http' });
    assert.deepEqual(checkHost('ABC.ngrok-free.app', origins), { allowed: true, proto: 'https' });
    assert.deepEqual(checkHost('fwd.example', origins), { allowed: true, proto: 'http' });
    assert.deepEqual(checkHost('evil.example', origins), { allowed: false });
    assert.deepEqual(checkHost('abc.ngrok-free.app.evil.example', origins), { allowed: false });
    assert.deepEqual(checkHost(undefined, origins), { allowed: false });
    assert.deepEqual(checkHost('evil.example', ['not a url']), { allowed: false });
  });
});
