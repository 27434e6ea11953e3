// l10n-ignore-file: the webview shows only words the host translated (tableText.ts, sent in the init message); the literals here are class names, selectors, icon names and message types
/**
 * The Page Groups table's webview (its own browser bundle, dist/webview/pageGroupsTable.js; the extension never
 * imports it). It draws what the host sends: the rows in column batches once, then the order of the rows that match
 * (the host filters, sorts and counts). Only the visible rows exist in the DOM (@tanstack/virtual-core). Every text
 * from the server is set with `textContent` after `visibleText` (control and bidi characters shown as escapes).
 * Keyboard: an ARIA grid with one active cell (aria-activedescendant), arrows, Home/End, Page Up/Down, type-ahead in
 * the focused column, Enter opens the JSON, Space/Shift/Ctrl select, Ctrl+A, Ctrl+C, Shift+F10 for the menu.
 */
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core';
import { visibleText } from '../../../../text/displayText';
import type { CellValue, ColumnId } from '../model/tableColumns';
import type { ColumnInfo, Facet, HostMessage, InitMessage, RowAction, StatusMessage, ViewMessage } from '../model/tableProtocol';
import type { SortKey, TableState } from '../model/tableState';
import { nextSort, rangeOf, typeAhead } from '../model/tableInteraction';
import type { PageGroupFilter } from '../../model/pageGroupFilter';

interface VsCodeApi {
  postMessage(message: unknown): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const host = acquireVsCodeApi();
document.body.dataset.scriptAt = String(performance.timeOrigin + performance.now());
const ROW_HEIGHT = 24;
const DEFAULT_WIDTH = 160;
const NO_STATUS = '\u0000no-status';
const FACET_FIELDS: Readonly<Record<string, keyof PageGroupFilter>> = { status: 'statuses', tenantId: 'tenantIds', brandId: 'brandIds', pageContext: 'pageContexts' };

let strings: Record<string, string> = {};
let columns: ColumnInfo[] = [];
let state: TableState | undefined;
let locale = 'en';
let gatewayName = '';
let generation = -1;
const cells = new Map<ColumnId, CellValue[]>();
let deleted: number[] = [];
let problems: Array<string | null> = [];
let view: ViewMessage | undefined;
let status: StatusMessage | undefined;
/** The active cell: a position in the shown rows (-1: the header row) and an index in the visible columns. */
let focusRow = 0;
let focusCol = 0;
/** Selected rows by row index (stable across sorts and filters). */
const selected = new Set<number>();
let anchor = 0;
let typed = '';
let typedAt = 0;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  if (className) {
    element.className = className;
  }
  if (text !== undefined) {
    element.textContent = text;
  }
  return element;
};
const t = (key: string, arg?: string | number, arg1?: string | number): string =>
  (strings[key] ?? key).replace('{0}', arg === undefined ? '' : String(arg)).replace('{1}', arg1 === undefined ? '' : String(arg1));
const icon = (name: string): HTMLElement => {
  const i = el('span', `codicon codicon-${name}`);
  i.setAttribute('aria-hidden', 'true');
  return i;
};

// ---- layout -------------------------------------------------------------------------------------------------------
const app = document.getElementById('app') as HTMLElement;
const toolbar = el('div', 'toolbar');
toolbar.setAttribute('role', 'toolbar');
const filterBox = el('input', 'filter-box');
filterBox.type = 'search';
const countText = el('span', 'count');
countText.setAttribute('role', 'status');
const loadButton = el('button', 'load-all');
const filtersButton = el('button', 'icon-button');
const columnsButton = el('button', 'icon-button');
const clearButton = el('button', 'icon-button');
const exportButton = el('button', 'icon-button');
const searchButton = el('button', 'icon-button');
const problemText = el('span', 'problem');
toolbar.append(filterBox, countText, loadButton, filtersButton, columnsButton, clearButton, exportButton, searchButton, problemText);
const main = el('div', 'main');
const filters = el('aside', 'filters');
const gridScroller = el('div', 'grid');
gridScroller.setAttribute('role', 'grid');
gridScroller.setAttribute('aria-multiselectable', 'true');
gridScroller.tabIndex = 0;
const header = el('div', 'header');
header.setAttribute('role', 'row');
header.setAttribute('aria-rowindex', '1');
const headerGroup = el('div', 'rowgroup head');
headerGroup.setAttribute('role', 'rowgroup');
headerGroup.append(header);
const body = el('div', 'rowgroup body');
body.setAttribute('role', 'rowgroup');
const empty = el('div', 'empty');
gridScroller.append(headerGroup, body);
const gridArea = el('div', 'grid-area');
gridArea.append(gridScroller, empty);
main.append(filters, gridArea);
const menu = el('div', 'menu');
menu.setAttribute('role', 'menu');
menu.hidden = true;
const columnsMenu = el('div', 'menu columns-menu');
columnsMenu.hidden = true;
app.append(toolbar, main, menu, columnsMenu);

const virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
  count: 0,
  getScrollElement: () => gridScroller,
  estimateSize: () => ROW_HEIGHT,
  overscan: 8,
  scrollToFn: elementScroll,
  observeElementRect,
  observeElementOffset,
  scrollPaddingStart: ROW_HEIGHT,
  onChange: () => drawRows(),
});
virtualizer._didMount();

// ---- helpers ------------------------------------------------------------------------------------------------------
function visibleColumns(): ColumnInfo[] {
  if (!state) {
    return [];
  }
  const hidden = new Set(state.hidden);
  return state.order.flatMap((id) => {
    const column = columns.find((c) => c.id === id);
    return column && !hidden.has(id) ? [column] : [];
  });
}

function widthOf(id: ColumnId): number {
  return state?.widths[id] ?? (id === 'title' || id === 'name' ? 240 : id === 'pagesCount' || id === 'actions' || id === 'footerLinks' || id === 'scripts' ? 90 : DEFAULT_WIDTH);
}

let numberFormat = new Intl.NumberFormat('en');
let timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** What a cell shows, and its tooltip (the raw value for times). */
function cellText(column: ColumnInfo, value: CellValue | undefined): { text: string; title: string } {
  if (value === null || value === undefined) {
    return { text: '', title: '' };
  }
  if (typeof value === 'number') {
    return { text: numberFormat.format(value), title: String(value) };
  }
  const visible = visibleText(value);
  if (column.kind === 'time') {
    const time = Date.parse(value);
    return Number.isFinite(time) ? { text: timeFormat.format(time), title: visible } : { text: visible, title: visible };
  }
  if (column.id === 'status' && value === '') {
    return { text: t('emptyStatus'), title: '' };
  }
  return { text: visible, title: visible };
}

function shownCount(): number {
  return view?.generation === generation ? view.order.length : 0;
}

function rowAt(position: number): number | undefined {
  return view?.generation === generation ? view.order[position] : undefined;
}

function post(message: Record<string, unknown>): void {
  host.postMessage(message);
}

// ---- drawing ------------------------------------------------------------------------------------------------------
function drawHeader(): void {
  const visible = visibleColumns();
  header.replaceChildren();
  const sort = state?.sort ?? [];
  visible.forEach((column, index) => {
    const cell = el('div', 'cell head-cell');
    cell.setAttribute('role', 'columnheader');
    cell.setAttribute('aria-colindex', String(index + 1));
    cell.id = `h-${index}`;
    cell.style.width = `${widthOf(column.id)}px`;
    cell.title = t('sortHint');
    const label = el('span', 'label', column.label);
    cell.append(label);
    const key = sort.findIndex((k) => k.column === column.id);
    if (key >= 0) {
      const descending = (sort[key] as SortKey).descending;
      cell.append(icon(descending ? 'arrow-down' : 'arrow-up'));
      if (sort.length > 1) {
        cell.append(el('span', 'sort-rank', String(key + 1)));
      }
      if (key === 0) {
        cell.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      } else {
        cell.setAttribute('aria-description', descending ? t('sortedDescending') : t('sortedAscending'));
      }
    }
    cell.addEventListener('click', (event) => {
      markInput(event);
      sortBy(column.id, event.shiftKey);
    });
    const handle = el('div', 'resize');
    handle.title = t('resize');
    handle.addEventListener('pointerdown', (event) => startResize(event, column.id, cell));
    handle.addEventListener('click', (event) => event.stopPropagation());
    cell.append(handle);
    header.append(cell);
  });
  const total = visible.reduce((sum, column) => sum + widthOf(column.id), 0);
  header.style.width = `${total}px`;
  body.style.width = `${total}px`;
  gridScroller.setAttribute('aria-colcount', String(visible.length));
}

function drawRows(): void {
  const visible = visibleColumns();
  const count = shownCount();
  gridScroller.setAttribute('aria-rowcount', String(count + 1));
  body.style.height = `${virtualizer.getTotalSize()}px`;
  const fragment = document.createDocumentFragment();
  for (const item of virtualizer.getVirtualItems()) {
    const row = rowAt(item.index);
    if (row === undefined) {
      continue;
    }
    const line = el('div', 'row');
    line.setAttribute('role', 'row');
    line.setAttribute('aria-rowindex', String(item.index + 2));
    line.setAttribute('aria-selected', selected.has(row) ? 'true' : 'false');
    line.dataset.position = String(item.index);
    line.style.transform = `translateY(${item.start}px)`;
    if (deleted[row] === 1) {
      line.classList.add('deleted');
    }
    if (selected.has(row)) {
      line.classList.add('selected');
    }
    const problem = problems[row];
    visible.forEach((column, index) => {
      const cell = el('div', 'cell');
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-colindex', String(index + 1));
      cell.id = `c-${item.index}-${index}`;
      cell.style.width = `${widthOf(column.id)}px`;
      const { text, title } = cellText(column, cells.get(column.id)?.[row]);
      if (index === 0) {
        cell.append(icon(problem ? 'warning' : deleted[row] === 1 ? 'trash' : 'files'));
      }
      cell.append(el('span', 'text', text));
      const tip = [title, index === 0 && problem ? `${t('problems')}\n${visibleText(problem)}` : '', index === 0 && deleted[row] === 1 ? t('deletedMark') : ''].filter((part) => part !== '').join('\n');
      if (tip !== '') {
        cell.title = tip;
      }
      if (index === 0 && (problem || deleted[row] === 1)) {
        cell.setAttribute('aria-description', [deleted[row] === 1 ? t('deletedMark') : '', problem ? t('problems') : ''].filter((p) => p !== '').join(', '));
      }
      if (item.index === focusRow && index === focusCol) {
        cell.classList.add('focused');
      }
      line.append(cell);
    });
    fragment.append(line);
  }
  body.replaceChildren(fragment);
  const active = focusRow < 0 ? `h-${focusCol}` : `c-${focusRow}-${focusCol}`;
  if (document.getElementById(active)) {
    gridScroller.setAttribute('aria-activedescendant', active);
  } else {
    gridScroller.removeAttribute('aria-activedescendant');
  }
  header.querySelectorAll('.focused').forEach((cell) => cell.classList.remove('focused'));
  if (focusRow < 0) {
    document.getElementById(`h-${focusCol}`)?.classList.add('focused');
  }
  document.body.dataset.domRows = String(body.childElementCount);
}

