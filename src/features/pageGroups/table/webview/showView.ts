// l10n-ignore-file: no words here, only a message type and timing-mark names
/**
 * A view (the order of the rows that match, the facets) put on screen, whether the host or the webview computed it,
 * with the timing marks the benchmark reads. Once the first view is painted the webview asks for the rest of the rows.
 */
import type { ViewMessage } from '../model/tableProtocol';
import { cursor, viewShown } from './cursor';
import { drawFilters } from './filterPanel';
import { drawAhead, redraw } from './grid';
import { resumePlace } from './placeMemory';
import { body } from './layout';
import { table } from './tableData';
import { afterPaint } from './timingMarks';
import { post } from './webviewHost';

/** Whether the first view was painted (then the webview asks for the rest of the rows). */
let firstPainted = false;

/** Draws `message` (its order and facets; `from`: who computed it) and marks when it is on screen. */
export function showView(message: ViewMessage, from: 'host' | 'webview' = 'webview'): void {
  const began = performance.now();
  document.body.dataset.viewFrom = from;
  document.body.dataset.viewArrivedAt = String(performance.timeOrigin + began);
  document.body.dataset.hostReceivedAt = String(message.receivedAt);
  document.body.dataset.hostPostedAt = String(message.postedAt);
  table.view = message;
  viewShown();
  cursor.row = Math.min(cursor.row, Math.max(0, (message.shown ?? message.order.length) - 1));
  redraw();
  if (resumePlace()) {
    redraw();
  }
  drawFilters();
  document.body.dataset.paintMs = String(Math.round((performance.now() - began) * 10) / 10);
  // The script's share of drawing the first screen (the rest until it is painted is the browser's style, layout, paint).
  document.body.dataset.firstDrawMs ??= document.body.dataset.paintMs;
  document.body.dataset.computeMs = String(message.computeMs);
  afterPaint(() => {
    // Timing marks (the benchmark reads them): when this view was on screen, and the first rows ever.
    document.body.dataset.viewPaintedAt = String(performance.timeOrigin + performance.now());
    if (!firstPainted) {
      // The first screen is on screen: the rest of the rows may come, and rows are drawn ahead of those in view.
      firstPainted = true;
      post({ type: 'moreRows' });
      drawAhead();
    }
    if (document.body.dataset.firstRowsAt === undefined && body.childElementCount > 0) {
      performance.mark('pge-first-rows');
      document.body.dataset.firstRowsAt = document.body.dataset.viewPaintedAt;
    }
    if (document.body.dataset.firstFacetsAt === undefined && message.counting !== true) {
      // The first view with its facets counted (a first screen sent with the page has none yet).
      document.body.dataset.firstFacetsAt = document.body.dataset.viewPaintedAt;
    }
    document.body.dataset.views = String(Number(document.body.dataset.views ?? '0') + 1);
  });
}

