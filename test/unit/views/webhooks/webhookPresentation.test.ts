import { strict as assert } from 'node:assert';
import { eventsSummary, isKnownEvent, webhookDescription, webhookLabel, webhookTooltip } from '../../../../src/views/webhooks/webhookPresentation';

describe('webhook presentation', () => {
  it('labels with host and path, and keeps a non-URL as it is', () => {
    assert.equal(webhookLabel({ url: 'https://hooks.example.com/pages/1?x=1' }), 'hooks.example.com/pages/1?x=1');
    assert.equal(webhookLabel({ url: 'https://hooks.example.com/' }), 'hooks.example.com');
    assert.equal(webhookLabel({ url: 'not a url' }), 'not a url');
    assert.equal(webhookLabel({ id: 'wh_1' }), 'wh_1');
  });

  it('tells null events from an empty list and from a count', () => {
    assert.equal(eventsSummary(null), 'events: null');
    assert.equal(eventsSummary([]), 'no events');
    assert.equal(eventsSummary(['form.submitted']), '1 event');
    assert.equal(eventsSummary(['a', 'b']), '2 events');
    assert.equal(webhookDescription({ active: false, events: null }), 'inactive · events: null');
    assert.equal(webhookDescription({ active: true, events: [] }), 'active · no events');
  });

  it('knows exactly the six event kinds of the contract', () => {
    for (const kind of ['page.version.created', 'page.version.processed', 'page.version.published', 'form.submitted', 'form.enriched', 'form.enrichment_failed']) {
      assert.equal(isKnownEvent(kind), true, kind);
    }
    assert.equal(isKnownEvent('page.deleted'), false);
    assert.equal(isKnownEvent('Form.Submitted'), false);
  });

  it('tooltip shows events: null literally and problems', () => {
    const text = webhookTooltip({ raw: {}, value: { id: 'wh_1', url: 'https://h/x', active: true, events: null }, problems: [{ kind: 'notUtcTimestamp', field: 'createdAt', value: 'bad' }] });
    assert.match(text, /\*\*Events:\*\* null/);
    assert.match(text, /createdAt: "bad" does not match the contract's UTC pattern/);
  });
});
