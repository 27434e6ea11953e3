import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { documentLocation, documentPath, formatJson, parseDocumentLocation, type DocumentAddress } from '../../../src/documents/documentPaths';

describe('document addresses', () => {
  it('are readable, carry the gateway as authority, and end in .json', () => {
    assert.equal(documentPath('page-groups', 'pg_000001'), '/page-groups/pg_000001.json');
    assert.deepEqual(documentLocation({ gateway: 'staging', folder: 'webhooks', name: 'wh_0001' }), { authority: 'staging', path: '/webhooks/wh_0001.json' });
    assert.equal(documentPath('status', 'published'), '/status/published.json');
  });

  it('the same id on two gateways is two addresses', () => {
    const a = documentLocation({ gateway: 'staging', folder: 'page-groups', name: 'pg_1' });
    const b = documentLocation({ gateway: 'production', folder: 'page-groups', name: 'pg_1' });
    assert.notDeepEqual(a, b);
  });

  it('property: any gateway name and id survive the round trip (spaces, unicode, slashes, lone surrogates)', () => {
    const address = fc.record({
      gateway: fc.oneof(fc.constantFrom('staging', 'prod eu', 'Produktion – Zürich', '本番 環境', 'a b c'), fc.string({ minLength: 1, unit: 'grapheme' })),
      folder: fc.constantFrom('page-groups', 'webhooks', 'status', 'no-status', 'items'),
      name: fc.string({ minLength: 1, unit: 'binary' }),
    });
    fc.assert(
      fc.property(address, (a: DocumentAddress) => {
        const location = documentLocation(a);
        assert.deepEqual(parseDocumentLocation(location.authority, location.path), { ...a });
      }),
    );
  });

  it('rejects paths that are not ours', () => {
    assert.equal(parseDocumentLocation('staging', '/page-groups/a/b.json'), undefined);
    assert.equal(parseDocumentLocation('staging', '/page-groups/%E0%A4%A.json'), undefined);
    assert.equal(parseDocumentLocation('staging', '/Page-Groups/x.json'), undefined);
    assert.equal(parseDocumentLocation('', '/page-groups/x.json'), undefined);
    assert.throws(() => documentPath('../x', 'a'));
  });

  it('formats with the editor indentation', () => {
    assert.equal(formatJson({ a: [1] }, { insertSpaces: true, tabSize: 2 }), '{\n  "a": [\n    1\n  ]\n}\n');
    assert.equal(formatJson({ a: 1 }, { insertSpaces: false, tabSize: 4 }), '{\n\t"a": 1\n}\n');
  });

  it('a value nested 100,000 deep is shown whole: JSON text, indented for its first levels', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) {
      deep = [deep];
    }
    const text = formatJson(deep, { insertSpaces: true, tabSize: 2 });
    assert.ok(text.startsWith('[\n  [\n    [\n'));
    assert.ok(text.includes(`${'['.repeat(1000)}1${']'.repeat(1000)}`));
    let parsed = JSON.parse(text) as unknown;
    let depth = 0;
    while (Array.isArray(parsed)) {
      parsed = parsed[0] as unknown;
      depth += 1;
    }
    assert.equal(depth, 100_000);
    assert.equal(parsed, 1);
  });
});
