import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { itemLink, parseItemLink } from '../../../src/model/itemLink';

/** What the handler receives: the link's path and its query decoded once, as the editor parses a URI. */
function received(link: string): { path: string; query: string } {
  const url = new URL(link);
  return { path: url.pathname, query: decodeURIComponent(url.search.slice(1)) };
}

describe('item links', () => {
  it('a plain link is readable and names the gateway only', () => {
    assert.equal(itemLink('vscode', { gateway: 'staging', id: 'pg_000123' }), 'vscode://pagegateway.page-gateway-explorer/open?gateway=staging&id=pg_000123');
  });

  it('property: any gateway name and id survive the editor decoding the link once', () => {
    // eslint-disable-next-line no-control-regex
    const text = (max: number): fc.Arbitrary<string> => fc.string({ minLength: 1, maxLength: max, unit: 'grapheme' }).filter((s) => s.trim() === s && s !== '' && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s));
    fc.assert(
      fc.property(text(64), text(300), (gateway, id) => {
        const { path, query } = received(itemLink('code-oss', { gateway, id }));
        assert.deepEqual(parseItemLink(path, query), { ok: true, gateway, id });
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
