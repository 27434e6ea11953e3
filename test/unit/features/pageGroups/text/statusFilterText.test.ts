import { strict as assert } from 'node:assert';
import { EMPTY_STATUS, NO_STATUS } from '../../../../../src/features/pageGroups/model/pageGroupsModel';
import { statusFilterDescription } from '../../../../../src/features/pageGroups/text/statusFilterText';

describe('status filter description', () => {
  it('says nothing when no filter is in force', () => {
    assert.equal(statusFilterDescription([], false), undefined);
    assert.equal(statusFilterDescription([], true), undefined);
  });

  it('names the status as its row does: "(no status)" for page groups without one', () => {
    assert.equal(statusFilterDescription([{ gatewayName: 'staging', key: 'draft' }], false), 'status: draft');
    assert.equal(statusFilterDescription([{ gatewayName: 'staging', key: NO_STATUS }], false), 'status: (no status)');
  });

  it('with several gateways, names each filter by its gateway, in order', () => {
    assert.equal(
      statusFilterDescription(
        [
          { gatewayName: 'staging', key: 'draft' },
          { gatewayName: 'prod', key: 'live' },
        ],
        true,
      ),
      'staging status: draft · prod status: live',
    );
  });

  it('names the empty status, and shows a hostile status without its control or bidi characters', () => {
    assert.equal(statusFilterDescription([{ gatewayName: 'staging', key: EMPTY_STATUS }], false), 'status: (empty status "")');
    const shown = statusFilterDescription([{ gatewayName: 'staging', key: 'dr\u202eaft\nx' }], false) ?? '';
    assert.doesNotMatch(shown, /[\u202e\n]/);
    assert.match(shown, /^status: dr.*aft.*x$/);
  });
});
