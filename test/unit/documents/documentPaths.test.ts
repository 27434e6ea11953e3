import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { documentPath, formatJson, parseDocumentPath, type DocumentTarget } from '../../../src/documents/documentPaths';

describe('document paths', () => {
  it('are readable and end in .json', () => {
    assert.equal(documentPath({ kind: 'pageGroup', id: 'pg_000001' }), '/page-groups/pg_000001.json');
    assert.equal(documentPath({ kind: 'webhook', id: 'wh_0001' }), '/webhooks/wh_0001.json');
    assert.equal(documentPath({ kind: 'statusGroup', status: 'published' }), '/status/published.json');
    assert.equal(documentPath({ kind: 'unstatusedGroup' }), '/no-status/page-groups.json');
  });

  it('property: any id or status survives the round trip, slashes and all', () => {
    const target = fc.oneof(
      fc.string({ minLength: 1 }).map((id): DocumentTarget => ({ kind: 'pageGroup', id })),
      fc.string({ minLength: 1 }).map((id): DocumentTarget => ({ kind: 'webhook', id })),
      fc.string({ minLength: 1 }).map((status): DocumentTarget => ({ kind: 'statusGroup', status })),
      fc.constant<DocumentTarget>({ kind: 'unstatusedGroup' }),
    );
    fc.assert(fc.property(target, (t) => assert.deepEqual(parseDocumentPath(documentPath(t)), t)));
  });

  it('rejects paths that are not ours', () => {
    assert.equal(parseDocumentPath('/elsewhere/x.json'), undefined);
    assert.equal(parseDocumentPath('/page-groups/a/b.json'), undefined);
    assert.equal(parseDocumentPath('/page-groups/%E0%A4%A.json'), undefined);
    assert.equal(parseDocumentPath('/no-status/other.json'), undefined);
  });

  it('formats with the editor indentation', () => {
    assert.equal(formatJson({ a: [1] }, { insertSpaces: true, tabSize: 2 }), '{\n  "a": [\n    1\n  ]\n}\n');
    assert.equal(formatJson({ a: 1 }, { insertSpaces: false, tabSize: 4 }), '{\n\t"a": 1\n}\n');
  });
});
