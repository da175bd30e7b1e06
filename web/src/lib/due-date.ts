/**
 * Whether a calendar day (`2026-12-04`, a project's due date) lies before today, as the person's
 * own clock counts days. Apart from lib/dates.ts: the share link's first load needs this alone,
 * and that module would come with all of it.
 */
export const isPast = (day: string, now = new Date()): boolean =>
  day < new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
