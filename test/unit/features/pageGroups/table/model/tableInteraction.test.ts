import { strict as assert } from 'node:assert';
import { focusRow, nextSort, rangeOf, typeAhead } from '../../../../../../src/features/pageGroups/table/model/tableInteraction';

describe('Page Groups table: clicks and keys', () => {
  it('a header click sorts by that column, ascending, then descending, then not', () => {
    let sort = nextSort([], 'title', false);
    assert.deepEqual(sort, [{ column: 'title', descending: false }]);
    sort = nextSort(sort, 'title', false);
    assert.deepEqual(sort, [{ column: 'title', descending: true }]);
    assert.deepEqual(nextSort(sort, 'title', false), []);
    assert.deepEqual(nextSort(sort, 'status', false), [{ column: 'status', descending: false }]);
  });

  it('Shift+click adds a further key, turns it, then takes it out; at most three keys', () => {
    let sort = nextSort([{ column: 'status', descending: false }], 'updatedAt', true);
    assert.deepEqual(sort, [{ column: 'status', descending: false }, { column: 'updatedAt', descending: false }]);
    sort = nextSort(sort, 'updatedAt', true);
    assert.deepEqual(sort[1], { column: 'updatedAt', descending: true });
    assert.deepEqual(nextSort(sort, 'updatedAt', true), [{ column: 'status', descending: false }]);
    const four = nextSort(nextSort(sort, 'title', true), 'name', true);
    assert.equal(four.length, 3);
  });

  it('type-ahead finds the next row whose text starts with what was typed (case and accents ignored), wrapping', () => {
    const texts = ['Alpha', 'beta', 'Écho', 'alpine', 'Bravo'];
    const at = (i: number): string => texts[i] ?? '';
    assert.equal(typeAhead('a', 1, texts.length, at), 3);
    assert.equal(typeAhead('a', 4, texts.length, at), 0);
    assert.equal(typeAhead('ec', 0, texts.length, at), 2);
    assert.equal(typeAhead('BR', 0, texts.length, at), 4);
    assert.equal(typeAhead('z', 0, texts.length, at), undefined);
    assert.equal(typeAhead('', 0, texts.length, at), undefined);
  });

  it('Shift+click selects from the anchor to the row, either way', () => {
    assert.deepEqual(rangeOf(2, 5), [2, 3, 4, 5]);
    assert.deepEqual(rangeOf(5, 2), [2, 3, 4, 5]);
    assert.deepEqual(rangeOf(3, 3), [3]);
  });

  it('a move lands on a row, on the header only when asked for: no rows yet, Ctrl+Home stays off the header', () => {
    assert.equal(focusRow(0, 0), 0, 'Ctrl+Home while the rows are still coming');
    assert.equal(focusRow(5, 0), 0);
    assert.equal(focusRow(-1, 0), -1, 'ArrowUp from the first row');
    assert.equal(focusRow(-30, 100), -1, 'Page Up past the first row');
    assert.equal(focusRow(250, 100), 99);
    assert.equal(focusRow(7, 100), 7);
  });
});
