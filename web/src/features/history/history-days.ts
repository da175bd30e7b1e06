import { formatCalendarDate } from '@fragewerk/engine/core';

/** German time (docs/product.md#konstanten-und-grenzen): a day of the history is a day in Germany. */
const ZONE = 'Europe/Berlin';

let dayParts: Intl.DateTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;
let weekday: Intl.DateTimeFormat | undefined;

/** The calendar day of a moment in German time, `2026-11-26`. */
export function dayOf(moment: string | number | Date): string {
  dayParts ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(
    dayParts.formatToParts(new Date(moment)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day before a calendar day (`2026-12-01` → `2026-11-30`). */
function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

/** The time of day of a moment in German time, `14:05`. */
export function timeOf(moment: string): string {
  clock ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
  });
  return clock.format(new Date(moment));
}

/** A day's heading: „Heute“, „Gestern“ (`today`, `yesterday`), else „Donnerstag, 26. November 2026“. */
export function dayLabel(
  day: string,
  now: number,
  words: { today: string; yesterday: string },
): string {
  const today = dayOf(now);
  if (day === today) return words.today;
  if (day === dayBefore(today)) return words.yesterday;
  weekday ??= new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday.format(new Date(`${day}T12:00:00Z`))}, ${formatCalendarDate(day)}`;
}

/** Entries (newest first) in runs of one German day each, in the same order. */
export function groupByDay<T extends { at: string }>(
  entries: T[],
): { day: string; entries: T[] }[] {
  const days: { day: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const day = dayOf(entry.at);
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}
