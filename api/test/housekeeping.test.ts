import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advisoryLockKey, ADVISORY_LOCKS } from '../src/database/advisory-lock.ts';
import { HousekeepingService } from '../src/housekeeping/housekeeping.service.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';
import { EVERY_DATABASE } from './test-server.ts';

describe.each(EVERY_DATABASE)('housekeeping (%s database)', (database) => {
  let db: TestDatabase;
  let housekeeping: HousekeepingService;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    db.orm.em.fork().execute<T[]>(query, params);
  const ids = async (query: string) =>
    (await sql<{ id: string }>(query)).map((row) => row.id).sort();

  beforeAll(async () => {
    Logger.overrideLogger(false);
    db = await openTestDatabase(database);
    housekeeping = new HousekeepingService(db.orm);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Expired and fresh rows in every table housekeeping looks at; `*-old` ones are due. */
  beforeEach(async () => {
    // The agencies take their accounts and projects with them.
    for (const table of ['session', 'one_time_token', 'login_attempt', 'mail_outbox', 'agency']) {
      await sql(`delete from ${table}`);
    }
    const user = randomUUID();
    await sql(
      `insert into agency (id, name, created_at, updated_at) values (?, 'Agentur', now(), now())`,
      [user],
    );
    await sql(
      `insert into app_user (id, agency_id, company, email, password_hash, created_at, updated_at)
       values (?, ?, 'Agentur', ?, 'x', now(), now())`,
      [user, user, `${user}@example.de`],
    );
    await sql(
      `insert into session (sid, data, user_id, expires_at) values
         ('session-old', '{}', null, now() - interval '1 minute'),
         ('session-fresh', '{}', null, now() + interval '14 days')`,
    );
    const token = (name: string, expires: string, used: string | null) =>
      sql(
        `insert into one_time_token (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
         values (?, ?, 'verify', ?, now() + ?::interval, now() + ?::interval, now())`,
        [randomUUID(), user, name.padEnd(64, '0'), expires, used],
      );
    await token('token-old-expired', '-1 minute', null);
    await token('token-old-used', '1 day', '-25 hours');
    await token('token-fresh', '47 hours', null);
    await token('token-fresh-used', '47 hours', '-1 minute');
    await sql(
      `insert into login_attempt (key, window_started_at, failures) values
         ('attempt-old', now() - interval '16 minutes', 5),
         ('attempt-fresh', now() - interval '14 minutes', 5)`,
    );
    const mail = (name: string, failed: string | null) =>
      sql(
        `insert into mail_outbox (id, recipient, template, subject, body, link, failed_at)
         values (?, ?, 'reset', 's', 'b', 'l', now() + ?::interval)`,
        [randomUUID(), name, failed],
      );
    await mail('mail-old-failed', '-8 days');
    await mail('mail-fresh-failed', '-6 days');
    await mail('mail-fresh-waiting', null);
    const invitation = (name: string, expires: string, accepted: string | null) =>
      sql(
        `insert into agency_invitation (id, agency_id, email, role, token_hash, expires_at,
                                        accepted_at, created_at)
         values (?, ?, ?, 'member', ?, now() + ?::interval, now() + ?::interval, now())`,
        [randomUUID(), user, name, name.padEnd(64, '0'), expires, accepted],
      );
    await invitation('invitation-old-expired', '-25 hours', null);
    await invitation('invitation-old-accepted', '6 days', '-25 hours');
    await invitation('invitation-fresh-accepted', '6 days', '-1 hour');
    await invitation('invitation-fresh', '7 days', null);
  });

  const remaining = async () => ({
    sessions: await ids('select sid as id from session'),
    tokens: await ids('select substr(token_hash, 1, 17) as id from one_time_token'),
    attempts: await ids('select key as id from login_attempt'),
    mails: await ids('select recipient as id from mail_outbox'),
    invitations: await ids('select email as id from agency_invitation'),
  });

  it('deletes exactly the expired rows, and nothing on a second run', async () => {
    expect(await housekeeping.run()).toEqual({
      sessions: 1,
      tokens: 2,
      attempts: 1,
      mails: 1,
      invitations: 2,
    });
    expect(await remaining()).toEqual({
      sessions: ['session-fresh'],
      tokens: ['token-fresh-used0', 'token-fresh000000'],
      attempts: ['attempt-fresh'],
      mails: ['mail-fresh-failed', 'mail-fresh-waiting'],
      invitations: ['invitation-fresh', 'invitation-fresh-accepted'],
    });
    expect(await housekeeping.run()).toEqual({
      sessions: 0,
      tokens: 0,
      attempts: 0,
      mails: 0,
      invitations: 0,
    });
  });

  it('runs once when two runs start at the same moment', async () => {
    const other = new HousekeepingService(db.orm);
    const results = await Promise.all([housekeeping.run(), other.run()]);
    expect(results.filter((result) => result === undefined)).toHaveLength(1);
    expect(results.find(Boolean)).toEqual({
      sessions: 1,
      tokens: 2,
      attempts: 1,
      mails: 1,
      invitations: 2,
    });
  });

  // The embedded database has a single session for all connections, so an advisory lock held
  // "elsewhere" cannot exist there (one process per data folder, see lockDataFolder).
  it.runIf(database === 'server')(
    'skips its run while another process holds the lock, and works once it is free',
    async () => {
      const url = db.orm.config.get('clientUrl')!;
      const otherProcess = new pg.Client({ connectionString: url });
      await otherProcess.connect();
      try {
        const key = advisoryLockKey(ADVISORY_LOCKS.housekeeping);
        await otherProcess.query('select pg_advisory_lock($1::bigint)', [key]);
        expect(await housekeeping.run()).toBeUndefined();
        expect((await remaining()).sessions).toEqual(['session-fresh', 'session-old']);
        await otherProcess.query('select pg_advisory_unlock($1::bigint)', [key]);
        expect(await housekeeping.run()).toMatchObject({ sessions: 1 });
      } finally {
        await otherProcess.end();
      }
    },
  );
});
