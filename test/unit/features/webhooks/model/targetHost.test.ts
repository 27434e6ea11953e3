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

  it('every tunnel service people use for webhooks is named, under its own domains', () => {
    const services: Array<[string, string]> = [
      ['ngrok.io', 'ngrok'],
      ['ngrok.app', 'ngrok'],
      ['ngrok.dev', 'ngrok'],
      ['ngrok-free.app', 'ngrok'],
      ['ngrok-free.dev', 'ngrok'],
      ['trycloudflare.com', 'Cloudflare quick tunnel'],
      ['loca.lt', 'localtunnel'],
      ['localtunnel.me', 'localtunnel'],
      ['localhost.run', 'localhost.run'],
      ['lhr.life', 'localhost.run'],
      ['lhr.rocks', 'localhost.run'],
      ['serveo.net', 'Serveo'],
      ['serveousercontent.com', 'Serveo'],
      ['pinggy.io', 'Pinggy'],
      ['pinggy.link', 'Pinggy'],
      ['pinggy.online', 'Pinggy'],
      ['tunnelmole.net', 'Tunnelmole'],
      ['devtunnels.ms', 'Dev Tunnels'],
      ['sharedwithexpose.com', 'Expose'],
      ['loclx.io', 'LocalXpose'],
      ['pagekite.me', 'PageKite'],
      ['zrok.io', 'zrok'],
      ['ts.net', 'Tailscale'],
    ];
    for (const [domain, service] of services) {
      assert.equal(placeOf(`https://my-box.${domain}/hook`), `tunnel:${service}`, domain);
      assert.equal(placeOf(`https://${domain}/hook`), `tunnel:${service}`, domain);
      assert.equal(placeOf(`https://x${domain}/hook`), 'public', `x${domain}`);
    }
  });

  it('IPv4 at the edges of each range: 0.0.0.0 alone is this machine, 169.254/16 alone is link-local', () => {
    const cases: Array<[string, string]> = [
      ['0.0.0.1', 'public'],
      ['0.0.1.0', 'public'],
      ['0.1.0.0', 'public'],
      ['1.0.0.0', 'public'],
      ['10.0.0.0', 'private'],
      ['172.16.0.0', 'private'],
      ['192.168.0.0', 'private'],
      ['192.0.0.1', 'public'],
      ['168.192.0.1', 'public'],
      ['169.254.0.0', 'linkLocal'],
      ['169.253.1.1', 'public'],
      ['170.254.1.1', 'public'],
      ['254.169.1.1', 'public'],
      ['126.0.0.1', 'public'],
    ];
    for (const [host, place] of cases) {
      assert.equal(classifyHost(host).kind, place, host);
    }
  });

  it('IPv6: loopback is ::1 and :: only; mapped IPv4 needs ::ffff: after five zero groups; other forms are public', () => {
    const cases: Array<[string, string]> = [
      ['[::2]', 'public'],
      ['[1::1]', 'public'],
      ['[0:0:0:0:0:0:0:1]', 'loopback'],
      ['[::ffff:c0a8:0101]', 'private'],
      ['[::fffe:c0a8:0101]', 'public'],
      ['[1::ffff:c0a8:0101]', 'public'],
      ['[::1:ffff:c0a8:0101]', 'public'],
      ['[::ffff:a9fe:0101]', 'linkLocal'],
      ['[::ffff:7f00:1]', 'loopback'],
      ['[fc00::]', 'private'],
      ['[fe80::]', 'linkLocal'],
      ['[febf::1]', 'linkLocal'],
      ['[fec0::1]', 'public'],
      ['[2001:db8::1]', 'public'],
      ['[::1', 'loopback'],
    ];
    for (const [host, place] of cases) {
      assert.equal(classifyHost(host).kind, place, host);
    }
  });

  it('an IPv6 address that is not in the URL parser\'s form counts as public, never as local', () => {
    for (const host of ['[1:2:3:4:5:6:7]', '[1:2:3:4:5:6:7:8:9]', '[1::2::3]', '[1:2:3:4::5:6:7:8]', '[::fg]', '[::12345]', '[x::1]', '[fd00::1%eth0]', '[fd00:1]', '[]']) {
      assert.equal(classifyHost(host).kind, 'public', host);
    }
    assert.equal(classifyHost('[1:2:3:4:5:6:7:8]').kind, 'public');
    assert.equal(classifyHost('[fd00:0:0:0:0:0:0:1]').kind, 'private', 'eight groups without ::');
    assert.equal(classifyHost('[fd00:1:2:3::4:5:6]').kind, 'private', ':: standing for one group');
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
