// Findings from outside the list (the Webhook Inbox's deliveries) join a subscription's own, and the cached analysis
// follows their version; unregistering removes them.
import { strict as assert } from 'node:assert';
import type { CheckedWebhook } from '../../../../../src/api/model';
import type { Gateway } from '../../../../../src/gateway/gateway';
import { findingText } from '../../../../../src/features/webhooks/text/checkText';
import { registerExtraFindings, WebhookAnalysis } from '../../../../../src/features/webhooks/model/webhookAnalysis';
import type { WebhookList } from '../../../../../src/features/webhooks/webhookKind';

const item = (id: string, active: boolean): CheckedWebhook =>
  ({ value: { id, url: 'https://hooks.example.com/x', events: ['form.submitted'], active }, raw: {}, problems: [] }) as unknown as CheckedWebhook;

describe('webhook analysis with extra findings', () => {
  it('adds them per subscription, follows their version, and drops them when unregistered', () => {
    const sleeping = item('wh_1', false);
    const list = { version: 1, loaded: true, items: [sleeping, item('wh_2', true)] } as unknown as WebhookList;
    const gateway = {} as Gateway;
    const analysis = new WebhookAnalysis(list, { gatewayHost: 'hooks.example.com' }, gateway);
    let version = 0;
    let events: string[] | undefined;
    const unregister = registerExtraFindings({
      version: () => version,
      findingsOf: (_g, candidate) => (candidate === sleeping && events !== undefined ? [{ kind: 'deliveredWhileInactive', events }] : []),
    });
    try {
      assert.deepEqual(analysis.findingsOf(sleeping), []);
      events = ['form.submitted'];
      assert.deepEqual(analysis.findingsOf(sleeping), [], 'cached until the version changes');
      version = 1;
      assert.deepEqual(analysis.findingsOf(sleeping), [{ kind: 'deliveredWhileInactive', events: ['form.submitted'] }]);
      assert.equal(analysis.count(), 1);
      assert.equal(findingText({ kind: 'deliveredWhileInactive', events: ['form.submitted'] }).short, 'inactive, yet delivered');
    } finally {
      unregister();
    }
    version = 2;
    assert.deepEqual(analysis.findingsOf(sleeping), []);
  });
});