function drawStatus(): void {
  const loaded = status?.loaded ?? 0;
  const parts = [status?.complete ? t('all', numberFormat.format(loaded)) : t('loaded', numberFormat.format(loaded)), t('shown', numberFormat.format(shownCount()))];
  if (selected.size > 0) {
    parts.push(t('selected', numberFormat.format(selected.size)));
  }
  countText.textContent = parts.join(' · ');
  loadButton.replaceChildren(icon(status?.loading ? 'close' : 'cloud-download'), el('span', '', status?.loading ? `${t('cancel')} (${t('loading', numberFormat.format(loaded))})` : t('loadAll')));
  loadButton.disabled = status?.complete === true && !status.loading;
  loadButton.title = status?.loading ? t('cancel') : t('loadAllTitle');
  problemText.textContent = status?.problem ? visibleText(status.problem) : '';
  empty.textContent = shownCount() > 0 ? '' : loaded === 0 ? t('noRows') : t('noMatch');
  empty.hidden = shownCount() > 0;
  document.body.dataset.loaded = String(loaded);
  document.body.dataset.shown = String(shownCount());
  document.body.dataset.complete = String(status?.complete === true);
}

function facetLabel(field: string, value: string | null): string {
  if (value === null) {
    return field === 'status' ? t('noStatus') : t('none');
  }
  if (value === '') {
    return field === 'status' ? t('emptyStatus') : '""';
  }
  return visibleText(value);
}

function drawFilters(): void {
  if (!state || !view) {
    return;
  }
  const filter = state.filter;
  const sections: HTMLElement[] = [];
  const exactness = el('div', `exactness ${view.exact ? 'exact' : 'at-least'}`, view.exact ? t('exact') : t('atLeast'));
  exactness.title = view.exact ? t('exactTitle') : t('atLeastTitle');
  sections.push(exactness);
  for (const facet of view.facets) {
    sections.push(facetSection(facet, filter));
  }
  const deletedSelect = el('select', 'deleted-state');
  deletedSelect.setAttribute('aria-label', t('deletedRows'));
  for (const [value, key] of [['include', 'deletedInclude'], ['only', 'deletedOnly'], ['exclude', 'deletedExclude']] as const) {
    const option = el('option', '', t(key));
    option.value = value;
    option.selected = (filter.deletedState ?? 'include') === value;
    deletedSelect.append(option);
  }
  deletedSelect.addEventListener('change', () => setFilter({ ...filter, deletedState: deletedSelect.value as PageGroupFilter['deletedState'] }));
  const deletedSection = el('section', 'facet');
  deletedSection.append(el('h3', '', t('deletedRows')), deletedSelect);
  sections.push(deletedSection);
  sections.push(rangeSection(t('pages'), 'number', filter.pagesCount?.min, filter.pagesCount?.max, (min, max) => setFilter({ ...filter, pagesCount: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } })));
  for (const [field, key] of [['created', 'created'], ['updated', 'updated'], ['deleted', 'deleted']] as const) {
    const window = filter[field];
    sections.push(rangeSection(t(key), 'date', window?.after, window?.before, (after, before) => setFilter({ ...filter, [field]: { ...(after === undefined ? {} : { after }), ...(before === undefined ? {} : { before }) } })));
  }
  // The panel is rebuilt on every view: the control that had the focus (a facet's search box, a value's checkbox)
  // gets it back, with its caret, so typing and walking by keyboard go on.
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active && filters.contains(active) ? active.dataset.focusKey : undefined;
  const caret = active instanceof HTMLInputElement && active.type === 'search' ? [active.selectionStart, active.selectionEnd] : undefined;
  filters.replaceChildren(...sections);
  if (focusKey !== undefined) {
    const again = Array.from(filters.querySelectorAll<HTMLElement>('[data-focus-key]')).find((element) => element.dataset.focusKey === focusKey);
    again?.focus();
    if (again instanceof HTMLInputElement && caret) {
      again.setSelectionRange(caret[0] ?? null, caret[1] ?? null);
    }
  }
}

