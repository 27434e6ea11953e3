/**
 * The Page Groups table's words: column headers and every string its webview shows, translated on the host (the
 * webview has no l10n of its own) and sent with the first message. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../../../l10n/numbers';
import { plural } from '../../../../l10n/plural';
import type { ColumnId } from '../model/tableColumns';

export function columnLabels(): Record<ColumnId, string> {
  return {
    pageGroupId: l10n.t('ID'),
    name: l10n.t('Name'),
    title: l10n.t('Title'),
    status: l10n.t('Status'),
    pagesCount: l10n.t('Pages'),
    tenantId: l10n.t('Tenant'),
    brandId: l10n.t('Brand'),
    pageContext: l10n.t('Page context'),
    createdAt: l10n.t('Created'),
    updatedAt: l10n.t('Updated'),
    deletedAt: l10n.t('Deleted'),
    headerActionId: l10n.t('Header action'),
    actions: l10n.t('Actions'),
    footerLinks: l10n.t('Footer links'),
    scripts: l10n.t('Scripts'),
  };
}

/** The status bar's word after Copy {column} of the table's context menu: the value copied, or how many. */
export function copiedValues(column: string, values: readonly string[]): string {
  if (values.length === 1) {
    return l10n.t({ message: 'Copied {0} {1}', args: [column, values[0] as string], comment: '{0} is a column name such as Tenant, {1} the value copied' });
  }
  const count = formatNumber(values.length);
  return plural(values.length, {
    zero: () => l10n.t({ message: 'Copied {0} of {1} rows', args: [column, count], comment: 'plural: zero; {0} is a column name such as Tenant' }),
    one: () => l10n.t({ message: 'Copied {0} of {1} rows', args: [column, count], comment: 'plural: one; {0} is a column name such as Tenant' }),
    two: () => l10n.t({ message: 'Copied {0} of {1} rows', args: [column, count], comment: 'plural: two; {0} is a column name such as Tenant' }),
    few: () => l10n.t({ message: 'Copied {0} of {1} rows', args: [column, count], comment: 'plural: few; {0} is a column name such as Tenant' }),
    many: () => l10n.t({ message: 'Copied {0} of {1} rows', args: [column, count], comment: 'plural: many; {0} is a column name such as Tenant' }),
    other: () => l10n.t({ message: 'Copied {0} of {1} rows', args: [column, count], comment: '{0} is a column name such as Tenant, {1} a number of rows' }),
  });
}

/** The status bar's word after Copy Rows with Headers. */
export function copiedRows(count: number): string {
  const n = formatNumber(count);
  return plural(count, {
    zero: () => l10n.t({ message: 'Copied {0} rows with headers', args: [n], comment: 'plural: zero' }),
    one: () => l10n.t({ message: 'Copied {0} row with headers', args: [n], comment: 'plural: one' }),
    two: () => l10n.t({ message: 'Copied {0} rows with headers', args: [n], comment: 'plural: two' }),
    few: () => l10n.t({ message: 'Copied {0} rows with headers', args: [n], comment: 'plural: few' }),
    many: () => l10n.t({ message: 'Copied {0} rows with headers', args: [n], comment: 'plural: many' }),
    other: () => l10n.t('Copied {0} rows with headers', n),
  });
}

/** Copy {column} found nothing to copy: the rows named have no value in that column. */
export function noValuesToCopy(column: string): string {
  return l10n.t({ message: 'No {0} to copy: the rows have none', args: [column], comment: '{0} is a column name such as Tenant' });
}

/** The tab's title. */
export function tableTitle(gateway: string): string {
  return l10n.t({ message: 'Page Groups · {0}', args: [gateway], comment: '{0} is a gateway name' });
}

