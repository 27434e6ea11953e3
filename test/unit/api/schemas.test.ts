import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod';
import { GatewayError, type GatewayResource, type SchemaIssue } from '../../../src/api/errors';
import type { ContractSchemas } from '../../../src/api/contractSchemas';
import { contractSchemas, loadContractSchemas, PAGE_GROUP_FIELDS, parsePageGroupPage, parseWebhookList, quickEnvelope, quickPageGroup, WEBHOOK_FIELDS } from '../../../src/api/schemas';
import { MAX_WEBHOOK_SUBSCRIPTIONS, type ItemProblem } from '../../../src/api/model';
import { generateDataset } from '../../gateway/dataset';

let PageGroupListSchema: ContractSchemas['pageGroupList'];
let PageGroupSchema: ContractSchemas['pageGroup'];
let WebhookSubscriptionListSchema: ContractSchemas['webhookSubscriptionList'];
let WebhookSubscriptionSchema: ContractSchemas['webhookSubscription'];
let PageGroupEnvelopeSchema: ContractSchemas['pageGroupEnvelope'];

// The parsers use the schemas as the client does: after loading them (GatewayClient awaits this before a request).
before(async () => {
  ({
    pageGroupList: PageGroupListSchema,
    pageGroup: PageGroupSchema,
    webhookSubscriptionList: WebhookSubscriptionListSchema,
    webhookSubscription: WebhookSubscriptionSchema,
    pageGroupEnvelope: PageGroupEnvelopeSchema,
  } = await loadContractSchemas());
});

describe('the contract schemas', () => {
  it('are loaded once: every load and every call gives the same schemas', async () => {
    assert.equal(await loadContractSchemas(), contractSchemas());
    assert.equal(contractSchemas(), contractSchemas());
  });

  it("the field lists are the schemas' fields, in the contract's order", () => {
    assert.deepEqual(PAGE_GROUP_FIELDS, Object.keys(PageGroupSchema.shape));
    assert.deepEqual(WEBHOOK_FIELDS, Object.keys(WebhookSubscriptionSchema.shape));
  });
});

/** Any JSON value, of every type, for the fast-path properties. */
const anyJsonValue = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
);

const GOOD_GROUP = {
  pageGroupId: 'pg_000001',
  tenantId: 't_1',
  brandId: 'b_1',
  name: 'checkout-flow-1',
  title: 'Checkout Flow 1',
  pageContext: 'checkout',
  status: 'published',
  pagesCount: 4,
  actions: [{ id: 'a1' }],
  footerLinks: [],
  scripts: [{ src: 'x.js' }],
  headerActionId: 'a1',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T10:00:00+02:00',
};

const GOOD_WEBHOOK = {
  id: 'wh_0001',
  url: 'https://hooks.example.com/pages/1',
  events: ['page.version.created', 'form.submitted'],
  active: true,
  createdAt: '2026-03-01T10:15:30Z',
  updatedAt: '2026-03-01T10:15Z',
};

/** Problems in field order (zod reports them in schema order). */
function byField(problems: readonly ItemProblem[]): ItemProblem[] {
  return [...problems].sort((a, b) => ('field' in a ? a.field : '').localeCompare('field' in b ? b.field : ''));
}

function page(items: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { hasMore: false, items, limit: 20, ...extra };
}

/** Asserts that `fn` throws an invalidResponse error whose facts list exactly these envelope issues. */
function invalidResponse(fn: () => unknown, resource: GatewayResource, issues: readonly SchemaIssue[]): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof GatewayError);
    assert.equal(error.kind, 'invalidResponse');
    assert.deepEqual(error.facts, { kind: 'invalidResponse', reason: 'schema', resource, issues });
    return true;
  });
}

