import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `:name` placeholders (not `::casts`) to the driver's positional `?`, with the values in order:
 * the limit's statement names some values several times.
 */
function positional(sql: string, values: Record<string, unknown>): [string, unknown[]] {
  const params: unknown[] = [];
  const text = sql.replace(/(?<!:):([a-zA-Z]\w*)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`Wert für :${name} fehlt`);
    params.push(values[name]);
    return '?';
  });
  return [text, params];
}

/** How one kind of key is limited (see `accounts/rate-limit.service.ts`, `projects/export.service.ts`). */
export interface KeyPolicy {
  /** Attempts a key may make per window; the next one is refused until the window ends. */
  limit: number;
  /**
   * Attempts that go through without waiting; after that, each one sets a delay of 1, 2, 4 …
   * seconds (at most `maxDelaySeconds`) before the key's next attempt. Absent: no delay.
   */
  free?: number;
  maxDelaySeconds?: number;
}

/**
 * Counts one attempt of `key` if the key may make one now, in one statement – the row lock of the
 * upsert makes parallel requests take their turn, so no two of them see the same count. True
 * when the attempt was counted and may proceed; false when it is refused (nothing is counted).
 * A window that has run out starts again at one.
 */
export async function takeAttempt(
  em: EntityManager,
  key: string,
  policy: KeyPolicy,
  windowMinutes: number,
): Promise<boolean> {
  const expired = `a.window_started_at <= now() - make_interval(mins => :window::int)`;
  const count = `(case when ${expired} then 1 else a.failures + 1 end)`;
  const rows = await em.execute<{ failures: number }[]>(
    ...positional(
      `insert into login_attempt as a (key, window_started_at, failures, blocked_until)
     values (:key, now(), 1, null)
     on conflict (key) do update set
       failures = ${count},
       window_started_at = case when ${expired} then now() else a.window_started_at end,
       blocked_until = case
         when :free::int is null or ${count} < :free::int then null
         else now() + make_interval(secs => least(power(2, ${count} - :free::int), :maxDelay::int))
       end
     where ${expired}
        or (a.failures < :limit::int and (a.blocked_until is null or a.blocked_until <= now()))
     returning a.failures`,
      {
        key,
        window: windowMinutes,
        limit: policy.limit,
        free: policy.free ?? null,
        maxDelay: policy.maxDelaySeconds ?? 0,
      },
    ),
  );
  return rows.length > 0;
}

/** Seconds until `key` may make its next attempt (at least 1), for the refusal's message. */
export async function secondsUntilNextAttempt(
  em: EntityManager,
  key: string,
  limit: number,
  windowMinutes: number,
): Promise<number> {
  const [row] = await em.execute<{ seconds: number | null }[]>(
    ...positional(
      `select ceil(extract(epoch from (
              case when failures >= :limit::int
                   then window_started_at + make_interval(mins => :window::int)
                   else blocked_until end) - now()))::int as seconds
       from login_attempt where key = :key`,
      { key, limit, window: windowMinutes },
    ),
  );
  return Math.max(1, row?.seconds ?? 1);
}

/** Gives one attempt back (a client address whose login succeeded). */
export async function refundAttempt(em: EntityManager, key: string): Promise<void> {
  await em.execute('update login_attempt set failures = greatest(failures - 1, 0) where key = ?', [
    key,
  ]);
}

/** Forgets the attempts of keys. */
export async function forgetAttempts(em: EntityManager, keys: string[]): Promise<void> {
  await em.execute(
    'delete from login_attempt where key in (select jsonb_array_elements_text(?::jsonb))',
    [JSON.stringify(keys)],
  );
}
