import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { itemLink, linkGatewayMatch, parseItemLink } from '../../../src/model/itemLink';

/** What the handler receives: the link's path and its query decoded once, as the editor parses a URI. */
function received(link: string): { path: string; query: string } {
  const url = new URL(link);
  return { path: url.pathname, query: decodeURIComponent(url.search.slice(1)) };
}

describe('item links', () => {
  it('a plain link is readable and names the gateway only', () => {
    assert.equal(itemLink('vscode', { gateway: 'staging', id: 'pg_000123' }), 'vscode://pagegateway.page-gateway-explorer/open?gateway=staging&id=pg_000123');
  });

  it('a link carries the host encoded once (no %253A), and it comes back as the handler receives it', () => {
    const link = itemLink('vscode', { gateway: '127.0.0.1:18787', host: '127.0.0.1:18787', id: 'pg_000123' });
    assert.equal(link, 'vscode://pagegateway.page-gateway-explorer/open?gateway=127.0.0.1:18787&host=127.0.0.1:18787&id=pg_000123');
    const { path, query } = received(link);
    assert.deepEqual(parseItemLink(path, query), { ok: true, gateway: '127.0.0.1:18787', host: '127.0.0.1:18787', id: 'pg_000123' });
    assert.equal(itemLink('vscode', { gateway: 'a b', host: '[::1]:8080', id: 'x' }), 'vscode://pagegateway.page-gateway-explorer/open?gateway=a%20b&host=%5B::1%5D:8080&id=x');
  });

  it('links of earlier versions (each value encoded twice, no host) still open', () => {
    const { path, query } = received('vscode://pagegateway.page-gateway-explorer/open?gateway=127.0.0.1%253A18787&id=a%2526b');
    assert.deepEqual(parseItemLink(path, query), { ok: true, gateway: '127.0.0.1:18787', id: 'a&b' });
  });

  it('a host that is not a plain host[:port] is left out (the link still opens by name); it is lower-cased', () => {
    for (const host of ['user@h.example', 'h.example/path', 'h.example?k=1', 'h.example:99999999', '-h.example', 'h ex']) {
      const parsed = parseItemLink('/open', `gateway=a&host=${encodeURIComponent(host)}&id=b`);
      assert.deepEqual(parsed, { ok: true, gateway: 'a', id: 'b' }, host);
    }
    assert.deepEqual(parseItemLink('/open', 'gateway=a&host=API.Example.com:8443&id=b'), { ok: true, gateway: 'a', host: 'api.example.com:8443', id: 'b' });
  });

  describe('which gateway a link opens on', () => {
    const staging = { name: 'staging', host: '127.0.0.1:18787' };
    const tenantB = { name: 'tenant-b', host: '127.0.0.1:18787' };
    const prod = { name: 'prod', host: 'api.example.com' };

    it('by name first (case ignored), even when another gateway is on the host', () => {
      assert.deepEqual(linkGatewayMatch({ gateway: 'STAGING', host: 'api.example.com' }, [prod, staging]), { kind: 'found', gateway: staging, by: 'name' });
    });

    it('then by host when exactly one gateway is there', () => {
      assert.deepEqual(linkGatewayMatch({ gateway: 'their-prod', host: 'API.example.com' }, [staging, prod]), { kind: 'found', gateway: prod, by: 'host' });
    });

    it('then asks: among the gateways on the host when several are, else among all; none configured is none', () => {
      assert.deepEqual(linkGatewayMatch({ gateway: 'x', host: '127.0.0.1:18787' }, [staging, prod, tenantB]), { kind: 'ask', among: [staging, tenantB] });
      assert.deepEqual(linkGatewayMatch({ gateway: 'x', host: 'elsewhere.example' }, [staging, prod]), { kind: 'ask', among: [staging, prod] });
      assert.deepEqual(linkGatewayMatch({ gateway: 'x' }, [staging]), { kind: 'ask', among: [staging] });
      assert.deepEqual(linkGatewayMatch({ gateway: 'x', host: 'h.example' }, []), { kind: 'none' });
    });
  });

  it('property: any gateway name and id survive the editor decoding the link once', () => {
    // eslint-disable-next-line no-control-regex
    const text = (max: number): fc.Arbitrary<string> => fc.string({ minLength: 1, maxLength: max, unit: 'grapheme' }).filter((s) => s.trim() === s && s !== '' && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s));
    fc.assert(
      fc.property(text(64), text(300), (gateway, id) => {
        const { path, query } = received(itemLink('code-oss', { gateway, id }));
        assert.deepEqual(parseItemLink(path, query), { ok: true, gateway, id });
        const withHost = received(itemLink('code-oss', { gateway, host: 'h.example:8443', id }));
        assert.deepEqual(parseItemLink(withHost.path, withHost.query), { ok: true, gateway, host: 'h.example:8443', id });
      }),
    );
    for (const id of ['a&id=b', '100%', 'x=y', 'a+b', 'pg 1', '#frag', '?q']) {
      const { path, query } = received(itemLink('vscode', { gateway: 'a&b', id }));
      assert.deepEqual(parseItemLink(path, query), { ok: true, gateway: 'a&b', id });
    }
  });

  it('refuses other paths, missing, empty, repeated or overlong values, and control characters', () => {
    assert.deepEqual(parseItemLink('/other', 'gateway=a&id=b'), { ok: false, problem: 'path' });
    assert.deepEqual(parseItemLink('/open', 'id=b'), { ok: false, problem: 'gateway' });
    assert.deepEqual(parseItemLink('/open', 'gateway=a&gateway=b&id=c'), { ok: false, problem: 'gateway' });
    assert.deepEqual(parseItemLink('/open', 'gateway=%20&id=c'), { ok: false, problem: 'gateway' });
    assert.deepEqual(parseItemLink('/open', 'gateway=a'), { ok: false, problem: 'id' });
    assert.deepEqual(parseItemLink('/open', 'gateway=a&id='), { ok: false, problem: 'id' });
    assert.deepEqual(parseItemLink('/open', `gateway=a&id=${'x'.repeat(1001)}`), { ok: false, problem: 'id' });
    assert.deepEqual(parseItemLink('/open', 'gateway=a&id=x%0Ay'), { ok: false, problem: 'id' });
    assert.deepEqual(parseItemLink('/open', `gateway=a&id=${'%25'.repeat(100_000)}`), { ok: false, problem: 'id' });
  });
  it('a gateway name of 64 characters and an id of 1,000 are the longest that open', () => {
    const gateway = 'g'.repeat(64);
    const id = 'x'.repeat(1000);
    assert.deepEqual(parseItemLink('/open', `gateway=${gateway}&id=${id}`), { ok: true, gateway, id });
    assert.deepEqual(parseItemLink('/open', `gateway=${gateway}g&id=x`), { ok: false, problem: 'gateway' });
  });
});
