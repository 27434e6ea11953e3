// l10n-ignore-file: no words here, only message types
/**
 * The user's changes to what the table shows, kept in the webview's state: the sort, the filter and the facet
 * searches, and the columns' order, visibility and widths (the host remembers them per gateway). Once the webview
 * holds every row it computes the new view itself (localView.ts) and shows it at once; the host learns the state
 * after the fact (`viewState`, at most every VIEW_STATE_DELAY_MS: it keeps it for a reload, the status and Export of
 * the filtered rows). Until then the host computes each view (`sort`, `filter`, `facetSearch`).
 */
import type { GroupByField, PageGroupFilter } from '../../model/pageGroupFilter';
import type { FacetSearch, SortKey } from '../model/tableState';
import { localView } from './localView';
import type { ViewMessage } from '../model/tableProtocol';
import { table } from './tableData';
import { post } from './webviewHost';

/** How long the host's copy of the state may lag behind the webview's (a word typed is sent once). */
export const VIEW_STATE_DELAY_MS = 300;

let stateTimer: ReturnType<typeof setTimeout> | undefined;
/** Puts a view on screen (showView.ts, given by main.ts: the drawing imports this file). */
let show: (view: ViewMessage) => void = () => undefined;

/** How a view computed here is put on screen. */
export function showViewsWith(shower: (view: ViewMessage) => void): void {
  show = shower;
}

/** Sends the columns' order, visibility and widths as they are now. */
export function saveColumns(): void {
  const state = table.state;
  if (state) {
    post({ type: 'columns', order: state.order, hidden: state.hidden, widths: state.widths, frozen: state.frozen });
  }
}

/** Shows the view of the state in force computed here, and tells the host soon; false when the webview cannot (not every row held). */
function showLocally(): boolean {
  const view = localView();
  if (view === undefined) {
    return false;
  }
  show(view);
  if (stateTimer !== undefined) {
    clearTimeout(stateTimer);
  }
  stateTimer = setTimeout(sendViewState, VIEW_STATE_DELAY_MS);
  return true;
}

function sendViewState(): void {
  stateTimer = undefined;
  const state = table.state;
  if (state) {
    post({ type: 'viewState', sort: state.sort, filter: state.filter, facetSearch: state.facetSearch });
  }
}

/**
 * Tells the host the state now if it has not learnt it yet: before anything the host does with the filter in force
 * (Export of the filtered rows), and when the page is hidden (the host's copy is what a reload or a tab shown again
 * opens with).
 */
export function flushViewState(): void {
  if (stateTimer !== undefined) {
    clearTimeout(stateTimer);
    sendViewState();
  }
}

/** Sorts by `sort`. */
export function setSort(sort: readonly SortKey[]): void {
  if (!table.state) {
    return;
  }
  table.state = { ...table.state, sort: [...sort] };
  if (!showLocally()) {
    post({ type: 'sort', sort });
  }
}

/** Filters by `filter`. */
export function setFilter(filter: PageGroupFilter): void {
  if (!table.state) {
    return;
  }
  table.state = { ...table.state, filter };
  if (!showLocally()) {
    post({ type: 'filter', filter });
  }
}

/** Lists the values of a facet that contain `query` (empty: every value). */
export function setFacetSearch(field: GroupByField, query: string): void {
  if (!table.state) {
    return;
  }
  const facetSearch: Partial<Record<GroupByField, string>> = { ...table.state.facetSearch };
  if (query.trim() === '') {
    delete facetSearch[field];
  } else {
    facetSearch[field] = query;
  }
  table.state = { ...table.state, facetSearch: facetSearch as FacetSearch };
  if (!showLocally()) {
    post({ type: 'facetSearch', field, query });
  }
}
