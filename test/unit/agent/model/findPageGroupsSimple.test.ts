// Find Page Groups against the simple way of finding the same page groups: every page group of the gateway's order
// (what was loaded, then what the scan added) tested with one normalized haystack (textMatch.ts) and the status
// compared as given or case-insensitively; the first `limit` matches returned, the rest counted.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { CheckedPageGroup, PageGroup, PageGroupPage, PageGroupQuery } from '../../../../src/api/model';
import { PageGroupsModel, pageGroupKey } from '../../../../src/features/pageGroups/model/pageGroupsModel';
import { findPageGroups } from '../../../../src/agent/model/findPageGroups';
import { haystackOf, matches, prepareQuery } from '../../../../src/model/textMatch';

function simpleMatch(typed: string, status: string | undefined, value: PageGroup): boolean {
  if (status !== undefined) {
    const own = value.status;
    if (own !== status && (own === undefined || own.length !== status.length || own.toLowerCase() !== status.toLowerCase())) {
      return false;
    }
  }
  return matches(prepareQuery(typed), haystackOf([value.pageGroupId, value.name, value.title, value.tenantId, value.brandId]), value.pageGroupId);
}

const word = fc.constantFrom('Café', 'cafe', 'CHECKOUT', 'checkout-flow', 'Zürich', 'acme', 'ΣΑΣ', 'İstanbul', 'ß', 'x', '');
const pageGroups = fc.array(
  fc.record(
    {
      pageGroupId: fc.oneof(fc.integer({ min: 0, max: 40 }).map((n) => `pg_${n}`), fc.string({ maxLength: 6 })),
      name: fc.oneof(word, fc.string({ maxLength: 8 })),
      title: fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
      tenantId: fc.constantFrom('tnt_acme', 'TNT_Acme', 'tnt_zürich', 'tnt_x'),
      brandId: fc.constantFrom('brd_a', 'brd_Café', 'brd_ß'),
      status: fc.constantFrom('published', 'Published', 'draft', 'İ', 'i\u0307', ''),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 120 },
);

function fakeList(values: readonly PageGroup[]): (query: PageGroupQuery) => Promise<PageGroupPage> {
  const items: CheckedPageGroup[] = values.map((value) => ({ raw: value, value, problems: [] }));
  return (query) => {
    const all = items.filter((item) => query.status === undefined || item.value.status === query.status);
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const limit = query.limit ?? 20;
    const page = all.slice(start, start + limit);
    const next = start + page.length;
    return Promise.resolve({ items: page, limit, hasMore: next < all.length, ...(next < all.length ? { nextCursor: String(next) } : {}) });
  };
}

describe('agent tools: find page groups, against the simple way', () => {
  it('property: the same matches, places, count of the others and first one left, loaded or scanned', async () => {
    const typedOf = (values: readonly PageGroup[]): fc.Arbitrary<string> =>
      fc.oneof(
        word,
        fc.string({ maxLength: 6 }),
        fc.constantFrom(...values.map((v) => v.name ?? ''), 'x'),
        fc.constantFrom(...values.map((v) => `https://admin.example.com/page-groups/${v.pageGroupId ?? ''}?tab=json`), 'pg_1'),
      );
    const input = pageGroups.chain((values) =>
      fc.record({
        values: fc.constant(values as PageGroup[]),
        typed: typedOf(values),
        status: fc.option(fc.constantFrom('published', 'PUBLISHED', 'draft', 'İ', 'i\u0307', ''), { nil: undefined }),
        limit: fc.integer({ min: 1, max: 50 }),
        loadedPages: fc.integer({ min: 0, max: 3 }),
        draftPages: fc.integer({ min: 0, max: 2 }),
        maxRequests: fc.integer({ min: 0, max: 20 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ values, typed, status, limit, loadedPages, draftPages, maxRequests }) => {
        const model = new PageGroupsModel(fakeList(values));
        for (let page = 0; page < loadedPages && (page === 0 || model.discovery.hasMore); page += 1) {
          await model.discovery.loadMore(20);
        }
        for (let page = 0; page < draftPages && (page === 0 || model.chain('draft').hasMore); page += 1) {
          await model.chain('draft').loadMore(20);
        }
        const before = model.allLoaded();
        const discoveryBefore = model.discovery.items.length;
        const outcome = await findPageGroups([{ name: 'staging', model, ready: true }], {
          query: typed,
          status,
          limit,
          maxRequests,
          positions: new Map(),
          signal: new AbortController().signal,
        });
        // The gateway's order: what was loaded, then what the scan added (each id once).
        const order = [...before];
        const ids = new Set(before.map(pageGroupKey).filter((key): key is string => key !== undefined));
        for (const item of model.discovery.items.slice(discoveryBefore)) {
          const key = pageGroupKey(item);
          if (key !== undefined) {
            if (ids.has(key)) {
              continue;
            }
            ids.add(key);
          }
          order.push(item);
        }
        const gateway = outcome.gateways[0];
        assert.ok(gateway);
        assert.equal(gateway.examined, order.length);
        const matched = order.map((item, index) => ({ item, index })).filter(({ item }) => simpleMatch(typed, status, item.value));
        assert.deepEqual(
          outcome.found.map((entry) => [entry.index, entry.item]),
          matched.slice(0, limit).map((entry) => [entry.index, entry.item]),
        );
        assert.equal(outcome.more, Math.max(0, matched.length - limit));
        assert.equal(gateway.firstLeft, matched[limit]?.index);
      }),
      { numRuns: 400 },
    );
  });
});
