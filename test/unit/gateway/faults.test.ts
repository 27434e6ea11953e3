import assert from 'node:assert/strict';
import { FaultBook, parseFaultRule, type FaultRule, type FaultTarget } from '../../gateway/faults';

const firstPage: FaultTarget = { path: 'page_groups', status: undefined, hasCursor: false };
const laterDraftPage: FaultTarget = { path: 'page_groups', status: 'draft', hasCursor: true };
const webhooks: FaultTarget = { path: 'webhook_subscriptions', status: undefined, hasCursor: false };

function kinds(book: FaultBook, targets: readonly FaultTarget[]): (string | undefined)[] {
  return targets.map((t) => book.take(t)?.kind);
}

describe('sample gateway fault book', () => {
  it('matches path, status (null = unfiltered) and withCursor', () => {
    const book = new FaultBook();
    book.add({ kind: 'reset', path: 'webhook_subscriptions' });
    book.add({ kind: 'badItems', status: 'draft' });
    book.add({ kind: 'malformedJson', status: null, withCursor: false });
    assert.deepEqual(kinds(book, [webhooks, laterDraftPage, firstPage]), ['reset', 'badItems', 'malformedJson']);
    assert.equal(book.take({ path: 'page_groups', status: 'published', hasCursor: true }), undefined);
    assert.equal(book.take({ path: 'page_groups', status: undefined, hasCursor: true }), undefined);
  });

  it('uses statusFilter for status and redirect rules, whose status is the HTTP code', () => {
    const book = new FaultBook();
    book.add({ kind: 'status', status: 500, statusFilter: 'draft' });
    assert.equal(book.take(firstPage), undefined);
    assert.equal(book.take(webhooks), undefined);
    assert.equal(book.take(laterDraftPage)?.kind, 'status');
  });

  it('lets `skip` matching requests through, applies `times` times, then expires', () => {
    const book = new FaultBook();
    book.add({ kind: 'status', status: 401, skip: 1, times: 2 });
    assert.deepEqual(kinds(book, [firstPage, firstPage, webhooks, firstPage, firstPage]), [undefined, 'status', 'status', undefined, undefined]);
    assert.equal(book.size, 0);
  });

  it('tries rules in order of addition; a skipped request goes on to the next rule', () => {
    const book = new FaultBook();
    book.add({ kind: 'reset', skip: 1, times: 1 });
    book.add({ kind: 'delay', ms: 1 });
    assert.deepEqual(kinds(book, [firstPage, firstPage, firstPage]), ['delay', 'reset', 'delay']);
  });

  it('clear() removes every rule', () => {
    const book = new FaultBook();
    book.add({ kind: 'reset' });
    book.clear();
    assert.equal(book.take(firstPage), undefined);
  });

  it('parseFaultRule accepts valid rules and explains invalid ones', () => {
    const valid: FaultRule[] = [
      { kind: 'delay', ms: 10, path: 'page_groups', status: null, withCursor: true, skip: 1, times: 2 },
      { kind: 'status', status: 503, body: 'x', headers: { 'x-a': 'b' } },
      { kind: 'redirect', location: 'http://127.0.0.1:1/', status: 307 },
      { kind: 'webhookVariant', variant: 'lowercaseZ' },
      { kind: 'hugeBody', bytes: 100 },
    ];
    for (const rule of valid) {
      assert.deepEqual(parseFaultRule(JSON.parse(JSON.stringify(rule))), { rule });
    }
    for (const bad of [null, [], {}, { kind: 'nope' }, { kind: 'delay' }, { kind: 'status', status: 99 }, { kind: 'redirect', location: 'x', status: 303 },
      { kind: 'webhookVariant', variant: 'x' }, { kind: 'reset', times: -1 }, { kind: 'reset', path: 'other' }]) {
      assert.ok('error' in parseFaultRule(bad), JSON.stringify(bad));
    }
  });
});