/** Each facet's search box, kept across redraws (what is typed stays while the host answers). */
const facetSearchBoxes = new Map<string, HTMLInputElement>();

function facetSearchBox(facet: Facet, title: string, list: HTMLElement, summary: HTMLElement): HTMLInputElement {
  let box = facetSearchBoxes.get(facet.field);
  if (!box) {
    const created = el('input', 'facet-search');
    created.type = 'search';
    created.dataset.focusKey = `search:${facet.field}`;
    created.value = state?.facetSearch[facet.field as keyof TableState['facetSearch']] ?? '';
    created.addEventListener('input', () => post({ type: 'facetSearch', field: facet.field, query: created.value }));
    created.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') {
        // Down from the search box walks into the value list.
        event.preventDefault();
        (created.parentElement?.querySelector('.facet-values input') as HTMLElement | null)?.focus();
      } else if (event.key === 'Escape' && created.value !== '') {
        event.preventDefault();
        event.stopPropagation();
        created.value = '';
        post({ type: 'facetSearch', field: facet.field, query: '' });
      }
    });
    facetSearchBoxes.set(facet.field, created);
    box = created;
  }
  box.placeholder = t('facetSearch', title);
  box.setAttribute('aria-label', t('facetSearch', title));
  list.id = `facet-values-${facet.field}`;
  summary.id = `facet-summary-${facet.field}`;
  box.setAttribute('aria-controls', list.id);
  box.setAttribute('aria-describedby', summary.id);
  return box;
}

function facetSection(facet: Facet, filter: PageGroupFilter): HTMLElement {
  const key = FACET_FIELDS[facet.field] as 'statuses' | 'tenantIds' | 'brandIds' | 'pageContexts';
  const chosen = new Set(filter[key] ?? []);
  const section = el('section', 'facet');
  section.dataset.field = facet.field;
  const title = columns.find((c) => c.id === facet.field)?.label ?? facet.field;
  const heading = el('h3', '', title);
  heading.id = `facet-title-${facet.field}`;
  section.append(heading);
  const list = el('ul', 'facet-values');
  list.setAttribute('aria-labelledby', heading.id);
  const box = facetSearchBoxes.get(facet.field);
  if (facet.searchable || facet.query !== undefined || (box !== undefined && box.value !== '')) {
    // Above 200 values, a search box narrows the list (the host matches as Search does: case and accents ignored).
    const summary = el('div', 'facet-summary');
    summary.setAttribute('role', 'status');
    const searchBox = facetSearchBox(facet, title, list, summary);
    const listed = facet.values.length;
    summary.textContent = facet.query === undefined ? t('facetValues', numberFormat.format(facet.distinct)) : t('facetMatches', numberFormat.format(listed + facet.more), numberFormat.format(facet.distinct));
    section.append(searchBox, summary);
  }
  for (const [value, count] of facet.values) {
    const filterValue = value === null ? (facet.field === 'status' ? NO_STATUS : undefined) : value;
    const item = el('li');
    const label = el('label');
    const box = el('input');
    box.type = 'checkbox';
    box.dataset.focusKey = `value:${facet.field}:${value === null ? '\u0000' : value}`;
    box.disabled = filterValue === undefined;
    box.addEventListener('keydown', (event) => {
      // Up and down walk the value list; up from the first value goes back to the facet's search box.
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') {
        return;
      }
      event.preventDefault();
      const boxes = Array.from(list.querySelectorAll<HTMLInputElement>('input'));
      const at = boxes.indexOf(box);
      const next = event.key === 'ArrowDown' ? boxes[at + 1] : at === 0 ? facetSearchBoxes.get(facet.field) : boxes[at - 1];
      next?.focus();
    });
    box.checked = filterValue !== undefined && chosen.has(filterValue);
    box.addEventListener('change', (event) => {
      if (filterValue === undefined) {
        return;
      }
      markInput(event);
      const next = new Set(chosen);
      if (box.checked) {
        next.add(filterValue);
      } else {
        next.delete(filterValue);
      }
      const rest: PageGroupFilter = { ...filter };
      delete (rest as Record<string, unknown>)[key];
      setFilter(next.size === 0 ? rest : { ...rest, [key]: [...next] });
    });
    label.append(box, el('span', 'facet-value', facetLabel(facet.field, value)), el('span', 'facet-count', `${view?.exact ? '' : '≥ '}${numberFormat.format(count)}`));
    item.append(label);
    list.append(item);
  }
  section.append(list);
  if (facet.more > 0) {
    section.append(el('div', 'more', t('moreValues', numberFormat.format(facet.more))));
  }
  return section;
}

