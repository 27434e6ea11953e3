/** Timestamps for tooltips: the absolute value as sent, plus a relative phrase. Pure. */

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "in 2 hours", "just now"; undefined when the text is not a date. */
export function relativeTime(iso: string, now: number = Date.now()): string | undefined {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) {
    return undefined;
  }
  const seconds = Math.round((now - at) / 1000);
  const magnitude = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (magnitude >= size) {
      const count = Math.floor(magnitude / size);
      const phrase = `${count} ${unit}${count === 1 ? '' : 's'}`;
      return seconds >= 0 ? `${phrase} ago` : `in ${phrase}`;
    }
  }
  return 'just now';
}

/** "2026-03-01T10:15:30Z (3 days ago)", or the raw text when it is not a date. */
export function describeTimestamp(iso: string, now: number = Date.now()): string {
  const relative = relativeTime(iso, now);
  return relative === undefined ? iso : `${iso} (${relative})`;
}
