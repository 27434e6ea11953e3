import { strict as assert } from 'node:assert';
import { decodeContinuation, encodeContinuation } from '../../../../src/agent/model/continuation';
import { gatewaysAskedText, requestBudgetText, requestsSentText } from '../../../../src/agent/model/toolText';

describe('agent tools: shared wording and continuations', () => {
  it('the gateways a call asks: named, every one, an unknown name, none configured (never an empty name)', () => {
    assert.equal(gatewaysAskedText(undefined, ['staging', 'production']), '“staging” and “production”');
    assert.equal(gatewaysAskedText('staging', ['staging']), '“staging”');
    assert.equal(gatewaysAskedText('qa', undefined), '“qa” (no such gateway)');
    assert.equal(gatewaysAskedText(undefined, []), 'no gateway (none is configured)');
  });

  it('requests read right for 1 and many', () => {
    assert.equal(requestBudgetText(1), 'up to 1 request per gateway');
    assert.equal(requestBudgetText(20), 'up to 20 requests per gateway');
    assert.equal(requestsSentText(0), 'Requests sent by this call: 0.');
  });

  it('a continuation belongs to its tool; anything else decodes to nothing', () => {
    const token = encodeContinuation('pageGateway_countPageGroups', { q: { status: 'draft' } });
    assert.deepEqual(decodeContinuation(token, 'pageGateway_countPageGroups')?.q, { status: 'draft' });
    assert.equal(decodeContinuation(token, 'pageGateway_findPageGroups'), undefined);
    for (const text of ['', 'pgc2.', 'pgc2.!!', 'pgc1.e30', `pgc2.${'A'.repeat(9000)}`, 'pgc2.bnVsbA']) {
      assert.equal(decodeContinuation(text, 'pageGateway_countPageGroups'), undefined, text.slice(0, 20));
    }
  });
});
