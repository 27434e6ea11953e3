import { strict as assert } from 'node:assert';
import type { ItemProblem } from '../../../src/api/model';
import { itemProblemText } from '../../../src/text/itemProblemText';

describe('item problem words (itemProblemText)', () => {
  it('says each fact src/api reports about an item', () => {
    const said = (problem: ItemProblem): string => itemProblemText(problem);
    assert.equal(said({ kind: 'notObject', got: 'number' }), 'expected an object, got number');
    assert.equal(said({ kind: 'wrongType', field: 'pagesCount', expected: 'number', got: 'string' }), 'pagesCount: expected number, got string');
    assert.equal(said({ kind: 'wrongType', field: 'events', expected: 'array|null', got: 'string' }), 'events: expected array or null, got string');
    assert.equal(said({ kind: 'wrongType', field: 'url', expected: 'string', got: 'missing' }), 'url: missing (required by the contract)');
    assert.equal(said({ kind: 'unknownEvent', event: 'page.deleted' }), 'events: unknown kind "page.deleted"');
    assert.equal(said({ kind: 'badEvent', index: 1, got: 'number' }), 'events[1]: expected an event kind (a string), got number');
    assert.equal(said({ kind: 'notHttpUrl', field: 'url', value: 'not a url' }), 'url: "not a url" is not an absolute http(s) URL');
    assert.equal(
      said({ kind: 'notUtcTimestamp', field: 'createdAt', value: '2026-01-01T10:00+02:00' }),
      'createdAt: "2026-01-01T10:00+02:00" does not match the contract\'s UTC pattern YYYY-MM-DDTHH:MM[:SS[.fraction]]Z',
    );
    assert.equal(said({ kind: 'other', field: 'id', code: 'too_small' }), 'id: not as the contract describes (too_small)');
  });

  it('cuts a long server value', () => {
    const text = itemProblemText({ kind: 'notHttpUrl', field: 'url', value: 'x'.repeat(500) });
    assert.ok(text.length < 140, text);
    assert.match(text, /…" is not an absolute/);
  });
});
