import type { EntityManager } from '@mikro-orm/postgresql';

/** How many rows one housekeeping run deleted, per table. */
export interface DeletedRows {
  sessions: number;
  tokens: number;
  attempts: number;
  mails: number;
  invitations: number;
}

/**
 * Deletes what nobody needs any more, by the database's clock:
 * - sessions past their expiry;
 * - one-time tokens past their expiry, and used ones a day after use (until then a used
 *   activation link can still say „bereits aktiviert“);
 * - rate-limit attempts whose window (`windowMinutes`) and delay have ended;
 * - given-up mails of the outbox after a week (sent mails are deleted at once);
 * - invitations a day after they expired, were used or revoked (they hold an address; the day
 *   keeps the hourly invitation limit's count, which reads them).
 */
export async function deleteExpiredRows(
  em: EntityManager,
  windowMinutes: number,
): Promise<DeletedRows> {
  const count = async (sql: string, params: unknown[] = []) =>
    (await em.execute<{ affectedRows: number }>(sql, params, 'run')).affectedRows;
  return {
    sessions: await count('delete from session where expires_at < now()'),
    tokens: await count(
      `delete from one_time_token
        where expires_at < now() or used_at < now() - interval '1 day'`,
    ),
    attempts: await count(
      `delete from login_attempt
        where window_started_at < now() - make_interval(mins => ?::int)
          and (blocked_until is null or blocked_until < now())`,
      [windowMinutes],
    ),
    mails: await count(`delete from mail_outbox where failed_at < now() - interval '7 days'`),
    invitations: await count(
      `delete from agency_invitation
        where least(expires_at, accepted_at, revoked_at) < now() - interval '1 day'`,
    ),
  };
}
