/**
 * A `date` column's value as `YYYY-MM-DD`, or null: the PostgreSQL driver gives text, PGlite a
 * Date at midnight UTC.
 */
export function dateColumnText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