function rangeSection(title: string, type: 'number' | 'date', low: number | undefined, high: number | undefined, set: (low: number | undefined, high: number | undefined) => void): HTMLElement {
  const section = el('section', 'facet range');
  section.append(el('h3', '', title));
  const input = (value: number | undefined, label: string): HTMLInputElement => {
    const box = el('input');
    box.type = type;
    box.setAttribute('aria-label', `${title} ${label}`);
    box.placeholder = label;
    if (value !== undefined) {
      box.value = type === 'number' ? String(value) : new Date(value).toISOString().slice(0, 10);
    }
    return box;
  };
  const from = input(low, type === 'number' ? t('min') : t('after'));
  const to = input(high, type === 'number' ? t('max') : t('before'));
  const read = (box: HTMLInputElement): number | undefined => {
    if (box.value === '') {
      return undefined;
    }
    const value = type === 'number' ? Number(box.value) : Date.parse(box.value);
    return Number.isFinite(value) ? value : undefined;
  };
  const changed = (): void => set(read(from), read(to));
  from.addEventListener('change', changed);
  to.addEventListener('change', changed);
  section.append(from, to);
  return section;
}

function redraw(): void {
  virtualizer.setOptions({ ...virtualizer.options, count: shownCount() });
  virtualizer._willUpdate();
  drawHeader();
  drawRows();
  drawStatus();
}

// ---- actions ------------------------------------------------------------------------------------------------------
function saveColumns(): void {
  if (state) {
    post({ type: 'columns', order: state.order, hidden: state.hidden, widths: state.widths });
  }
}

function sortBy(column: ColumnId, addKey: boolean): void {
  if (!state) {
    return;
  }
  state = { ...state, sort: nextSort(state.sort, column, addKey) };
  drawHeader();
  post({ type: 'sort', sort: state.sort });
}

function setFilter(filter: PageGroupFilter): void {
  if (!state) {
    return;
  }
  state = { ...state, filter };
  post({ type: 'filter', filter });
}

