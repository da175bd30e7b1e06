// The reminder schedule (docs/product.md#erinnerungen) as plain functions of dates: which rules
// are due for a project on a given day. The service claims each rule once per contact
// (`reminder_sent`), so a rule that stays due over several rounds still fires once.

/** Days without any activity after which a project's contacts get one reminder. */
export const IDLE_DAYS = 5;

/**
 * The rules around the due date: `offset` days from it, and how many days late a round may still
 * send it (a server that was down over night). A reminder „in 7 days“ sent 3 days before the due
 * date would be wrong, so the rules before it allow one day; the one after allows a week, after
 * which the idle rule takes over.
 */
export const DUE_RULES = [
  { name: 'due-7', offset: -7, lateDays: 1 },
  { name: 'due-2', offset: -2, lateDays: 1 },
  { name: 'due+1', offset: 1, lateDays: 6 },
] as const;

const BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of `at` in Germany (Europe/Berlin), as `YYYY-MM-DD`. */
export function berlinDate(at: Date): string {
  return BERLIN.format(at);
}

/** `date` (`YYYY-MM-DD`) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * The rule keys due on `today` for a project with `dueDate` whose last activity was at
 * `lastActivity`, at the moment `now`: `due-7:<due date>`, `due-2:…`, `due+1:…` inside their
 * windows, and `idle:<day of the last activity>` once it lies {@link IDLE_DAYS} days back. The
 * keys name what they fired on, so a new due date or new activity makes new rules.
 */
export function dueRules(
  today: string,
  dueDate: string | null,
  lastActivity: Date,
  now: Date,
): string[] {
  const rules: string[] = [];
  if (dueDate)
    for (const rule of DUE_RULES) {
      const day = addDays(dueDate, rule.offset);
      if (today >= day && today <= addDays(day, rule.lateDays))
        rules.push(`${rule.name}:${dueDate}`);
    }
  if (now.getTime() - lastActivity.getTime() >= IDLE_DAYS * 24 * 60 * 60 * 1000)
    rules.push(`idle:${berlinDate(lastActivity)}`);
  return rules;
}

/** The rule a round's history line names when several fired: the most pressing. */
export function mainRule(rules: string[]): string {
  const order = ['due+1', 'due-2', 'due-7', 'idle'];
  return [...rules].sort(
    (a, b) => order.indexOf(a.split(':')[0]!) - order.indexOf(b.split(':')[0]!),
  )[0]!;
}
