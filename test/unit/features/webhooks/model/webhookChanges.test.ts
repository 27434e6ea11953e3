import { strict as assert } from 'node:assert';
import { Loadable } from '../../../../../src/lists/loadable';
import type { CheckedWebhook, WebhookSubscription } from '../../../../../src/api/model';
import { WebhookChanges } from '../../../../../src/features/webhooks/model/webhookChanges';
import { webhookKey } from '../../../../../src/features/webhooks/model/webhookStore';

const hook = (value: WebhookSubscription): CheckedWebhook => ({ raw: value, value, problems: [] });

/** A list whose next answer the test decides. */
function list(): { loadable: Loadable<CheckedWebhook>; answer: (items: CheckedWebhook[] | Error) => void } {
  let next: CheckedWebhook[] | Error = [];
  const loadable = new Loadable<CheckedWebhook>(async () => {
    if (next instanceof Error) {
      throw next;
    }
    return { items: next };
  }, webhookKey);
  return { loadable, answer: (items) => (next = items) };
}

/** The marks of the webhooks the list shows now as `id:kind`, in list order. */
function marks(changes: WebhookChanges, loadable: Loadable<CheckedWebhook>): string[] {
  const found = changes.changes();
  return loadable.items.flatMap((item) => {
    const mark = found.markOf(item);
    return mark ? [`${String(item.value.id)}:${mark.kind}`] : [];
  });
}

describe('webhook changes between two refreshes', () => {
  it('the first load marks nothing; a refresh marks new and changed, keeps removed ones; the next refresh clears them', async () => {
    const { loadable, answer } = list();
    const changes = new WebhookChanges(loadable);
    answer([hook({ id: 'a', active: true }), hook({ id: 'b' })]);
    await loadable.load();
    assert.deepEqual(marks(changes, loadable), []);
    answer([hook({ id: 'a', active: false }), hook({ id: 'c' })]);
    await loadable.reload();
    assert.deepEqual(marks(changes, loadable), ['a:changed', 'c:new']);
    assert.deepEqual(changes.changes().removed.map((item) => item.value.id), ['b']);
    await loadable.reload();
    assert.deepEqual(marks(changes, loadable), []);
    assert.deepEqual(changes.changes().removed, []);
  });

  it('a refresh that fails keeps the list and its marks', async () => {
    const { loadable, answer } = list();
    const changes = new WebhookChanges(loadable);
    answer([hook({ id: 'a' })]);
    await loadable.load();
    answer([hook({ id: 'a' }), hook({ id: 'n' })]);
    await loadable.reload();
    answer(new Error('boom'));
    await loadable.reload();
    assert.ok(loadable.error);
    assert.deepEqual(marks(changes, loadable), ['n:new']);
  });

  it('a reset (the key changed) starts over: the next list is a first load again', async () => {
    const { loadable, answer } = list();
    const changes = new WebhookChanges(loadable);
    answer([hook({ id: 'a' })]);
    await loadable.load();
    loadable.reset();
    answer([hook({ id: 'b' })]);
    await loadable.load();
    assert.deepEqual(marks(changes, loadable), []);
    assert.deepEqual(changes.changes().removed, []);
  });

  it('created after the first load, it still compares the next refresh with what was shown', async () => {
    const { loadable, answer } = list();
    answer([hook({ id: 'a' })]);
    await loadable.load();
    const changes = new WebhookChanges(loadable);
    answer([]);
    await loadable.reload();
    assert.deepEqual(changes.changes().removed.map((item) => item.value.id), ['a']);
    changes.dispose();
  });
  it('once disposed, it no longer follows the list: later refreshes change nothing it says', async () => {
    const { loadable, answer } = list();
    const changes = new WebhookChanges(loadable);
    answer([hook({ id: 'a' })]);
    await loadable.load();
    changes.dispose();
    const version = changes.version;
    answer([hook({ id: 'a' }), hook({ id: 'b' })]);
    await loadable.reload();
    assert.equal(changes.version, version);
    assert.deepEqual(marks(changes, loadable), []);
  });
});
