import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { PageGroup } from '../../../../src/api/model';
import { pageGroupMatcher } from '../../../../src/agent/model/pageGroupMatch';
import { haystackOf, matches, prepareQuery } from '../../../../src/model/textMatch';

describe('agent tools: page group matching', () => {
  it('property: the same answer as Search’s haystack matching, for any fields and query', () => {
    const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('Café', 'CAFE', 'pg_000123', 'tnt_acme', 'Zürich', 'ΣΑΣ', 'İstanbul', 'ß'));
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), text, (pageGroupId, name, tenantId, typed) => {
        fc.pre(!typed.includes('\u0000'));
        const value: PageGroup = { ...(pageGroupId === undefined ? {} : { pageGroupId }), ...(name === undefined ? {} : { name }), ...(tenantId === undefined ? {} : { tenantId }) };
        const query = prepareQuery(typed);
        const expected = matches(query, haystackOf([pageGroupId, name, undefined, tenantId, undefined]), pageGroupId);
        assert.equal(pageGroupMatcher(query)(value), expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('regular-expression characters in a query are plain text', () => {
    assert.ok(pageGroupMatcher(prepareQuery('a.b*(c)'))({ name: 'x a.b*(c) y' }));
    assert.ok(!pageGroupMatcher(prepareQuery('a.b'))({ name: 'axb' }));
  });
});
