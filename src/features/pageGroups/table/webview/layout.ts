// l10n-ignore-file: no words here, only class names and ARIA roles (the words are set at the host's init)
/**
 * The table's elements, made once when the bundle loads: the toolbar, the facets' panel, the grid (a scroller with an
 * ARIA grid: a header row group and a body row group whose rows grid.ts draws, those in view), the empty-state text, the
 * rows' context menu and the columns menu.
 */
import { el } from './dom';

export const app = document.getElementById('app') as HTMLElement;
export const toolbar = el('div', 'toolbar');
toolbar.setAttribute('role', 'toolbar');
export const filterBox = el('input', 'filter-box');
filterBox.type = 'search';
export const countText = el('span', 'count');
countText.setAttribute('role', 'status');
export const loadButton = el('button', 'load-all');
export const filtersButton = el('button', 'icon-button');
export const columnsButton = el('button', 'icon-button');
export const clearButton = el('button', 'icon-button');
export const exportButton = el('button', 'icon-button');
export const searchButton = el('button', 'icon-button');
export const problemText = el('span', 'problem');
/** Read out by screen readers, not shown: what the grid only draws (a new sort). */
export const announcer = el('div', 'announcer');
announcer.setAttribute('role', 'status');
announcer.setAttribute('aria-live', 'polite');
toolbar.append(filterBox, countText, loadButton, filtersButton, columnsButton, clearButton, exportButton, searchButton, problemText);
const mainArea = el('div', 'main');
export const filters = el('aside', 'filters');
export const gridScroller = el('div', 'grid');
gridScroller.setAttribute('role', 'grid');
gridScroller.setAttribute('aria-multiselectable', 'true');
gridScroller.tabIndex = 0;
export const header = el('div', 'header');
header.setAttribute('role', 'row');
header.setAttribute('aria-rowindex', '1');
const headerGroup = el('div', 'rowgroup head');
headerGroup.setAttribute('role', 'rowgroup');
headerGroup.append(header);
export const body = el('div', 'rowgroup body');
body.setAttribute('role', 'rowgroup');
export const empty = el('div', 'empty');
gridScroller.append(headerGroup, body);
const gridArea = el('div', 'grid-area');
gridArea.append(gridScroller, empty);
mainArea.append(filters, gridArea);
export const menu = el('div', 'menu');
menu.setAttribute('role', 'menu');
menu.hidden = true;
export const columnsMenu = el('div', 'menu columns-menu');
columnsMenu.hidden = true;
app.append(toolbar, mainArea, menu, columnsMenu, announcer);