function startResize(event: PointerEvent, id: ColumnId, cell: HTMLElement): void {
  event.preventDefault();
  event.stopPropagation();
  const startX = event.clientX;
  const startWidth = widthOf(id);
  const move = (e: PointerEvent): void => {
    if (state) {
      state = { ...state, widths: { ...state.widths, [id]: Math.max(40, Math.min(2000, startWidth + e.clientX - startX)) } };
      cell.style.width = `${widthOf(id)}px`;
    }
  };
  const up = (): void => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    redraw();
    saveColumns();
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

/** The rows an action applies to: the selection when the focused row is in it, else the focused row. */
function actionRows(): number[] {
  const focused = rowAt(focusRow);
  if (focused !== undefined && !selected.has(focused)) {
    return [focused];
  }
  const positions = new Map<number, number>();
  view?.order.forEach((row, position) => positions.set(row, position));
  return [...selected].filter((row) => positions.has(row)).sort((a, b) => (positions.get(a) as number) - (positions.get(b) as number));
}

function act(action: RowAction): void {
  const rows = actionRows();
  if (rows.length > 0) {
    post({ type: 'action', action, generation, rows });
  }
}

function exportRows(which: 'selection' | 'filtered'): void {
  const rows = which === 'filtered' ? 'filtered' : actionRows();
  if (rows === 'filtered' || rows.length > 0) {
    post({ type: 'export', generation, rows });
  }
}

function moveFocus(row: number, col: number, extend: boolean, toggle: boolean): void {
  const count = shownCount();
  const visible = visibleColumns().length;
  focusRow = Math.max(-1, Math.min(count - 1, row));
  focusCol = Math.max(0, Math.min(visible - 1, col));
  if (focusRow >= 0) {
    const at = rowAt(focusRow);
    if (extend) {
      selected.clear();
      rangeOf(anchor, focusRow).forEach((position) => {
        const r = rowAt(position);
        if (r !== undefined) {
          selected.add(r);
        }
      });
    } else if (!toggle && at !== undefined) {
      anchor = focusRow;
    }
    virtualizer.scrollToIndex(focusRow, { align: 'auto' });
  }
  drawRows();
  drawStatus();
}

function selectOnly(position: number): void {
  const row = rowAt(position);
  selected.clear();
  if (row !== undefined) {
    selected.add(row);
  }
  anchor = position;
}

function openMenu(x: number, y: number): void {
  const rows = actionRows();
  if (rows.length === 0) {
    return;
  }
  const items: Array<[string, () => void]> = [
    [t('openJson'), () => act('openJson')],
    [rows.length > 1 ? t('copyIds') : t('copyId'), () => act('copyId')],
    [t('copyLink'), () => act('copyLink')],
    [t('reveal'), () => act('reveal')],
    [t('compare'), () => act('compare')],
    [t('exportSelection'), () => exportRows('selection')],
    [t('exportFiltered'), () => exportRows('filtered')],
  ];
  showMenu(menu, items.map(([label, run]) => {
    const button = el('button', 'menu-item', label);
    button.setAttribute('role', 'menuitem');
    button.tabIndex = -1;
    button.addEventListener('click', () => {
      closeMenus();
      run();
    });
    return button;
  }), x, y);
}

function showMenu(which: HTMLElement, entries: HTMLElement[], x: number, y: number): void {
  which.replaceChildren(...entries);
  which.hidden = false;
  which.style.left = `${Math.min(x, window.innerWidth - 260)}px`;
  which.style.top = `${Math.min(y, window.innerHeight - entries.length * 26 - 8)}px`;
  (which.querySelector('button, input') as HTMLElement | null)?.focus();
}

function closeMenus(): void {
  const wasOpen = !menu.hidden || !columnsMenu.hidden;
  menu.hidden = true;
  columnsMenu.hidden = true;
  if (wasOpen) {
    gridScroller.focus();
  }
}

function openColumnsMenu(): void {
  if (!state) {
    return;
  }
  const current = state;
  const entries = current.order.map((id, index) => {
    const column = columns.find((c) => c.id === id) as ColumnInfo;
    const line = el('div', 'column-choice');
    const label = el('label');
    const box = el('input');
    box.type = 'checkbox';
    box.checked = !current.hidden.includes(id);
    box.setAttribute('aria-label', `${t('show')}: ${column.label}`);
    box.addEventListener('change', () => {
      if (!state) {
        return;
      }
      const hidden = box.checked ? state.hidden.filter((h) => h !== id) : [...state.hidden, id];
      if (hidden.length < columns.length) {
        state = { ...state, hidden };
        focusCol = Math.min(focusCol, visibleColumns().length - 1);
        redraw();
        saveColumns();
      } else {
        box.checked = true;
      }
    });
    label.append(box, el('span', '', column.label));
    const move = (delta: number, name: string, title: string): HTMLButtonElement => {
      const button = el('button', 'icon-button');
      button.append(icon(name));
      button.title = title;
      button.setAttribute('aria-label', `${title}: ${column.label}`);
      button.disabled = index + delta < 0 || index + delta >= current.order.length;
      button.addEventListener('click', () => {
        if (!state) {
          return;
        }
        const order = [...state.order];
        const [moved] = order.splice(index, 1);
        order.splice(index + delta, 0, moved as ColumnId);
        state = { ...state, order };
        redraw();
        saveColumns();
        openColumnsMenu();
      });
      return button;
    };
    line.append(label, move(-1, 'arrow-up', t('moveLeft')), move(1, 'arrow-down', t('moveRight')));
    return line;
  });
  const rect = columnsButton.getBoundingClientRect();
  showMenu(columnsMenu, entries, rect.left, rect.bottom + 2);
}

// ---- events -------------------------------------------------------------------------------------------------------
filterBox.addEventListener('input', (event) => {
  markInput(event);
  if (state) {
    const query = filterBox.value;
    const rest: PageGroupFilter = { ...state.filter };
    delete (rest as { query?: string }).query;
    setFilter(query.trim() === '' ? rest : { ...rest, query });
  }
});
filterBox.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) {
    event.preventDefault();
    gridScroller.focus();
    moveFocus(Math.max(0, focusRow), focusCol, false, false);
  }
});
loadButton.addEventListener('click', () => post({ type: status?.loading ? 'cancelLoad' : 'loadAll' }));
filtersButton.addEventListener('click', () => {
  filters.hidden = !filters.hidden;
  filtersButton.setAttribute('aria-pressed', String(!filters.hidden));
});
columnsButton.addEventListener('click', () => (columnsMenu.hidden ? openColumnsMenu() : closeMenus()));
clearButton.addEventListener('click', () => {
  filterBox.value = '';
  setFilter({});
});
exportButton.addEventListener('click', () => exportRows('filtered'));
searchButton.addEventListener('click', () => post({ type: 'search' }));

