const longDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' });

/** A date in German long form, SPEC's "LL": `21. November 2026` (German time zone). */
export function formatDate(value: string | number | Date): string {
  return longDate.format(value instanceof Date ? value : new Date(value));
}
