import { strict as assert } from 'node:assert';
import { webhookNaming } from '../../../../../src/features/webhooks/text/webhookNaming';

describe('webhook naming', () => {
  it('leads with the path when every URL shares its host, and says the host once', () => {
    const naming = webhookNaming([{ url: 'https://hooks.example.com/pages/1' }, { url: 'https://hooks.example.com/pages/12?x=1' }, { url: 'http://hooks.example.com/' }]);
    assert.equal(naming.sharedHost, 'hooks.example.com');
    assert.equal(naming.label({ url: 'https://hooks.example.com/pages/1' }), '/pages/1');
    assert.equal(naming.label({ url: 'https://hooks.example.com/pages/12?x=1' }), '/pages/12?x=1');
    assert.equal(naming.label({ url: 'http://hooks.example.com/' }), '/');
  });

  it('keeps host and path when hosts or ports differ, or a URL is not one', () => {
    for (const urls of [
      ['https://a.example.com/x', 'https://b.example.com/x'],
      ['https://a.example.com/x', 'https://a.example.com:8443/x'],
      ['https://a.example.com/x', 'not a url'],
    ]) {
      const naming = webhookNaming(urls.map((url) => ({ url })));
      assert.equal(naming.sharedHost, undefined, urls.join(' '));
      assert.equal(naming.label({ url: 'https://a.example.com/x' }), 'a.example.com/x');
    }
    assert.equal(webhookNaming([{ url: 'https://a.example.com/x' }, {}]).sharedHost, undefined, 'one without a URL');
  });

  it('a single subscription keeps its host: there is nothing to tell apart', () => {
    const naming = webhookNaming([{ url: 'https://a.example.com/x' }]);
    assert.equal(naming.sharedHost, undefined);
    assert.equal(naming.label({ url: 'https://a.example.com/x' }), 'a.example.com/x');
  });

  it('international hosts in their own letters, never a password, the port kept', () => {
    const naming = webhookNaming([{ url: 'https://u:secret@xn--bcher-kva.example:8443/a' }, { url: 'https://xn--bcher-kva.example:8443/b' }]);
    assert.equal(naming.sharedHost, 'bücher.example:8443');
    assert.equal(naming.label({ url: 'https://u:secret@xn--bcher-kva.example:8443/a' }), '/a');
  });
});