body.addEventListener('click', (event) => {
  const line = (event.target as HTMLElement).closest('.row') as HTMLElement | null;
  const cell = (event.target as HTMLElement).closest('.cell') as HTMLElement | null;
  if (!line) {
    return;
  }
  const position = Number(line.dataset.position);
  const col = cell ? Math.max(0, Number(cell.getAttribute('aria-colindex')) - 1) : focusCol;
  const row = rowAt(position);
  if (event.shiftKey) {
    moveFocus(position, col, true, false);
    return;
  }
  if ((event.ctrlKey || event.metaKey) && row !== undefined) {
    if (selected.has(row)) {
      selected.delete(row);
    } else {
      selected.add(row);
    }
    anchor = position;
    moveFocus(position, col, false, true);
    return;
  }
  selectOnly(position);
  moveFocus(position, col, false, false);
  gridScroller.focus();
});
body.addEventListener('dblclick', (event) => {
  if ((event.target as HTMLElement).closest('.row')) {
    act('openJson');
  }
});
gridScroller.addEventListener('contextmenu', (event) => {
  const line = (event.target as HTMLElement).closest('.row') as HTMLElement | null;
  if (!line) {
    return;
  }
  event.preventDefault();
  const position = Number(line.dataset.position);
  const row = rowAt(position);
  if (row !== undefined && !selected.has(row)) {
    selectOnly(position);
  }
  focusRow = position;
  drawRows();
  openMenu(event.clientX, event.clientY);
});
document.addEventListener('mousedown', (event) => {
  const target = event.target as HTMLElement;
  if (!menu.contains(target) && !columnsMenu.contains(target) && target !== columnsButton && !columnsButton.contains(target)) {
    menu.hidden = true;
    columnsMenu.hidden = true;
  }
});
for (const popup of [menu, columnsMenu]) {
  popup.addEventListener('keydown', (event) => {
    const items = Array.from(popup.querySelectorAll<HTMLElement>('button:not([disabled]), input'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      closeMenus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
      next?.focus();
    }
  });
}

function visibleRowsPerPage(): number {
  return Math.max(1, Math.floor((gridScroller.clientHeight - ROW_HEIGHT) / ROW_HEIGHT) - 1);
}

gridScroller.addEventListener('keydown', (event) => {
  const mod = event.ctrlKey || event.metaKey;
  const count = shownCount();
  const cols = visibleColumns();
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      event.preventDefault();
      const next = focusRow + (event.key === 'ArrowDown' ? 1 : -1);
      if (!event.shiftKey && !mod && next >= 0) {
        selectOnly(Math.min(count - 1, next));
      }
      moveFocus(next, focusCol, event.shiftKey, mod);
      return;
    }
    case 'ArrowLeft':
    case 'ArrowRight': {
      event.preventDefault();
      const delta = event.key === 'ArrowRight' ? 1 : -1;
      if (event.altKey && focusRow < 0 && state) {
        // Alt+Left/Right on a header moves the column.
        const id = cols[focusCol]?.id;
        const target = cols[focusCol + delta]?.id;
        if (id && target) {
          const order = [...state.order];
          order.splice(order.indexOf(id), 1);
          order.splice(order.indexOf(target) + (delta > 0 ? 1 : 0), 0, id);
          state = { ...state, order };
          focusCol += delta;
          redraw();
          saveColumns();
        }
        return;
      }
      moveFocus(focusRow, focusCol + delta, false, true);
      return;
    }
    case 'Home':
    case 'End': {
      event.preventDefault();
      const end = event.key === 'End';
      if (mod) {
        const target = end ? count - 1 : 0;
        if (!event.shiftKey) {
          selectOnly(target);
        }
        moveFocus(target, focusCol, event.shiftKey, false);
      } else {
        moveFocus(focusRow, end ? cols.length - 1 : 0, false, true);
      }
      return;
    }
    case 'PageDown':
    case 'PageUp': {
      event.preventDefault();
      const target = Math.max(0, Math.min(count - 1, focusRow + (event.key === 'PageDown' ? 1 : -1) * visibleRowsPerPage()));
      if (!event.shiftKey) {
        selectOnly(target);
      }
      moveFocus(target, focusCol, event.shiftKey, false);
      return;
    }
    case 'Enter':
      event.preventDefault();
      if (focusRow < 0) {
        const column = cols[focusCol];
        if (column) {
          sortBy(column.id, event.shiftKey);
        }
      } else {
        act('openJson');
      }
      return;
    case ' ':
      event.preventDefault();
      if (focusRow < 0) {
        const column = cols[focusCol];
        if (column) {
          sortBy(column.id, event.shiftKey);
        }
        return;
      }
      {
        const row = rowAt(focusRow);
        if (row !== undefined) {
          if (selected.has(row)) {
            selected.delete(row);
          } else {
            selected.add(row);
          }
          anchor = focusRow;
          drawRows();
          drawStatus();
        }
      }
      return;
    case 'Escape':
      if (selected.size > 0) {
        selected.clear();
        drawRows();
        drawStatus();
      }
      return;
    case 'ContextMenu':
    case 'F10':
      if (event.key === 'ContextMenu' || event.shiftKey) {
        event.preventDefault();
        const cell = document.getElementById(`c-${focusRow}-${focusCol}`);
        const rect = (cell ?? gridScroller).getBoundingClientRect();
        openMenu(rect.left + 8, rect.bottom);
      }
      return;
    default:
      break;
  }
  if (mod && event.key.toLowerCase() === 'a') {
    event.preventDefault();
    view?.order.forEach((row) => selected.add(row));
    drawRows();
    drawStatus();
    return;
  }
  if (mod && event.key.toLowerCase() === 'c') {
    event.preventDefault();
    act('copyId');
    return;
  }
  if (!mod && !event.altKey && event.key.length === 1 && focusRow >= 0) {
    // Type-ahead in the focused column.
    const now = Date.now();
    typed = now - typedAt > 800 ? event.key : typed + event.key;
    typedAt = now;
    const column = cols[focusCol];
    if (column) {
      const from = typed.length === 1 ? focusRow + 1 : focusRow;
      const found = typeAhead(typed, from, count, (position) => {
        const row = rowAt(position);
        return row === undefined ? '' : cellText(column, cells.get(column.id)?.[row]).text;
      });
      if (found !== undefined) {
        selectOnly(found);
        moveFocus(found, focusCol, false, false);
      }
    }
  }
});
gridScroller.addEventListener('focus', () => drawRows());

