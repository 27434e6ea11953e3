/**
 * The agent's Count and Find Page Groups over a large loaded list, in Node (the tools' reading, filtering and result
 * shaping; the editor's invocation round trip is not in it): 100,000 page groups of mixed statuses, tenants and
 * deletion times loaded in a PageGroupsModel (as after Load All), then one call per question, as the tool makes it.
 * Requests: none (everything loaded). Then a count of one status with nothing loaded: its requests (the floor is the
 * status list's pages) and its time against a Load All of the same status, both served from memory, so the
 * comparison is the tools' own cost per page.
 */
import type { CheckedPageGroup, PageGroupPage, PageGroupQuery } from '../../src/api/model';
import { DEFAULT_BUDGET_CHARS } from '../../src/agent/model/resultBudget';
import { filterTest } from '../../src/features/pageGroups/model/pageGroupFilter';
import { readPageGroups } from '../../src/features/pageGroups/model/pageGroupRead';
import { parseCountPageGroups, parseFindPageGroups, type PageGroupToolInput } from '../../src/features/pageGroups/model/pageGroupToolInput';
import { PageGroupsModel } from '../../src/features/pageGroups/model/pageGroupsModel';
import { countResult, findResult, type NamedRead } from '../../src/features/pageGroups/text/pageGroupToolResults';
import { generateDataset } from '../gateway/dataset';
import { countText } from './benchDataset';
import type { BenchRow } from './index';
import { median, spread } from './stats';

const LOADED = 100_000;
const RUNS = 15;
const TARGET_MS = 50;
const SECTION = `agent tools ${countText(LOADED)}`;
const COMMAND = 'readPageGroups + the tool result (Node, outside the editor)';

function items(): CheckedPageGroup[] {
  return generateDataset({ pageGroupCount: LOADED, seed: 7 }).pageGroups.map((raw) => ({ raw, value: raw as CheckedPageGroup['value'], problems: [] }));
}

/** A model over the items, served from memory (with `?status=` lists), counting its requests. */
function modelOf(all: readonly CheckedPageGroup[]): { model: PageGroupsModel; requests: () => number } {
  let requests = 0;
  const byStatus = new Map<string | undefined, CheckedPageGroup[]>();
  const list = (query: PageGroupQuery): Promise<PageGroupPage> => {
    requests += 1;
    let source = byStatus.get(query.status);
    if (source === undefined) {
      source = query.status === undefined ? [...all] : all.filter((item) => item.value.status === query.status);
      byStatus.set(query.status, source);
    }
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const limit = query.limit ?? 20;
    const page = source.slice(start, start + limit);
    const next = start + page.length;
    return Promise.resolve({ items: page, limit, hasMore: next < source.length, ...(next < source.length ? { nextCursor: String(next) } : {}) });
  };
  return { model: new PageGroupsModel(list), requests: () => requests };
}

async function call(model: PageGroupsModel, input: PageGroupToolInput, find: boolean): Promise<{ ms: number; chars: number; requests: number }> {
  const started = performance.now();
  const outcome = await readPageGroups(model, {
    status: input.question.status,
    test: filterTest(input.filter),
    ...(input.filter.query !== undefined && input.filter.exact !== true ? { searchText: input.filter.query } : {}),
    ready: true,
    maxRequests: 20,
    signal: new AbortController().signal,
    ...(find ? { enough: input.limit + 1 } : {}),
  });
  const read: NamedRead = { name: 'bench', outcome, coverage: { gateway: 'bench', complete: outcome.complete, read: outcome.read }, offset: 0 };
  const text = find ? findResult(input, [read], DEFAULT_BUDGET_CHARS) : countResult(input, [read], DEFAULT_BUDGET_CHARS);
  return { ms: performance.now() - started, chars: text.length, requests: outcome.requests };
}

function inputOf(find: boolean, fields: object): PageGroupToolInput {
  const parsed = find ? parseFindPageGroups(fields) : parseCountPageGroups(fields);
  if (!parsed.ok) {
    throw new Error(parsed.problem);
  }
  return parsed.value;
}

export async function benchAgentTools(): Promise<readonly BenchRow[]> {
  const all = items();
  const { model } = modelOf(all);
  await model.discovery.loadAll(100);
  const cases: Array<{ label: string; find: boolean; fields: object }> = [
    { label: 'countPageGroups, everything, grouped by tenant', find: false, fields: { groupBy: 'tenantId' } },
    { label: 'countPageGroups, deleted in a window, grouped by status', find: false, fields: { deleted: 'only', deletedAfter: '2024-03-01', deletedBefore: '2024-06-01', groupBy: 'status' } },
    { label: 'countPageGroups, matching “checkout”, updated in a window', find: false, fields: { query: 'checkout', updatedAfter: '2024-02-01' } },
    { label: 'findPageGroups, no match (every page group examined)', find: true, fields: { query: 'no such page group' } },
    { label: 'findPageGroups, an exact title', find: true, fields: { query: 'Checkout Flow 99999', exact: true } },
    { label: 'findPageGroups, not deleted, created before a date', find: true, fields: { deleted: 'exclude', createdBefore: '2024-01-15T12:00Z' } },
  ];
  const rows: BenchRow[] = [];
  for (const entry of cases) {
    const input = inputOf(entry.find, entry.fields);
    await call(model, input, entry.find);
    const runs: Array<Awaited<ReturnType<typeof call>>> = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await call(model, input, entry.find));
    }
    const ms = median(runs.map((run) => run.ms));
    const last = runs[runs.length - 1];
    rows.push({
      section: SECTION,
      metric: entry.label,
      value: `${ms.toFixed(1)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      met: ms <= TARGET_MS,
      command: COMMAND,
      note: `${spread(runs.map((run) => run.ms), 'ms')}; ${RUNS} runs; result ${last?.chars ?? 0} characters, ${last?.requests ?? 0} requests`,
    });
  }
  // A status with nothing loaded: the count reads that status's list, call after call, against a Load All of it.
  const status = 'published';
  const floor = Math.ceil(all.filter((item) => item.value.status === status).length / 100);
  const counting = modelOf(all);
  const countInput = inputOf(false, { status });
  const countStarted = performance.now();
  let calls = 0;
  let complete = false;
  while (!complete && calls < 10_000) {
    calls += 1;
    const outcome = await readPageGroups(counting.model, { status, test: filterTest(countInput.filter), ready: true, maxRequests: 20, signal: new AbortController().signal });
    complete = outcome.complete;
  }
  const countMs = performance.now() - countStarted;
  const loading = modelOf(all);
  const loadStarted = performance.now();
  await loading.model.chain(status).loadAll(100);
  const loadMs = performance.now() - loadStarted;
  rows.push({
    section: SECTION,
    metric: `countPageGroups of one status (${countText(floor * 100)} or fewer), nothing loaded`,
    value: `${counting.requests()} requests in ${calls} calls, ${countMs.toFixed(0)} ms`,
    target: `requests = the status list's pages (${floor})`,
    met: counting.requests() === floor,
    command: COMMAND,
    note: `a Load All of the same status: ${loading.requests()} requests, ${loadMs.toFixed(0)} ms (count / Load All: ${(countMs / loadMs).toFixed(2)}×); pages served from memory`,
  });
  return rows;
}
