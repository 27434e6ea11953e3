import { strict as assert } from 'node:assert';
import { compareWebhookLists } from '../../../../../src/features/webhooks/model/compareWebhooks';
import { compareVersion, parseCompareWebhooks, parseListWebhooks } from '../../../../../src/features/webhooks/model/webhookToolInput';
import type { WebhookSummary } from '../../../../../src/features/webhooks/text/webhookSummary';
import { compareResult, listResult, type ListedGateway } from '../../../../../src/features/webhooks/text/webhookToolResults';

function dataOf<T>(text: string): T {
  return JSON.parse(text.slice(text.indexOf('\n{') + 1)) as T;
}

function summaries(gateway: string, count: number, warnedEvery = 0): WebhookSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `wh_${gateway}_${i}`,
    url: `https://hooks.example/${gateway}/${i}?token=${'t'.repeat(40)}`,
    events: ['form.submitted'],
    active: i % 4 !== 0,
    gateway,
    ...(warnedEvery > 0 && i % warnedEvery === 0 ? { warnings: ['Uses plain http://: deliveries can be read or changed on the way.'] } : {}),
  }));
}

function listed(name: string, matching: WebhookSummary[], offset = 0): ListedGateway {
  return { name, version: 7, matching, listed: matching.length, restarted: false, offset };
}

interface ListData {
  subscriptions: Array<{ id: string }>;
  total: number;
  returned: number;
  continuation?: string;
}

describe('List and Compare Webhook Subscriptions: results', () => {
  it('121 subscriptions: K of N returned, never a row left out without a continuation, and the continuation walks them all once', () => {
    const input = (extra: object): ReturnType<typeof parseListWebhooks> => parseListWebhooks({ ...extra });
    const all = summaries('production', 121, 40);
    const seen: string[] = [];
    let continuation: string | undefined;
    let calls = 0;
    do {
      const parsed = input(continuation === undefined ? {} : { continuation });
      assert.ok(parsed.ok);
      const offset = parsed.value.positions.get('production')?.position ?? 0;
      const text = listResult(parsed.value, [listed('production', all, offset)], 8000);
      assert.ok(text.length <= 8000);
      const data = dataOf<ListData>(text);
      assert.equal(data.total, 121);
      assert.equal(data.returned, data.subscriptions.length);
      assert.ok(text.includes(`Returned ${data.returned} of 121 webhook subscriptions (numbers ${offset + 1} to ${offset + data.returned})`), text.slice(0, 300));
      seen.push(...data.subscriptions.map((s) => s.id));
      continuation = data.continuation;
      calls += 1;
    } while (continuation !== undefined && calls < 20);
    assert.deepEqual(seen, all.map((s) => s.id));
    assert.ok(calls >= 2);
  });

  it('one, none, a failed gateway: wording and numbers', () => {
    const parsed = parseListWebhooks({ event: 'form.submitted' });
    assert.ok(parsed.ok);
    const one = listResult(parsed.value, [listed('staging', summaries('staging', 1))], 8000);
    assert.match(one, /“staging”: 1 subscription receives form\.submitted \(0 active, 1 inactive, 0 with warnings\)\./);
    assert.match(one, /Returned 1 of 1 webhook subscription\b/);
    const all = parseListWebhooks({});
    assert.ok(all.ok);
    assert.match(listResult(all.value, [listed('staging', summaries('staging', 1))], 8000), /^“staging”: 1 subscription matches \(/);
    assert.match(listResult(all.value, [listed('staging', summaries('staging', 3))], 8000), /^“staging”: 3 subscriptions match \(/);
    const none = listResult(parsed.value, [listed('staging', [])], 8000);
    assert.match(none, /No subscription matches\./);
    const failed = listResult(parsed.value, [{ name: 'production', version: 0, matching: [], problem: 'The gateway “production” failed: 503.', state: 'failed', listed: 0, restarted: false, offset: 0 }, listed('staging', summaries('staging', 2))], 8000);
    const data = dataOf<{ coverage: Array<{ gateway: string; complete: boolean; state?: string }> }>(failed);
    assert.deepEqual(data.coverage.map((c) => [c.gateway, c.complete, c.state]), [['production', false, 'failed'], ['staging', true, undefined]]);
    assert.match(failed, /The gateway “production” failed: 503\./);
  });

  it('compare 120 subscriptions a side: whole JSON, every difference reached through continuations', () => {
    const a = Array.from({ length: 120 }, (_, i) => ({ id: `a${i}`, url: `https://h.example/${i}`, events: ['form.submitted', 'form.enriched'], active: true, note: 'n'.repeat(200) }));
    const b = Array.from({ length: 120 }, (_, i) => ({ id: `b${i}`, url: `https://h.example/${i + 30}`, events: i % 2 === 0 ? ['form.enriched'] : ['form.enriched', 'form.submitted'], active: true, note: 'n'.repeat(200) }));
    const diff = compareWebhookLists(a, b, 'form.submitted');
    const total = diff.onlyInA.length + diff.onlyInB.length + diff.changed.length;
    let continuation: string | undefined;
    let reached = 0;
    let calls = 0;
    do {
      const parsed = parseCompareWebhooks({ gatewayA: 'staging', gatewayB: 'production', event: 'form.submitted', ...(continuation === undefined ? {} : { continuation }) });
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
      const text = compareResult(parsed.value, { a: { name: 'staging', listed: 120 }, b: { name: 'production', listed: 120 }, diff, version: compareVersion(1, 1), restarted: false, offset: parsed.value.position?.position ?? 0 }, 8000);
      assert.ok(text.length <= 8000);
      const data = dataOf<{ onlyInA: unknown[]; onlyInB: unknown[]; changed: unknown[]; continuation?: string }>(text);
      reached += data.onlyInA.length + data.onlyInB.length + data.changed.length;
      continuation = data.continuation;
      calls += 1;
    } while (continuation !== undefined && calls < 50);
    assert.equal(reached, total);
    assert.ok(calls > 1);
  });
});