// ---- messages from the host -----------------------------------------------------------------------------------
/** Rows received in column batches (the first screen's rows not counted: they come again in their batch). */
let received = 0;
let rowDrawPending = false;
/** Whether the first view was painted (then the webview asks for the rest of the rows). */
let firstPainted = false;

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

function scheduleRowDraw(): void {
  if (!rowDrawPending) {
    rowDrawPending = true;
    requestAnimationFrame(() => {
      rowDrawPending = false;
      drawRows();
    });
  }
}

/** Runs `then` once what was drawn is on screen (after the next frame was painted). */
function afterPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** Marks when the user asked for a change (a sort, a filter), for the benchmark's input-to-repaint figures. */
function markInput(event?: Event): void {
  document.body.dataset.inputAt = String(performance.timeOrigin + (event?.timeStamp ?? performance.now()));
}

function init(message: InitMessage): void {
  strings = message.strings;
  columns = [...message.columns];
  state = message.state;
  locale = message.locale;
  gatewayName = message.gateway;
  numberFormat = new Intl.NumberFormat(locale);
  timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  host.setState({ gateway: gatewayName });
  filterBox.placeholder = t('filterPlaceholder');
  filterBox.setAttribute('aria-label', t('filter'));
  filterBox.value = state.filter.query ?? '';
  gridScroller.setAttribute('aria-label', t('grid', visibleText(gatewayName)));
  for (const [button, name, key] of [
    [filtersButton, 'filter', 'filters'],
    [columnsButton, 'list-selection', 'columns'],
    [clearButton, 'clear-all', 'clearFilters'],
    [exportButton, 'export', 'exportFiltered'],
    [searchButton, 'search', 'search'],
  ] as const) {
    button.replaceChildren(icon(name));
    button.title = t(key);
    button.setAttribute('aria-label', t(key));
  }
  filtersButton.setAttribute('aria-pressed', 'true');
  menu.setAttribute('aria-label', t('rowActions'));
  columnsMenu.setAttribute('aria-label', t('columns'));
  redraw();
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message?.type) {
    case 'init':
      document.body.dataset.initAt = String(performance.timeOrigin + performance.now());
      init(message);
      return;
    case 'rows': {
      if (message.generation !== generation) {
        generation = message.generation;
        cells.clear();
        deleted = [];
        problems = [];
        selected.clear();
        received = 0;
      }
      if ((deleted.length < message.total)) {
        // Sized once per generation (rows of the first screen come first, at any index): dense arrays, not sparse.
        for (const column of columns) {
          cells.set(column.id, grow(cells.get(column.id) ?? [], message.total, null));
        }
        deleted = grow(deleted, message.total, 0);
        problems = grow(problems, message.total, null);
      }
      const at = (i: number): number => (message.indexes ? (message.indexes[i] as number) : (message.start ?? 0) + i);
      for (const column of columns) {
        let values = cells.get(column.id);
        if (!values) {
          values = [];
          cells.set(column.id, values);
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
      document.body.dataset.rowsReceived = String(received);
      if (message.start !== undefined && message.count > 0) {
        // Taken in: the next batch may come.
        post({ type: 'moreRows' });
      }
      if (view) {
        // Rows of the screen that came after the view: drawn once per frame.
        scheduleRowDraw();
      }
      return;
    }
    case 'view': {
      const began = performance.now();
      document.body.dataset.viewArrivedAt = String(performance.timeOrigin + began);
      document.body.dataset.hostReceivedAt = String(message.receivedAt);
      document.body.dataset.hostPostedAt = String(message.postedAt);
      view = message;
      if (state) {
        state = { ...state, sort: message.sort, filter: message.filter };
      }
      focusRow = Math.min(focusRow, Math.max(0, message.order.length - 1));
      redraw();
      drawFilters();
      document.body.dataset.paintMs = String(Math.round((performance.now() - began) * 10) / 10);
      document.body.dataset.computeMs = String(message.computeMs);
      afterPaint(() => {
        // Timing marks (the benchmark reads them): when this view was on screen, and the first rows ever.
        document.body.dataset.viewPaintedAt = String(performance.timeOrigin + performance.now());
        if (!firstPainted) {
          // The first screen is on screen: the rest of the rows may come.
          firstPainted = true;
          post({ type: 'moreRows' });
        }
        if (document.body.dataset.firstRowsAt === undefined && body.childElementCount > 0) {
          performance.mark('pge-first-rows');
          document.body.dataset.firstRowsAt = document.body.dataset.viewPaintedAt;
        }
        document.body.dataset.views = String(Number(document.body.dataset.views ?? '0') + 1);
      });
      return;
    }
    case 'status':
      status = message;
      document.body.dataset.bytesSent = String(message.bytesSent);
      drawStatus();
      return;
    default:
      return;
  }
});

post({ type: 'ready' });
