import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { PageGroup } from '../../../../../src/api/model';
import { pageGroupMatcher } from '../../../../../src/features/pageGroups/model/pageGroupMatch';
import { haystackOf, matches, prepareQuery } from '../../../../../src/model/textMatch';

/** The simple rule: one normalized haystack per page group (textMatch.ts). */
const simple = (typed: string, value: PageGroup): boolean =>
  matches(prepareQuery(typed), haystackOf([value.pageGroupId, value.name, value.title, value.tenantId, value.brandId]), value.pageGroupId);

describe('page group matching', () => {
  const text = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('Café', 'CAFE', 'pg_000123', 'pg_1', 'tnt_acme', 'TNT_ACME', 'Zürich', 'ΣΑΣ', 'İstanbul', 'ß', '\u212a', ''));
  const field = fc.option(text, { nil: undefined });
  const pageGroup = fc.record({ pageGroupId: field, name: field, title: field, tenantId: field, brandId: field }).map((fields) => {
    const value: Record<string, string> = {};
    for (const [key, v] of Object.entries(fields)) {
      if (v !== undefined) {
        value[key] = v;
      }
    }
    return value as PageGroup;
  });

  it('property: one matcher asked for many page groups (tenants and brands repeating) answers as the simple rule does for each', () => {
    fc.assert(
      fc.property(fc.oneof(text, pageGroup.map((value) => `see /${value.pageGroupId ?? ''}?x`)), fc.array(pageGroup, { maxLength: 30 }), (typed, values) => {
        fc.pre(!typed.includes('\u0000'));
        const isMatch = pageGroupMatcher(prepareQuery(typed));
        // Each page group twice: the second answer comes from what the matcher remembered of its tenant and brand.
        for (const value of [...values, ...values]) {
          assert.equal(isMatch(value), simple(typed, value), JSON.stringify({ typed, value }));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('more distinct tenants than it remembers: the answers stay the same', () => {
    const isMatch = pageGroupMatcher(prepareQuery('tnt_7'));
    for (let n = 0; n < 3000; n += 1) {
      const value: PageGroup = { pageGroupId: `pg_${n}`, tenantId: `tnt_${n}` };
      assert.equal(isMatch(value), simple('tnt_7', value), `tnt_${n}`);
    }
  });
});
