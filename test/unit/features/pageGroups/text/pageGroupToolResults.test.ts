// Every outcome of Count and Find Page Groups, as a table: the JSON always parses, the sentence's numbers are the
// JSON's, a continuation exactly when something is left, the wording right for 0, 1 and many and for empty names.
import { strict as assert } from 'node:assert';
import type { CheckedPageGroup } from '../../../../../src/api/model';
import { GatewayError } from '../../../../../src/api/errors';
import type { Coverage } from '../../../../../src/agent/model/coverage';
import type { ReadOutcome } from '../../../../../src/features/pageGroups/model/pageGroupRead';
import { parseCountPageGroups, parseFindPageGroups, type PageGroupToolInput } from '../../../../../src/features/pageGroups/model/pageGroupToolInput';
import { pageGroupCoverage } from '../../../../../src/features/pageGroups/text/pageGroupToolText';
import { countResult, findResult, type NamedRead } from '../../../../../src/features/pageGroups/text/pageGroupToolResults';

function groups(count: number, extra: Partial<CheckedPageGroup['value']> = {}): CheckedPageGroup[] {
  return Array.from({ length: count }, (_, i) => {
    const value = { pageGroupId: `pg_${i}`, name: `n${i}`, title: `T ${i}`, status: i % 2 === 0 ? 'draft' : 'published', tenantId: `tnt_${i % 3}`, ...extra };
    return { raw: value, value, problems: [] };
  });
}

type Outcome = 'empty' | 'one' | 'many' | 'partial' | 'notReady' | 'failed' | 'cancelled' | 'restarted';

function read(name: string, outcome: Outcome, count: number): NamedRead {
  const matches = outcome === 'empty' ? [] : outcome === 'one' ? groups(1) : groups(count);
  const complete = outcome === 'empty' || outcome === 'one' || outcome === 'many';
  const stop: ReadOutcome['stop'] = complete ? undefined : outcome === 'partial' ? 'requests' : outcome === 'restarted' ? 'reset' : outcome;
  const result: ReadOutcome = {
    source: 'status',
    version: 3,
    matches,
    read: matches.length * 2,
    complete,
    requests: complete ? 0 : 20,
    stop,
    error: outcome === 'failed' ? new GatewayError('server', 'The gateway answered 503.', { status: 503 }) : undefined,
    restarted: outcome === 'restarted',
  };
  const coverage: Coverage = pageGroupCoverage(name, result, outcome === 'notReady' ? 'No API key is stored for the gateway.' : undefined, undefined, undefined);
  return { name, outcome: result, coverage, offset: 0 };
}

function parsedInput(parsed: { ok: true; value: PageGroupToolInput } | { ok: false; problem: string }): PageGroupToolInput {
  if (!parsed.ok) {
    throw new Error(parsed.problem);
  }
  return parsed.value;
}

function dataOf<T>(text: string): T {
  const start = text.indexOf('\n{');
  assert.ok(start > 0, `no JSON in: ${text.slice(0, 200)}`);
  return JSON.parse(text.slice(start + 1)) as T;
}

interface CountData {
  counts: Array<{ gateway: string; total: number; exact: boolean; groups?: Record<string, number> }>;
  coverage: Coverage[];
  continuation?: string;
}

interface FindData {
  pageGroups: Array<{ id: string; gateway: string }>;
  matched: number;
  matchedIsExact: boolean;
  coverage: Coverage[];
  continuation?: string;
}

const OUTCOMES: readonly Outcome[] = ['empty', 'one', 'many', 'partial', 'notReady', 'failed', 'cancelled', 'restarted'];

