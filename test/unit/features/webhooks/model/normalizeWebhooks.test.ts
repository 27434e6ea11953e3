import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { normalizeWebhookList } from '../../../../../src/features/webhooks/model/normalizeWebhooks';

const hook = (id: string, url: string, events: string[] | null = ['form.submitted']): Record<string, unknown> => ({
  id,
  url,
  events,
  active: true,
  createdAt: '2024-05-01T10:00:00Z',
});

const ids = (list: readonly unknown[]): unknown[] => list.map((item) => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item));

describe('normalizeWebhookList', () => {
  it('sorts by url, then by id', () => {
    const list = [hook('wh_3', 'https://b.example/x'), hook('wh_2', 'https://a.example/y'), hook('wh_1', 'https://b.example/x'), hook('wh_0', 'https://a.example/z')];
    assert.deepEqual(ids(normalizeWebhookList(list)), ['wh_2', 'wh_0', 'wh_1', 'wh_3']);
  });

  it('keeps the server order of items with the same url and id (stable)', () => {
    const first = { ...hook('wh_1', 'https://a.example'), active: true };
    const second = { ...hook('wh_1', 'https://a.example'), active: false };
    assert.deepEqual(
      normalizeWebhookList([first, second]).map((item) => (item as { active: boolean }).active),
      [true, false],
    );
    assert.deepEqual(
      normalizeWebhookList([second, first]).map((item) => (item as { active: boolean }).active),
      [false, true],
    );
  });

  it('puts items without a url after those with one, and keeps items that are not objects', () => {
    const list: unknown[] = ['text', { id: 'no-url' }, hook('wh_1', 'https://a.example'), null, 7, ['x']];
    const out = normalizeWebhookList(list);
    assert.equal(out.length, list.length);
    assert.deepEqual(ids(out.slice(0, 2)), ['wh_1', 'no-url']);
    assert.deepEqual(new Set(out.slice(2)), new Set(['text', null, 7, list[5]]));
    assert.equal(out.find(Array.isArray), list[5], 'an array item is passed through as it is');
  });

  it("sorts each subscription's fields and its events; keeps ids, timestamps and every other field", () => {
    const raw = {
      url: 'https://a.example/hook',
      id: 'wh_1',
      events: ['page.version.published', 'form.submitted', 'page.version.created'],
      createdAt: '2024-05-01T10:00:00Z',
      updatedAt: '2024-05-02T10:00:00Z',
      active: false,
      extra: { z: 1, a: 2 },
    };
    const [out] = normalizeWebhookList([raw]);
    assert.deepEqual(Object.keys(out as object), ['active', 'createdAt', 'events', 'extra', 'id', 'updatedAt', 'url']);
    assert.deepEqual(out, { ...raw, events: ['form.submitted', 'page.version.created', 'page.version.published'] });
    assert.equal(
      JSON.stringify(out),
      '{"active":false,"createdAt":"2024-05-01T10:00:00Z","events":["form.submitted","page.version.created","page.version.published"],' +
        '"extra":{"z":1,"a":2},"id":"wh_1","updatedAt":"2024-05-02T10:00:00Z","url":"https://a.example/hook"}',
      'only the top level and the events are reordered',
    );
  });

  it('keeps events: null as null, and an empty list empty', () => {
    const out = normalizeWebhookList([hook('wh_1', 'https://a', null), hook('wh_2', 'https://b', [])]);
    assert.equal((out[0] as { events: unknown }).events, null);
    assert.deepEqual((out[1] as { events: unknown }).events, []);
  });

  it('does not change the input', () => {
    const list = [hook('wh_2', 'https://b', ['b', 'a']), hook('wh_1', 'https://a', ['d', 'c']), 'x'];
    const before = structuredClone(list);
    const out = normalizeWebhookList(list);
    assert.deepEqual(list, before);
    assert.deepEqual(Object.keys(list[0] as object), ['id', 'url', 'events', 'active', 'createdAt']);
    assert.notEqual(out[0], list[1], 'a new object, not the server one');
  });

  it('keeps a "__proto__" field the server sent as a field (JSON.parse makes it an own property)', () => {
    const [raw] = JSON.parse('[{"url":"https://a.example","id":"wh_1","__proto__":{"polluted":true},"note":"x"}]') as unknown[];
    const [out] = normalizeWebhookList([raw]);
    assert.equal(JSON.stringify(out), '{"__proto__":{"polluted":true},"id":"wh_1","note":"x","url":"https://a.example"}');
    assert.equal(Object.getPrototypeOf(out), Object.prototype, 'the server value does not become the prototype');
    assert.equal((out as { polluted?: unknown }).polluted, undefined);
  });

  describe('property', () => {
    const event = fc.constantFrom('page.version.created', 'page.version.processed', 'page.version.published', 'form.submitted', 'form.enriched', 'other');
    const webhook = fc.record(
      {
        id: fc.string({ maxLength: 3 }),
        url: fc.constantFrom('https://a.example', 'https://a.example/x', 'https://b.example', 'https://B.example'),
        events: fc.oneof(fc.constant(null), fc.array(event, { maxLength: 4 })),
        active: fc.boolean(),
        createdAt: fc.constantFrom('2024-05-01T10:00:00Z', '2024-05-01T10:00:00.123Z'),
        extra: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ['id', 'url', 'events'] },
    );
    const item = fc.oneof({ weight: 8, arbitrary: webhook }, { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constant(null), fc.integer()) });

    it('normalizing twice is normalizing once', () => {
      fc.assert(
        fc.property(fc.array(item, { maxLength: 8 }), (list) => {
          const once = normalizeWebhookList(list);
          const twice = normalizeWebhookList(once);
          assert.deepEqual(twice, once);
          assert.equal(JSON.stringify(twice), JSON.stringify(once));
        }),
        { numRuns: 500 },
      );
    });

    it('the same subscriptions in any order give the same result (distinct url and id pairs)', () => {
      const distinct = fc.uniqueArray(webhook, { maxLength: 8, selector: (w) => `${w.url}\u0000${w.id}` });
      fc.assert(
        fc.property(
          distinct.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
          ([list, shuffled]) => {
            const a = normalizeWebhookList(list);
            const b = normalizeWebhookList(shuffled);
            assert.equal(JSON.stringify(b), JSON.stringify(a));
          },
        ),
        { numRuns: 500 },
      );
    });

    it('the output holds the same items: sorted by url then id, each with sorted keys and events', () => {
      fc.assert(
        fc.property(fc.array(webhook, { maxLength: 8 }), (list) => {
          const out = normalizeWebhookList(list) as Array<Record<string, unknown>>;
          assert.equal(out.length, list.length);
          for (let i = 1; i < out.length; i += 1) {
            const [p, q] = [out[i - 1], out[i]] as Array<{ url: string; id: string }>;
            assert.ok(p.url < q.url || (p.url === q.url && p.id <= q.id), `${p.url} ${p.id} before ${q.url} ${q.id}`);
          }
          for (const o of out) {
            const keys = Object.keys(o);
            assert.deepEqual(keys, [...keys].sort());
            if (Array.isArray(o.events)) {
              assert.deepEqual(o.events, [...(o.events as string[])].sort());
            }
          }
          const canonical = (x: unknown): string => JSON.stringify(x, (_k, v: unknown) => (Array.isArray(v) ? [...(v as unknown[])].map((e) => JSON.stringify(e)).sort() : v));
          const sortedKeys = (o: object): string => canonical(Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
          assert.deepEqual(out.map(sortedKeys).sort(), list.map(sortedKeys).sort(), 'same items, nothing lost or added');
        }),
        { numRuns: 500 },
      );
    });
  });
});
