import { strict as assert } from 'node:assert';
import { listText } from '../../../src/l10n/lists';
import { setLocale } from '../../../src/l10n/locale';

describe('lists', () => {
  afterEach(() => setLocale('en'));

  it('joins as the language does', () => {
    assert.equal(listText(['10 page groups', '3 webhook subscriptions']), '10 page groups and 3 webhook subscriptions');
    assert.equal(listText(['a', 'b', 'c']), 'a, b, and c');
    assert.equal(listText(['array', 'null'], 'disjunction'), 'array or null');
    setLocale('de');
    assert.equal(listText(['a', 'b']), 'a und b');
  });
});
