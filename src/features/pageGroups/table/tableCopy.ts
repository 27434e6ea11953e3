/**
 * The table's copies of rows the webview names (by index in the host's rows of one generation; an older generation
 * copies nothing). The values are read from the host's own rows, never taken from the webview, as the server sent
 * them: a time as its text, a number as digits, a list as its length (the table's cells).
 * - Copy <column>: one column, one row a line (a missing value: an empty line), the text exactly as sent.
 * - Copy Rows with Headers: the columns shown, in the order shown, under their headers, as tab-separated text a
 *   spreadsheet takes from the clipboard; a text that a spreadsheet would run as a formula starts with `'`, as the CSV
 *   export writes it (unless `pageGateway.export.csvRawCells`, a user setting, asks for raw cells).
 */
import * as vscode from 'vscode';
import type { CheckedPageGroup } from '../../../api/model';
import { copy } from '../../../commands/copyCommands';
import { readUserSetting } from '../../../config/userSettings';
import { SECTION } from '../../../config/settings';
import { csvCell } from '../../../export/csv';
import { tsvText } from '../../../export/tsv';
import { cellOf, type ColumnId } from './model/tableColumns';
import type { TableState } from './model/tableState';
import type { TableFeed } from './tableFeed';
import { columnLabels, copiedRows, copiedValues, noValuesToCopy } from './text/tableText';

/** The rows named, when they are of the rows' current generation (none otherwise). */
function rowsNamed(feed: TableFeed, generation: number, indexes: readonly number[]): CheckedPageGroup[] {
  const rows = feed.rows;
  if (generation !== rows.generation) {
    return [];
  }
  return indexes.flatMap((index) => {
    const item = rows.rows[index];
    return item === undefined ? [] : [item];
  });
}

/** Copy <column>: the column's values of the rows named, one per line; a status-bar note when none has one. */
export async function copyColumnValues(feed: TableFeed, column: ColumnId, generation: number, indexes: readonly number[]): Promise<void> {
  const values = rowsNamed(feed, generation, indexes).map((item) => cellOf(item.value, column));
  if (values.length === 0) {
    return;
  }
  const label = columnLabels()[column];
  if (values.every((value) => value === null)) {
    vscode.window.setStatusBarMessage(`$(info) ${noValuesToCopy(label)}`, 4000);
    return;
  }
  const lines = values.map((value) => (value === null ? '' : String(value)));
  await copy(lines.join('\n'), copiedValues(label, lines));
}

/** Copy Rows with Headers: the rows named, in the columns `state` shows, as tab-separated text under the headers. */
export async function copyRowsWithHeaders(feed: TableFeed, state: TableState, generation: number, indexes: readonly number[]): Promise<void> {
  const rows = rowsNamed(feed, generation, indexes);
  if (rows.length === 0) {
    return;
  }
  const hidden = new Set(state.hidden);
  const columns = state.order.filter((column) => !hidden.has(column));
  const labels = columnLabels();
  const rawCells = readUserSetting<unknown>(SECTION, 'export.csvRawCells', false) === true;
  const text = tsvText([columns.map((column) => csvCell(labels[column], rawCells)), ...rows.map((item) => columns.map((column) => csvCell(cellOf(item.value, column), rawCells)))]);
  await copy(text, copiedRows(rows.length));
}
