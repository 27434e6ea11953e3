// Findings from outside the list (the Webhook Inbox's deliveries) join a subscription's own, and the cached analysis
// follows their version; unregistering removes them.
import { strict as assert } from 'node:assert';
import type { CheckedWebhook } from '../../../../../src/api/model';
import type { Gateway } from '../../../../../src/gateway/gateway';
import { findingText } from '../../../../../src/features/webhooks/text/checkText';
import { ExtraFindingSources, WebhookAnalysis } from '../../../../../src/features/webhooks/model/webhookAnalysis';
import type { WebhookList } from '../../../../../src/features/webhooks/model/webhookStore';

const item = (id: string, active: boolean): CheckedWebhook =>
  ({ value: { id, url: 'https://hooks.example.com/x', events: ['form.submitted'], active }, raw: {}, problems: [] }) as unknown as CheckedWebhook;

describe('webhook analysis with extra findings', () => {
  it('adds them per subscription, follows their version, and drops them when unregistered', () => {
    const sleeping = item('wh_1', false);
    const list = { version: 1, loaded: true, items: [sleeping, item('wh_2', true)] } as unknown as WebhookList;
    const gateway = {} as Gateway;
    const sources = new ExtraFindingSources();
    const analysis = new WebhookAnalysis(list, { gatewayHost: 'hooks.example.com' }, gateway, sources);
    let version = 0;
    let events: string[] | undefined;
    const unregister = sources.add({
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

describe('webhook analysis', () => {
  const clean = item('wh_clean', true);
  const loadedList = (items: CheckedWebhook[], loaded = true): WebhookList => ({ version: 1, loaded, items }) as unknown as WebhookList;

  it('lists only the subscriptions with findings, and none while the list is not loaded', () => {
    const local = { value: { id: 'wh_local', url: 'http://localhost/x', events: ['form.submitted'], active: true }, raw: {}, problems: [] } as unknown as CheckedWebhook;
    const analysis = new WebhookAnalysis(loadedList([clean, local]), { gatewayHost: 'api.example.com' });
    assert.deepEqual([...analysis.findings().keys()], [local]);
    assert.equal(analysis.count(), 2, 'plain http and a local target');
    assert.deepEqual(analysis.findingsOf(clean), []);
    const unloaded = new WebhookAnalysis(loadedList([local], false), { gatewayHost: 'api.example.com' });
    assert.equal(unloaded.findings().size, 0);
    assert.equal(unloaded.count(), 0);
  });

  it('extra findings: only for subscriptions that have some, only with a gateway, and following every version', () => {
    const gateway = {} as Gateway;
    const sources = new ExtraFindingSources();
    let version = 1;
    let events = ['form.submitted'];
    const unregister = sources.add({
      version: () => version,
      findingsOf: (_g, candidate) => (candidate.value.active === false ? [{ kind: 'deliveredWhileInactive', events }] : []),
    });
    try {
      const sleeping = item('wh_sleeping', false);
      const analysis = new WebhookAnalysis(loadedList([clean, sleeping]), { gatewayHost: 'hooks.example.com' }, gateway, sources);
      assert.deepEqual([...analysis.findings().keys()], [sleeping]);
      events = ['form.enriched'];
      version = 2;
      assert.deepEqual(analysis.findingsOf(sleeping), [{ kind: 'deliveredWhileInactive', events: ['form.enriched'] }], 'a new version of the extra findings is seen');
      const withoutGateway = new WebhookAnalysis(loadedList([sleeping]), { gatewayHost: 'hooks.example.com' });
      assert.deepEqual(withoutGateway.findingsOf(sleeping), []);
    } finally {
      unregister();
    }
  });

  it('unregistering an older source leaves the newer one in place; another feature\'s sources are apart', () => {
    const sleeping = item('wh_sleeping', false);
    const sources = new ExtraFindingSources();
    const first = sources.add({ version: () => 1, findingsOf: () => [] });
    const second = sources.add({ version: () => 1, findingsOf: () => [{ kind: 'deliveredWhileInactive', events: ['form.submitted'] }] });
    try {
      first();
      const analysis = new WebhookAnalysis(loadedList([sleeping]), { gatewayHost: 'hooks.example.com' }, {} as Gateway, sources);
      assert.equal(analysis.findingsOf(sleeping).length, 1);
      const elsewhere = new WebhookAnalysis(loadedList([sleeping]), { gatewayHost: 'hooks.example.com' }, {} as Gateway, new ExtraFindingSources());
      assert.equal(elsewhere.findingsOf(sleeping).length, 0, "another feature's sources are its own");
    } finally {
      second();
    }
  });
});
