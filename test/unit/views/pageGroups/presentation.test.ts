import { strict as assert } from 'node:assert';
import { groupDescription, groupLabel } from '../../../../src/views/pageGroups/groupPresentation';
import { NO_STATUS } from '../../../../src/views/pageGroups/pageGroupsModel';
import { isDeleted, pageCount, pageGroupDescription, pageGroupLabel, pageGroupTooltip } from '../../../../src/views/pageGroups/pageGroupPresentation';
import { pageGroupCount } from '../../../../src/views/pageGroups/pageGroupWords';

describe('page group presentation', () => {
  it('labels with title, then name, then id', () => {
    assert.equal(pageGroupLabel({ title: 'T', name: 'n', pageGroupId: 'id' }), 'T');
    assert.equal(pageGroupLabel({ name: 'n', pageGroupId: 'id' }), 'n');
    assert.equal(pageGroupLabel({ pageGroupId: 'id' }), 'id');
    assert.equal(pageGroupLabel({}), '(page group without id)');
  });

  it('counts page groups and pages with the plural forms of the language', () => {
    assert.equal(pageGroupCount(1), '1 page group');
    assert.equal(pageGroupCount(1234), '1,234 page groups');
    assert.equal(pageCount(1), '1 page');
    assert.equal(pageCount(0), '0 pages');
  });

  it('describes with name (when not the label), page count and deleted', () => {
    assert.equal(pageGroupDescription({ title: 'T', name: 'n', pagesCount: 3 }), 'n · 3 pages');
    assert.equal(pageGroupDescription({ name: 'n', pagesCount: 1 }), '1 page');
    assert.equal(pageGroupDescription({ title: 'T', deletedAt: '2026-01-01T00:00:00Z' }), 'deleted');
    assert.equal(isDeleted({ deletedAt: '' }), false);
  });

  it('tooltip lists fields with relative times and the contract problems, escaping server text', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    const text = pageGroupTooltip(
      {
        raw: {},
        value: { pageGroupId: 'pg_1', title: 'A *bold* [link](x)', status: 'live', createdAt: '2026-03-01T10:00:00Z' },
        problems: [{ kind: 'wrongType', field: 'pagesCount', expected: 'number', got: 'string' }],
      },
      now,
    );
    assert.match(text, /\*\*ID:\*\* pg\\_1/);
    assert.match(text, /A \\\*bold\\\* \\\[link\\\]\\\(x\\\)/);
    // The date in the machine's time zone (its name shown), then how long ago.
    assert.match(text, /\*\*Created:\*\* (Feb 28|Mar 1|Mar 2), 2026, .+ \\\(3 days ago\\\)/);
    assert.match(text, /Does not match the API contract/);
    assert.match(text, /pagesCount: expected number, got string/);
  });
});

describe('status group presentation', () => {
  it('reads "" before loading, "loading…", "20+" while more exist and "57" when complete', () => {
    const base = { started: false, loading: false, loaded: 0, hasMore: true, hiddenDeleted: 0 };
    assert.equal(groupDescription(base), '');
    assert.equal(groupDescription({ ...base, loading: true }), 'loading…');
    assert.equal(groupDescription({ ...base, started: true, loaded: 20 }), '20+');
    assert.equal(groupDescription({ ...base, started: true, loaded: 57, hasMore: false }), '57');
    assert.equal(groupDescription({ ...base, started: true, loaded: 40, hiddenDeleted: 3, loading: true }), '40+ · 3 deleted hidden · loading…');
  });

  it('names the group without status', () => {
    assert.equal(groupLabel(NO_STATUS), '(no status)');
    assert.equal(groupLabel('draft'), 'draft');
  });
});
