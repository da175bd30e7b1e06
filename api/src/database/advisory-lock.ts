import { createHash } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';

/**
 * A PostgreSQL advisory lock's key: a name (hashed to 64 bits, so that names of different jobs do
 * not collide by accident) or a number. Keep the names in one place, `ADVISORY_LOCKS`.
 */
export type AdvisoryLockKey = string | bigint;

/** The advisory locks of Fragewerk by name; a new job that must run alone adds its name here. */
export const ADVISORY_LOCKS = {
  /** Applying the migrations at start (`createApp`). */
  migrations: 'fragewerk:migrations',
  /** Deleting expired data every few minutes (`HousekeepingService`); one process is enough. */
  housekeeping: 'fragewerk:housekeeping',
  /** The Rückfrage mails and reminders every 30 seconds (`ClientLoopRoundService`). */
  clientLoop: 'fragewerk:client-loop',
  /** Storing the questionnaires' revisions and moving the running projects at start. */
  definitionRevisions: 'fragewerk:definition-revisions',
} as const;

/** The signed 64-bit key PostgreSQL's `pg_advisory_lock(bigint)` takes, as a decimal string. */
export function advisoryLockKey(key: AdvisoryLockKey): string {
  if (typeof key === 'bigint') return BigInt.asIntN(64, key).toString();
  return createHash('sha256').update(key).digest().readBigInt64BE(0).toString();
}

/** Callers in this process waiting for or holding a key (see below). */
const local = new Map<string, Promise<unknown>>();

async function oneAtATimeHere<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = local.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const settled = run.catch(() => undefined);
  local.set(key, settled);
  try {
    return await run;
  } finally {
    if (local.get(key) === settled) local.delete(key);
  }
}

function poolOf(source: MikroORM | EntityManager): Promise<Pool> {
  const em = 'em' in source ? source.em : source;
  return em.getConnection().getNativeClient() as Promise<Pool>;
}

async function locked<T>(
  source: MikroORM | EntityManager,
  key: string,
  wait: boolean,
  fn: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const client = await (await poolOf(source)).connect();
  let acquired = false;
  try {
    if (wait) {
      await client.query('select pg_advisory_lock($1::bigint)', [key]);
      acquired = true;
    } else {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::bigint) as locked',
        [key],
      );
      acquired = rows[0]?.locked === true;
      if (!acquired) return { acquired: false };
    }
    return { acquired: true, value: await fn() };
  } finally {
    // A failed unlock (connection lost) also frees the lock: it dies with its session. Such a
    // connection must not go back to the pool.
    const unlocked = acquired
      ? await client.query('select pg_advisory_unlock($1::bigint)', [key]).then(
          () => true,
          () => false,
        )
      : true;
    client.release(!unlocked);
  }
}

/**
 * Runs `fn` while holding the PostgreSQL advisory lock `key`, waiting for it as long as another
 * process (or another caller in this one) holds it; every process on the same database runs `fn`
 * one after the other. For work that must happen once, such as the migrations at start or a
 * scheduled job that several API processes would otherwise run at the same moment.
 *
 * The lock is a session lock on a connection of its own, taken from the ORM's pool and held until
 * `fn` settles – so `fn` may use the ORM (and open transactions) as usual, and the pool needs one
 * connection more while it runs. The lock ends with its connection: if the database connection
 * breaks, another process may start while `fn` still runs, so `fn`'s writes must stay safe on
 * their own (transactions, conditions). On the embedded database, where every connection shares
 * one session and advisory locks never block, the in-process queue alone orders the callers –
 * there is only one process on it (see `lockDataFolder`).
 */
export function withAdvisoryLock<T>(
  source: MikroORM | EntityManager,
  key: AdvisoryLockKey,
  fn: () => Promise<T>,
): Promise<T> {
  const pgKey = advisoryLockKey(key);
  return oneAtATimeHere(pgKey, async () => {
    const result = await locked(source, pgKey, true, fn);
    return (result as { value: T }).value;
  });
}

/**
 * Like `withAdvisoryLock`, but does not wait: when another process holds the lock, `fn` does not
 * run and the result is `{acquired: false}` – for a job that one process doing is enough (e.g.
 * housekeeping every few minutes).
 */
export function tryWithAdvisoryLock<T>(
  source: MikroORM | EntityManager,
  key: AdvisoryLockKey,
  fn: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const pgKey = advisoryLockKey(key);
  if (local.has(pgKey)) return Promise.resolve({ acquired: false });
  return oneAtATimeHere(pgKey, () => locked(source, pgKey, false, fn));
}

/**
 * Takes the PostgreSQL advisory lock `key` until the transaction of `em` ends (a transaction
 * lock, `pg_advisory_xact_lock`): for work that already runs in one transaction and must not run
 * in two processes at once, without a connection of its own. On the embedded database, which runs
 * one transaction at a time, the transaction alone orders the callers.
 */
export async function lockForTransaction(em: EntityManager, key: AdvisoryLockKey): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?::bigint)', [advisoryLockKey(key)]);
}
