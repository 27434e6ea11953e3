/**
 * The agent's Find Page Groups over a large loaded list, in Node (the tool's model and result shaping; the editor's
 * invocation round trip is not in it): 100,000 page groups loaded in a PageGroupsModel (all of them, as after Load
 * All or a complete scan), then one call per query, as the tool makes it: every loaded page group examined, the
 * matches beyond the limit counted, the result shaped within the default budget. Requests: none (everything loaded).
 * The first call after loading also builds the unfiltered chain's text index (src/model/textIndex.ts): it is timed
 * apart, with the heap the index keeps.
 */
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../src/api/model';
import { findPageGroups, MAX_REQUESTS_PER_CALL, resumePositions } from '../../src/agent/model/findPageGroups';
import { encodeContinuation } from '../../src/agent/model/continuation';
import { pageGroupSummary } from '../../src/agent/model/pageGroupSummary';
import { DEFAULT_BUDGET_CHARS, shapeList } from '../../src/agent/model/resultBudget';
import { PageGroupsModel } from '../../src/features/pageGroups/model/pageGroupsModel';
import { benchDataset, countText } from './benchDataset';
import { forcedGc, settledHeap } from './host/forcedGc';
import type { BenchRow } from './index';
import { median, spread } from './stats';

const LOADED = 100_000;
const RUNS = 15;
const TARGET_MS = 50;

async function loadedModel(): Promise<PageGroupsModel> {
  const items: CheckedPageGroup[] = benchDataset(LOADED - 40).pageGroups.map((raw) => ({ raw, value: raw as CheckedPageGroup['value'], problems: [] }));
  const list = (query: PageGroupQuery): Promise<PageGroupPage> => {
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const limit = query.limit ?? 20;
    const page = items.slice(start, start + limit);
    const next = start + page.length;
    return Promise.resolve({ items: page, limit, hasMore: next < items.length, ...(next < items.length ? { nextCursor: String(next) } : {}) });
  };
  const model = new PageGroupsModel(list);
  await model.discovery.loadAll(100);
  return model;
}

/** One tool call's work: find, then the result text within the default budget. */
async function call(model: PageGroupsModel, query: string, status: string | undefined): Promise<{ ms: number; chars: number; found: number; more: number; requests: number }> {
  const started = performance.now();
  const outcome = await findPageGroups([{ name: 'bench', model, ready: true }], {
    query,
    status,
    limit: 20,
    maxRequests: MAX_REQUESTS_PER_CALL,
    positions: new Map(),
    signal: new AbortController().signal,
  });
  const summaries = outcome.found.map((entry) => pageGroupSummary(entry.item, entry.gateway));
  const shaped = shapeList({
    sentences: [`Found ${summaries.length}.`],
    items: summaries,
    json: (kept) => ({ pageGroups: kept, continuation: encodeContinuation({ query, status, positions: resumePositions(outcome, kept.length) }) }),
    cutSentence: (cut) => `${cut + outcome.more} more.`,
    budget: DEFAULT_BUDGET_CHARS,
  });
  return { ms: performance.now() - started, chars: shaped.text.length, found: outcome.found.length, more: outcome.more, requests: outcome.requests };
}

export async function benchAgentTools(): Promise<readonly BenchRow[]> {
  const model = await loadedModel();
  const gc = forcedGc();
  const heapBefore = settledHeap(gc);
  const firstCall = await call(model, 'no such page group', undefined);
  const indexMib = (settledHeap(gc) - heapBefore) / (1024 * 1024);
  const cases: Array<{ label: string; query: string; status?: string }> = [
    { label: 'no match (every page group examined)', query: 'no such page group' },
    { label: 'many matches (20 returned, the rest counted)', query: 'checkout' },
    { label: 'a status, no query', query: '', status: 'draft' },
    { label: 'an id inside a URL', query: 'https://admin.example.com/page-groups/pg_099000?tab=json' },
  ];
  const rows: BenchRow[] = [
    {
      section: `agent tools ${countText(LOADED)}`,
      metric: 'findPageGroups, the first call after loading',
      value: `${firstCall.ms.toFixed(1)} ms`,
      command: 'findPageGroups + result shaping (Node, outside the editor)',
      note: `one call, no match: it also builds the text index of the ${countText(LOADED)} loaded page groups, which then stays with the list: ${indexMib.toFixed(1)} MiB of heap (${gc.how})`,
    },
  ];
  for (const entry of cases) {
    await call(model, entry.query, entry.status);
    const runs: Array<Awaited<ReturnType<typeof call>>> = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await call(model, entry.query, entry.status));
    }
    const ms = median(runs.map((run) => run.ms));
    const last = runs[runs.length - 1];
    rows.push({
      section: `agent tools ${countText(LOADED)}`,
      metric: `findPageGroups, ${entry.label}`,
      value: `${ms.toFixed(1)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      met: ms <= TARGET_MS,
      command: 'findPageGroups + result shaping (Node, outside the editor)',
      note: `${spread(runs.map((run) => run.ms), 'ms')}; ${RUNS} runs; result ${last?.chars ?? 0} characters (${last?.found ?? 0} returned, ${last?.more ?? 0} more counted), ${last?.requests ?? 0} requests`,
    });
  }
  return rows;
}
