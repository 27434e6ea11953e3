import { strict as assert } from 'node:assert';
import type { CheckedWebhook, WebhookSubscription } from '../../../../../src/api/model';
import { EventIndex, type LoadedList } from '../../../../../src/features/webhooks/model/eventIndex';

const hook = (value: WebhookSubscription): CheckedWebhook => ({ raw: value, value, problems: [] });

describe('event index (hover on event names)', () => {
  it('answers for the contract kinds always, and for unknown kinds only when a loaded list has them', () => {
    const index = new EventIndex<string>(() => []);
    assert.equal(index.lookup('form.submitted')?.known, true);
    assert.deepEqual(index.lookup('form.submitted')?.receivers, []);
    assert.equal(index.lookup('page.deleted'), undefined);
    assert.equal(index.lookup('toString'), undefined);
    assert.equal(index.gatewaysLoaded, 0);
  });

  it('lists receivers per gateway, active and inactive, each subscription once', () => {
    const a = hook({ id: 'a', events: ['form.submitted', 'form.submitted', 'page.deleted'], active: true });
    const b = hook({ id: 'b', events: ['form.submitted'], active: false });
    const c = hook({ id: 'c', events: null, active: true });
    const lists: LoadedList<string>[] = [
      { gateway: 'staging', items: [a, b, c] },
      { gateway: 'production', items: [hook({ id: 'p', events: ['form.enriched'], active: true })] },
    ];
    const index = new EventIndex(() => lists);
    const submitted = index.lookup('form.submitted');
    assert.deepEqual(submitted?.receivers, [{ gateway: 'staging', active: [a], inactive: [b] }]);
    assert.deepEqual(index.lookup('page.deleted'), { event: 'page.deleted', known: false, receivers: [{ gateway: 'staging', active: [a], inactive: [] }] });
    assert.equal(index.lookup('form.enriched')?.receivers[0]?.gateway, 'production');
    assert.equal(index.gatewaysLoaded, 2);
  });

  it('is built on the first look-up after a change, not on every look-up', () => {
    let builds = 0;
    let items: CheckedWebhook[] = [hook({ id: 'a', events: ['x.custom'], active: true })];
    const index = new EventIndex(() => {
      builds += 1;
      return [{ gateway: 'g', items }];
    });
    assert.equal(builds, 0, 'nothing before the first hover');
    index.lookup('x.custom');
    index.lookup('x.custom');
    index.lookup('form.submitted');
    assert.equal(builds, 1);
    items = [];
    index.invalidate();
    assert.equal(index.lookup('x.custom'), undefined);
    assert.equal(builds, 2);
  });
});
