import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { clientAddressKey } from '../common/client-address.ts';
import { t } from '../common/messages.ts';
import { waitText } from '../common/wait-text.ts';
import {
  forgetAttempts,
  refundAttempt,
  secondsUntilNextAttempt,
  takeAttempt,
  type KeyPolicy,
} from '../common/attempts.repository.ts';

/** Length of a limit's window; also how long housekeeping keeps an attempt row. */
export const WINDOW_MINUTES = 15;

/**
 * How each kind of key is limited per window (SECURITY.md, „Anmeldung und Limits“):
 * - a client address: a fixed number of password checks and of mail requests;
 * - an account (by its e-mail address) and a known device of it: five password checks, then a
 *   delay that doubles with every further one, up to a minute. A hard lock-out would let anyone
 *   lock the owner out with five wrong passwords; the delay only slows guessing down, and the
 *   owner's own browser (device cookie) has a budget of its own that others cannot use up;
 * - the mails to one address: five per window, however many addresses ask;
 * - guesses of the current password by a logged-in session (password change, e-mail change,
 *   account deletion): five, then the same doubling delay.
 */
const POLICIES = {
  'login:ip': { limit: 30 },
  'login:account': { limit: 10_000, free: 5, maxDelaySeconds: 60 },
  'login:device': { limit: 10_000, free: 5, maxDelaySeconds: 60 },
  'mail:ip': { limit: 20 },
  'mail:email': { limit: 5 },
  'password:user': { limit: 10_000, free: 5, maxDelaySeconds: 60 },
} satisfies Record<string, KeyPolicy>;

type KeyKind = keyof typeof POLICIES;

/** An attempt that was refused, and how long until the next may come. */
export interface Refusal {
  seconds: number;
  /** The German message for the person, naming the wait. */
  message: string;
}

/** Where a login comes from and for which account. */
export interface LoginKeys {
  email: string;
  ip: string;
  /** The device id of a valid device cookie for this account, if the browser sent one. */
  device?: string;
}

export interface MailKeys {
  email: string;
  ip: string;
}

/** Addresses are stored hashed: the limit's table holds no one's e-mail address. */
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Rate limits in PostgreSQL, so they hold across API processes (docs/architecture.md#limits).
 * Every attempt is counted *before* the expensive or consequential work (a password check, a
 * mail), in one statement per key (`takeAttempt`), so parallel requests cannot all pass a check
 * that only later counts them. A refused attempt costs nothing and counts nothing.
 *
 * Not `rate-limiter-flexible`: its PostgreSQL store needs a `pg` pool of its own beside
 * MikroORM's, and the embedded database runs one transaction at a time on a small shared pool;
 * the growing per-account delay is also not one of its limiter kinds. One upsert does the same.
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Takes one attempt for each key in order; at the first refusal, gives the attempts already
   * taken back (the request does nothing, so it counts nowhere).
   */
  private async take(
    keys: [KeyKind, string][],
    message: 'errors.tooManyAttempts' | 'errors.tooManyRequests',
  ): Promise<Refusal | undefined> {
    const em = this.orm.em.fork();
    const taken: string[] = [];
    for (const [kind, value] of keys) {
      const key = `${kind}:${value}`;
      const policy: KeyPolicy = POLICIES[kind];
      if (await takeAttempt(em, key, policy, WINDOW_MINUTES)) {
        taken.push(key);
        continue;
      }
      for (const earlier of taken) await refundAttempt(em, earlier);
      const seconds = await secondsUntilNextAttempt(em, key, policy.limit, WINDOW_MINUTES);
      return { seconds, message: t(message, { wait: waitText(seconds) }) };
    }
    return undefined;
  }

  private loginKey({ email, device }: LoginKeys): [KeyKind, string] {
    return device ? ['login:device', device] : ['login:account', emailKey(email)];
  }

  /**
   * Before a password check at login: the client address, then the account – or, from a device
   * the account logged in on before, that device's own budget.
   */
  takeLogin(keys: LoginKeys): Promise<Refusal | undefined> {
    return this.take(
      [['login:ip', clientAddressKey(keys.ip)], this.loginKey(keys)],
      'errors.tooManyAttempts',
    );
  }

  /** After a successful login: the address gets its attempt back, the account starts afresh. */
  async loginSucceeded(keys: LoginKeys): Promise<void> {
    const em = this.orm.em.fork();
    await refundAttempt(em, `login:ip:${clientAddressKey(keys.ip)}`);
    await forgetAttempts(em, [this.loginKey(keys).join(':')]);
  }

  /** Before a request that sends a mail (registration, reset, activation link again). */
  takeMail(keys: MailKeys): Promise<Refusal | undefined> {
    return this.take(
      [
        ['mail:ip', clientAddressKey(keys.ip)],
        ['mail:email', emailKey(keys.email)],
      ],
      'errors.tooManyRequests',
    );
  }

  /** Gives a counted mail request back when it turned out to send nothing (an invalid form). */
  async refundMail(keys: MailKeys): Promise<void> {
    const em = this.orm.em.fork();
    await refundAttempt(em, `mail:ip:${clientAddressKey(keys.ip)}`);
    await refundAttempt(em, `mail:email:${emailKey(keys.email)}`);
  }

  /** Before checking a logged-in account's current password. */
  takePasswordGuess(userId: string): Promise<Refusal | undefined> {
    return this.take([['password:user', userId]], 'errors.tooManyAttempts');
  }

  /** After the right current password: the guesses start afresh. */
  async passwordConfirmed(userId: string): Promise<void> {
    await forgetAttempts(this.orm.em.fork(), [`password:user:${userId}`]);
  }

  /** Every attempt row that names this account or its address (for deleting the account). */
  async forgetAccount(userId: string, email: string): Promise<void> {
    const hashed = emailKey(email);
    await forgetAttempts(this.orm.em.fork(), [
      `login:account:${hashed}`,
      `mail:email:${hashed}`,
      `password:user:${userId}`,
    ]);
  }
}
