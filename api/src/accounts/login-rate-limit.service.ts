import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { forgetFailures, openWindows, recordFailures } from './login-attempts.repository.ts';

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
    const rows = await openWindows(this.orm.em, [email, ip], WINDOW_MINUTES);
    const blocked = rows.filter(
      (row) => row.failures >= (row.key === email ? LIMITS.email : LIMITS.ip),
    );
    return blocked.length ? Math.max(1, ...blocked.map((row) => row.minutes)) : 0;
  }

  async recordFailure(keys: LoginKeys): Promise<void> {
    const { email, ip } = keysOf(keys);
    await recordFailures(this.orm.em, [email, ip], WINDOW_MINUTES);
  }

  /** Forgets the failures of an e-mail address after a successful login. */
  async recordSuccess(keys: LoginKeys): Promise<void> {
    await forgetFailures(this.orm.em, keysOf(keys).email);
  }
}
