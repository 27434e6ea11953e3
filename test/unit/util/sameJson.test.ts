import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonical } from '../../../src/model/itemChanges';
import { sameJson } from '../../../src/util/sameJson';

/** A copy of a JSON value with every object's keys in reverse order (the same canonical text). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(reordered);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reordered(inner)]));
  }
  return value;
}

/** A copy with the value at one leaf (picked by `at`, counted depth first) replaced by `by`. */
function changedAt(value: unknown, at: number, by: unknown): unknown {
  let left = at;
  const walk = (inner: unknown): unknown => {
    if (Array.isArray(inner)) {
      return inner.map(walk);
    }
    if (typeof inner === 'object' && inner !== null) {
      return Object.fromEntries(Object.entries(inner).map(([key, v]) => [key, walk(v)]));
    }
    return left-- === 0 ? by : inner;
  };
  return walk(value);
}

describe('sameJson (what comparing canonical texts says, without the texts)', () => {
  it('agrees with the canonical texts for any two JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        assert.equal(sameJson(a, b), canonical(a) === canonical(b));
      }),
      { numRuns: 500 },
    );
  });

  it('a copy with its keys in another order is the same; one leaf changed is not (unless to an equal value)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(50), fc.jsonValue({ maxDepth: 1 }), (a, at, by) => {
        assert.equal(sameJson(a, reordered(a)), true);
        const changed = changedAt(a, at, by);
        assert.equal(sameJson(a, changed), canonical(a) === canonical(changed));
      }),
      { numRuns: 500 },
    );
  });

  it('-0 and 0 are the same text; a string and a number of the same digits are not', () => {
    assert.equal(sameJson({ n: -0 }, { n: 0 }), true);
    assert.equal(sameJson({ n: '1' }, { n: 1 }), false);
    assert.equal(sameJson([1, 2], [1, 2, 3]), false);
    assert.equal(sameJson({ a: 1 }, { b: 1 }), false);
    assert.equal(sameJson(null, {}), false);
  });

  it('leaves what JSON.parse never makes undecided, and the caller falls back to the texts', () => {
    assert.equal(sameJson({ a: 1, b: undefined }, { a: 1 }), undefined, 'an undefined field has no text');
    assert.equal(sameJson([undefined], [null]), undefined);
    assert.equal(sameJson({ when: new Date(0) }, { when: new Date(0) }), undefined);
    assert.equal(sameJson(Number.NaN, null), undefined);
    assert.equal(sameJson({ a: 1, b: 2 }, { a: 2, f: () => 1 }), undefined);
  });

  it('compares values nested 100,000 deep without running out of stack', () => {
    const deep = (leaf: number): unknown => {
      let value: unknown = leaf;
      for (let i = 0; i < 100_000; i++) {
        value = i % 2 === 0 ? [value] : { v: value };
      }
      return value;
    };
    assert.equal(sameJson(deep(1), deep(1)), true);
    assert.equal(sameJson(deep(1), deep(2)), false);
  });
});
