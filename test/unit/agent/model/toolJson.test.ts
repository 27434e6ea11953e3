import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { boundedRow, fitJson, jsonEqual, modelJson, pruneForModel } from '../../../../src/agent/model/toolJson';

function nested(depth: number, leaf: unknown = 'leaf'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) {
    value = i % 2 === 0 ? [value] : { child: value };
  }
  return value;
}

describe('agent tools: JSON for the model', () => {
  it('100,000 levels of nesting: whole JSON, the depth cut and marked, no RangeError', () => {
    const json = modelJson({ deep: nested(100_000) });
    const parsed = JSON.parse(json) as unknown;
    assert.match(json, /nested deeper than 32 levels/);
    assert.ok(JSON.stringify(parsed).length < 2000);
    assert.equal(jsonEqual(nested(100_000), nested(100_000)), true);
    assert.equal(jsonEqual(nested(100_000), nested(100_000, 'other')), false);
  });

  it('URL passwords are masked anywhere in a value', () => {
    const json = modelJson({ url: 'https://bob:hunter2@hooks.example/x', nested: [{ href: 'ftp://u:pw@host/' }], plain: 'a:b@c' });
    assert.ok(!json.includes('hunter2') && !json.includes(':pw@'));
    assert.match(json, /bob:\*\*\*@hooks\.example/);
    assert.match(json, /"plain":"a:b@c"/);
  });

  it('long arrays, many fields and long strings are cut with markers that say how much', () => {
    const copy = pruneForModel({ list: Array.from({ length: 10 }, (_, i) => i), text: 'abcdef', wide: { a: 1, b: 2, c: 3, d: 4 } }, { maxDepth: 5, maxArray: 3, maxString: 3 });
    assert.equal(copy.cut, true);
    assert.deepEqual(JSON.parse(JSON.stringify(copy.value)), {
      list: [0, 1, 2, '(cut: 7 more elements)'],
      text: 'abc… (cut: 6 characters in all)',
      wide: { a: 1, b: 2, c: 3, '(cut)': '1 more fields' },
    });
  });

  it('a "__proto__" field stays a field', () => {
    const raw = JSON.parse('{"__proto__":{"x":1},"y":2}') as unknown;
    assert.equal(modelJson(raw), '{"__proto__":{"x":1},"y":2}');
  });

  it('property: whatever the value, modelJson and fitJson give JSON that parses, and fitJson stays in the budget when it can', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 200, max: 5000 }), (value, budget) => {
        JSON.parse(modelJson(value));
        const fitted = fitJson(value, budget);
        JSON.parse(fitted.json);
        if (!fitted.cut) {
          assert.ok(jsonEqual(JSON.parse(fitted.json), JSON.parse(JSON.stringify(value))));
        }
        const row = boundedRow(value, 300);
        assert.ok(JSON.stringify(row).length <= 300 || JSON.stringify(row).length < 400);
      }),
      { numRuns: 300 },
    );
  });
});
