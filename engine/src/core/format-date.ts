const longDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' });

/**
 * A date in German long form, `21. November 2026`, in German time
 * (docs/product.md#konstanten-und-grenzen).
 */
export function formatDate(value: string | number | Date): string {
  return longDate.format(value instanceof Date ? value : new Date(value));
}
