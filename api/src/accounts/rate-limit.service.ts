import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { forgetFailures, openWindows, recordFailures } from './login-attempts.repository.ts';

/** Length of a limit's window; also how long housekeeping keeps an attempt row. */
export const WINDOW_MINUTES = 15;

/**
 * What is limited, and how many attempts each allows per window, per e-mail address and per
 * client address: failed logins, and requests that send a mail (registration, reset link,
 * activation link again), which must not become a way to flood someone's inbox.
 */
const LIMITS = {
  login: { email: 5, ip: 30 },
  mail: { email: 5, ip: 20 },
} as const;

export type LimitedAction = keyof typeof LIMITS;

export interface LimitKeys {
  email: string;
  ip: string;
}

const keysOf = (action: LimitedAction, { email, ip }: LimitKeys) => ({
  email: `${action}:email:${email.trim().toLowerCase()}`,
  ip: `${action}:ip:${ip}`,
});

/**
 * Limits attempts per client address and per e-mail address in PostgreSQL, so the limit holds
 * across several API processes. One limiter for every action: logins count their failures,
 * mail requests count every request.
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly orm: MikroORM) {}

  /** Minutes until another attempt is allowed, or 0 when the attempt may proceed. */
  async blockedMinutes(action: LimitedAction, keys: LimitKeys): Promise<number> {
    const { email, ip } = keysOf(action, keys);
    const rows = await openWindows(this.orm.em, [email, ip], WINDOW_MINUTES);
    const blocked = rows.filter(
      (row) => row.failures >= (row.key === email ? LIMITS[action].email : LIMITS[action].ip),
    );
    return blocked.length ? Math.max(1, ...blocked.map((row) => row.minutes)) : 0;
  }

  /** Counts one attempt (a failed login, a mail request). */
  async record(action: LimitedAction, keys: LimitKeys): Promise<void> {
    const { email, ip } = keysOf(action, keys);
    await recordFailures(this.orm.em, [email, ip], WINDOW_MINUTES);
  }

  /** Forgets the attempts of an e-mail address (after a successful login). */
  async forget(action: LimitedAction, keys: LimitKeys): Promise<void> {
    await forgetFailures(this.orm.em, keysOf(action, keys).email);
  }
}
