import { strict as assert } from 'node:assert';
import { setLocale } from '../../../src/l10n/locale';
import { plural, pluralCategory, type PluralForms } from '../../../src/l10n/plural';

const NAMES: PluralForms = {
  zero: () => 'zero',
  one: () => 'one',
  two: () => 'two',
  few: () => 'few',
  many: () => 'many',
  other: () => 'other',
};

describe('plural forms', () => {
  afterEach(() => setLocale('en'));

  it('English: one and other', () => {
    assert.deepEqual([0, 1, 2, 5, 21].map((n) => plural(n, NAMES)), ['other', 'one', 'other', 'other', 'other']);
  });

  it("chooses each language's own category (so each can translate its form)", () => {
    setLocale('pl');
    assert.deepEqual([1, 2, 5, 22, 25].map(pluralCategory), ['one', 'few', 'many', 'few', 'many']);
    setLocale('ar');
    assert.deepEqual([0, 1, 2, 3, 11, 100].map(pluralCategory), ['zero', 'one', 'two', 'few', 'many', 'other']);
    setLocale('ru');
    assert.equal(pluralCategory(21), 'one');
    setLocale('fr');
    assert.equal(pluralCategory(0), 'one');
  });

  it('looks up only the chosen form', () => {
    const asked: string[] = [];
    const forms = Object.fromEntries(Object.keys(NAMES).map((c) => [c, () => (asked.push(c), c)])) as unknown as PluralForms;
    assert.equal(plural(3, forms), 'other');
    assert.deepEqual(asked, ['other']);
  });
});
