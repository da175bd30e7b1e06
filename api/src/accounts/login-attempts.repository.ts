import type { EntityManager } from '@mikro-orm/postgresql';

/** A key's failed attempts in its current window, and the minutes until that window ends. */
export interface WindowFailures {
  key: string;
  failures: number;
  minutes: number;
}

/** The failures of `keys` whose window of `windowMinutes` is still open. */
export function openWindows(
  em: EntityManager,
  keys: string[],
  windowMinutes: number,
): Promise<WindowFailures[]> {
  return em.execute<WindowFailures[]>(
    `select key, failures,
            ceil(extract(epoch from (window_started_at + make_interval(mins => ?::int) - now())) / 60)::int as minutes
       from login_attempt
      where key in (select jsonb_array_elements_text(?::jsonb))
        and window_started_at > now() - make_interval(mins => ?::int)`,
    [windowMinutes, JSON.stringify(keys), windowMinutes],
  );
}

/** Counts one more failure for each key, in one statement; a run-out window starts again at one. */
export async function recordFailures(
  em: EntityManager,
  keys: string[],
  windowMinutes: number,
): Promise<void> {
  await em.execute(
    `insert into login_attempt (key, window_started_at, failures)
       select key, now(), 1 from jsonb_array_elements_text(?::jsonb) as key
     on conflict (key) do update set
       failures = case when login_attempt.window_started_at <= now() - make_interval(mins => ?::int)
                       then 1 else login_attempt.failures + 1 end,
       window_started_at = case when login_attempt.window_started_at <= now() - make_interval(mins => ?::int)
                                then now() else login_attempt.window_started_at end`,
    [JSON.stringify(keys), windowMinutes, windowMinutes],
  );
}

/** Forgets the failures of a key. */
export async function forgetFailures(em: EntityManager, key: string): Promise<void> {
  await em.execute('delete from login_attempt where key = ?', [key]);
}
