/**
 * The contract's timestamp pattern for webhook subscriptions' `createdAt` and `updatedAt`
 * (shared/seed/000_6084dae635b311c9.txt, "Timestamp format of createdAt and updatedAt"):
 *
 * - `YYYY-MM-DD`, calendar-valid; February 29 only in leap years (divisible by 4; centuries only when divisible by 400);
 * - the letter `T` (upper case only);
 * - `HH:MM`, optionally `:SS`, and after the seconds optionally a fraction `.` + one or more digits;
 * - a literal upper-case `Z`; numeric offsets are not matched;
 * - ASCII digits only (written `[0-9]`, never `\d`, so the rule does not depend on regex flags), nothing before or
 *   after (`^…$` without the `m` flag: in JavaScript `$` does not match before a trailing newline).
 *
 * Choices the contract leaves open:
 * - Hour 24 is rejected: hours are 00–23. `24:00` is not accepted by RFC 3339 and was dropped from ISO 8601 in 2019;
 *   the same instant is written `00:00` of the next day.
 * - Second 60 is rejected: seconds are 00–59. A leap second cannot be checked without the leap-second table and
 *   JavaScript dates cannot represent one; a timestamp failing this rule is only flagged, never hidden.
 * - Years 0000–9999 are all four-digit years; 0000 counts as a leap year (divisible by 400), as in ISO 8601's
 *   proleptic Gregorian calendar.
 */

const D = '[0-9]';
const YEAR = `${D}{4}`;
/** Last two digits of a year divisible by 4 that is not a century. */
const LEAP_NON_CENTURY = `${D}{2}(?:0[48]|[2468][048]|[13579][26])`;
/** Centuries divisible by 400: the first two digits are divisible by 4. */
const LEAP_CENTURY = `(?:[02468][048]|[13579][26])00`;

const DATE =
  '(?:' +
  [
    `${YEAR}-(?:0[13578]|1[02])-(?:0[1-9]|[12]${D}|3[01])`, // 31-day months
    `${YEAR}-(?:0[469]|11)-(?:0[1-9]|[12]${D}|30)`, // 30-day months
    `${YEAR}-02-(?:0[1-9]|1${D}|2[0-8])`, // February 1–28 of any year
    `(?:${LEAP_NON_CENTURY}|${LEAP_CENTURY})-02-29`, // February 29 of leap years only
  ].join('|') +
  ')';

const TIME = `(?:[01]${D}|2[0-3]):[0-5]${D}(?::[0-5]${D}(?:\\.${D}+)?)?`;

/** The contract's pattern, compiled once. */
export const WEBHOOK_TIMESTAMP_PATTERN: RegExp = new RegExp(`^${DATE}T${TIME}Z$`);

/** True when `value` matches the contract's webhook timestamp pattern exactly. */
export function isWebhookTimestamp(value: string): boolean {
  return WEBHOOK_TIMESTAMP_PATTERN.test(value);
}
