// What screen readers say for rows whose meaning the tree shows by icon or color: every state in words.
import { strict as assert } from 'node:assert';
import { contractProblems, messageAccessibleLabel, spoken, spokenDescription } from '../../../src/text/accessibleText';
import { groupAccessibleLabel, type GroupSummary } from '../../../src/features/pageGroups/text/groupPresentation';
import { EMPTY_STATUS, NO_STATUS } from '../../../src/features/pageGroups/model/pageGroupsModel';
import { pageGroupAccessibleLabel } from '../../../src/features/pageGroups/text/pageGroupPresentation';
import { eventAccessibleLabel, webhookAccessibleLabel } from '../../../src/features/webhooks/text/webhookPresentation';

const summary = (over: Partial<GroupSummary>): GroupSummary => ({ started: true, loading: false, loaded: 20, hasMore: false, hiddenDeleted: 0, ...over });

describe('accessible labels', () => {
  it('joins the parts that have text with pauses', () => {
    assert.equal(spoken('a', undefined, false, '', ' ', 'b'), 'a, b');
    assert.equal(spokenDescription('n · 3 pages · deleted'), 'n, 3 pages, deleted');
  });

  it('says what a message row icon means: error, warning, or nothing for information', () => {
    assert.equal(messageAccessibleLabel('error', "Couldn't load page groups — retry", 'HTTP 500'), "Error: Couldn't load page groups — retry, HTTP 500");
    assert.equal(messageAccessibleLabel('warning', 'Set API Key…', 'no API key yet'), 'Warning: Set API Key…, no API key yet');
    assert.equal(messageAccessibleLabel('info', 'No page groups'), 'No page groups');
  });

  it('counts contract problems, and says nothing without any', () => {
    assert.equal(contractProblems(0), undefined);
    assert.equal(contractProblems(1), 'breaks the API contract (1 problem)');
    assert.equal(contractProblems(3), 'breaks the API contract (3 problems)');
  });

  describe('status rows', () => {
    it('say loaded, more available, loading, refreshing and a failed load (the spinner and the warning icon)', () => {
      assert.equal(groupAccessibleLabel('published', summary({ started: false }), false), 'Status published, not loaded yet');
      assert.equal(groupAccessibleLabel('published', summary({ started: false, loading: true }), false), 'Status published, not loaded yet, loading');
      assert.equal(groupAccessibleLabel('published', summary({ hasMore: true }), false), 'Status published, 20 page groups loaded, more available');
      assert.equal(groupAccessibleLabel('draft', summary({ loaded: 1 }), false), 'Status draft, 1 page group loaded');
      assert.equal(groupAccessibleLabel('draft', summary({ refreshing: true, started: false, loading: true }), false), 'Status draft, 20 page groups loaded, refreshing');
      assert.equal(
        groupAccessibleLabel('draft', summary({ hasMore: true, hiddenDeleted: 2 }), true),
        'Status draft, 20 page groups loaded, more available, 2 deleted hidden, the last load failed',
      );
    });

    it('name the groups without a status and with the empty status', () => {
      assert.equal(
        groupAccessibleLabel('draft', summary({ hasMore: true, known: { count: 64, exact: true, source: 'unfiltered' } }), false),
        'Status draft, 64 page groups in all, 20 page groups loaded, more available',
      );
      assert.match(groupAccessibleLabel('draft', summary({ started: false, loaded: 0, remembered: { count: 64, at: Date.now() } }), false), /^Status draft, 64 page groups in all as of .+, not loaded yet$/);
      assert.match(groupAccessibleLabel(NO_STATUS, summary({}), false), /^Page groups without a status, /);
      assert.match(groupAccessibleLabel(EMPTY_STATUS, summary({}), false), /^Page groups with the empty status "", /);
    });

    it('show a hostile status escaped', () => {
      assert.equal(groupAccessibleLabel('a\u202Eb', summary({ started: false }), false), 'Status a\\u202Eb, not loaded yet');
    });
  });

  it('page group rows say deleted and contract problems (the trash and warning icons)', () => {
    const value = { pageGroupId: 'pg_1', title: 'Checkout', name: 'checkout-flow', pagesCount: 3, deletedAt: '2026-01-01T00:00:00Z' };
    assert.equal(pageGroupAccessibleLabel({ raw: value, value, problems: [] }), 'Page group Checkout, checkout-flow, 3 pages, deleted');
    assert.equal(
      pageGroupAccessibleLabel({ raw: {}, value: { pageGroupId: 'pg_2' }, problems: [{ kind: 'wrongType', field: 'pagesCount', expected: 'number', got: 'string' }] }),
      'Page group pg_2, breaks the API contract (1 problem)',
    );
  });

  it('webhook rows say active or inactive (the icon and its color) and contract problems', () => {
    const value = { id: 'wh_1', url: 'https://hooks.example.com/a', events: ['form.submitted'], active: false };
    assert.equal(webhookAccessibleLabel({ raw: value, value, problems: [] }), 'Webhook subscription hooks.example.com/a, inactive, 1 event');
    assert.equal(
      webhookAccessibleLabel({ raw: value, value: { ...value, active: true, events: null }, problems: [{ kind: 'unknownEvent', event: 'a' }, { kind: 'unknownEvent', event: 'b' }] }),
      'Webhook subscription hooks.example.com/a, active, events not specified, breaks the API contract (2 problems)',
    );
  });

  it('event rows say when a kind is unknown (the warning icon)', () => {
    assert.equal(eventAccessibleLabel('form.submitted'), 'Event form.submitted');
    assert.equal(eventAccessibleLabel('form.deleted'), 'Warning: unknown event kind form.deleted, not one of the kinds the API contract lists');
  });
});
