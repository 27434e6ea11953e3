import assert from 'node:assert/strict';
import { generateDataset, SAMPLE_EVENT_KINDS } from '../../gateway/dataset';

/** The contract's webhook timestamp pattern, with calendar validation (Feb 29 only in leap years). */
function matchesContractTimestamp(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?Z$/.exec(value);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return month >= 1 && month <= 12 && day >= 1 && day <= (days[month - 1] as number);
}

describe('sample gateway dataset', () => {
  it('is byte-identical for identical options and differs for another seed', () => {
    assert.equal(JSON.stringify(generateDataset()), JSON.stringify(generateDataset()));
    assert.equal(JSON.stringify(generateDataset({ seed: 7, pageGroupCount: 40 })), JSON.stringify(generateDataset({ seed: 7, pageGroupCount: 40 })));
    assert.notEqual(JSON.stringify(generateDataset({ seed: 2 })), JSON.stringify(generateDataset({ seed: 1 })));
  });

  it('has 150 page groups with sequential ids, default statuses and 5 without status', () => {
    const { pageGroups } = generateDataset();
    assert.equal(pageGroups.length, 150);
    assert.deepEqual(
      pageGroups.map((g) => g.pageGroupId),
      Array.from({ length: 150 }, (_, i) => `pg_${String(i + 1).padStart(6, '0')}`),
    );
    assert.equal(pageGroups.filter((g) => !('status' in g)).length, 5);
    const statuses = new Set(pageGroups.filter((g) => 'status' in g).map((g) => g.status));
    assert.deepEqual([...statuses].sort(), ['archived', 'draft', 'in_review', 'published']);
  });

  it('fills every contract field with the right types, headerActionId after updatedAt', () => {
    for (const group of generateDataset().pageGroups) {
      for (const key of ['pageGroupId', 'tenantId', 'brandId', 'name', 'pageContext', 'headerActionId', 'createdAt', 'updatedAt']) {
        assert.equal(typeof group[key], 'string', `${String(group.pageGroupId)}.${key}`);
      }
      assert.ok(Number.isInteger(group.pagesCount));
      for (const key of ['actions', 'footerLinks', 'scripts']) {
        assert.ok(Array.isArray(group[key]), key);
      }
      assert.match(String(group.createdAt), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.ok(String(group.updatedAt) >= String(group.createdAt));
      const keys = Object.keys(group);
      assert.equal(keys.indexOf('headerActionId'), keys.indexOf('updatedAt') + 1);
    }
  });

  it('has names like checkout-flow-12 with matching titles, a few titles missing and a few unknown fields', () => {
    const { pageGroups } = generateDataset();
    const first = pageGroups[0] as Record<string, unknown>;
    assert.equal(first.name, 'checkout-flow-1');
    assert.equal(first.title, 'Checkout Flow 1');
    const withoutTitle = pageGroups.filter((g) => !('title' in g)).length;
    assert.ok(withoutTitle >= 2 && withoutTitle <= 10, `without title: ${withoutTitle}`);
    const withExtra = pageGroups.filter((g) => 'experimentalFlags' in g).length;
    assert.ok(withExtra >= 2 && withExtra <= 10, `with experimentalFlags: ${withExtra}`);
  });

  it('marks every 9th page group deleted (option deletedEvery; 0 = none)', () => {
    const deleted = generateDataset().pageGroups.filter((g) => 'deletedAt' in g).map((g) => g.pageGroupId);
    assert.equal(deleted.length, 16);
    assert.equal(deleted[0], 'pg_000009');
    assert.equal(generateDataset({ deletedEvery: 0 }).pageGroups.filter((g) => 'deletedAt' in g).length, 0);
    assert.equal(generateDataset({ deletedEvery: 5, pageGroupCount: 20 }).pageGroups.filter((g) => 'deletedAt' in g).length, 4);
  });

  it('honours pageGroupCount, statusWeights and withoutStatusCount', () => {
    const data = generateDataset({ pageGroupCount: 30, statusWeights: { live: 1 }, withoutStatusCount: 3 });
    assert.equal(data.pageGroups.length, 30);
    assert.equal(data.pageGroups.filter((g) => g.status === 'live').length, 27);
    assert.equal(data.pageGroups.filter((g) => !('status' in g)).length, 3);
  });

  it('has 8 webhooks with the required mix: inactive ones, null events, empty events, all six kinds', () => {
    const { webhooks } = generateDataset();
    assert.equal(webhooks.length, 8);
    assert.deepEqual(webhooks.map((w) => w.id), ['wh_0001', 'wh_0002', 'wh_0003', 'wh_0004', 'wh_0005', 'wh_0006', 'wh_0007', 'wh_0008']);
    assert.equal(webhooks[0]?.url, 'https://hooks.example.com/pages/1');
    assert.ok(webhooks.filter((w) => w.active === false).length >= 2);
    assert.ok(webhooks.every((w) => typeof w.active === 'boolean'));
    assert.ok(webhooks.some((w) => w.events === null));
    assert.ok(webhooks.some((w) => Array.isArray(w.events) && w.events.length === 0));
    assert.ok(webhooks.some((w) => JSON.stringify(w.events) === JSON.stringify(SAMPLE_EVENT_KINDS)));
    for (const w of webhooks) {
      if (Array.isArray(w.events)) {
        assert.ok(w.events.every((e: unknown) => SAMPLE_EVENT_KINDS.includes(e as string)), String(w.id));
      }
    }
  });

  it('writes webhook timestamps that match the contract pattern, in all three precisions', () => {
    const { webhooks } = generateDataset({ webhookCount: 30 });
    const stamps = webhooks.flatMap((w) => [w.createdAt, w.updatedAt]);
    assert.ok(stamps.every(matchesContractTimestamp), JSON.stringify(stamps.filter((s) => !matchesContractTimestamp(s))));
    assert.ok(stamps.some((s) => /T\d{2}:\d{2}Z$/.test(String(s))));
    assert.ok(stamps.some((s) => /T\d{2}:\d{2}:\d{2}Z$/.test(String(s))));
    assert.ok(stamps.some((s) => /T\d{2}:\d{2}:\d{2}\.\d+Z$/.test(String(s))));
    // the checker itself rejects what the contract rejects
    assert.equal(matchesContractTimestamp('2023-02-29T10:00Z'), false);
    assert.equal(matchesContractTimestamp('2026-03-01T10:15:30+02:00'), false);
  });
});
