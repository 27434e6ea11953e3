import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { decodeContinuation, encodeContinuation } from '../../../../src/agent/model/continuation';
import { parseCompareWebhooks, parseFindPageGroups, parseGetItem, parseListWebhooks } from '../../../../src/agent/model/toolInputs';

describe('agent tools: continuation and inputs', () => {
  it('a continuation round-trips and holds no URL', () => {
    const token = encodeContinuation({ query: 'café', status: 'draft', positions: new Map([['staging', { epoch: 2, position: 340 }]]) });
    const back = decodeContinuation(token);
    assert.equal(back?.query, 'café');
    assert.equal(back?.status, 'draft');
    assert.deepEqual([...(back?.positions ?? [])], [['staging', { epoch: 2, position: 340 }]]);
  });

  it('property: anything that is not one of ours is refused, never thrown on', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const decoded = decodeContinuation(text);
        assert.ok(decoded === undefined || typeof decoded.query === 'string');
      }),
    );
    for (const bad of ['pgc1.', 'pgc1.!!', `pgc1.${Buffer.from('{"q":1,"g":[]}').toString('base64url')}`, `pgc1.${Buffer.from('{"q":"x","g":[["a",-1,2]]}').toString('base64url')}`, 'x'.repeat(10_000)]) {
      assert.equal(decodeContinuation(bad), undefined, bad.slice(0, 40));
    }
  });

  it('find: limit 1–50 (default 20); a continuation brings its query and refuses another one', () => {
    assert.deepEqual(parseFindPageGroups({}), { ok: true, value: { query: '', status: undefined, gateway: undefined, limit: 20, continuation: undefined } });
    for (const limit of [0, 51, 2.5, '20', -1]) {
      assert.equal(parseFindPageGroups({ limit }).ok, false, String(limit));
    }
    const continuation = encodeContinuation({ query: 'acme', status: undefined, positions: new Map() });
    const resumed = parseFindPageGroups({ continuation });
    assert.ok(resumed.ok && resumed.value.query === 'acme');
    assert.equal(parseFindPageGroups({ continuation, query: 'other' }).ok, false);
    assert.equal(parseFindPageGroups({ continuation: 'made up' }).ok, false);
  });

  it('every tool refuses wrong types with a sentence, never an exception', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        for (const parse of [parseFindPageGroups, parseGetItem, parseListWebhooks, parseCompareWebhooks]) {
          const parsed = parse(input);
          assert.ok(parsed.ok || (typeof parsed.problem === 'string' && parsed.problem.length > 0));
        }
      }),
    );
    assert.equal(parseGetItem({}).ok, false);
    assert.equal(parseGetItem({ id: '  ' }).ok, false);
    assert.equal(parseListWebhooks({ active: 'yes' }).ok, false);
    assert.equal(parseCompareWebhooks({ gatewayA: 'a' }).ok, false);
  });
});
