/**
 * "Filter to" a cell's value (the table's context menu): the filter in force with one column narrowed to the value of
 * the focused row's cell, on the filter model the agent's tools use (pageGroupFilter.ts). A status, tenant, brand or
 * page context: that value alone (a missing one: "(none)"); pages: that number; a time: the user's day it falls on.
 * The rest of the filter is kept, so the row the cell comes from passes the new filter whenever it passed the old one
 * (and a deletion day lets deleted rows through: "exclude deleted rows" becomes "include"). The columns the filter has no
 * field for (id, name and title are the filter box's; the header action; the counts) give nothing. Pure: no `vscode`,
 * no DOM (the webview bundle and the unit tests use it).
 */
import { NO_STATUS } from '../../model/groupKey';
import { NO_VALUE, timeOf, type PageGroupFilter, type TimeWindow } from '../../model/pageGroupFilter';
import { localDayWindow } from './localDays';
import type { CellValue, ColumnId } from './tableColumns';

type Narrowing = (filter: PageGroupFilter, value: CellValue) => PageGroupFilter | undefined;

/** A text field's filter value: the text, or `none` for a missing one; undefined for a value of another type. */
function textValue(value: CellValue, none: string): string | undefined {
  return value === null ? none : typeof value === 'string' ? value : undefined;
}

/** The filter with `field` set to the one value of the cell. */
function oneValue(field: 'statuses' | 'tenantIds' | 'brandIds' | 'pageContexts', none: string): Narrowing {
  return (filter, value) => {
    const wanted = textValue(value, none);
    return wanted === undefined ? undefined : { ...filter, [field]: [wanted] };
  };
}

/** The user's day a time cell falls on, as a window; undefined for a missing or unreadable time. */
export function dayOfCell(value: CellValue): TimeWindow | undefined {
  const time = typeof value === 'string' ? timeOf(value) : undefined;
  return time === undefined ? undefined : localDayWindow(time);
}

/** The filter with the window `field` set to the user's day of the cell's time. */
function oneDay(field: 'created' | 'updated' | 'deleted'): Narrowing {
  return (filter, value) => {
    const day = dayOfCell(value);
    if (day === undefined) {
      return undefined;
    }
    const narrowed: PageGroupFilter = { ...filter, [field]: day };
    return field === 'deleted' && filter.deletedState === 'exclude' ? { ...narrowed, deletedState: 'include' } : narrowed;
  };
}

const NARROWINGS: Readonly<Partial<Record<ColumnId, Narrowing>>> = {
  status: oneValue('statuses', NO_STATUS),
  tenantId: oneValue('tenantIds', NO_VALUE),
  brandId: oneValue('brandIds', NO_VALUE),
  pageContext: oneValue('pageContexts', NO_VALUE),
  pagesCount: (filter, value) => (typeof value === 'number' ? { ...filter, pagesCount: { min: value, max: value } } : undefined),
  createdAt: oneDay('created'),
  updatedAt: oneDay('updated'),
  deletedAt: oneDay('deleted'),
};

/** Whether the filter has a field for `column` (its cells offer Filter to). */
export function filtersColumn(column: ColumnId): boolean {
  return NARROWINGS[column] !== undefined;
}

/** `filter` with `column` narrowed to a cell's `value`; undefined when the filter has no field for it or the value none. */
export function filterToCell(filter: PageGroupFilter, column: ColumnId, value: CellValue): PageGroupFilter | undefined {
  return NARROWINGS[column]?.(filter, value);
}
