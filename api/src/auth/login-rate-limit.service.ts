import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';

const WINDOW_MINUTES = 15;
/** Failed attempts allowed per window: per e-mail address, and per client address. */
const LIMITS = { email: 5, ip: 30 } as const;

export interface LoginKeys {
  email: string;
  ip: string;
}

const keysOf = ({ email, ip }: LoginKeys) => ({
  email: `email:${email.toLowerCase()}`,
  ip: `ip:${ip}`,
});

/**
 * Limits failed logins per address and per e-mail in PostgreSQL, so the limit holds across
 * several API processes.
 */
@Injectable()
export class LoginRateLimitService {
  constructor(private readonly orm: MikroORM) {}

  /** Minutes until another attempt is allowed, or 0 when the attempt may proceed. */
  async blockedMinutes(keys: LoginKeys): Promise<number> {
    const { email, ip } = keysOf(keys);
    const rows = await this.orm.em
      .getConnection()
      .execute<{ key: string; failures: number; minutes: number }[]>(
        `select key, failures, ceil(extract(epoch from (window_started_at + interval '${WINDOW_MINUTES} minutes' - now())) / 60)::int as minutes
         from login_attempt where key in (?, ?) and window_started_at > now() - interval '${WINDOW_MINUTES} minutes'`,
        [email, ip],
      );
    const blocked = rows.filter(
      (row) => row.failures >= (row.key === email ? LIMITS.email : LIMITS.ip),
    );
    return blocked.length ? Math.max(1, ...blocked.map((row) => row.minutes)) : 0;
  }

  async recordFailure(keys: LoginKeys): Promise<void> {
    const { email, ip } = keysOf(keys);
    const connection = this.orm.em.getConnection();
    for (const key of [email, ip]) {
      await connection.execute(
        `insert into login_attempt (key, window_started_at, failures) values (?, now(), 1)
         on conflict (key) do update set
           failures = case when login_attempt.window_started_at <= now() - interval '${WINDOW_MINUTES} minutes' then 1 else login_attempt.failures + 1 end,
           window_started_at = case when login_attempt.window_started_at <= now() - interval '${WINDOW_MINUTES} minutes' then now() else login_attempt.window_started_at end`,
        [key],
      );
    }
  }

  /** Forgets the failures of an e-mail address after a successful login. */
  async recordSuccess(keys: LoginKeys): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute('delete from login_attempt where key = ?', [keysOf(keys).email]);
  }
}
