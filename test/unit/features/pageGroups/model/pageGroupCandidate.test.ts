import { strict as assert } from 'node:assert';
import type { CheckedPageGroup } from '../../../../../src/api/model';
import { pageGroupCandidate } from '../../../../../src/features/pageGroups/model/pageGroupCandidate';
import { pageGroupMatcher } from '../../../../../src/features/pageGroups/model/pageGroupMatch';
import { prepareQuery } from '../../../../../src/model/textMatch';

const item = (value: CheckedPageGroup['value']): CheckedPageGroup => ({ raw: value, value, problems: [] });

describe('page group search candidates', () => {
  it('match on id, name, title, tenant and brand, accents and case ignored; not on other fields', () => {
    const candidate = pageGroupCandidate(item({ pageGroupId: 'pg_1', name: 'landing', title: 'Café Page', tenantId: 'tnt_acme', brandId: 'brd_x', pageContext: 'marketing' }), new Set());
    assert.ok(candidate);
    for (const query of ['pg_1', 'LANDING', 'cafe page', 'tnt_acme', 'brd_x']) {
      assert.ok(pageGroupMatcher(prepareQuery(query))(candidate.item.value), query);
    }
    assert.equal(pageGroupMatcher(prepareQuery('marketing'))(candidate.item.value), false);
  });

  it('each id once: a second page group with a seen id is no candidate; page groups without id always are', () => {
    const seen = new Set<string>();
    assert.equal(pageGroupCandidate(item({ pageGroupId: 'pg_1' }), seen)?.id, 'pg_1');
    assert.equal(pageGroupCandidate(item({ pageGroupId: 'pg_1', name: 'again' }), seen), undefined);
    assert.ok(pageGroupCandidate(item({ name: 'no id' }), seen));
    assert.ok(pageGroupCandidate(item({ name: 'no id' }), seen));
    assert.deepEqual([...seen], ['pg_1']);
  });
});
