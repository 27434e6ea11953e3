import { strict as assert } from 'node:assert';
import { compareWebhookLists } from '../../../../src/agent/model/compareWebhooks';

describe('agent tools: comparing webhook subscriptions', () => {
  it('pairs by URL: only in A, only in B, changed fields (events sorted, ids not counted), passwords masked', () => {
    const a = [
      { id: 'a1', url: 'https://x.example/hook', events: ['form.submitted', 'form.enriched'], active: true },
      { id: 'a2', url: 'https://user:secret@only-a.example/', events: [], active: true },
      { id: 'a3', url: 'https://same.example/', events: ['form.enriched'], active: false },
    ];
    const b = [
      { id: 'b1', url: 'https://x.example/hook', events: ['form.enriched'], active: false },
      { id: 'b3', url: 'https://same.example/', events: ['form.enriched'], active: false },
      { id: 'b4', url: 'https://only-b.example/', events: null, active: true, __proto__: 'field' },
    ];
    const diff = compareWebhookLists(a, JSON.parse(JSON.stringify(b)) as unknown[]);
    assert.equal(diff.same, 1);
    assert.deepEqual(diff.changed, [
      {
        url: 'https://x.example/hook',
        idA: 'a1',
        idB: 'b1',
        fields: { active: { a: true, b: false }, events: { a: ['form.enriched', 'form.submitted'], b: ['form.enriched'] } },
      },
    ]);
    assert.equal(diff.onlyInA.length, 1);
    assert.ok(!JSON.stringify(diff).includes('secret'));
    assert.equal((diff.onlyInB[0] as { id: string }).id, 'b4');
  });
});
