// The document "all subscriptions" of a gateway (Compare Webhooks): its address, its normalised content, and when it
// loads the list.
import { strict as assert } from 'node:assert';
import { Loadable } from '../../../../../src/lists/loadable';
import type { CheckedWebhook } from '../../../../../src/api/model';
import type { Gateway, GatewayStore, StoreFactory } from '../../../../../src/gateway/gateway';
import { normalizedListDocument, webhookListSource } from '../../../../../src/features/webhooks/model/webhookDocuments';
import { webhookKey, WEBHOOKS_STORE, type WebhookList } from '../../../../../src/features/webhooks/model/webhookStore';

const hook = (id: string, url: string): CheckedWebhook => {
  const value = { id, url, events: ['page.published', 'form.submitted'], active: true };
  return { raw: value, value, problems: [] } as unknown as CheckedWebhook;
};

/** A gateway whose webhook list answers `answer` (counting requests), reachable when `ready`. */
function fakeGateway(answer: CheckedWebhook[], ready = true): { gateway: Gateway; requests: () => number; list: () => WebhookList | undefined } {
  let requests = 0;
  let list: WebhookList | undefined;
  const gateway = {
    name: 'staging',
    connection: { state: async () => ({ kind: ready ? 'ready' : 'noKey' }) },
    existingStore: <S extends GatewayStore>(factory: StoreFactory<S>): S | undefined => (factory === (WEBHOOKS_STORE as unknown) ? (list as unknown as S | undefined) : undefined),
    store: <S extends GatewayStore>(factory: StoreFactory<S>): S => {
      assert.equal(factory, WEBHOOKS_STORE);
      list ??= new Loadable<CheckedWebhook>(async () => {
        requests += 1;
        return { items: answer };
      }, webhookKey);
      return list as unknown as S;
    },
  } as unknown as Gateway;
  return { gateway, requests: () => requests, list: () => list };
}

const look = { load: false };
const load = { load: true };

describe('the normalised webhook list document', () => {
  it('is addressed by gateway name in its own folder', () => {
    const { gateway } = fakeGateway([]);
    assert.deepEqual(normalizedListDocument(gateway), { gateway: 'staging', folder: 'webhook-subscriptions', name: 'all subscriptions' });
    assert.equal(webhookListSource.folder, 'webhook-subscriptions');
  });

  it('without load: nothing until the list is loaded, then the list sorted by URL, the same array while it does not change', async () => {
    const { gateway, requests, list } = fakeGateway([hook('wh_2', 'https://b.example/'), hook('wh_1', 'https://a.example/')]);
    assert.equal(webhookListSource.content(gateway, 'all subscriptions', look), undefined);
    gateway.store(WEBHOOKS_STORE);
    assert.equal(webhookListSource.content(gateway, 'all subscriptions', look), undefined, 'created, not loaded');
    assert.equal(requests(), 0);
    await list()?.load();
    const first = webhookListSource.content(gateway, 'all subscriptions', look) as Array<{ id: string; events: string[] }>;
    assert.deepEqual(first.map((h) => h.id), ['wh_1', 'wh_2']);
    assert.deepEqual(first[0]?.events, ['form.submitted', 'page.published']);
    assert.equal(webhookListSource.content(gateway, 'all subscriptions', look), first);
    await list()?.reload();
    const again = webhookListSource.content(gateway, 'all subscriptions', look);
    assert.notEqual(again, first, 'a new list is a new document content');
    assert.deepEqual(again, first);
    assert.equal(requests(), 2);
  });

  it('with load: loads the list once when the gateway is ready', async () => {
    const { gateway, requests } = fakeGateway([hook('wh_1', 'https://a.example/')]);
    const content = (await webhookListSource.content(gateway, 'all subscriptions', load)) as Array<{ id: string }>;
    assert.deepEqual(content.map((h) => h.id), ['wh_1']);
    await webhookListSource.content(gateway, 'all subscriptions', load);
    assert.equal(requests(), 1);
  });

  it('with load: no request when the gateway is not ready', async () => {
    const { gateway, requests } = fakeGateway([hook('wh_1', 'https://a.example/')], false);
    assert.equal(await webhookListSource.content(gateway, 'all subscriptions', load), undefined);
    assert.equal(requests(), 0);
  });

  it('any other name is no document, loaded or not', async () => {
    const { gateway, requests } = fakeGateway([hook('wh_1', 'https://a.example/')]);
    assert.equal(webhookListSource.content(gateway, 'other', load), undefined);
    assert.equal(webhookListSource.content(gateway, 'other', look), undefined);
    assert.equal(requests(), 0);
  });

  it('says which gateway could not be loaded and what to do', () => {
    const { gateway } = fakeGateway([]);
    const text = webhookListSource.notLoaded(gateway, 'all subscriptions');
    assert.match(text, /“staging”/);
    assert.match(text, /Check the gateway in the Webhooks view/);
  });
});
