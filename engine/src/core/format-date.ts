const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when German time changes. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * German time's offset from UTC at an instant: summer time (+2 h) from the last Sunday of March
 * to the last Sunday of October, 01:00 UTC each (the EU rule since 1996), else +1 h.
 */
function germanOffsetMs(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const summer = utcMs >= lastSundayAtOneUtc(year, 2) && utcMs < lastSundayAtOneUtc(year, 9);
  return (summer ? 2 : 1) * HOUR_MS;
}

/**
 * A date in German long form, `21. November 2026`, in German time
 * (docs/product.md#konstanten-und-grenzen) – what `Intl.DateTimeFormat('de-DE', {dateStyle:
 * 'long', timeZone: 'Europe/Berlin'})` writes, without it: creating that formatter loads the
 * browser's date and time-zone data, 20–40 ms on the first date a page shows.
 */
export function formatDate(value: string | number | Date): string {
  const utcMs = (value instanceof Date ? value : new Date(value)).getTime();
  const local = new Date(utcMs + germanOffsetMs(utcMs));
  return `${local.getUTCDate()}. ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date as a date field stores it (`"format": "date"`, `2027-03-15`) in German long
 * form, `15. März 2027`. It names a day, not an instant: no time zone moves it. Anything else
 * (a value typed before the format was checked) comes back unchanged.
 */
export function formatCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return value;
  return `${Number(match[3])}. ${month} ${match[1]}`;
}
