/**
 * What `pageGateway.maxLoadedPageGroups` costs a Load All that never reaches it: 100,000 page groups (1,000 pages of
 * 100) loaded into a status chain of a PageGroupsModel (the check before each page sums every chain of the gateway;
 * three more status chains hold a page each, as after browsing) against the same chain without any check. In-memory
 * pages (no HTTP), so the check is as large a part of the walk as it can be. Rounds in ABBA order; medians.
 */
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../src/api/model';
import { sharePageValues } from '../../src/api/pageValues';
import { CursorChain } from '../../src/lists/paging';
import { PageGroupsModel, pageGroupKey } from '../../src/features/pageGroups/model/pageGroupsModel';
import type { BenchRow } from './index';
import { median, spread } from './stats';

const TOTAL = 100_000;
const LIMIT = 100;
const ROUNDS = 10;
const DEFAULT_LIMIT = 250_000;

/** A list of TOTAL page groups in every status, fresh objects per page (as a parsed answer is). */
function list(query: PageGroupQuery): Promise<PageGroupPage> {
  const start = query.cursor === undefined ? 0 : Number(query.cursor);
  const end = Math.min(TOTAL, start + (query.limit ?? LIMIT));
  const items: CheckedPageGroup[] = [];
  for (let n = start; n < end; n++) {
    const value = { pageGroupId: `pg_${n}`, status: query.status ?? 'published', tenantId: 't_1', brandId: 'b_1', title: `Page group ${n}`, pagesCount: n % 7 };
    items.push({ raw: value, value, problems: [] });
  }
  return Promise.resolve({ items, limit: LIMIT, hasMore: end < TOTAL, ...(end < TOTAL ? { nextCursor: String(end) } : {}) });
}

async function withCap(): Promise<number> {
  const model = new PageGroupsModel((query) => list(query), () => DEFAULT_LIMIT);
  for (const other of ['draft', 'archived', 'review']) {
    await model.chain(other).loadMore(LIMIT);
  }
  const started = performance.now();
  await model.chain('published').loadAll(LIMIT);
  const ms = performance.now() - started;
  if (model.chain('published').items.length !== TOTAL) {
    throw new Error('the capped walk did not load everything');
  }
  return ms;
}

async function withoutCap(): Promise<number> {
  const chain = new CursorChain<CheckedPageGroup>((request) => list({ ...request, status: 'published' }).then(sharePageValues), pageGroupKey);
  const started = performance.now();
  await chain.loadAll(LIMIT);
  const ms = performance.now() - started;
  if (chain.items.length !== TOTAL) {
    throw new Error('the plain walk did not load everything');
  }
  return ms;
}

/** The check alone, as often as a Load All of TOTAL makes it (once a page), on a model holding TOTAL page groups. */
async function checkAlone(): Promise<number> {
  const model = new PageGroupsModel((query) => list(query), () => DEFAULT_LIMIT);
  await model.chain('published').loadAll(LIMIT);
  for (const other of ['draft', 'archived', 'review']) {
    await model.chain(other).loadMore(LIMIT);
  }
  const chain = model.chain('published');
  let capped = 0;
  const started = performance.now();
  for (let page = 0; page < TOTAL / LIMIT; page++) {
    capped += model.capReached() === undefined && !chain.capped ? 0 : 1;
  }
  const ms = performance.now() - started;
  if (capped !== 0) {
    throw new Error('the check said the limit was reached');
  }
  return ms;
}

export async function benchLoadCap(): Promise<readonly BenchRow[]> {
  const capped: number[] = [];
  const plain: number[] = [];
  await withCap();
  await withoutCap();
  for (let round = 0; round < ROUNDS; round++) {
    // ABBA: each order half the time, so drift on a shared machine falls on both sides.
    if (round % 2 === 0) {
      capped.push(await withCap());
      plain.push(await withoutCap());
    } else {
      plain.push(await withoutCap());
      capped.push(await withCap());
    }
  }
  const alone: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await checkAlone());
  }
  const ratios = capped.map((ms, i) => ms / (plain[i] ?? Number.NaN));
  const section = 'load cap (100,000 page groups)';
  const command = 'status chain loadAll(100), in-memory pages (Node)';
  return [
    { section, metric: 'Load All with the cap check (limit 250,000)', value: `${median(capped).toFixed(1)} ms`, command, note: spread(capped, 'ms') },
    { section, metric: 'Load All without any check', value: `${median(plain).toFixed(1)} ms`, command, note: spread(plain, 'ms') },
    {
      section,
      metric: 'ratio with / without the check',
      value: `${median(ratios).toFixed(3)}×`,
      command,
      note: `per round, median of ${ROUNDS}; spread ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}×`,
    },
    {
      section,
      metric: 'the check alone, once per page (1,000 times)',
      value: `${median(alone).toFixed(3)} ms`,
      command: 'model.capReached() and chain.capped on a model holding 100,000 (Node)',
      note: spread(alone, 'ms', 3),
    },
  ];
}