/** Every string of the webview by key; `{0}` is filled in by the webview. */
export function webviewStrings(): Record<string, string> {
  return {
    loaded: l10n.t({ message: '{0} loaded', args: ['{0}'], comment: '{0} is a number of page groups' }),
    all: l10n.t({ message: 'all {0}', args: ['{0}'], comment: 'all page groups are loaded; {0} is their number' }),
    shown: l10n.t({ message: '{0} shown', args: ['{0}'], comment: '{0} is a number of rows' }),
    selected: l10n.t({ message: '{0} selected', args: ['{0}'], comment: '{0} is a number of rows' }),
    loadAll: l10n.t('Load All'),
    loadAllTitle: l10n.t('Load every page group of this gateway (pages already loaded are not read again)'),
    cancel: l10n.t({ message: 'Stop Loading', comment: 'the Load All button while it loads: stops the load' }),
    stopLoading: l10n.t({ message: 'Stop Loading ({0} loaded)', args: ['{0}'], comment: 'the Load All button while it loads: stops the load; {0} is the number of page groups loaded so far' }),
    filter: l10n.t('Filter'),
    filterPlaceholder: l10n.t('Filter by part of the id, name, title, tenant or brand'),
    filters: l10n.t('Filters'),
    columns: l10n.t('Columns'),
    clearFilters: l10n.t('Clear Filters'),
    keyCtrl: l10n.t({ message: 'Ctrl', comment: 'the Control key, as a keyboard shortcut names it ("Ctrl+C")' }),
    keyShift: l10n.t({ message: 'Shift', comment: 'the Shift key, as a keyboard shortcut names it ("Shift+Alt+C")' }),
    keyAlt: l10n.t({ message: 'Alt', comment: 'the Alt key, as a keyboard shortcut names it ("Shift+Alt+C")' }),
    keyEnter: l10n.t({ message: 'Enter', comment: 'the Enter key, as a keyboard shortcut names it' }),
    exportSelection: l10n.t('Export Selection…'),
    exportFiltered: l10n.t('Export Filtered Rows…'),
    openJson: l10n.t('Open as JSON'),
    copyId: l10n.t('Copy ID'),
    copyIds: l10n.t('Copy IDs'),
    copyLink: l10n.t('Copy Link'),
    copyValue: l10n.t({ message: 'Copy {0}', args: ['{0}'], comment: 'the table\'s context menu: copies the value of one column of the selected rows; {0} is a column name such as Tenant' }),
    copyRows: l10n.t({ message: 'Copy Rows with Headers', comment: 'the table\'s context menu: copies the selected rows, in the columns shown, as tab-separated text with the column names first (for a spreadsheet)' }),
    copyRow: l10n.t({ message: 'Copy Row with Headers', comment: 'the table\'s context menu: copies the row, in the columns shown, as tab-separated text with the column names first (for a spreadsheet)' }),
    filterTo: l10n.t({ message: 'Filter to {0}: {1}', args: ['{0}', '{1}'], comment: 'the table\'s context menu: keeps only the rows with this value; {0} is a column name such as Tenant, {1} a value such as tnt_acme, a number of pages or a day' }),
    sortAscending: l10n.t({ message: 'Sort Ascending', comment: 'a column header\'s context menu in the table' }),
    sortDescending: l10n.t({ message: 'Sort Descending', comment: 'a column header\'s context menu in the table' }),
    removeSort: l10n.t({ message: 'Remove from Sort', comment: 'a column header\'s context menu in the table: the rows are no longer sorted by this column' }),
    fitColumn: l10n.t({ message: 'Fit Width to Contents', comment: 'a column header\'s context menu in the table: makes the column as wide as its header and the values in view' }),
    hideColumn: l10n.t({ message: 'Hide Column', comment: 'a column header\'s context menu in the table' }),
    resetColumns: l10n.t({ message: 'Reset Columns', comment: 'the table\'s column header menu and Columns menu: shows the columns a new table shows, in their first order and widths; the sort and the filter stay' }),
    freezeColumns: l10n.t({ message: 'Freeze up to This Column', comment: 'a column header\'s context menu in the table: the columns from the first to this one stay in view when the table scrolls sideways' }),
    unfreezeColumns: l10n.t({ message: 'Unfreeze Columns', comment: 'a column header\'s context menu in the table: the frozen columns scroll sideways again' }),
    columnsMore: l10n.t({ message: 'Columns…', comment: 'a column header\'s context menu in the table: opens the menu to show, hide and order the columns' }),
    reveal: l10n.t('Reveal in Tree'),
    compare: l10n.t('Select for Compare'),
    compareSelected: l10n.t({ message: 'Compare Selected', comment: 'the table\'s context menu with two rows selected: opens their JSON side by side in a diff' }),
    search: l10n.t('Search Page Groups…'),
    exact: l10n.t('exact'),
    atLeast: l10n.t('at least'),
    atLeastCount: l10n.t({ message: '≥ {0}', args: ['{0}'], comment: 'a count in the table\'s filter panel while not every page group is loaded: at least {0} page groups have this value; {0} is a number' }),
    counting: l10n.t({ message: 'Counting…', comment: 'shown in the table\'s filter panel while the counts per status, tenant, brand and page context are worked out' }),
    exactTitle: l10n.t('Every page group of the gateway is loaded: the counts are exact.'),
    atLeastTitle: l10n.t('Not every page group is loaded: the counts are lower bounds. Load All makes them exact.'),
    none: l10n.t('(none)'),
    noStatus: l10n.t('(no status)'),
    emptyStatus: l10n.t('(empty status "")'),
    emptyValue: l10n.t({ message: '(empty "")', comment: 'in the table\'s filter panel, a tenant, brand or page context that is the empty string; a marker, not data, like "(empty status)" for a status' }),
    moreValues: l10n.t({ message: '{0} more values', args: ['{0}'], comment: '{0} is a number' }),
    facetSearch: l10n.t({ message: 'Search {0}', args: ['{0}'], comment: 'placeholder of a facet\'s search box; {0} is a column name such as Tenant' }),
    facetValues: l10n.t({ message: '{0} values', args: ['{0}'], comment: '{0} is a number of distinct values of a column' }),
    facetMatches: l10n.t({ message: '{0} of {1} values match', args: ['{0}', '{1}'], comment: '{0} and {1} are numbers of distinct values of a column' }),
    deletedRows: l10n.t('Deleted'),
    deletedInclude: l10n.t('Include deleted'),
    deletedOnly: l10n.t('Only deleted'),
    deletedExclude: l10n.t('Exclude deleted'),
    min: l10n.t('min'),
    max: l10n.t('max'),
    rangeBound: l10n.t({ message: '{0}, {1}', args: ['{0}', '{1}'], comment: 'what a screen reader calls a box of the table\'s range filters: {0} is a column such as Created, {1} one of "min", "max", "from", "before"' }),
    after: l10n.t('from'),
    before: l10n.t('before'),
    created: l10n.t('Created'),
    updated: l10n.t('Updated'),
    deleted: l10n.t('Deleted'),
    pages: l10n.t('Pages'),
    deletedMark: l10n.t('deleted'),
    problems: l10n.t('Does not match the API contract:'),
    noMatch: l10n.t('No loaded page group matches the filter.'),
    noRows: l10n.t('No page groups are loaded yet. Load All loads them.'),
    sortedBy: l10n.t({ message: 'Sorted by {0}', args: ['{0}'], comment: 'told to screen readers when the user sorts the table; {0} is a list of sort keys such as "Pages descending and Status ascending"' }),
    sortKeyAscending: l10n.t({ message: '{0} ascending', args: ['{0}'], comment: 'one sort key, told to screen readers; {0} is a column name such as Pages' }),
    sortKeyDescending: l10n.t({ message: '{0} descending', args: ['{0}'], comment: 'one sort key, told to screen readers; {0} is a column name such as Pages' }),
    notSorted: l10n.t({ message: 'Not sorted', comment: 'told to screen readers when the user takes the table\'s sort off' }),
    sortedAscending: l10n.t('sorted ascending'),
    sortedDescending: l10n.t('sorted descending'),
    sortHint: l10n.t('Click to sort; Shift+click adds a second sort key; drag to move the column'),
    grid: l10n.t({ message: 'Page groups of {0}', args: ['{0}'], comment: '{0} is a gateway name' }),
    showColumn: l10n.t({ message: 'Show column {0}', args: ['{0}'], comment: 'a checkbox of the table\'s Columns menu; {0} is a column name such as Tenant' }),
    moveLeft: l10n.t('Move left'),
    moveRight: l10n.t('Move right'),
    moveColumnLeft: l10n.t({ message: 'Move column {0} left', args: ['{0}'], comment: 'a button of the table\'s Columns menu, for screen readers; {0} is a column name such as Tenant' }),
    moveColumnRight: l10n.t({ message: 'Move column {0} right', args: ['{0}'], comment: 'a button of the table\'s Columns menu, for screen readers; {0} is a column name such as Tenant' }),
    resize: l10n.t('Resize column'),
    rowActions: l10n.t('Row actions'),
  };
}
