// l10n-ignore-file: no words here, only a message type and column ids
/**
 * The table's filter, sort and facets computed in the webview, so that a keystroke, a facet value or a header click
 * is answered without a round trip to the host. The engine is the host's own (model/tableRows.ts: the same filter
 * model, Search's matcher, facet rules and collator ranks), run over the rows the webview holds: each row's page
 * group made back from its cells (the fields the filter reads), the sort keys read from the column batches. It
 * answers once every row of the generation has arrived (until then the host computes the view); the host learns the
 * sort and filter afterwards (viewRequests.ts). While the webview is idle the rows' search texts are made and the
 * text columns ranked for sorting.
 */
import type { CheckedPageGroup, PageGroup } from '../../../../api/model';
import { COLUMN_KINDS, type CellValue, type ColumnId } from '../model/tableColumns';
import type { RowBatch, ViewMessage } from '../model/tableProtocol';
import { TableRows } from '../model/tableRows';
import { table } from './tableData';

/** The fields of a page group the filter and facets read, as text cells. */
const TEXT_FIELDS = ['pageGroupId', 'name', 'title', 'status', 'tenantId', 'brandId', 'pageContext', 'createdAt', 'updatedAt', 'deletedAt', 'headerActionId'] as const;

let collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
let generation = -1;
/** The rows' page groups, by row index: rows 0 to length - 1 of the generation (the first screen's come again in their batch). */
let items: CheckedPageGroup[] = [];
/** Rows the host holds in the generation. */
let total = 0;
let engine: TableRows | undefined;
/** Whether `items` changed since the engine last took them. */
let stale = true;
let idleRanking: number | undefined;

/** The locale the host's collator uses (the table's text sorts alike on both sides). */
export function useCollatorLocale(locale: string): void {
  collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  engine = undefined;
  stale = true;
}

function cellAt(index: number, column: ColumnId): CellValue {
  return table.cells.get(column)?.[index] ?? null;
}

/** Row `index`'s page group, from its cells (missing cells are missing fields). */
function itemAt(index: number): CheckedPageGroup {
  const value: Record<string, string | number> = {};
  for (const field of TEXT_FIELDS) {
    const cell = cellAt(index, field);
    if (typeof cell === 'string') {
      value[field] = cell;
    }
  }
  const pages = cellAt(index, 'pagesCount');
  if (typeof pages === 'number') {
    value.pagesCount = pages;
  }
  return { raw: undefined, value: value as PageGroup, problems: [] };
}

/** A batch of rows was taken in (its cells are in `table.cells`). */
export function noteRows(message: RowBatch): void {
  if (message.generation !== generation) {
    generation = message.generation;
    items = [];
    engine = undefined;
  }
  total = message.total;
  for (let i = 0; i < message.count; i++) {
    const index = message.indexes ? (message.indexes[i] as number) : (message.start ?? 0) + i;
    // Rows in order only: the first screen's rows (at any index) come again in their batch.
    if (index <= items.length && (message.start !== undefined || index < items.length)) {
      items[index] = itemAt(index);
      stale = true;
    }
  }
  if (holdsEveryRow()) {
    rankWhenIdle();
  }
}

/** Whether the webview holds every row of the generation shown (then it computes its views itself). */
export function holdsEveryRow(): boolean {
  return generation === table.generation && total > 0 && items.length >= total;
}

function engineNow(): TableRows {
  engine ??= new TableRows(collator, cellAt);
  if (stale) {
    engine.sync(items);
    stale = false;
    searchPrepared = false;
    facetsPrepared = false;
  }
  return engine;
}

/** The view of the state in force, computed here; undefined until every row is held. */
export function localView(): ViewMessage | undefined {
  const state = table.state;
  if (!state || !holdsEveryRow()) {
    return undefined;
  }
  const began = performance.now();
  const { order, facets } = engineNow().compute(state.filter, state.sort, state.facetSearch);
  return {
    type: 'view',
    generation,
    order,
    total: items.length,
    facets,
    exact: table.status?.complete ?? table.view?.exact ?? false,
    sort: state.sort,
    filter: state.filter,
    computeMs: Math.round((performance.now() - began) * 10) / 10,
    // The engine's start and end (the benchmark's "in the host" share is the engine's here).
    receivedAt: performance.timeOrigin + began,
    postedAt: performance.timeOrigin + performance.now(),
  };
}

/** Whether the engine made what a first query needs since it last took rows. */
let searchPrepared = false;
/** Whether the engine made what any first view needs (the facets' value ids) since it last took rows. */
let facetsPrepared = false;
/** Rows of search texts made per slice of idle time (about 5 ms on a slow machine). */
const SEARCH_SLICE = 5_000;

/**
 * While the webview is idle, in slices that leave the editor (same thread) responsive: what any first view needs (the
 * facets' value ids, a field a slice), what a first filter keystroke needs (the rows' search texts and ids), then the
 * text columns' ranks for sorting (the sorted and shown ones first), one column a callback.
 */
function rankWhenIdle(): void {
  if (idleRanking !== undefined || typeof requestIdleCallback !== 'function') {
    return;
  }
  idleRanking = requestIdleCallback((deadline) => {
    idleRanking = undefined;
    if (!holdsEveryRow()) {
      return;
    }
    const rows = engineNow();
    if (!facetsPrepared) {
      do {
        facetsPrepared = rows.prepareFacets();
      } while (!facetsPrepared && deadline.timeRemaining() > 5);
      rankWhenIdle();
      return;
    }
    if (!searchPrepared) {
      do {
        searchPrepared = rows.prepareSearch(SEARCH_SLICE);
      } while (!searchPrepared && deadline.timeRemaining() > 5);
      rankWhenIdle();
      return;
    }
    const shown = new Set(table.state?.order.filter((id) => !table.state?.hidden.includes(id)));
    const columns = [...(table.state?.sort.map((key) => key.column) ?? []), 'title' as const, ...[...shown].filter((id) => COLUMN_KINDS[id] === 'text')];
    const next = columns.find((column) => !rows.hasRanks(column));
    if (next !== undefined) {
      rows.ranks(next);
      rankWhenIdle();
    }
  });
}
