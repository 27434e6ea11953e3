// The agent tools' eval: everyday questions, each answered through the real registered tools in the extension host
// against two sample gateways (staging: 3,000 page groups and 120 subscriptions; production: 2,500 and 121, one of
// them pointing at localhost over plain http; a third gateway without a key), as an agent would call them (following
// continuations), with the expected answer computed from the sample data. Each question starts with nothing loaded;
// its calls and the requests the gateways received are recorded, and the table is written to
// test-artifacts/agent-eval.md (docs/agent-tools.md shows it).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PageGatewayTestApi } from '../../../src/extension';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { configure, extensionApi, storeKey, tearDownGateways } from '../support';
import { dataOf, invokeTool } from './toolSupport';

const STAGING_KEY = 'pge-eval-staging-51aa';
const PRODUCTION_KEY = 'pge-eval-production-77c2';
const LOCAL_HOOK = 'http://localhost:3000/hooks/pages';

function withWebhooks(dataset: Dataset, count: number, seed: number, change?: (hooks: Record<string, unknown>[]) => void): Dataset {
  const hooks = generateDataset({ seed, pageGroupCount: 1, webhookCount: count }).webhooks.map((hook) => ({ ...hook }));
  change?.(hooks);
  return { pageGroups: dataset.pageGroups, webhooks: hooks };
}

const stagingData = withWebhooks(generateDataset({ seed: 3, pageGroupCount: 3000 }), 120, 30);
const productionData = withWebhooks(generateDataset({ seed: 4, pageGroupCount: 2500 }), 121, 40, (hooks) => {
  (hooks[100] as Record<string, unknown>).url = LOCAL_HOOK;
});

type Row = Record<string, unknown>;

interface Asked {
  readonly calls: number;
  /** What the agent would answer, in the test's own terms (compared with the expected answer). */
  readonly answer: unknown;
}

interface Question {
  readonly question: string;
  readonly tools: string;
  readonly ask: () => Promise<Asked>;
  readonly expected: () => unknown;
}

/** Calls a tool, then again with each continuation it returns, as an agent does; `take` reads each result. */
async function follow<T extends { continuation?: string }>(tool: string, input: object, take: (data: T) => void, maxCalls = 20): Promise<number> {
  let continuation: string | undefined;
  let calls = 0;
  do {
    const data = dataOf<T>(await invokeTool(tool, continuation === undefined ? input : { ...input, continuation }));
    take(data);
    continuation = data.continuation;
    calls += 1;
  } while (continuation !== undefined && calls < maxCalls);
  assert.equal(continuation, undefined, `${tool} still had a continuation after ${maxCalls} calls`);
  return calls;
}

