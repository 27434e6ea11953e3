import * as assert from 'node:assert/strict';
import { rowContextValue } from '../../../src/views/rowCapabilities';

describe('rowContextValue: a row says its name, then what it can do', () => {
  it('puts each capability once, sorted, after the name', () => {
    assert.equal(rowContextValue('pageGroup.deleted', ['item', 'curl', 'item']), 'pageGateway.pageGroup.deleted +curl +item');
  });

  it('leaves out what a row cannot do (false or undefined)', () => {
    assert.equal(rowContextValue('status', ['json', false, undefined, 'loadAll']), 'pageGateway.status +json +loadAll');
    assert.equal(rowContextValue('discover', []), 'pageGateway.discover');
  });

  it('matches the manifest\'s capability clauses and not a longer word', () => {
    const value = rowContextValue('webhook.active', ['item', 'url']);
    assert.match(value, /\+item\b/);
    assert.match(value, /^pageGateway\.webhook/);
    assert.doesNotMatch(rowContextValue('x', ['loadAll']), /\+load\b/);
  });
});
