import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { TextIndex, textIndexOf } from '../../../../src/agent/model/textIndex';
import { haystackOf, normalizeText } from '../../../../src/model/textMatch';

interface Item {
  readonly id?: string;
  readonly fields: ReadonlyArray<string | undefined>;
}

const fieldsOf = (item: Item): ReadonlyArray<string | undefined> => [item.id, ...item.fields];
const idOf = (item: Item): string | undefined => item.id;
const simpleMatches = (items: readonly Item[], text: string, from: number): number[] =>
  items.flatMap((item, index) => (index >= from && haystackOf(fieldsOf(item)).includes(text) ? [index] : []));

describe('text index', () => {
  const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('Café', 'cafe', 'CAFE', 'ΣΑΣ', 'İ', 'pg_1', 'pg_10', 'x\u0001y', 'a\u0000b', ''));
  const item = fc.record({ id: fc.option(text, { nil: undefined }), fields: fc.array(fc.option(text, { nil: undefined }), { maxLength: 4 }) }).map((r) =>
    r.id === undefined ? { fields: r.fields } : { id: r.id, fields: r.fields },
  );

  it('property: as the list grows, the matches from any place are the items whose haystack holds the text; ids likewise', () => {
    fc.assert(
      fc.property(fc.array(fc.array(item, { maxLength: 700 }), { minLength: 1, maxLength: 5 }), text, fc.nat(), (steps, typed, fromSeed) => {
        const wanted = normalizeText(typed);
        fc.pre(TextIndex.accepts(wanted));
        const items: Item[] = [];
        const index = new TextIndex<Item>(items, fieldsOf, idOf);
        for (const step of steps) {
          items.push(...step);
          const from = items.length === 0 ? 0 : fromSeed % (items.length + 1);
          assert.deepEqual(index.matches(wanted, from), simpleMatches(items, wanted, from));
          const ids = new Set([typed, 'pg_1', 'Café']);
          const expectedIds = items.flatMap((it, at) => (at >= from && it.id !== undefined && ids.has(it.id) ? [at] : []));
          assert.deepEqual(index.idsAmong(from, ids), expectedIds);
          assert.deepEqual(index.idsWhere(from, (id) => ids.has(id)), expectedIds);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a query holding a separator is not looked for in the index', () => {
    assert.equal(TextIndex.accepts('a\u0000b'), false);
    assert.equal(TextIndex.accepts('a\u0001b'), false);
    assert.equal(TextIndex.accepts(''), false);
    assert.equal(TextIndex.accepts('cafe'), true);
  });

  it('one index per array: the same array gets it again, a new array a new one', () => {
    const items: Item[] = [{ id: 'pg_1', fields: ['Café'] }];
    const first = textIndexOf(items, fieldsOf, idOf);
    assert.equal(textIndexOf(items, fieldsOf, idOf), first);
    assert.notEqual(textIndexOf([...items], fieldsOf, idOf), first);
    assert.deepEqual(first.matches('cafe', 0), [0]);
  });
});
