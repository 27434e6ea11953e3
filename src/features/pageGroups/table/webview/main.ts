// l10n-ignore-file: no words here, only a message type
/**
 * The Page Groups table's webview: the entry of its own browser bundle (dist/webview/pageGroupsTable.js; the
 * extension never imports it). It draws what the host sends: the rows in column batches once, then the order of the
 * rows that match (the host filters, sorts and counts). Only the visible rows exist in the DOM (grid.ts, with
 * model/rowWindow.ts). Every text from the server is set with `textContent` after `visibleText` (control and bidi
 * characters shown as escapes). The jobs, each in its file:
 * - talking to the host: webviewHost.ts (sending), hostMessages.ts (receiving), viewRequests.ts (sort, filter,
 *   columns asked of the host);
 * - what is held: tableData.ts (words, columns, state, rows, view, status), cursor.ts (active cell, selection);
 * - drawing: layout.ts (the elements), grid.ts (header and rows, virtual scrolling), cellText.ts (numbers, times,
 *   visible text), statusLine.ts, filterPanel.ts and facets.ts (the filters' panel);
 * - input: gridKeyboard.ts (an ARIA grid with one active cell), gridPointer.ts, columnHeaders.ts (sort, resize, move),
 *   columnsMenu.ts, rowMenu.ts (row actions, export, the context menu), toolbar.ts;
 * - timingMarks.ts: the marks the benchmark reads (imported first: `scriptAt` is when the bundle started).
 */
import './timingMarks';
import { wireHeader } from './columnHeaders';
import { wireGridKeyboard } from './gridKeyboard';
import { wireGridPointer } from './gridPointer';
import { listenToHost } from './hostMessages';
import { wirePopups } from './rowMenu';
import { wireToolbar } from './toolbar';
import { showView } from './showView';
import { showViewsWith } from './viewRequests';
import { post } from './webviewHost';

showViewsWith(showView);
wireToolbar();
wireHeader();
wireGridPointer();
wirePopups();
wireGridKeyboard();
listenToHost();
post({ type: 'ready' });