describe('Count and Find Page Groups: every outcome', () => {
  for (const outcome of OUTCOMES) {
    for (const name of ['staging', '', '“quoted” \u202e name']) {
      it(`count, ${outcome}, gateway ${JSON.stringify(name)}: JSON parses, numbers agree, continuation only when there is more`, () => {
        const input = parsedInput(parseCountPageGroups({ status: 'draft', groupBy: 'tenantId' }));
        const text = countResult(input, [read(name, outcome, 37)], 8000);
        const data = dataOf<CountData>(text);
        const count = data.counts[0];
        assert.ok(count);
        assert.equal(count.exact, outcome === 'empty' || outcome === 'one' || outcome === 'many');
        const said = count.exact ? `exactly ${count.total} page group` : `at least ${count.total} page group`;
        assert.ok(text.includes(said), `“${said}” in: ${text}`);
        assert.equal(Object.values(count.groups ?? {}).reduce((a, b) => a + b, 0), count.total, 'the groups add up');
        assert.equal(data.continuation !== undefined, !count.exact && outcome !== 'notReady');
        assert.equal(text.includes(`“${name}”`), true);
        if (outcome === 'one') {
          assert.match(text, /exactly 1 page group with status “draft”/);
        }
        if (outcome === 'empty') {
          assert.match(text, /exactly 0 page groups with status “draft”/);
        }
        if (!count.exact) {
          assert.ok(data.coverage[0]?.reason !== undefined && text.includes(data.coverage[0].reason), 'the coverage reason is said');
        }
      });

      it(`find, ${outcome}, gateway ${JSON.stringify(name)}: JSON parses, matched and returned agree with the sentence`, () => {
        const input = parsedInput(parseFindPageGroups({ query: 'T', limit: 10 }));
        const text = findResult(input, [read(name, outcome, 37)], 8000);
        const data = dataOf<FindData>(text);
        assert.equal(data.matched, outcome === 'empty' ? 0 : outcome === 'one' ? 1 : 37);
        assert.equal(data.pageGroups.length, Math.min(10, data.matched));
        if (data.matched === 0) {
          assert.match(text, /^No page group matches/);
        } else if (data.matchedIsExact && data.matched === data.pageGroups.length) {
          assert.match(text, data.matched === 1 ? /^Found 1 page group matching “T”: it is returned below\./ : /^Found all/);
        } else {
          assert.ok(text.includes(`${data.matchedIsExact ? 'Found' : 'Found at least'} ${data.matched} page groups matching “T”`), text.slice(0, 200));
          assert.ok(text.includes(`matches 1 to ${data.pageGroups.length}`));
        }
        assert.equal(data.continuation !== undefined, data.pageGroups.length < data.matched || (!data.matchedIsExact && outcome !== 'notReady'));
      });
    }
  }

  it('two gateways: the total is said as the sum, exact only when both are', () => {
    const input = parsedInput(parseCountPageGroups({}));
    const text = countResult(input, [read('staging', 'many', 5), read('production', 'partial', 7)], 8000);
    assert.match(text, /“staging”: exactly 5 page groups\. “production”: at least 7 page groups \(not every page group was read\)\. In all: at least 12 page groups\./);
  });

  it('a cut answer drops whole items and its continuation starts at the first one left out', () => {
    const input = parsedInput(parseFindPageGroups({ limit: 50 }));
    const long = groups(50, { name: 'x'.repeat(400) });
    const outcome: ReadOutcome = { source: 'unfiltered', version: 1, matches: long, read: 50, complete: true, requests: 0, stop: undefined, error: undefined, restarted: false };
    const text = findResult(input, [{ name: 'staging', outcome, coverage: { gateway: 'staging', complete: true, read: 50 }, offset: 0 }], 4000);
    assert.ok(text.length <= 4000);
    const data = dataOf<FindData>(text);
    assert.ok(data.pageGroups.length > 0 && data.pageGroups.length < 50);
    assert.match(text, new RegExp(`${50 - data.pageGroups.length} more matches did not fit this answer`));
    const next = parsedInput(parseFindPageGroups({ continuation: data.continuation }));
    assert.equal(next.positions.get('staging')?.position, data.pageGroups.length);
    const second = dataOf<FindData>(findResult(next, [{ name: 'staging', outcome, coverage: { gateway: 'staging', complete: true, read: 50 }, offset: data.pageGroups.length }], 4000));
    assert.equal(second.pageGroups[0]?.id, `pg_${data.pageGroups.length}`);
  });

  it('inputs: bad dates, exact without a query, unknown fields and foreign continuations are sentences', () => {
    for (const [input, problem] of [
      [{ createdAfter: 'last week' }, /ISO 8601/],
      [{ exact: true }, /needs a “query”/],
      [{ deleted: 'yes' }, /must be one of: include, only, exclude/],
      [{ colour: 'red' }, /Unknown input fields: colour/],
      [{ continuation: 'pgc2.e30' }, /not one this tool returned/],
      [{ groupBy: 'name' }, /must be one of: status, tenantId, brandId, pageContext/],
    ] as const) {
      const parsed = parseCountPageGroups(input);
      assert.equal(parsed.ok, false);
      assert.match(parsed.ok ? '' : parsed.problem, problem);
    }
    const count = parsedInput(parseCountPageGroups({ status: 'draft' }));
    const text = countResult(count, [read('staging', 'partial', 3)], 8000);
    const continuation = dataOf<CountData>(text).continuation as string;
    assert.equal(parseFindPageGroups({ continuation }).ok, false, 'a count continuation is no find continuation');
    const mixed = parseCountPageGroups({ continuation, status: 'published' });
    assert.match(mixed.ok ? '' : mixed.problem, /belongs to another question \(“status” differs\)/);
    assert.equal(parsedInput(parseCountPageGroups({ continuation, status: 'draft' })).question.status, 'draft');
  });
});
