// l10n-ignore-file: no words here (the words come from the host); the literals are message types and timing-mark names
/**
 * The messages from the host: `init` (the words, columns, state and locale), `rows` (cells in column batches, or the
 * rows of the first screen by index; after each batch taken in, the webview asks for the next), `view` (the order of
 * the rows that match, the facets; once the first is on screen, the webview asks for the rest of the rows) and
 * `status`. Each is taken in, then drawn; the timing marks the benchmark reads are set here.
 */
import { visibleText } from '../../../../text/displayText';
import type { HostMessage, InitMessage, RowBatch, ViewMessage } from '../model/tableProtocol';
import { useLocale } from './cellText';
import { clearSelection } from './cursor';
import { localView, noteRows, useCollatorLocale } from './localView';
import { showView } from './showView';
import { redraw, scheduleRowDraw } from './grid';
import { columnsMenu, gridScroller, menu } from './layout';
import { drawStatus } from './statusLine';
import { t, table } from './tableData';
import { labelToolbar } from './toolbar';
import { restorePanel, resumePlace } from './placeMemory';
import { keepState, post } from './webviewHost';

/** Rows received in column batches (the first screen's rows not counted: they come again in their batch). */
let received = 0;

/** `values` made `length` long, the new places holding `fill` (one allocation, dense). */
function grow<T>(values: T[], length: number, fill: T): T[] {
  if (values.length >= length) {
    return values;
  }
  const next = new Array<T>(length).fill(fill);
  for (let i = 0; i < values.length; i++) {
    next[i] = values[i] as T;
  }
  return next;
}

/** The largest of the first `count` indexes (-1: none). */
function lastIndex(indexes: ArrayLike<number>, count: number): number {
  let last = -1;
  for (let i = 0; i < count; i++) {
    last = Math.max(last, indexes[i] as number);
  }
  return last;
}

function init(message: InitMessage): void {
  table.strings = message.strings;
  table.columns = [...message.columns];
  table.state = message.state;
  table.gatewayName = message.gateway;
  table.gatewayKey = message.gatewayKey;
  useLocale(message.locale);
  useCollatorLocale(message.locale);
  keepState(table.gatewayName, table.gatewayKey);
  labelToolbar();
  restorePanel();
  gridScroller.setAttribute('aria-label', t('grid', visibleText(table.gatewayName)));
  menu.setAttribute('aria-label', t('rowActions'));
  columnsMenu.setAttribute('aria-label', t('columns'));
  redraw();
}

function takeRows(message: RowBatch): void {
  if (message.generation !== table.generation) {
    table.generation = message.generation;
    table.cells.clear();
    table.deleted = [];
    table.problems = [];
    clearSelection();
    received = 0;
  }
  // Dense arrays, not sparse. The rows of the first screen (by index, before any batch) only need them as long as their
  // last index: 14 arrays of 100,000 places take 10–15 ms to make, and the first paint waits for that message. The
  // first column batch sizes them to every row, once per generation.
  const length = message.indexes ? Math.max(table.deleted.length, lastIndex(message.indexes, message.count) + 1) : message.total;
  if (table.deleted.length < length) {
    for (const column of table.columns) {
      table.cells.set(column.id, grow(table.cells.get(column.id) ?? [], length, null));
    }
    table.deleted = grow(table.deleted, length, 0);
    table.problems = grow(table.problems, length, null);
  }
  const { deleted, problems } = table;
  const at = (i: number): number => (message.indexes ? (message.indexes[i] as number) : (message.start ?? 0) + i);
  for (const column of table.columns) {
    let values = table.cells.get(column.id);
    if (!values) {
      values = [];
      table.cells.set(column.id, values);
    }
    const batch = message.cells[column.id] ?? [];
    for (let i = 0; i < message.count; i++) {
      values[at(i)] = batch[i] ?? null;
    }
  }
  for (let i = 0; i < message.count; i++) {
    deleted[at(i)] = message.deleted[i] ?? 0;
    problems[at(i)] = message.problems[i] ?? null;
  }
  received += message.start === undefined ? 0 : message.count;
  table.complete = received >= message.total;
  document.body.dataset.rowsReceived = String(received);
  if (message.start !== undefined && message.count > 0) {
    // Taken in: the next batch may come.
    post({ type: 'moreRows' });
  }
  noteRows(message);
  if (resumePlace()) {
    redraw();
  } else if (table.view) {
    // Rows of the screen that came after the view: drawn once per frame.
    scheduleRowDraw();
  }
}

/** The host's view: shown as it is, or (once the webview holds every row) computed here for the state it shows. */
function takeView(message: ViewMessage): void {
  // Views the host sent (a test checks that a keystroke needs none).
  document.body.dataset.hostViews = String(Number(document.body.dataset.hostViews ?? '0') + 1);
  const local = localView();
  if (local !== undefined) {
    showView({ ...local, exact: message.exact });
    return;
  }
  if (table.state) {
    table.state = { ...table.state, sort: message.sort, filter: message.filter };
  }
  showView(message, 'host');
}

/** Whether the webview asked for everything again, having missed the words (see `listenToHost`). */
let askedAgain = false;

/**
 * Takes in the host's messages (anything else is ignored). The words and state (`init`) come first: rows, a view or a
 * status before them means the page missed the first screen the host sent with it (the editor delivered it before
 * this script listened), so the webview says it is ready again and gets everything.
 */
export function listenToHost(): void {
  window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
    const message = event.data;
    if (message?.type !== 'init' && table.columns.length === 0) {
      if (!askedAgain && (message?.type === 'rows' || message?.type === 'view' || message?.type === 'status')) {
        askedAgain = true;
        post({ type: 'ready' });
      }
      return;
    }
    switch (message?.type) {
      case 'init':
        document.body.dataset.initAt = String(performance.timeOrigin + performance.now());
        document.body.dataset.hostAskedAt = String(message.opened.askedAt);
        document.body.dataset.hostPageSetAt = String(message.opened.pageSetAt);
        init(message);
        return;
      case 'rows':
        takeRows(message);
        return;
      case 'view':
        takeView(message);
        return;
      case 'status':
        table.status = message;
        document.body.dataset.bytesSent = String(message.bytesSent);
        // The rows taken in when this status came (the benchmark waits for the one after the last batch).
        document.body.dataset.rowsAtStatus = String(received);
        drawStatus();
        return;
      default:
        return;
    }
  });
}
