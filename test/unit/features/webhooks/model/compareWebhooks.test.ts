import { strict as assert } from 'node:assert';
import { compareWebhookLists } from '../../../../../src/features/webhooks/model/compareWebhooks';

describe('agent tools: comparing webhook subscriptions', () => {
  const a = [
    { id: 'a1', url: 'https://x.example/hook', events: ['form.submitted', 'form.enriched'], active: true },
    { id: 'a2', url: 'https://user:secret@only-a.example/', events: [], active: true },
    { id: 'a3', url: 'https://same.example/', events: ['form.enriched'], active: false },
    { id: 'a5', url: 'https://only-a-submitted.example/', events: ['form.submitted'], active: true },
  ];
  const b = [
    { id: 'b1', url: 'https://x.example/hook', events: ['form.enriched'], active: false },
    { id: 'b3', url: 'https://same.example/', events: ['form.enriched'], active: false },
    { id: 'b4', url: 'https://only-b.example/', events: null, active: true, __proto__: 'field' },
  ];

  it('pairs by URL: only in A, only in B, changed fields (events sorted, ids not counted), passwords masked', () => {
    const diff = compareWebhookLists(a, JSON.parse(JSON.stringify(b)) as unknown[]);
    assert.equal(diff.same, 1);
    assert.equal(diff.changed.length, 1);
    assert.deepEqual(diff.changed[0]?.fields, ['active', 'events']);
    assert.equal(diff.changed[0]?.url, 'https://x.example/hook');
    assert.deepEqual((diff.changed[0]?.a as { events: string[] }).events, ['form.enriched', 'form.submitted']);
    assert.equal((diff.changed[0]?.b as { id: string }).id, 'b1');
    assert.deepEqual(
      diff.onlyInA.map((value) => (value as { id: string }).id),
      ['a5', 'a2'],
    );
    assert.ok(!JSON.stringify(diff).includes('secret'));
    assert.equal((diff.onlyInB[0] as { id: string }).id, 'b4');
  });

  it('with an event: only what concerns it (one side receives it), the same counted among those', () => {
    const diff = compareWebhookLists(a, b, 'FORM.SUBMITTED');
    assert.deepEqual(diff.onlyInA.map((value) => (value as { id: string }).id), ['a5']);
    assert.deepEqual(diff.onlyInB, []);
    assert.deepEqual(diff.changed.map((change) => change.url), ['https://x.example/hook']);
    assert.equal(diff.same, 0);
    const enriched = compareWebhookLists(a, b, 'form.enriched');
    assert.equal(enriched.same, 1);
  });

  it('fields nested 100,000 levels deep are compared without recursion', () => {
    let deep: unknown = 'leaf';
    let other: unknown = 'other leaf';
    for (let i = 0; i < 100_000; i += 1) {
      deep = [deep];
      other = [other];
    }
    const diff = compareWebhookLists([{ id: 'a', url: 'https://d.example/', extra: deep }], [{ id: 'b', url: 'https://d.example/', extra: other }]);
    assert.deepEqual(diff.changed[0]?.fields, ['extra']);
    const same = compareWebhookLists([{ id: 'a', url: 'https://d.example/', extra: deep }], [{ id: 'b', url: 'https://d.example/', extra: deep }]);
    assert.equal(same.same, 1);
  });
});