describe('schemas', () => {
  describe('page groups', () => {
    it('parses a valid page: value holds the contract fields, raw is the exact object with unknown fields', () => {
      const item = { ...GOOD_GROUP, experimentalFlags: { beta: true } };
      const result = parsePageGroupPage(page([item], { hasMore: true, nextCursor: 'c1' }));
      assert.equal(result.hasMore, true);
      assert.equal(result.nextCursor, 'c1');
      assert.equal(result.limit, 20);
      assert.equal(result.items.length, 1);
      assert.equal(result.items[0].raw, item, 'raw is the parsed JSON value itself');
      assert.deepEqual(result.items[0].value, GOOD_GROUP, 'unknown fields are not in value');
      assert.deepEqual(result.items[0].problems, []);
    });

    it('a page group with only contract fields, all well typed, is its own value (no copy); any other field makes a copy without it', () => {
      const plain = { ...GOOD_GROUP };
      const extra = { ...GOOD_GROUP, experimentalFlags: { beta: true } };
      const withNull = { ...GOOD_GROUP, deletedAt: null };
      const [a, b, c] = parsePageGroupPage(page([plain, extra, withNull])).items;
      assert.equal(a?.value, plain, 'the same object');
      assert.notEqual(b?.value, extra);
      assert.equal('experimentalFlags' in (b?.value ?? {}), false);
      assert.notEqual(c?.value, withNull, 'null is absent in value, so a copy');
      assert.equal('deletedAt' in (c?.value ?? {}), false);
    });

    it('tolerates missing fields and null (nullability is not given by the contract)', () => {
      const result = parsePageGroupPage(page([{ pageGroupId: 'pg_1', title: null, deletedAt: null }, {}]));
      assert.deepEqual(result.items[0].value, { pageGroupId: 'pg_1' });
      assert.deepEqual(result.items[0].problems, []);
      assert.deepEqual(result.items[1].value, {});
      assert.deepEqual(result.items[1].problems, []);
    });

    it('drops wrongly typed fields from value and names them in problems, keeping the rest', () => {
      const bad = { ...GOOD_GROUP, pagesCount: '7', status: 5, actions: 'none', createdAt: 1700000000 };
      const [checked] = parsePageGroupPage(page([bad])).items;
      assert.deepEqual(byField(checked.problems), [
        { kind: 'wrongType', field: 'actions', expected: 'array', got: 'string' },
        { kind: 'wrongType', field: 'createdAt', expected: 'string', got: 'number' },
        { kind: 'wrongType', field: 'pagesCount', expected: 'number', got: 'string' },
        { kind: 'wrongType', field: 'status', expected: 'string', got: 'number' },
      ]);
      assert.equal(checked.value.pagesCount, undefined);
      assert.equal(checked.value.status, undefined);
      assert.equal(checked.value.actions, undefined);
      assert.equal(checked.value.createdAt, undefined);
      assert.equal(checked.value.name, GOOD_GROUP.name);
      assert.equal(checked.raw, bad);
    });

    it('checks only the type of page group date-times (the contract gives them no pattern)', () => {
      const [checked] = parsePageGroupPage(page([{ ...GOOD_GROUP, updatedAt: 'yesterday' }])).items;
      assert.deepEqual(checked.problems, []);
      assert.equal(checked.value.updatedAt, 'yesterday');
    });

    it('puts only present contract fields in value, with no undefined keys', () => {
      const [checked] = parsePageGroupPage(page([{ name: 'n', extra: 1, pagesCount: 0 }])).items;
      assert.deepEqual(Object.keys(checked.value).sort(), ['name', 'pagesCount']);
    });

    it('keeps a non-object item in order, flagged, so it does not hide the others', () => {
      const items = parsePageGroupPage(page([GOOD_GROUP, 42, null, ['x'], GOOD_GROUP])).items;
      assert.equal(items.length, 5);
      assert.deepEqual(items[1], { raw: 42, value: {}, problems: [{ kind: 'notObject', got: 'number' }] });
      assert.deepEqual(items[2].problems, [{ kind: 'notObject', got: 'null' }]);
      assert.deepEqual(items[3].problems, [{ kind: 'notObject', got: 'array' }]);
      assert.deepEqual(items[4].problems, []);
    });

    it('refuses a page with more items than the limit asked for (the contract default 20 when none was sent)', () => {
      const items = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ ...GOOD_GROUP, pageGroupId: `pg_${i}` }));
      assert.equal(parsePageGroupPage(page(items(20))).items.length, 20);
      assert.equal(parsePageGroupPage(page(items(5)), 5).items.length, 5);
      const tooMany = (fn: () => unknown, count: number, limit: number): void => {
        assert.throws(fn, (error: unknown) => {
          assert.ok(error instanceof GatewayError);
          assert.deepEqual(error.facts, { kind: 'invalidResponse', reason: 'tooManyItems', resource: 'pageGroups', count, limit });
          return true;
        });
      };
      tooMany(() => parsePageGroupPage(page(items(21))), 21, 20);
      tooMany(() => parsePageGroupPage(page(items(6)), 5), 6, 5);
      // A huge list is refused before a single item is checked: no item's field is read (counted, not timed).
      let read = 0;
      const watched = (): Record<string, unknown> => {
        const item: Record<string, unknown> = {};
        for (const field of Object.keys(GOOD_GROUP)) {
          Object.defineProperty(item, field, { enumerable: true, get: () => ((read += 1), (GOOD_GROUP as Record<string, unknown>)[field]) });
        }
        return item;
      };
      tooMany(() => parsePageGroupPage(page(Array.from({ length: 1000 }, watched)), 100), 1000, 100);
      assert.equal(read, 0, 'refused without checking each item');
      tooMany(() => parsePageGroupPage(page(new Array<number>(2_000_000).fill(1)), 100), 2_000_000, 100);
    });

    it('treats nextCursor null as absent', () => {
      assert.equal('nextCursor' in parsePageGroupPage(page([], { nextCursor: null })), false);
      assert.deepEqual(parsePageGroupPage(page([])), { items: [], hasMore: false, limit: 20 }, 'absent stays absent');
    });

    it('flags a pagesCount the JSON parser made infinite (1e999) instead of taking it as a count', () => {
      const [checked] = parsePageGroupPage(JSON.parse('{"hasMore":false,"limit":20,"items":[{"name":"n","pagesCount":1e999}]}')).items;
      assert.equal('pagesCount' in checked.value, false);
      assert.equal(checked.value.name, 'n');
      assert.equal(checked.problems.length, 1);
      assert.equal('field' in checked.problems[0] && checked.problems[0].field, 'pagesCount');
    });

    it('keeps only contract fields in value, whatever other keys an item has', () => {
      // `title: null` sends the item past the fast path to the schema.
      const raw = { name: 'n', title: null, undefined: 'u', constructor: 'c', toString: 't' };
      const [checked] = parsePageGroupPage(page([raw])).items;
      assert.deepEqual(checked.value, { name: 'n' });
      assert.deepEqual(checked.problems, []);
      assert.equal(checked.raw, raw);
    });

    it('the strict list schema refuses a page with an item that breaks the contract', () => {
      assert.ok(!PageGroupListSchema.safeParse(page([{ ...GOOD_GROUP, pagesCount: 'four' }])).success);
      assert.ok(PageGroupListSchema.safeParse(page([GOOD_GROUP])).success);
    });

    it("runs without generated code (zod's JIT probe is logged as an error by VS Code's extension host)", () => {
      assert.equal(z.config().jitless, true);
    });

    it('throws invalidResponse for a broken envelope', () => {
      const pg = 'pageGroups';
      invalidResponse(() => parsePageGroupPage({ hasMore: false, items: {}, limit: 20 }), pg, [
        { path: 'items', expected: 'array', got: 'object' },
      ]);
      invalidResponse(() => parsePageGroupPage({}), pg, [
        { path: 'hasMore', expected: 'boolean', got: 'missing' },
        { path: 'items', expected: 'array', got: 'missing' },
        { path: 'limit', expected: 'number', got: 'missing' },
      ]);
      invalidResponse(() => parsePageGroupPage([]), pg, [{ path: '', expected: 'object', got: 'array' }]);
      invalidResponse(() => parsePageGroupPage(null), pg, [{ path: '', expected: 'object', got: 'null' }]);
      invalidResponse(() => parsePageGroupPage({ hasMore: 'no', items: [], limit: 20 }), pg, [
        { path: 'hasMore', expected: 'boolean', got: 'string' },
      ]);
      invalidResponse(() => parsePageGroupPage({ hasMore: true, items: [], limit: 20, nextCursor: 5 }), pg, [
        { path: 'nextCursor', expected: 'string', got: 'number' },
      ]);
      invalidResponse(() => parsePageGroupPage({ hasMore: true, items: [] }), pg, [{ path: 'limit', expected: 'number', got: 'missing' }]);
    });

    it('fast path: accepts only what PageGroupSchema accepts without nulls, with the same value (property)', () => {
      const fields = Object.keys(PageGroupSchema.shape);
      const anyValue = fc.oneof(anyJsonValue, fc.constant(undefined));
      // Mostly well-typed values, so that the accepting side is exercised too.
      const typed = (field: string): fc.Arbitrary<unknown> =>
        field === 'pagesCount'
          ? fc.oneof(fc.integer(), fc.double(), anyValue)
          : ['actions', 'footerLinks', 'scripts'].includes(field)
            ? fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), anyValue)
            : fc.oneof(fc.string(), fc.string(), anyValue);
      const item = fc
        .tuple(
          fc.subarray(fields).chain((keys) => fc.tuple(...keys.map((k) => typed(k).map((v) => [k, v] as const)))),
          fc.dictionary(fc.constantFrom('extra', 'experimentalFlags', 'toString', '__proto__'), anyValue, { maxKeys: 2 }),
        )
        .map(([pairs, extra]) => Object.assign(Object.fromEntries(pairs), extra) as Record<string, unknown>);
      let accepted = 0;
      fc.assert(
        fc.property(item, (raw) => {
          const quick = quickPageGroup(raw);
          const zod = PageGroupSchema.safeParse(raw);
          // JSON never holds `undefined`; an explicit one, like null, just takes the zod path.
          const hasNullish = fields.some((f) => f in raw && (raw[f] === null || raw[f] === undefined));
          if (quick !== undefined) {
            accepted++;
            assert.ok(zod.success, 'the fast path accepted what zod refuses');
            assert.deepEqual(quick, zod.data);
          } else {
            assert.ok(!zod.success || hasNullish, 'the fast path refused a valid item without nulls');
          }
        }),
        { numRuns: 3000 },
      );
      assert.ok(accepted > 300, `only ${accepted} accepted`);
    });

    it('envelope fast path: accepts exactly what PageGroupEnvelopeSchema accepts, with the same values (property)', () => {
      const anyValue = anyJsonValue;
      // Mostly well-typed fields, so that the accepting side is exercised too; any field may be missing.
      const envelope = fc.record(
        {
          hasMore: fc.oneof(fc.boolean(), fc.boolean(), anyValue),
          items: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), anyValue),
          limit: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.double(), anyValue),
          nextCursor: fc.oneof(fc.string(), fc.constant(null), anyValue),
          extra: anyValue,
        },
        { requiredKeys: [] },
      );
      let accepted = 0;
      fc.assert(
        fc.property(envelope, (json: Record<string, unknown>) => {
          const quick = quickEnvelope(json);
          const zod = PageGroupEnvelopeSchema.safeParse(json);
          assert.equal(quick !== undefined, zod.success, `fast path ${quick === undefined ? 'refused' : 'accepted'} what zod ${zod.success ? 'accepts' : 'refuses'}`);
          if (quick !== undefined && zod.success) {
            accepted++;
            assert.equal(quick.hasMore, zod.data.hasMore);
            assert.deepEqual(quick.items, zod.data.items);
            assert.equal(quick.limit, zod.data.limit);
            assert.equal(quick.nextCursor, zod.data.nextCursor);
          }
        }),
        { numRuns: 3000 },
      );
      assert.ok(accepted > 300, `only ${accepted} accepted`);
      // What JSON.parse can make that a type check alone would let through: a limit of 1e999 is Infinity.
      assert.equal(quickEnvelope(JSON.parse('{"hasMore":false,"items":[],"limit":1e999}') as Record<string, unknown>), undefined);
    });

    it('accepts every page group of the sample data set with no problem, and the strict list schema agrees', () => {
      const { pageGroups } = generateDataset({ pageGroupCount: 300 });
      const body = JSON.parse(JSON.stringify(page([...pageGroups]))) as unknown;
      const result = parsePageGroupPage(body, 300);
      assert.deepEqual(result.items.flatMap((item) => item.problems), []);
      assert.ok(PageGroupListSchema.safeParse(body).success);
      assert.ok(PageGroupSchema.safeParse(pageGroups[0]).success);
    });
  });

  describe('webhook subscriptions', () => {
    it('parses a valid list, keeping raw objects and null events', () => {
      const nullEvents = { ...GOOD_WEBHOOK, id: 'wh_2', events: null, extra: 1 };
      const list = parseWebhookList([GOOD_WEBHOOK, nullEvents]).items;
      assert.deepEqual(list[0].value, GOOD_WEBHOOK);
      assert.deepEqual(list[0].problems, []);
      assert.equal(list[1].value.events, null);
      assert.equal(list[1].raw, nullEvents);
      assert.deepEqual(list[1].problems, []);
    });

    it('requires all six fields', () => {
      const [checked] = parseWebhookList([{ id: 'wh_1' }]).items;
      assert.deepEqual(byField(checked.problems), [
        { kind: 'wrongType', field: 'active', expected: 'boolean', got: 'missing' },
        { kind: 'wrongType', field: 'createdAt', expected: 'string', got: 'missing' },
        { kind: 'wrongType', field: 'events', expected: 'array|null', got: 'missing' },
        { kind: 'wrongType', field: 'updatedAt', expected: 'string', got: 'missing' },
        { kind: 'wrongType', field: 'url', expected: 'string', got: 'missing' },
      ]);
      assert.deepEqual(checked.value, { id: 'wh_1' });
    });

    it('keeps unknown event kinds and flags each one', () => {
      const [checked] = parseWebhookList([{ ...GOOD_WEBHOOK, events: ['form.submitted', 'page.deleted', 'x.y'] }]).items;
      assert.deepEqual(checked.value.events, ['form.submitted', 'page.deleted', 'x.y']);
      assert.deepEqual(checked.problems, [
        { kind: 'unknownEvent', event: 'page.deleted' },
        { kind: 'unknownEvent', event: 'x.y' },
      ]);
    });

    it('drops events that are not an array of strings or null', () => {
      const [a, b] = parseWebhookList([
        { ...GOOD_WEBHOOK, events: 'x' },
        { ...GOOD_WEBHOOK, events: ['form.submitted', 3] },
      ]).items;
      assert.deepEqual(a.problems, [{ kind: 'wrongType', field: 'events', expected: 'array|null', got: 'string' }]);
      assert.equal('events' in a.value, false);
      assert.deepEqual(b.problems, [{ kind: 'badEvent', index: 1, got: 'number' }]);
      assert.equal('events' in b.value, false);
    });

    it('accepts http(s) URLs only and keeps a bad one visible', () => {
      for (const url of ['not a url', 'ftp://hooks.example.com/x', 'mailto:a@b.c', '/relative/path', 'git+https://hooks.example.com/x', 'httpx://hooks.example.com/x']) {
        const [checked] = parseWebhookList([{ ...GOOD_WEBHOOK, url }]).items;
        assert.deepEqual(checked.problems, [{ kind: 'notHttpUrl', field: 'url', value: url }], url);
        assert.equal(checked.value.url, url);
      }
      assert.deepEqual(parseWebhookList([{ ...GOOD_WEBHOOK, url: 'http://localhost:9000/hook?x=1' }]).items[0].problems, []);
    });

    it('keeps a long bad value whole, in its problem and in value (the view cuts it for display)', () => {
      const long = `https//${'x'.repeat(100)}`;
      const [checked] = parseWebhookList([{ ...GOOD_WEBHOOK, url: long }]).items;
      assert.deepEqual(checked.problems, [{ kind: 'notHttpUrl', field: 'url', value: long }]);
      assert.equal(checked.value.url, long);
    });

    it('checks the timestamps with the contract pattern and keeps them visible', () => {
      const [checked] = parseWebhookList([
        { ...GOOD_WEBHOOK, createdAt: '2026-01-01T10:00+02:00', updatedAt: '2023-02-29T10:00Z' },
      ]).items;
      assert.deepEqual(checked.problems, [
        { kind: 'notUtcTimestamp', field: 'createdAt', value: '2026-01-01T10:00+02:00' },
        { kind: 'notUtcTimestamp', field: 'updatedAt', value: '2023-02-29T10:00Z' },
      ]);
      assert.equal(checked.value.createdAt, '2026-01-01T10:00+02:00');
    });

    it('drops wrongly typed fields, including null where null is not allowed', () => {
      const [checked] = parseWebhookList([{ ...GOOD_WEBHOOK, active: 'yes', id: null }]).items;
      assert.deepEqual(byField(checked.problems), [
        { kind: 'wrongType', field: 'active', expected: 'boolean', got: 'string' },
        { kind: 'wrongType', field: 'id', expected: 'string', got: 'null' },
      ]);
      assert.equal('active' in checked.value, false);
      assert.equal('id' in checked.value, false);
    });

    it('keeps non-object items in order', () => {
      const list = parseWebhookList([GOOD_WEBHOOK, 'oops', GOOD_WEBHOOK]).items;
      assert.equal(list.length, 3);
      assert.deepEqual(list[1], { raw: 'oops', value: {}, problems: [{ kind: 'notObject', got: 'string' }] });
    });

    it('keeps at most the first 10,000 subscriptions and says how many the gateway sent', () => {
      const many = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ ...GOOD_WEBHOOK, id: `wh_${i}` }));
      const exact = parseWebhookList(many(MAX_WEBHOOK_SUBSCRIPTIONS));
      assert.equal(exact.items.length, 10_000);
      assert.equal(exact.truncated, undefined);
      const over = parseWebhookList(many(10_007));
      assert.equal(over.items.length, 10_000);
      assert.equal(over.items[9_999].value.id, 'wh_9999');
      assert.deepEqual(over.truncated, { kept: 10_000, total: 10_007 });
      assert.deepEqual(parseWebhookList(many(5), 3).truncated, { kept: 3, total: 5 });
    });

    it('throws invalidResponse when the top level is not an array', () => {
      const wh = 'webhookSubscriptions';
      invalidResponse(() => parseWebhookList({ items: [] }), wh, [{ path: '', expected: 'array', got: 'object' }]);
      invalidResponse(() => parseWebhookList(null), wh, [{ path: '', expected: 'array', got: 'null' }]);
      invalidResponse(() => parseWebhookList('[]'), wh, [{ path: '', expected: 'array', got: 'string' }]);
    });

    it('accepts the whole sample data set, and the strict schemas agree', () => {
      const { webhooks } = generateDataset({ webhookCount: 30 });
      assert.deepEqual(parseWebhookList(webhooks).items.flatMap((w) => w.problems), []);
      assert.ok(WebhookSubscriptionListSchema.safeParse(webhooks).success);
      assert.ok(!WebhookSubscriptionSchema.safeParse({ ...GOOD_WEBHOOK, events: ['page.deleted'] }).success);
    });
  });
});
