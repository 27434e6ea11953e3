// l10n-ignore-file: no words here (the words come from the host); the literals are icon names, word keys and message types
/**
 * The toolbar: the filter box (the Search matcher: part of id, name, title, tenant, brand; Down or Enter goes to the
 * grid, Ctrl+F or Cmd+F comes to it), Load All / Stop, show or hide the filters' panel, the columns menu, Clear Filters, Export of the filtered
 * rows, and Search.
 */
import type { PageGroupFilter } from '../../model/pageGroupFilter';
import { openColumnsMenu } from './columnsMenu';
import { cursor } from './cursor';
import { icon } from './dom';
import { moveFocus } from './grid';
import { clearButton, columnsButton, columnsMenu, exportButton, filterBox, filters, filtersButton, gridScroller, loadButton, searchButton } from './layout';
import { notePlaceChanged } from './placeMemory';
import { closeMenus, exportRows } from './rowMenu';
import { t, table } from './tableData';
import { markInput } from './timingMarks';
import { flushViewState, setFilter } from './viewRequests';
import { post } from './webviewHost';

/** Puts the host's words on the toolbar (at init). */
export function labelToolbar(): void {
  filterBox.placeholder = t('filterPlaceholder');
  filterBox.setAttribute('aria-label', t('filter'));
  filterBox.value = table.state?.filter.query ?? '';
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
}

/** What the toolbar's controls do. */
export function wireToolbar(): void {
  filterBox.addEventListener('input', (event) => {
    markInput(event);
    if (table.state) {
      const query = filterBox.value;
      const rest: PageGroupFilter = { ...table.state.filter };
      delete (rest as { query?: string }).query;
      setFilter(query.trim() === '' ? rest : { ...rest, query });
    }
  });
  filterBox.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) {
      event.preventDefault();
      gridScroller.focus();
      moveFocus(Math.max(0, cursor.row), cursor.col, false, false);
    }
  });
  loadButton.addEventListener('click', () => post({ type: table.status?.loading ? 'cancelLoad' : 'loadAll' }));
  filtersButton.addEventListener('click', () => {
    filters.hidden = !filters.hidden;
    filtersButton.setAttribute('aria-pressed', String(!filters.hidden));
    notePlaceChanged();
  });
  columnsButton.addEventListener('click', () => (columnsMenu.hidden ? openColumnsMenu() : closeMenus()));
  clearButton.addEventListener('click', () => {
    filterBox.value = '';
    setFilter({});
  });
  exportButton.addEventListener('click', () => exportRows('filtered'));
  searchButton.addEventListener('click', () => post({ type: 'search' }));
  // Ctrl+F (Cmd+F) goes to the filter box, its text selected, from anywhere in the table (the editor's find is for
  // documents; the key stops here, so it does not run the workbench's find as well).
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      event.stopPropagation();
      closeMenus();
      filterBox.focus();
      filterBox.select();
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      flushViewState();
    }
  });
}
