// Event kinds in delivery bodies: any of the contract's six as a string value anywhere in JSON, the nearest the top
// first; "unknown" (undefined) for other JSON, text, binary and hostile bodies, in bounded time.
import { strict as assert } from 'node:assert';
import { EVENT_KINDS } from '../../../../../../src/api/model';
import { detectEventKind, eventKindOf, MAX_VISITED, parseJsonBody } from '../../../../../../src/features/webhooks/inbox/model/eventKind';

const body = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

describe('webhook inbox event kinds', () => {
  it('finds each of the six kinds wherever the payload puts it', () => {
    for (const kind of EVENT_KINDS) {
      assert.equal(detectEventKind(body({ type: kind })), kind);
      assert.equal(detectEventKind(body({ event: { name: kind } })), kind);
      assert.equal(detectEventKind(body([{ data: [1, kind] }])), kind);
    }
  });

  it('prefers the one nearest the top', () => {
    assert.equal(detectEventKind(body({ data: { previous: { type: 'form.submitted' } }, type: 'form.enriched' })), 'form.enriched');
  });

  it('says nothing for keys, other strings, text, binary, empty and non-UTF-8 bodies', () => {
    assert.equal(detectEventKind(body({ 'form.submitted': true })), undefined, 'a key is not a value');
    assert.equal(detectEventKind(body({ type: 'form.submitted.v2' })), undefined);
    assert.equal(detectEventKind(body({ type: 'FORM.SUBMITTED' })), undefined);
    assert.equal(detectEventKind(Buffer.from('type=form.submitted')), undefined);
    assert.equal(detectEventKind(Buffer.from([0xff, 0xfe, 0x00])), undefined);
    assert.equal(detectEventKind(Buffer.alloc(0)), undefined);
    assert.equal(detectEventKind(Buffer.concat([Buffer.from('{"type":"form.submitted"'), Buffer.from([0xc3])])), undefined);
  });

  it('accepts a UTF-8 byte order mark', () => {
    assert.deepEqual(parseJsonBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body({ a: 1 })])), { value: { a: 1 } });
  });

  it('stops after MAX_VISITED values on a hostile body', () => {
    const huge = Array.from({ length: MAX_VISITED + 10 }, () => 0);
    huge.push('form.submitted' as unknown as number);
    assert.equal(eventKindOf(huge), undefined);
    assert.equal(eventKindOf(['x', 'page.version.published']), 'page.version.published');
  });

  it('a deeply nested body is no problem (breadth first, no recursion)', () => {
    let value: unknown = 'form.enrichment_failed';
    for (let i = 0; i < 5000; i += 1) {
      value = [value];
    }
    assert.equal(eventKindOf(value), 'form.enrichment_failed');
  });

  it('does not overflow the stack on a 300,000-element array (600 KB), nor on one 100,000 arrays deep', () => {
    const flat = Buffer.from(`[${new Array(300_000).fill('0').join(',')}]`);
    assert.equal(detectEventKind(flat), undefined);
    assert.equal(eventKindOf(new Array(300_000).fill(0)), undefined);
    const first = Buffer.from(`["form.submitted",${new Array(300_000).fill('0').join(',')}]`);
    assert.equal(detectEventKind(first), 'form.submitted');
    assert.equal(detectEventKind(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)), undefined);
  });
});
