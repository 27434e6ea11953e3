import { strict as assert } from 'node:assert';
import type { CheckedPageGroup } from '../../../src/api/model';
import { firstOfId } from '../../../src/model/searchCandidate';
import { pageGroupMatcher } from '../../../src/features/pageGroups/model/pageGroupMatch';
import { prepareQuery } from '../../../src/model/textMatch';

const item = (value: CheckedPageGroup['value']): CheckedPageGroup => ({ raw: value, value, problems: [] });

describe('search candidates', () => {
  it('page groups match on id, name, title, tenant and brand, accents and case ignored; not on other fields', () => {
    const candidate = item({ pageGroupId: 'pg_1', name: 'landing', title: 'Café Page', tenantId: 'tnt_acme', brandId: 'brd_x', pageContext: 'marketing' });
    for (const query of ['pg_1', 'LANDING', 'cafe page', 'tnt_acme', 'brd_x']) {
      assert.ok(pageGroupMatcher(prepareQuery(query))(candidate.value), query);
    }
    assert.equal(pageGroupMatcher(prepareQuery('marketing'))(candidate.value), false);
  });

  it('each id once: a second item with a seen id is no candidate; items without id always are', () => {
    const seen = new Set<string>();
    assert.equal(firstOfId('pg_1', seen), true);
    assert.equal(firstOfId('pg_1', seen), false);
    assert.equal(firstOfId(undefined, seen), true);
    assert.equal(firstOfId(undefined, seen), true);
    assert.deepEqual([...seen], ['pg_1']);
  });
});
