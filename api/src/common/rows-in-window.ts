import type { EntityManager } from '@mikro-orm/postgresql';

/** How many rows lie in a limit's window, and in how many seconds the oldest leaves it. */
export interface RowsInWindow {
  count: number;
  secondsUntilOneLess: number;
}

/**
 * The rows of a table that count against a limit per hour or so: those of `rows.where` (an SQL
 * condition of ours with `?` for `rows.params`) whose `rows.at` lies within the last `minutes`,
 * counted as `rows.count` (`count(*)` unless one row stands for several), and when the oldest of
 * them leaves the window – for the German „in 12 Minuten“ of a 429.
 */
export async function rowsInWindow(
  em: EntityManager,
  rows: { table: string; at?: string; where: string; params: unknown[]; count?: string },
  minutes: number,
): Promise<RowsInWindow> {
  const at = rows.at ?? 'created_at';
  const [row] = await em.execute<{ count: string | number; seconds: string | number | null }[]>(
    `select ${rows.count ?? 'count(*)'} as count,
            ceil(extract(epoch from min(${at}) + make_interval(mins => ?::int) - now())) as seconds
       from ${rows.table}
      where ${rows.where} and ${at} > now() - make_interval(mins => ?::int)`,
    [minutes, ...rows.params, minutes],
  );
  return {
    count: Number(row?.count ?? 0),
    secondsUntilOneLess: Math.max(1, Number(row?.seconds ?? 1)),
  };
}
