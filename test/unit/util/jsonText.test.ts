import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { createEncoder } from '../../../src/export/encoder';
import { formatJson } from '../../../src/documents/documentPaths';
import { canonical, changedFields } from '../../../src/model/itemChanges';
import { formatValue } from '../../../src/views/changePresentation';
import { normalizeWebhookList } from '../../../src/features/webhooks/model/normalizeWebhooks';
import { jsonText, MAX_INDENTED_DEPTH } from '../../../src/util/jsonText';

const DEPTH = 100_000;

/** `[[[…[1]…]]]`, `depth` arrays deep, as a server sends it. */
function deepArray(depth: number, leaf = 1): unknown {
  return JSON.parse(`${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`);
}

/** `{"a":{"a":…{"a":leaf}…}}`, `depth` objects deep. */
function deepObject(depth: number, leaf: unknown = 1): unknown {
  return JSON.parse(`${'{"a":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`);
}

describe('jsonText: JSON without recursion', () => {
  it('writes what JSON.stringify writes, compact and indented, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('', '  ', '\t'), (value, indent) => {
        assert.equal(jsonText(value, { indent }), JSON.stringify(value, null, indent));
      }),
    );
  });

  it('sorts keys on demand, maps string values only, and writes undefined as JSON.stringify does', () => {
    assert.equal(jsonText({ b: 1, a: { d: 'x', c: [2] } }, { sortKeys: true }), '{"a":{"c":[2],"d":"x"},"b":1}');
    assert.equal(jsonText({ key: 'v', list: ['w'] }, { mapString: (s) => s.toUpperCase() }), '{"key":"V","list":["W"]}');
    assert.equal(jsonText({ a: undefined, b: [undefined, 1] }), '{"b":[null,1]}');
    assert.equal(jsonText(undefined), undefined);
    assert.equal(jsonText(Number.NaN), 'null');
  });

  it(`writes a value ${DEPTH.toLocaleString('en')} levels deep (JSON.stringify throws), indentation capped`, () => {
    const deep = deepArray(DEPTH);
    assert.throws(() => JSON.stringify(deep), RangeError, 'the case this guards against');
    const compact = jsonText(deep) as string;
    assert.equal(compact.length, 2 * DEPTH + 1);
    const pretty = jsonText(deepObject(DEPTH), { indent: '  ' }) as string;
    assert.ok(pretty.length < 20 * DEPTH, `linear in the depth (${pretty.length} characters)`);
    assert.equal(pretty.split('\n').length, 2 * MAX_INDENTED_DEPTH + 1);
    assert.equal(jsonText(JSON.parse(pretty)), jsonText(deepObject(DEPTH)));
  });

  it('stops after maxChars characters', () => {
    const text = jsonText(deepArray(DEPTH), { maxChars: 50 }) as string;
    assert.ok(text.length >= 50 && text.length < 60, `${text.length}`);
  });
});

describe(`functions over server values at ${DEPTH.toLocaleString('en')} levels of nesting`, () => {
  it('canonical() and changedFields: compare, and tell a change at the bottom', () => {
    assert.equal(canonical(deepArray(DEPTH)), canonical(deepArray(DEPTH)));
    assert.deepEqual(changedFields({ id: 'a', actions: deepArray(DEPTH) }, { id: 'a', actions: deepArray(DEPTH) }), []);
    const fields = changedFields({ id: 'a', actions: deepArray(DEPTH, 1) }, { id: 'a', actions: deepArray(DEPTH, 2) });
    assert.deepEqual(
      fields.map((f) => f.field),
      ['actions'],
    );
    assert.equal(canonical(deepObject(DEPTH, 'x')) === canonical(deepObject(DEPTH, 'y')), false);
  });

  it('a change mark shows the first characters of the value', () => {
    const text = formatValue(deepArray(DEPTH));
    assert.equal(text, `${'['.repeat(79)}…`);
    assert.equal(formatValue(deepObject(DEPTH, 'https://user:secret@hooks.example/')).includes('secret'), false);
  });

  it('export: JSON, NDJSON and CSV write the value whole', () => {
    const item = { pageGroupId: 'pg_deep', actions: deepArray(DEPTH) };
    for (const format of ['json', 'ndjson'] as const) {
      const encoder = createEncoder(format);
      const text = `${encoder.begin()}${encoder.encode([item])}${encoder.end()}`;
      const parsed = (format === 'json' ? JSON.parse(text) : JSON.parse(text.trim())) as unknown;
      const again = format === 'json' ? (parsed as unknown[])[0] : parsed;
      assert.equal(canonical(again), canonical(item), format);
    }
    const csv = createEncoder('csv', ['pageGroupId', 'actions']);
    const text = `${csv.begin()}${csv.encode([item])}`;
    assert.ok(text.includes(`${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`));
  });

  it('documents: Open as JSON shows the value (JSON text, indentation capped)', () => {
    const value = { pageGroupId: 'pg_deep', actions: deepArray(DEPTH) };
    const text = formatJson(value, { insertSpaces: true, tabSize: 2 });
    assert.equal(canonical(JSON.parse(text)), canonical(value));
  });

  it('Compare Webhooks: the normalized list sorts subscriptions with deep urls and events', () => {
    const list = normalizeWebhookList([
      { id: 'b', url: deepArray(DEPTH), events: [deepArray(DEPTH), 'form.submitted'] },
      { id: 'a', url: 'https://a.example/' },
    ]);
    assert.deepEqual(
      list.map((w) => (w as { id: string }).id),
      ['b', 'a'],
    );
  });
});
