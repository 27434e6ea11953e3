/**
 * Timestamps for tooltips, in the editor's language: the date and time (`Intl.DateTimeFormat`, the machine's time
 * zone, named) and how long ago (`Intl.RelativeTimeFormat`: "3 days ago", "in 2 hours", "yesterday", "now"). The value
 * as sent is in the item's JSON document. Pure.
 */
import * as l10n from '@vscode/l10n';
import { locale } from '../l10n/locale';

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "in 2 hours", "now"; undefined when the text is not a date. */
export function relativeTime(iso: string, now: number = Date.now()): string | undefined {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) {
    return undefined;
  }
  const seconds = Math.round((at - now) / 1000);
  const magnitude = Math.abs(seconds);
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (magnitude >= size) {
      const count = Math.floor(magnitude / size);
      return format.format(seconds < 0 ? -count : count, unit);
    }
  }
  return format.format(0, 'second');
}

/** "Nov 21, 2026, 11:00:00 AM UTC"; undefined when the text is not a date. `timeZone` defaults to the machine's. */
export function absoluteTime(iso: string, timeZone?: string): string | undefined {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) {
    return undefined;
  }
  return new Intl.DateTimeFormat(locale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(at);
}

/** "Nov 21, 2026, 11:00:00 AM UTC (1 hour ago)", or the raw text when it is not a date. */
export function describeTimestamp(iso: string, now: number = Date.now(), timeZone?: string): string {
  const absolute = absoluteTime(iso, timeZone);
  const relative = relativeTime(iso, now);
  if (absolute === undefined || relative === undefined) {
    return iso;
  }
  return l10n.t({ message: '{0} ({1})', args: [absolute, relative], comment: 'a date and time, then how long ago it was: "Nov 21, 2026, 11:00 AM UTC (1 hour ago)"' });
}
