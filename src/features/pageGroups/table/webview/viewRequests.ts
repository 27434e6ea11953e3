// l10n-ignore-file: no words here, only message types
/**
 * The user's changes to what the table shows, kept in the webview's state and sent to the host: the sort and the
 * filter (the host answers with a new view), the columns' order, visibility and widths (the host remembers them per
 * gateway).
 */
import type { PageGroupFilter } from '../../model/pageGroupFilter';
import type { SortKey } from '../model/tableState';
import { table } from './tableData';
import { post } from './webviewHost';

/** Sends the columns' order, visibility and widths as they are now. */
export function saveColumns(): void {
  const state = table.state;
  if (state) {
    post({ type: 'columns', order: state.order, hidden: state.hidden, widths: state.widths });
  }
}

/** Asks the host to sort by `sort`. */
export function setSort(sort: readonly SortKey[]): void {
  if (!table.state) {
    return;
  }
  table.state = { ...table.state, sort: [...sort] };
  post({ type: 'sort', sort });
}

/** Asks the host to filter by `filter`. */
export function setFilter(filter: PageGroupFilter): void {
  if (!table.state) {
    return;
  }
  table.state = { ...table.state, filter };
  post({ type: 'filter', filter });
}
