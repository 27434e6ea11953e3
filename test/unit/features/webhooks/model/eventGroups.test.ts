import { strict as assert } from 'node:assert';
import type { WebhookSubscription } from '../../../../../src/api/model';
import { eventGroupId, groupByEvent } from '../../../../../src/features/webhooks/model/eventGroups';

const CONTRACT = ['page.version.created', 'page.version.processed', 'page.version.published', 'form.submitted', 'form.enriched', 'form.enrichment_failed'];
const same = (hook: WebhookSubscription): WebhookSubscription => hook;

describe('group by event', () => {
  it('the contract kinds in its order (also with no receiver), then unknown kinds, then events: null and invalid', () => {
    const hooks: WebhookSubscription[] = [
      { id: 'a', events: ['form.submitted', 'page.deleted'], active: true },
      { id: 'b', events: null, active: true },
      { id: 'c', events: ['form.submitted', 'x.y'], active: false },
      { id: 'd', active: true },
    ];
    const groups = groupByEvent(hooks, same);
    assert.deepEqual(groups.map((g) => eventGroupId(g.key)), [...CONTRACT.map((e) => `event:${e}`), 'event:page.deleted', 'event:x.y', 'null', 'invalid']);
    const submitted = groups.find((g) => g.key.kind === 'event' && g.key.event === 'form.submitted');
    assert.deepEqual(submitted?.members.map((h) => h.id), ['a', 'c']);
    assert.equal(submitted?.active, 1);
    assert.equal(submitted?.inactive, 1);
    const created = groups[0];
    assert.deepEqual(created?.members, []);
    assert.equal(created?.active, 0);
    assert.deepEqual(groups.find((g) => g.key.kind === 'event' && g.key.event === 'page.deleted')?.key, { kind: 'event', event: 'page.deleted', known: false });
    assert.deepEqual(groups.find((g) => g.key.kind === 'null')?.members.map((h) => h.id), ['b']);
  });

  it('no null or invalid group when there are none', () => {
    const groups = groupByEvent([{ id: 'a', events: ['form.enriched'], active: true }], same);
    assert.equal(groups.length, 6);
  });

  it('an event listed twice by one subscription counts once', () => {
    const groups = groupByEvent([{ id: 'a', events: ['form.enriched', 'form.enriched'], active: true }], same);
    const enriched = groups.find((g) => g.key.kind === 'event' && g.key.event === 'form.enriched');
    assert.equal(enriched?.members.length, 1);
    assert.equal(enriched?.active, 1);
  });

  it('members that do not count (removed ones) are listed but not counted; a missing active counts as inactive', () => {
    const items = [
      { hook: { id: 'a', events: ['form.enriched'], active: true }, removed: true },
      { hook: { id: 'b', events: ['form.enriched'] }, removed: false },
    ];
    const groups = groupByEvent(items, (i) => i.hook, (i) => !i.removed);
    const enriched = groups.find((g) => g.key.kind === 'event' && g.key.event === 'form.enriched');
    assert.equal(enriched?.members.length, 2);
    assert.equal(enriched?.active, 0);
    assert.equal(enriched?.inactive, 1);
  });

  it('a subscription with an empty events list is under "no events", after null and before invalid, counted', () => {
    const hooks: WebhookSubscription[] = [
      { id: 'a', events: [], active: true },
      { id: 'b', events: null, active: false },
      { id: 'c', active: true },
      { id: 'd', events: [], active: false },
    ];
    const groups = groupByEvent(hooks, same);
    assert.deepEqual(groups.slice(6).map((g) => eventGroupId(g.key)), ['null', 'empty', 'invalid']);
    const empty = groups.find((g) => g.key.kind === 'empty');
    assert.deepEqual(empty?.members.map((h) => h.id), ['a', 'd']);
    assert.equal(empty?.active, 1);
    assert.equal(empty?.inactive, 1);
  });

  it('stays linear for many subscriptions', () => {
    const many: WebhookSubscription[] = Array.from({ length: 50_000 }, (_, i) => ({ id: `wh_${i}`, events: [...CONTRACT, `custom.${i % 100}`], active: i % 2 === 0 }));
    const started = process.hrtime.bigint();
    const groups = groupByEvent(many, same);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    assert.equal(groups.length, 106);
    assert.equal(groups[0]?.active, 25_000);
    assert.ok(ms < 3000, `took ${ms} ms`);
  });
});
