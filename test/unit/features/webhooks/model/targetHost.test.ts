import { strict as assert } from 'node:assert';
import { classifyHost, isLocalPlace } from '../../../../../src/features/webhooks/model/targetHost';

/** The host as the URL parser gives it, then classified. */
const placeOf = (url: string): string => {
  const place = classifyHost(new URL(url).hostname);
  return place.kind === 'tunnel' ? `tunnel:${place.service}` : place.kind;
};

describe('target host', () => {
  it('this machine: localhost, *.localhost, 127/8, ::1, 0.0.0.0, mapped and odd IPv4 spellings', () => {
    for (const url of ['http://localhost:3000/h', 'http://api.localhost/', 'http://127.0.0.1/', 'http://127.9.9.9/', 'http://[::1]:8080/', 'http://0.0.0.0/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/', 'http://0x7f.1/', 'http://LOCALHOST./']) {
      assert.equal(placeOf(url), 'loopback', url);
    }
  });

  it('RFC 1918 and IPv6 unique local addresses are private; the edges of the ranges are not', () => {
    for (const url of ['http://10.0.0.1/', 'http://172.16.0.1/', 'http://172.31.255.255/', 'http://192.168.1.20/', 'http://[fd12:3456::1]/', 'http://[::ffff:10.1.2.3]/']) {
      assert.equal(placeOf(url), 'private', url);
    }
    for (const url of ['http://172.15.0.1/', 'http://172.32.0.1/', 'http://192.169.0.1/', 'http://11.0.0.1/', 'http://[fe00::1]/']) {
      assert.equal(placeOf(url), 'public', url);
    }
  });

  it('link-local and .local names', () => {
    assert.equal(placeOf('http://169.254.10.10/'), 'linkLocal');
    assert.equal(placeOf('http://[fe80::1]/'), 'linkLocal');
    assert.equal(placeOf('http://printer.local/'), 'mdns');
    assert.equal(placeOf('http://local.example.com/'), 'public');
    assert.equal(placeOf('http://mylocal/'), 'public');
  });

  it('known tunnel services by domain suffix, not by look-alikes', () => {
    assert.equal(placeOf('https://abc123.ngrok-free.app/hook'), 'tunnel:ngrok');
    assert.equal(placeOf('https://x.ngrok.io/'), 'tunnel:ngrok');
    assert.equal(placeOf('https://quiet-sun.trycloudflare.com/'), 'tunnel:Cloudflare quick tunnel');
    assert.equal(placeOf('https://tidy-cat.loca.lt/'), 'tunnel:localtunnel');
    assert.equal(placeOf('https://abcd-8080.euw.devtunnels.ms/'), 'tunnel:Dev Tunnels');
    assert.equal(placeOf('https://notngrok.io/'), 'public');
    assert.equal(placeOf('https://ngrok.io.example.com/'), 'public');
    assert.equal(placeOf('https://hooks.example.com/'), 'public');
  });

  it('international names stay public (punycode is just letters)', () => {
    assert.equal(placeOf('https://bücher.example/'), 'public');
  });

  it('local places are this machine and local networks, not tunnels', () => {
    assert.equal(isLocalPlace({ kind: 'loopback' }), true);
    assert.equal(isLocalPlace({ kind: 'private' }), true);
    assert.equal(isLocalPlace({ kind: 'linkLocal' }), true);
    assert.equal(isLocalPlace({ kind: 'mdns' }), true);
    assert.equal(isLocalPlace({ kind: 'tunnel', service: 'ngrok' }), false);
    assert.equal(isLocalPlace({ kind: 'public' }), false);
  });
});
