import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { collatedRanks } from '../../../../../../src/features/pageGroups/table/model/collatedRanks';

/** The straightforward reference: sort by the collator, each text ranked at the first position of its equals. */
function referenceRanks(texts: readonly string[], collator: Intl.Collator): number[] {
  const sorted = texts.map((_, id) => id).sort((a, b) => collator.compare(texts[a] as string, texts[b] as string));
  const ranks: number[] = new Array<number>(texts.length).fill(0);
  sorted.forEach((id, position) => {
    const previous = sorted[position - 1];
    ranks[id] = previous !== undefined && collator.compare(texts[previous] as string, texts[id] as string) === 0 ? (ranks[previous] as number) : position;
  });
  return ranks;
}

/** A collator that counts the pairs it is asked about. */
function counting(collator: Intl.Collator): { collator: Intl.Collator; calls: () => number } {
  let calls = 0;
  const wrapped = {
    compare: (a: string, b: string): number => {
      calls += 1;
      return collator.compare(a, b);
    },
    resolvedOptions: (): Intl.ResolvedCollatorOptions => collator.resolvedOptions(),
  } as Intl.Collator;
  return { collator: wrapped, calls: () => calls };
}

const LOCALES = ['en', 'de', 'da', 'sv', 'cs', 'hu', 'tr', 'lt', 'et', 'th', 'ja'];
/** Pieces that stress the rule: digits (leading zeros, long runs), spaces and punctuation around them, case, accents, contractions, look-alike digits. */
const PIECES = ['a', 'A', 'aa', 'å', 'ch', 'c', 'h', 'cs', 'y', 'i', 'I', 'ı', 'z', 's', 'é', 'e', ' ', '-', '.', '_', '~', '0', '00', '1', '9', '10', '007', '12345678901234567', '²', '٣', 'Flow ', 'flow', 'Flow', '\u0000', '\u200b'];

describe('Page Groups table: collatedRanks', () => {
  it('ranks texts as a plain collator sort does: numbers in text by value, case and accents ignored, equal texts sharing a rank', () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const texts = ['Checkout 10', 'checkout 9', 'Checkout 9', 'Checkout', 'Checkout0', 'Checkout 009', 'Äpfel 2', 'apfel 10', 'Checkout-1', 'Checkout 1.5'];
    assert.deepEqual(Array.from(collatedRanks(texts, collator)), referenceRanks(texts, collator));
  });

  it('with a collator that weighs accents or case, a number still outranks a case before it', () => {
    for (const sensitivity of ['accent', 'case', 'variant'] as const) {
      const collator = new Intl.Collator('en', { numeric: true, sensitivity });
      const texts = ['a 7', 'A 5', 'a 6', 'A 4'];
      assert.deepEqual(Array.from(collatedRanks(texts, collator)), [3, 1, 2, 0], sensitivity);
    }
  });

  it('property: for any texts and locale, with the table\'s collator or another, the ranks equal the reference sort\'s', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((pieces) => pieces.join(''));
    const options = fc.constantFrom<Intl.CollatorOptions>(
      { numeric: true, sensitivity: 'base' },
      { numeric: true, sensitivity: 'base', ignorePunctuation: true },
      { numeric: true, sensitivity: 'accent' },
      { numeric: false, sensitivity: 'base' },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.string({ maxLength: 5 })), { maxLength: 40 }), fc.constantFrom(...LOCALES), options, (texts, locale, collatorOptions) => {
        const collator = new Intl.Collator(locale, collatorOptions);
        assert.deepEqual(Array.from(collatedRanks(texts, collator)), referenceRanks(texts, collator));
      }),
      { numRuns: 2000 },
    );
  });

  it('asks the collator about a handful of pairs, not every comparison, for titles that differ in a number', () => {
    const { collator, calls } = counting(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
    const flows = ['Checkout Flow ', 'Landing Page ', 'Account Settings ', 'Promo '];
    const texts = Array.from({ length: 10_000 }, (_, i) => `${flows[(i * 7) % flows.length] as string}${(i * 7919) % 10_007}`);
    const sample = texts.slice(0, 9_000);
    const ranks = collatedRanks(sample, collator);
    assert.deepEqual(Array.from(ranks), referenceRanks(sample, new Intl.Collator('en', { numeric: true, sensitivity: 'base' })));
    assert.ok(calls() < 50, `${calls()} collator calls`);
  });
});
