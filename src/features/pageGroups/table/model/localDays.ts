/**
 * The days of the table's time filters, in the user's time zone as its cells are: a date box's "2026-03-01" is the
 * start of that day where the user is (not at UTC's midnight, which is the evening before west of Greenwich), and a
 * window's bound is shown as the day it starts. Pure: no `vscode`, no DOM (the webview bundle and the unit tests use it).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of the day `value` (a date box's `YYYY-MM-DD`) in the local time zone; undefined when it is no such day. */
export function localDayStart(value: string): number | undefined {
  const match = DAY.exec(value);
  if (match === null) {
    return undefined;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // 2026-02-31 would roll over into March: not a day.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date.getTime() : undefined;
}

/** The local day (`YYYY-MM-DD`, as a date box takes it) that `time` falls on. */
export function localDayOf(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The user's day that `time` falls on, as a filter window: from the start of that day to the start of the next, so
 * `after <= time < before`, across changes of summer time (a day of 23 or 25 hours). Undefined past the dates a `Date`
 * can hold.
 */
export function localDayWindow(time: number): { readonly after: number; readonly before: number } | undefined {
  const day = new Date(time);
  const startOf = (offset: number): number => {
    // setFullYear, not `new Date(y, m, d)`: that reads the years 0–99 as 1900–1999.
    const start = new Date(time);
    start.setFullYear(day.getFullYear(), day.getMonth(), day.getDate() + offset);
    start.setHours(0, 0, 0, 0);
    return start.getTime();
  };
  const after = startOf(0);
  const before = startOf(1);
  return Number.isFinite(after) && Number.isFinite(before) && after <= time && time < before ? { after, before } : undefined;
}
