import type { EntityManager } from '@mikro-orm/postgresql';

/** A claimed outbox row, as the worker sends it. */
export interface ClaimedMail {
  id: string;
  recipient: string;
  sender_name: string | null;
  reply_to: string | null;
  list_unsubscribe: string | null;
  template: string;
  subject: string;
  body: string;
  link: string;
  attempts: number;
}

/**
 * Takes the oldest due mail for sending, or none. One statement: `FOR UPDATE SKIP LOCKED` lets
 * workers of several processes claim side by side without waiting for each other, and moving
 * `next_attempt_at` by `leaseSeconds` keeps the others away while it is being sent, without a
 * transaction held open during SMTP. Should this process die meanwhile, the mail becomes due
 * again when the lease runs out.
 */
export async function claimDueMail(
  em: EntityManager,
  leaseSeconds: number,
): Promise<ClaimedMail | undefined> {
  const rows = await em.execute<ClaimedMail[]>(
    `update mail_outbox
        set attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => ?::int)
      where id = (select id from mail_outbox
                   where failed_at is null and next_attempt_at <= now()
                   order by next_attempt_at
                   limit 1
                   for update skip locked)
      returning id, recipient, sender_name, reply_to, list_unsubscribe, template, subject, body,
                link, attempts`,
    [leaseSeconds],
  );
  return rows[0];
}

/** A sent mail leaves the outbox (with the link, which holds a one-time token). */
export async function deleteSentMail(em: EntityManager, id: string): Promise<void> {
  await em.execute('delete from mail_outbox where id = ?', [id]);
}

/** Records a failed attempt: due again after `retrySeconds`, or given up when that is null. */
export async function recordFailedAttempt(
  em: EntityManager,
  id: string,
  error: string,
  retrySeconds: number | null,
): Promise<void> {
  await em.execute(
    `update mail_outbox
        set last_error = ?,
            next_attempt_at = now() + make_interval(secs => ?::int),
            failed_at = case when ?::boolean then now() end
      where id = ?`,
    [error.slice(0, 2000), retrySeconds ?? 0, retrySeconds === null, id],
  );
}

/** The outbox's size for the metrics: mails waiting to be sent, and mails given up. */
export async function countOutbox(em: EntityManager): Promise<{ pending: number; failed: number }> {
  const [row] = await em.execute<{ pending: number; failed: number }[]>(
    `select (count(*) filter (where failed_at is null))::int as pending,
            (count(*) filter (where failed_at is not null))::int as failed
       from mail_outbox`,
  );
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}
