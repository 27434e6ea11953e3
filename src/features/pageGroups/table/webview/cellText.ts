// l10n-ignore-file: no words here (the words come from the host)
/**
 * What a cell and a facet value show: numbers and times in the user's locale (the raw value in the tooltip), and
 * every text from the server after `visibleText` (control and bidi characters shown as escapes). Also the other
 * phrases of the table that hold a number or a column's name (a facet's count, the Load All button while it loads,
 * the columns menu's controls): each one whole phrase of the host's with `{0}` filled in, never words joined here, so
 * that a translation may put the number or the name where its language wants it.
 */
import { visibleText } from '../../../../text/displayText';
import type { CellValue } from '../model/tableColumns';
import type { ColumnInfo } from '../model/tableProtocol';
import { t } from './tableData';

let numberFormat = new Intl.NumberFormat('en');
let timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
let dayFormat: Intl.DateTimeFormat | undefined;
let formatsLocale = 'en';

/** Numbers and times from now on in `locale` (the editor's, sent by the host). */
export function useLocale(locale: string): void {
  numberFormat = new Intl.NumberFormat(locale);
  timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  dayFormat = undefined;
  formatsLocale = locale;
}

/** `value` in the user's locale. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** What a cell shows, and its tooltip (the raw value for times). */
export function cellText(column: ColumnInfo, value: CellValue | undefined): { text: string; title: string } {
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

/** Longest value a menu item names (a longer one ends in "…"). */
const MENU_VALUE_LENGTH = 40;

/**
 * The value a Filter to item names: a facet's value as the facets show it, pages as a number, a time as the user's day
 * (`day`: the start of the day the filter keeps).
 */
export function filterValueLabel(column: ColumnInfo, value: CellValue, day: number | undefined): string {
  if (day !== undefined) {
    // Made when first asked for: the first screen does not wait for it.
    dayFormat ??= new Intl.DateTimeFormat(formatsLocale, { dateStyle: 'medium' });
    return dayFormat.format(day);
  }
  const text = typeof value === 'number' ? numberFormat.format(value) : facetLabel(column.id, value);
  const chars = Array.from(text);
  return chars.length > MENU_VALUE_LENGTH ? `${chars.slice(0, MENU_VALUE_LENGTH - 1).join('')}…` : text;
}

/**
 * What a facet's value shows: no value ("(no status)", "(none)"), the empty string (a marker: "(empty status "")",
 * "(empty "")"), or the value as `visibleText` shows it.
 */
export function facetLabel(field: string, value: string | null): string {
  if (value === null) {
    return field === 'status' ? t('noStatus') : t('none');
  }
  if (value === '') {
    return field === 'status' ? t('emptyStatus') : t('emptyValue');
  }
  return visibleText(value);
}

/** A facet value's count: the number, or while the counts are lower bounds (`exact` false) "≥ 12" (`atLeastCount`). */
export function facetCount(count: number, exact: boolean): string {
  return exact ? formatNumber(count) : t('atLeastCount', formatNumber(count));
}

/** The Load All button's text: "Load All", or while it loads "Stop Loading (1,234 loaded)" (`stopLoading`). */
export function loadButtonText(loading: boolean, loaded: number): string {
  return loading ? t('stopLoading', formatNumber(loaded)) : t('loadAll');
}

/** What a screen reader calls a column's controls in the columns menu: "Show column Tenant", "Move column Tenant left" and "… right". */
export function columnChoiceLabels(column: string): { readonly show: string; readonly moveLeft: string; readonly moveRight: string } {
  return { show: t('showColumn', column), moveLeft: t('moveColumnLeft', column), moveRight: t('moveColumnRight', column) };
}
