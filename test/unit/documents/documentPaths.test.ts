import { strict as assert } from 'node:assert';
import { documentLocation, formatJson, parseDocumentLocation, sameDocument, tabTitle } from '../../../src/documents/documentPaths';

const basename = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

describe('document paths', () => {
  it('an item with a title: the tab names it, then its id, and keeps the .json ending', () => {
    const { authority, path } = documentLocation({ gateway: 'staging', folder: 'page-groups', name: 'pg_000022', title: 'Landing Page 22' });
    assert.equal(authority, 'staging');
    assert.equal(path, '/page-groups/pg_000022/Landing Page 22 · pg_000022.json');
    assert.equal(basename(path), 'Landing Page 22 · pg_000022.json');
    assert.deepEqual(parseDocumentLocation(authority, path), { gateway: 'staging', folder: 'page-groups', name: 'pg_000022', title: 'Landing Page 22' });
  });

  it('a subscription by host and path: slashes read as slashes but make no folders', () => {
    const { path } = documentLocation({ gateway: 'g', folder: 'webhooks', name: 'wh_0002', title: 'hooks.example.com/pages/2' });
    assert.equal(basename(path), 'hooks.example.com\u2215pages\u22152 · wh_0002.json');
    assert.equal(parseDocumentLocation('g', path)?.name, 'wh_0002');
  });

  it('no title, or a title that is the id, keeps the plain form; both forms parse to the same document', () => {
    assert.equal(documentLocation({ gateway: 'g', folder: 'page-groups', name: 'pg_1' }).path, '/page-groups/pg_1.json');
    assert.equal(documentLocation({ gateway: 'g', folder: 'page-groups', name: 'pg_1', title: 'pg_1' }).path, '/page-groups/pg_1.json');
    assert.equal(documentLocation({ gateway: 'g', folder: 'page-groups', name: 'pg_1', title: ' \u202e ' }).path, '/page-groups/pg_1.json');
    const plain = parseDocumentLocation('g', '/page-groups/pg_1.json');
    const titled = parseDocumentLocation('G', '/page-groups/pg_1/Old title · pg_1.json');
    assert.ok(plain && titled && sameDocument(plain, titled));
    assert.equal(sameDocument({ gateway: 'g', folder: 'page-groups', name: 'pg_1' }, { gateway: 'h', folder: 'page-groups', name: 'pg_1' }), false, 'another gateway');
  });

  it('ids with slashes or odd characters still round-trip', () => {
    const name = 'a/b c~\ud800';
    const { path } = documentLocation({ gateway: 'g', folder: 'webhooks', name, title: 'x' });
    assert.equal(parseDocumentLocation('g', path)?.name, name);
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

  it('tab titles: one line, no control or direction characters, cut with an ellipsis', () => {
    assert.equal(tabTitle('a\nb\u202ec'), 'a b c');
    const long = tabTitle('x'.repeat(200));
    assert.equal(long.length, 60);
    assert.ok(long.endsWith('…'));
  });
});
