// A webhook URL as a row shows it: international host names in their own letters, no password, no bare "/".
import { strict as assert } from 'node:assert';
import { hostWithPunycode, readableHost, shortUrl } from '../../../../../src/features/webhooks/model/webhookUrl';

describe('webhook URLs as shown', () => {
  it('shows an international host name in its own letters; other hosts as they are', () => {
    assert.equal(readableHost('xn--bcher-kva.example'), 'bücher.example');
    assert.equal(readableHost('hooks.xn--bcher-kva.example'), 'hooks.bücher.example');
    assert.equal(readableHost('hooks.example.com'), 'hooks.example.com');
    assert.equal(readableHost('axn--b.example'), 'axn--b.example', 'xn-- only counts at the start of a label');
  });

  it('keeps a host whose punycode is not valid as it is', () => {
    assert.equal(readableHost('xn--a.example'), 'xn--a.example');
  });

  it('adds the punycode form in brackets only where the readable name differs', () => {
    assert.equal(hostWithPunycode('xn--bcher-kva.example'), 'bücher.example (xn--bcher-kva.example)');
    assert.equal(hostWithPunycode('hooks.example.com'), 'hooks.example.com');
  });

  it('a row label: readable host, port when not the default, path unless "/", and the query', () => {
    assert.equal(shortUrl('https://hooks.example.com/'), 'hooks.example.com');
    assert.equal(shortUrl('https://hooks.example.com'), 'hooks.example.com');
    assert.equal(shortUrl('https://hooks.example.com:8443/in/forms?x=1'), 'hooks.example.com:8443/in/forms?x=1');
    assert.equal(shortUrl('https://hooks.example.com:443/in'), 'hooks.example.com/in', 'the default port is not shown');
    assert.equal(shortUrl('https://user:secret@xn--bcher-kva.example/hook'), 'bücher.example/hook', 'no user or password');
    assert.equal(shortUrl('https://hooks.example.com/a#frag'), 'hooks.example.com/a');
  });

  it('is undefined for text that is not a URL', () => {
    assert.equal(shortUrl('not a url'), undefined);
    assert.equal(shortUrl(''), undefined);
  });
});
