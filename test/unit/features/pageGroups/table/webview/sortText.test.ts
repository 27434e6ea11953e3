import { strict as assert } from 'node:assert';
import { webviewStrings } from '../../../../../../src/features/pageGroups/table/text/tableText';
import { sortDescription } from '../../../../../../src/features/pageGroups/table/webview/sortText';
import { table } from '../../../../../../src/features/pageGroups/table/webview/tableData';

describe('Page Groups table webview: a change of sort in words, for screen readers', () => {
  let before: Record<string, string>;
  const label = (key: { column: string }): string => ({ pagesCount: 'Pages', status: 'Status', title: 'Title' })[key.column] ?? key.column;

  beforeEach(() => {
    before = table.strings;
    table.strings = webviewStrings();
  });

  afterEach(() => {
    table.strings = before;
  });

  it('each key with its direction, the keys listed as the language lists things', () => {
    assert.equal(sortDescription([{ column: 'pagesCount', descending: true }], label, 'en'), 'Sorted by Pages descending');
    assert.equal(
      sortDescription(
        [
          { column: 'pagesCount', descending: true },
          { column: 'status', descending: false },
          { column: 'title', descending: false },
        ],
        label,
        'en',
      ),
      'Sorted by Pages descending, Status ascending, and Title ascending',
    );
    assert.equal(sortDescription([{ column: 'pagesCount', descending: true }, { column: 'status', descending: false }], label, 'de'), 'Sorted by Pages descending und Status ascending');
    assert.equal(sortDescription([], label, 'en'), 'Not sorted');
  });
});
