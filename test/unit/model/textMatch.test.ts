import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { containsToken, fieldsMatcher, fieldTest, haystackOf, idCandidates, matches, normalizeText, prepareQuery, tokenTest } from '../../../src/model/textMatch';

const hit = (typed: string, fields: Array<string | undefined>, id?: string): boolean => matches(prepareQuery(typed), haystackOf(fields), id);

describe('search matching', () => {
  it('is a case- and accent-insensitive substring match over the fields', () => {
    assert.ok(hit('café', ['Grand Cafe Paris']));
    assert.ok(hit('CAFE', ['le café']));
    assert.ok(hit('zürich', ['Zurich office']));
    assert.ok(hit('ss', ['Checkout Flow']) === false);
    assert.ok(hit('tnt_ini', ['x', 'tnt_initech']));
    assert.ok(!hit('tnt_ini', ['x', 'tnt_other']));
  });

  it('an empty query matches everything', () => {
    assert.ok(hit('   ', ['anything']));
  });

  it('a query never matches across two fields', () => {
    assert.ok(!hit('ab', ['a', 'b']));
  });

  it('an id pasted inside a URL, a JSON line or a log line still matches', () => {
    assert.ok(hit('https://admin.example.com/page-groups/pg_000123?tab=json', ['Checkout'], 'pg_000123'));
    assert.ok(hit('{"pageGroupId":"pg_000123","name":"x"}', ['Checkout'], 'pg_000123'));
    assert.ok(hit('2026-01-01 ERROR failed for pg_000123: boom', ['Checkout'], 'pg_000123'));
    assert.ok(!hit('pg_0001234', ['Checkout'], 'pg_000123'), 'not as part of a longer id');
    assert.ok(!hit('xpg_000123', ['Checkout'], 'pg_000123'));
  });

  it('handles ids and text with unicode and punctuation', () => {
    assert.ok(hit('see ид-42/x', ['-'], 'ид-42'));
    assert.ok(containsToken('(pg.1)', 'pg.1'));
    assert.ok(!containsToken('pg_1a', 'pg_1'));
    assert.ok(!containsToken('anything', ''));
  });

  it('property: a field always matches any of its own substrings, whatever the script', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.nat(), fc.nat(), (field, a, b) => {
        const start = Math.min(a, b) % field.length;
        const end = start + 1 + (Math.max(a, b) % (field.length - start));
        const part = field.slice(start, end);
        if (part.trim() !== part || part.trim() === '') {
          return; // the query is trimmed
        }
        if (normalizeText(field).includes(normalizeText(part))) {
          assert.ok(hit(part, [field]));
        }
      }),
    );
  });

  it('property: search text of any length never throws', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), fc.string({ unit: 'binary' }), (typed, field) => {
      hit(typed, [field], field);
    }));
  });

  it('finds id candidates in pasted text, longest first', () => {
    assert.deepEqual(idCandidates('GET /v0/page_groups?cursor=abc → pg_000123.'), ['page_groups', 'pg_000123', 'cursor', 'GET', 'abc']);
    assert.deepEqual(idCandidates('a b'), []);
  });

  it('normalizes to lower case without accents', () => {
    assert.equal(normalizeText('Café ZÜRICH'), 'cafe zurich');
  });

  it('an id at the very start or end of the pasted text matches; one shorter than 3 characters never does as a token', () => {
    assert.ok(containsToken('pg_1', 'pg_1'));
    assert.ok(containsToken('pg_1 is broken', 'pg_1'));
    assert.ok(hit('abc', ['x'], 'abc'), 'three characters are enough');
    assert.ok(!hit('see 12 here', ['x'], '12'));
    assert.ok(!hit('see 12 here', ['x'], undefined));
  });

  it('leaves missing and empty fields out of the searchable text', () => {
    assert.equal(haystackOf(['A', undefined, '', 'b']), 'a\u0000b');
  });

  it('normalizes as NFD without marks, lower-cased in English, whatever the text: ASCII takes a shorter way to the same (property)', () => {
    const reference = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase('en');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (text) => {
        assert.equal(normalizeText(text), reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('the searchable text is each field normalized on its own, joined: final sigma, marks and decompositions at the joins included (property)', () => {
    const reference = (fields: ReadonlyArray<string | undefined>): string =>
      fields
        .filter((field): field is string => field !== undefined && field !== '')
        .map((field) => field.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase('en'))
        .join('\u0000');
    // Texts whose normalization depends on their neighbours: a final capital sigma, a mark or a jamo at the start, …
    const tricky = fc.constantFrom('ΟΔΟΣ', 'Σ', 'ΑΣ', '\u0301abc', 'e\u0301', '\u1161', '\u1100', 'İ', 'ẞ', '\u0345', 'Σ\u0301', '');
    const field = fc.option(fc.oneof(tricky, fc.string({ unit: 'binary' }), fc.string()), { nil: undefined });
    fc.assert(
      fc.property(fc.array(field, { maxLength: 5 }), (fields) => {
        assert.equal(haystackOf(fields), reference(fields));
      }),
      { numRuns: 3000 },
    );
  });

  it('trims dots, colons and dashes around an id candidate, keeping those inside', () => {
    assert.deepEqual(idCandidates('see ..pg.v2-beta:: now'), ['pg.v2-beta', 'see', 'now']);
  });
});

describe('search matching, many items against one query', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 14 }),
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.constantFrom('Café', 'CAFE', 'cafe\u0301', 'pg_000123', 'pg_1', 'tnt_acme', 'Zürich', 'ΣΑΣ', 'İstanbul', 'ß', 'K', '\u212a', 'ſ', 'ı', 'a.b*(c)'),
  );

  it('property: tokenTest(text)(id) is containsToken(text, id), short texts and long ones', () => {
    const pasted = fc.oneof(
      text,
      fc.array(fc.oneof(text, fc.constantFrom(' ', '/', '?', '-', '_', '.', ':', '"', 'pg_1', 'pg_000123')), { maxLength: 12 }).map((parts) => parts.join('')),
      // Long enough that the tokens are not listed (each id is looked for in the text instead).
      fc.array(fc.constantFrom('a ', 'pg_1 ', '/x', 'é-', 'pg_000123?'), { minLength: 80, maxLength: 120 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(pasted, fc.array(text, { maxLength: 6 }), (typed, ids) => {
        const standsIn = tokenTest(typed);
        for (const id of [...ids, ...idCandidates(typed), typed]) {
          assert.equal(standsIn(id), containsToken(typed, id), JSON.stringify({ typed, id }));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('property: fieldTest(query)(field) is normalizeText(field).includes(query.text)', () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 6 }), (typed, fields) => {
        const query = prepareQuery(typed);
        fc.pre(query.text !== '');
        const test = fieldTest(query);
        for (const field of [...fields, typed, typed.toUpperCase()]) {
          assert.equal(test(field), normalizeText(field).includes(query.text), JSON.stringify({ typed, field }));
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('fieldsMatcher (Search over any kind: the fields its kind names)', () => {
  interface Item {
    readonly id?: string;
    readonly fields: ReadonlyArray<string | undefined>;
  }
  const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('Café', 'CAFE', 'wh_0001', 'form.submitted', 'https://a.example/x', 'ΣΑΣ', 'İ', ''));
  const item = fc.record({ id: fc.option(text, { nil: undefined }), fields: fc.array(fc.option(text, { nil: undefined }), { maxLength: 6 }) });

  it('property: for items with any number of fields (values repeating), answers as the simple rule does', () => {
    fc.assert(
      fc.property(text, fc.array(item, { maxLength: 20 }), (typed, items: Item[]) => {
        fc.pre(!typed.includes('\u0000'));
        const isMatch = fieldsMatcher(prepareQuery(typed), (value: Item) => [value.id, ...value.fields], (value: Item) => value.id);
        for (const value of [...items, ...items]) {
          assert.equal(isMatch(value), matches(prepareQuery(typed), haystackOf([value.id, ...value.fields]), value.id), JSON.stringify({ typed, value }));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a field position with more distinct values than it remembers gives the same answers', () => {
    const isMatch = fieldsMatcher(prepareQuery('x_7'), (value: { readonly a: string }) => [value.a], () => undefined);
    for (let n = 0; n < 3000; n += 1) {
      assert.equal(isMatch({ a: `x_${n}` }), `x_${n}`.includes('x_7'), `x_${n}`);
    }
  });
});