function countBy(rows: readonly Row[], field: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const value = typeof row[field] === 'string' ? (row[field] as string) : '(none)';
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

function sorted(record: Record<string, number>): Array<[string, number]> {
  return Object.entries(record).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const receives = (hook: Row, event: string): boolean => Array.isArray(hook.events) && (hook.events as string[]).includes(event);

/** The week (Monday 00:00Z to the next) of production's latest deletion: "deleted this week", in the data's time. */
function latestDeletionWeek(): { after: string; before: string } {
  const latest = productionData.pageGroups.map((pg) => pg.deletedAt).filter((t): t is string => typeof t === 'string' && t !== '').sort().at(-1) as string;
  const day = new Date(latest.slice(0, 10));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { after: monday.toISOString().slice(0, 10), before: next.toISOString().slice(0, 10) };
}

describe('The agent tools’ eval: everyday questions against two gateways', function () {
  this.timeout(300_000);
  let api: PageGatewayTestApi;
  let staging: SampleGateway;
  let production: SampleGateway;
  let qa: SampleGateway;
  const results: Array<{ question: string; tools: string; right: boolean; calls: number; requests: number }> = [];

  before(async () => {
    api = await extensionApi();
    staging = await startSampleGateway({ apiKey: STAGING_KEY, dataset: stagingData });
    production = await startSampleGateway({ apiKey: PRODUCTION_KEY, dataset: productionData });
    qa = await startSampleGateway({ apiKey: 'pge-eval-qa', dataset: generateDataset({ seed: 9, pageGroupCount: 50 }) });
    await configure(api, {
      baseUrl: undefined,
      gateways: [
        { name: 'staging', baseUrl: staging.url },
        { name: 'production', baseUrl: production.url },
        { name: 'qa', baseUrl: qa.url },
      ],
    });
    await storeKey(api, staging.url, STAGING_KEY);
    await storeKey(api, production.url, PRODUCTION_KEY);
    await storeKey(api, qa.url, undefined);
  });

  /** The table so far, written after each question (a run stopped half-way still leaves what it measured). */
  const writeTable = (): void => {
    const lines = [
      '| # | question | tools | right | calls | requests |',
      '|---:|---|---|---|---:|---:|',
      ...results.map((r, i) => `| ${i + 1} | ${r.question} | ${r.tools} | ${r.right ? 'yes' : '**no**'} | ${r.calls} | ${r.requests} |`),
    ];
    // The extension under test runs from a copy: the harness says where the repository's artifacts go.
    const file = path.join(process.env.PGE_ARTIFACTS_DIR ?? path.resolve(__dirname, '..', '..', '..', '..', 'test-artifacts'), 'agent-eval.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
  };

  after(async () => {
    await tearDownGateways(api, [staging, production, qa]);
  });

  const week = latestDeletionWeek();
  const questions: Question[] = [
    {
      question: 'How many page groups are in draft on production?',
      tools: 'countPageGroups',
      ask: async () => {
        let total: unknown;
        const calls = await follow<{ counts: Array<{ total: number; exact: boolean }>; continuation?: string }>('pageGateway_countPageGroups', { gateway: 'production', status: 'draft' }, (d) => {
          total = d.counts[0]?.exact ? d.counts[0].total : undefined;
        });
        return { calls, answer: total };
      },
      expected: () => productionData.pageGroups.filter((pg) => pg.status === 'draft').length,
    },
    {
      question: `Which page groups were deleted this week (${week.after} to ${week.before}) on production?`,
      tools: 'findPageGroups',
      ask: async () => {
        const ids: string[] = [];
        const calls = await follow<{ pageGroups: Row[]; continuation?: string }>(
          'pageGateway_findPageGroups',
          { gateway: 'production', deleted: 'only', deletedAfter: week.after, deletedBefore: week.before, limit: 50 },
          (d) => ids.push(...d.pageGroups.map((pg) => String(pg.id))),
        );
        return { calls, answer: ids };
      },
      expected: () =>
        productionData.pageGroups.filter((pg) => typeof pg.deletedAt === 'string' && pg.deletedAt >= week.after && pg.deletedAt < week.before).map((pg) => pg.pageGroupId),
    },
    {
      question: 'What is the id of the page group named Landing Page 22 (on every gateway)?',
      tools: 'findPageGroups',
      ask: async () => {
        const found: string[] = [];
        const calls = await follow<{ pageGroups: Row[]; continuation?: string }>('pageGateway_findPageGroups', { query: 'Landing Page 22', exact: true }, (d) =>
          found.push(...d.pageGroups.map((pg) => `${String(pg.gateway)}:${String(pg.id)}`)),
        );
        return { calls, answer: found };
      },
      expected: () => [
        ...stagingData.pageGroups.filter((pg) => pg.title === 'Landing Page 22' || pg.name === 'Landing Page 22').map((pg) => `staging:${String(pg.pageGroupId)}`),
        ...productionData.pageGroups.filter((pg) => pg.title === 'Landing Page 22' || pg.name === 'Landing Page 22').map((pg) => `production:${String(pg.pageGroupId)}`),
      ],
    },
    {
      question: 'Find the page group titled Checkout Flow 2981 on staging and show its scripts',
      tools: 'findPageGroups, getItem',
      ask: async () => {
        const ids: string[] = [];
        const calls = await follow<{ pageGroups: Row[]; continuation?: string }>('pageGateway_findPageGroups', { gateway: 'staging', query: 'checkout flow 2981', exact: true }, (d) =>
          ids.push(...d.pageGroups.map((pg) => String(pg.id))),
        );
        assert.equal(ids.length, 1, 'one page group has that title');
        const item = dataOf<{ item: Row }>(await invokeTool('pageGateway_getItem', { id: ids[0] as string, gateway: 'staging' }));
        return { calls: calls + 1, answer: item.item.scripts };
      },
      expected: () => stagingData.pageGroups.find((pg) => pg.title === 'Checkout Flow 2981')?.scripts,
    },
    {
      question: 'Which subscriptions receive form.submitted on staging but not on production?',
      tools: 'compareWebhookSubscriptions',
      ask: async () => {
        const urls: string[] = [];
        const calls = await follow<{ onlyInA: Row[]; changed: Array<{ url: string; a: Row; b: Row }>; continuation?: string }>(
          'pageGateway_compareWebhookSubscriptions',
          { gatewayA: 'staging', gatewayB: 'production', event: 'form.submitted' },
          (d) => {
            urls.push(...d.onlyInA.map((hook) => String(hook.url)));
            urls.push(...d.changed.filter((c) => receives(c.a, 'form.submitted') && !receives(c.b, 'form.submitted')).map((c) => c.url));
          },
        );
        return { calls, answer: urls.sort() };
      },
      expected: () => {
        const onProduction = new Set(productionData.webhooks.filter((h) => receives(h, 'form.submitted')).map((h) => h.url));
        return stagingData.webhooks
          .filter((h) => receives(h, 'form.submitted') && !onProduction.has(h.url))
          .map((h) => String(h.url))
          .sort();
      },
    },
    {
      question: 'Is any subscription on production pointing at localhost or plain http?',
      tools: 'listWebhookSubscriptions',
      ask: async () => {
        const urls: string[] = [];
        const calls = await follow<{ subscriptions: Array<{ url: string; warnings?: string[] }>; continuation?: string }>(
          'pageGateway_listWebhookSubscriptions',
          { gateway: 'production', withWarnings: true },
          (d) => urls.push(...d.subscriptions.filter((s) => (s.warnings ?? []).some((w) => /http:\/\/|this machine/i.test(w))).map((s) => s.url)),
        );
        return { calls, answer: urls };
      },
      expected: () => [LOCAL_HOOK],
    },
    {
      question: 'How many page groups per status on staging?',
      tools: 'countPageGroups',
      ask: async () => {
        let groups: Record<string, number> = {};
        const calls = await follow<{ counts: Array<{ groups?: Record<string, number> }>; continuation?: string }>('pageGateway_countPageGroups', { gateway: 'staging', groupBy: 'status' }, (d) => {
          groups = d.counts[0]?.groups ?? {};
        });
        return { calls, answer: sorted(groups) };
      },
      expected: () => sorted(countBy(stagingData.pageGroups, 'status')),
    },
    {
      question: 'How many page groups per tenant on production?',
      tools: 'countPageGroups',
      ask: async () => {
        let groups: Record<string, number> = {};
        const calls = await follow<{ counts: Array<{ groups?: Record<string, number> }>; continuation?: string }>('pageGateway_countPageGroups', { gateway: 'production', groupBy: 'tenantId' }, (d) => {
          groups = d.counts[0]?.groups ?? {};
        });
        return { calls, answer: sorted(groups) };
      },
      expected: () => sorted(countBy(productionData.pageGroups, 'tenantId')),
    },
    {
      question: 'How many page groups on staging were updated in 2025 and are not deleted?',
      tools: 'countPageGroups',
      ask: async () => {
        let total: unknown;
        const calls = await follow<{ counts: Array<{ total: number; exact: boolean }>; continuation?: string }>(
          'pageGateway_countPageGroups',
          { gateway: 'staging', updatedAfter: '2025-01-01', updatedBefore: '2026-01-01', deleted: 'exclude' },
          (d) => {
            total = d.counts[0]?.exact ? d.counts[0].total : undefined;
          },
        );
        return { calls, answer: total };
      },
      expected: () =>
        stagingData.pageGroups.filter((pg) => typeof pg.updatedAt === 'string' && pg.updatedAt >= '2025-01-01' && pg.updatedAt < '2026-01-01' && (pg.deletedAt === undefined || pg.deletedAt === ''))
          .length,
    },
    {
      question: 'Which gateways hold pg_000123, and what is its status on each?',
      tools: 'getItem',
      ask: async () => {
        const first = dataOf<{ item: Row; gateway: string; alsoOn: Array<{ gateway: string }> }>(await invokeTool('pageGateway_getItem', { id: 'pg_000123' }));
        const answer = [`${first.gateway}:${String(first.item.status)}`];
        for (const other of first.alsoOn) {
          const item = dataOf<{ item: Row }>(await invokeTool('pageGateway_getItem', { id: 'pg_000123', gateway: other.gateway }));
          answer.push(`${other.gateway}:${String(item.item.status)}`);
        }
        return { calls: 1 + first.alsoOn.length, answer };
      },
      expected: () => [`staging:${String(stagingData.pageGroups[122]?.status)}`, `production:${String(productionData.pageGroups[122]?.status)}`],
    },
    {
      question: 'What is in https://admin.example.com/page-groups/pg_002400?tab=json on staging?',
      tools: 'getItem',
      ask: async () => {
        let calls = 0;
        let item: unknown = null;
        while (item === null && calls < 5) {
          item = dataOf<{ item: unknown }>(await invokeTool('pageGateway_getItem', { id: 'https://admin.example.com/page-groups/pg_002400?tab=json', gateway: 'staging' })).item;
          calls += 1;
        }
        return { calls, answer: item };
      },
      expected: () => stagingData.pageGroups[2399],
    },
    {
      question: 'Who receives page.version.published, on every gateway?',
      tools: 'listWebhookSubscriptions',
      ask: async () => {
        const ids: string[] = [];
        const calls = await follow<{ subscriptions: Array<{ id: string; gateway: string }>; continuation?: string }>(
          'pageGateway_listWebhookSubscriptions',
          { event: 'page.version.published' },
          (d) => ids.push(...d.subscriptions.map((s) => `${s.gateway}:${s.id}`)),
        );
        return { calls, answer: ids };
      },
      expected: () => [
        ...stagingData.webhooks.filter((h) => receives(h, 'page.version.published')).map((h) => `staging:${String(h.id)}`),
        ...productionData.webhooks.filter((h) => receives(h, 'page.version.published')).map((h) => `production:${String(h.id)}`),
      ],
    },
    {
      question: 'How many page groups are there on each gateway (qa has no key)?',
      tools: 'countPageGroups',
      ask: async () => {
        let answer: unknown;
        const calls = await follow<{ counts: Array<{ gateway: string; total: number; exact: boolean }>; coverage: Array<{ gateway: string; state?: string }>; continuation?: string }>(
          'pageGateway_countPageGroups',
          {},
          (d) => {
            answer = d.counts.map((c) => `${c.gateway}:${c.exact ? c.total : `≥${c.total}`}:${d.coverage.find((x) => x.gateway === c.gateway)?.state ?? 'complete'}`);
          },
        );
        return { calls, answer };
      },
      expected: () => [`staging:${stagingData.pageGroups.length}:complete`, `production:${productionData.pageGroups.length}:complete`, 'qa:≥0:notReady'],
    },
    {
      question: 'How many page groups on staging have no status?',
      tools: 'countPageGroups',
      ask: async () => {
        let answer: unknown;
        const calls = await follow<{ counts: Array<{ groups?: Record<string, number> }>; continuation?: string }>('pageGateway_countPageGroups', { gateway: 'staging', groupBy: 'status' }, (d) => {
          answer = d.counts[0]?.groups?.['(none)'];
        });
        return { calls, answer };
      },
      expected: () => stagingData.pageGroups.filter((pg) => pg.status === undefined).length,
    },
  ];

  it('one real result of each tool, as the model reads it (test-artifacts/agent-examples.md)', async () => {
    for (const gateway of api.registry.gateways()) {
      api.pageGroups.model(gateway).resetAll();
      api.webhooks.list(gateway).reset();
    }
    const calls: Array<[string, object]> = [
      ['pageGateway_listGateways', {}],
      ['pageGateway_countPageGroups', { gateway: 'production', status: 'draft', groupBy: 'tenantId' }],
      ['pageGateway_findPageGroups', { query: 'Landing Page 22', exact: true, limit: 2 }],
      ['pageGateway_getItem', { id: 'https://admin.example.com/page-groups/pg_000007?tab=json', gateway: 'staging' }],
      ['pageGateway_listWebhookSubscriptions', { gateway: 'production', withWarnings: true, limit: 2 }],
      ['pageGateway_compareWebhookSubscriptions', { gatewayA: 'staging', gatewayB: 'production', event: 'form.submitted', limit: 2 }],
    ];
    const sections: string[] = [];
    for (const [tool, input] of calls) {
      const text = await invokeTool(tool, input);
      // Every result: sentences, the data label, exactly one JSON object that parses.
      assert.equal(typeof dataOf<object>(text), 'object');
      // Ports change from run to run: the example shows the gateways' addresses as the demo's.
      const shown = text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:8787');
      sections.push(`### ${tool}\n\nInput: \`${JSON.stringify(input)}\`\n\n\`\`\`text\n${shown}\n\`\`\`\n`);
    }
    const file = path.join(process.env.PGE_ARTIFACTS_DIR ?? path.resolve(__dirname, '..', '..', '..', '..', 'test-artifacts'), 'agent-examples.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, sections.join('\n'));
  });

  for (const entry of questions) {
    it(entry.question, async () => {
      for (const gateway of api.registry.gateways()) {
        api.pageGroups.model(gateway).resetAll();
        api.webhooks.list(gateway).reset();
      }
      for (const gateway of [staging, production, qa]) {
        gateway.resetRequests();
      }
      const asked = await entry.ask();
      const requests = staging.requests.length + production.requests.length + qa.requests.length;
      const expected = entry.expected();
      const right = JSON.stringify(asked.answer) === JSON.stringify(expected);
      results.push({ question: entry.question, tools: entry.tools, right, calls: asked.calls, requests });
      writeTable();
      assert.deepEqual(asked.answer, expected);
      assert.equal(qa.requests.length, 0, 'a gateway without a key is never asked');
    });
  }
});
