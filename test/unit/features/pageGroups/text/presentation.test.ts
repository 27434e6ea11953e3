import { strict as assert } from 'node:assert';
import { NO_STATUS } from '../../../../../src/features/pageGroups/model/pageGroupsModel';
import { isDeleted, pageCount, pageGroupDescription, pageGroupLabel, pageGroupPickDetail, pageGroupTooltip } from '../../../../../src/features/pageGroups/text/pageGroupPresentation';
import { pageGroupCount } from '../../../../../src/features/pageGroups/text/pageGroupWords';
import { escapeMarkdown } from '../../../../../src/text/markdown';
import { absoluteTime } from '../../../../../src/text/time';
import { groupCountTooltip, groupDescription, groupLabel } from '../../../../../src/features/pageGroups/text/groupPresentation';

/** A timestamp as a tooltip shows it: in this machine's time zone and the editor's language, Markdown-escaped. */
const at = (iso: string): string => escapeMarkdown(absoluteTime(iso) ?? iso);

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

describe('page group presentation: every field', () => {
  it('tooltip: every field in order, times relative to now, deleted in the heading', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    const value = {
      pageGroupId: 'pg_1',
      name: 'checkout',
      title: 'Checkout',
      status: 'live',
      tenantId: 't_1',
      brandId: 'b_1',
      pageContext: 'shop',
      pagesCount: 0,
      headerActionId: 'a_1',
      createdAt: '2026-03-01T10:00:00Z',
      updatedAt: '2026-03-04T09:00:00Z',
      deletedAt: '2026-03-04T09:30:00Z',
    };
    assert.equal(
      pageGroupTooltip({ raw: value, value, problems: [] }, now),
      [
        '**Checkout** — $(trash) deleted',
        '',
        '**ID:** pg\\_1  ',
        '**Name:** checkout  ',
        '**Status:** live  ',
        '**Tenant:** t\\_1  ',
        '**Brand:** b\\_1  ',
        '**Page context:** shop  ',
        '**Pages:** 0  ',
        '**Header action:** a\\_1  ',
        `**Created:** ${at('2026-03-01T10:00:00Z')} \\(3 days ago\\)  `,
        `**Updated:** ${at('2026-03-04T09:00:00Z')} \\(1 hour ago\\)  `,
        `**Deleted:** ${at('2026-03-04T09:30:00Z')} \\(30 minutes ago\\)`,
      ].join('\n'),
    );
    assert.equal(pageGroupTooltip({ raw: {}, value: { pageGroupId: 'pg_2' }, problems: [] }, now), '**pg\\_2**\n\n**ID:** pg\\_2  \n**Status:** \\(none\\)');
  });

  it('picker detail: name, id and status, leaving out the missing ones', () => {
    assert.equal(pageGroupPickDetail({ name: 'n', pageGroupId: 'pg_1', status: 'live' }), 'n · pg_1 · live');
    assert.equal(pageGroupPickDetail({ pageGroupId: 'pg_1', name: '' }), 'pg_1');
    assert.equal(pageGroupPickDetail({}), '');
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

  it('one format, collapsed or not: the size first ("57"), then what is loaded when fewer ("57 · 20 loaded")', () => {
    const base = { started: false, loading: false, loaded: 0, hasMore: true, hiddenDeleted: 0 };
    const counted = { count: 57, exact: true, source: 'unfiltered' } as const;
    assert.equal(groupDescription({ ...base, known: counted }), '57');
    assert.equal(groupDescription({ ...base, known: { count: 0, exact: true, source: 'unfiltered' } }), '0');
    assert.equal(groupDescription({ ...base, known: { count: 20, exact: false, source: 'status' } }), '', 'a lower bound alone says nothing before loading');
    assert.equal(groupDescription({ ...base, started: true, loaded: 20, known: counted }), '57 · 20 loaded');
    assert.equal(groupDescription({ ...base, started: true, loaded: 57, hasMore: false, known: counted }), '57');
    assert.equal(groupDescription({ ...base, loading: true, known: counted }), '57 · loading…');
    assert.equal(groupDescription({ ...base, refreshing: true, loaded: 20 }), '20 · refreshing…');
    assert.equal(groupDescription({ ...base, refreshing: true, loaded: 20, known: counted }), '57 · 20 loaded · refreshing…');
  });

  it('a count remembered from before says when it was learned, and gives way to one known now or disproved by what is loaded', () => {
    const base = { started: false, loading: false, loaded: 0, hasMore: true, hiddenDeleted: 0 };
    const now = new Date(2026, 10, 27, 15, 30).getTime();
    const today = { count: 64, at: new Date(2026, 10, 27, 14, 5).getTime() };
    const earlier = { count: 64, at: new Date(2026, 10, 26, 9, 0).getTime() };
    assert.equal(groupDescription({ ...base, remembered: today }, now), '64 · as of 2:05 PM');
    assert.equal(groupDescription({ ...base, remembered: earlier }, now), '64 · as of Nov 26');
    assert.equal(groupDescription({ ...base, started: true, loaded: 20, remembered: today }, now), '64 · 20 loaded · as of 2:05 PM');
    assert.equal(groupDescription({ ...base, started: true, loaded: 20, remembered: today, known: { count: 60, exact: true, source: 'unfiltered' } }, now), '60 · 20 loaded', 'a count known now wins');
    assert.equal(groupDescription({ ...base, started: true, loaded: 80, remembered: today }, now), '80+', 'more loaded than remembered: the memory is wrong');
    assert.match(groupCountTooltip(undefined, 0, today), /^64 page groups when last counted, .*; it may have changed since\./);
    assert.match(groupCountTooltip({ count: 64, exact: true, source: 'status' }, 0, today), /^64 page groups: every page/);
  });

  it('the tooltip says where the number comes from', () => {
    assert.match(groupCountTooltip(undefined, 0), /^Not counted yet/);
    assert.equal(groupCountTooltip({ count: 20, exact: false, source: 'status' }, 20), '20 page groups loaded so far; the gateway has more. Load All counts them all.');
    assert.equal(groupCountTooltip({ count: 52, exact: true, source: 'status' }, 20), '52 page groups: every page of this status is loaded.');
    assert.equal(groupCountTooltip({ count: 52, exact: true, source: 'unfiltered' }, 150), '52 page groups, counted in the whole unfiltered list (150 page groups loaded).');
  });

  it('names the group without status', () => {
    assert.equal(groupLabel(NO_STATUS), '(no status)');
    assert.equal(groupLabel('draft'), 'draft');
  });
});
