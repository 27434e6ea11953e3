// l10n-ignore-file: no words here (the words come from the host)
/**
 * What a cell and a facet value show: numbers and times in the user's locale (the raw value in the tooltip), and
 * every text from the server after `visibleText` (control and bidi characters shown as escapes).
 */
import { visibleText } from '../../../../text/displayText';
import type { CellValue } from '../model/tableColumns';
import type { ColumnInfo } from '../model/tableProtocol';
import { t } from './tableData';

let numberFormat = new Intl.NumberFormat('en');
let timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** Numbers and times from now on in `locale` (the editor's, sent by the host). */
export function useLocale(locale: string): void {
  numberFormat = new Intl.NumberFormat(locale);
  timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
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

/** What a facet's value shows (no value, an empty one, or the value). */
export function facetLabel(field: string, value: string | null): string {
  if (value === null) {
    return field === 'status' ? t('noStatus') : t('none');
  }
  if (value === '') {
    return field === 'status' ? t('emptyStatus') : '""';
  }
  return visibleText(value);
}
