import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { PageValues, sharePageValues } from '../../../src/api/pageValues';
import { loadContractSchemas, parsePageGroupPage } from '../../../src/api/schemas';

/** A page group whose shared fields hold any JSON (strings long and short, nested arrays, objects, nulls). */
const pageGroupLike = fc.record(
  {
    pageGroupId: fc.string(),
    tenantId: fc.oneof(fc.constantFrom('tnt_initech_longer', 'tnt_acme'), fc.jsonValue()),
    brandId: fc.jsonValue(),
    pageContext: fc.string({ maxLength: 30 }),
    status: fc.constantFrom('published', 'a status longer than ten', ''),
    actions: fc.oneof(fc.constant([]), fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 })),
    footerLinks: fc.oneof(fc.jsonValue(), fc.array(fc.record({ label: fc.string(), href: fc.constantFrom('https://www.example.com/privacy', 'https://www.example.com/terms') }), { maxLength: 3 })),
    scripts: fc.array(fc.oneof(fc.record({ src: fc.constant('https://cdn.example.com/js/analytics.js'), async: fc.boolean() }), fc.string()), { maxLength: 3 }),
  },
  { requiredKeys: ['pageGroupId'] },
);


// Parsing uses the contract's schemas: loaded first, as GatewayClient does before a request.
before(() => loadContractSchemas());

describe('PageValues: one copy per page of the values that repeat', () => {
  it('leaves every page group equal to what the server sent (a property over any JSON in the shared fields)', () => {
    fc.assert(
      fc.property(fc.array(pageGroupLike, { maxLength: 8 }), (items) => {
        const body = JSON.stringify({ items, hasMore: false, limit: 100 });
        const page = sharePageValues(parsePageGroupPage(JSON.parse(body), 100));
        assert.deepEqual(
          page.items.map((item) => item.raw),
          JSON.parse(body).items,
        );
        // What "Open as JSON" and the export write from it is the same text.
        assert.equal(JSON.stringify(page.items.map((item) => item.raw)), JSON.stringify(JSON.parse(body).items));
      }),
    );
  });

  it('gives every empty actions, footerLinks and scripts array of a page one frozen empty array', () => {
    const body = JSON.stringify({
      items: [
        { pageGroupId: 'pg_1', actions: [], footerLinks: [], scripts: ['https://cdn.example.com/js/a.js'] },
        { pageGroupId: 'pg_2', actions: [], footerLinks: [], scripts: [] },
      ],
      hasMore: false,
      limit: 20,
    });
    const [first, second] = sharePageValues(parsePageGroupPage(JSON.parse(body))).items.map((item) => item.raw as Record<string, unknown>);
    assert.ok(first !== undefined && second !== undefined);
    assert.equal(first.actions, second.actions);
    assert.equal(first.footerLinks, second.actions);
    assert.equal(second.scripts, second.actions);
    assert.ok(Object.isFrozen(first.actions));
    assert.deepEqual(first.scripts, ['https://cdn.example.com/js/a.js']);
    assert.notEqual(first.scripts, second.scripts);
  });

  it('leaves fields that are not the shared ones, and what is not an array there, as they are', () => {
    const values = new PageValues();
    const nested = [['https://cdn.example.com/js/inner.js']];
    const item: Record<string, unknown> = { title: 'A title of more than ten', actions: nested, footerLinks: 'not an array', scripts: null, extra: [] };
    const extra = item.extra;
    values.shareIn(item);
    assert.equal(item.actions, nested);
    assert.deepEqual(item.actions, [['https://cdn.example.com/js/inner.js']]);
    assert.equal(item.footerLinks, 'not an array');
    assert.equal(item.scripts, null);
    assert.equal(item.extra, extra);
    assert.ok(!Object.isFrozen(item.extra));
  });
});
