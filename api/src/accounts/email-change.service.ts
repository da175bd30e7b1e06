import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  MikroORM,
  UniqueConstraintViolationException,
  type EntityManager,
} from '@mikro-orm/postgresql';
import type { UserJson } from '@fragewerk/schemas/types';
import { ApiError, invalid } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { MailService } from '../mail/mail.service.ts';
import type { User } from '../users/user.entity.ts';
import { userJson } from '../users/user-json.ts';
import type { UserRow } from '../users/user-row.ts';
import { UsersService } from '../users/users.service.ts';
import { CurrentPasswordService } from './current-password.service.ts';
import { maskEmail } from './mask-email.ts';
import { OneTimeTokensService } from './one-time-tokens.service.ts';
import { PgSessionStore } from './pg-session-store.ts';
import { RateLimitService } from './rate-limit.service.ts';

/** Where the confirmation link of a new address points (`email-change.controller.ts`). */
export const CONFIRM_PATH = '/email-bestaetigen';

/** Who asks: for the mail limit and for keeping the asking session. */
export interface Requester {
  ip: string;
  sessionId: string;
}

/** What opening the confirmation link did. */
export type ConfirmOutcome =
  { kind: 'changed'; userId: string } | { kind: 'taken' } | { kind: 'invalid' };

/** Thrown inside the confirming transaction so that it rolls back: the address is taken by now. */
class AddressTaken extends Error {}

/**
 * Changing the login address (docs/product.md#accounteinstellungen). A stolen session alone must
 * not be able to move the account to another mailbox, and the answer must not tell whether an
 * address has an account:
 *
 * - the request needs the current password (guesses limited) and counts against the mail limit;
 * - the address changes only when the link mailed to it is confirmed, so only its owner can;
 * - the old address hears of the request and of the change;
 * - a taken address gets a notice instead of a link, and the requester sees the same answer.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UsersService,
    private readonly tokens: OneTimeTokensService,
    private readonly mail: MailService,
    private readonly sessions: PgSessionStore,
    private readonly currentPassword: CurrentPasswordService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private link(path: string): string {
    return `${this.config.appUrl}${path}`;
  }

  /**
   * PATCH /user/{id}: saves company, contact and welcome box at once; a new e-mail address only
   * as a request waiting for its confirmation. The answer is the account as it now is (with the
   * old address), plus `pending_email` when a new one was asked for – whether it is free or not.
   */
  async update(actor: UserRow, id: string, body: unknown, requester: Requester): Promise<UserJson> {
    const { settings, email, currentPassword } = this.users.validateUpdate(actor, id, body);
    const changing = email !== actor.email;
    if (changing) await this.authorize(actor, email, currentPassword, requester.ip);
    const user = await this.orm.em.transactional(async (em) => {
      const saved = await this.users.saveSettings(actor.id, settings);
      if (changing) await this.request(em, saved, email, requester.sessionId);
      return saved;
    });
    if (!changing) return userJson(user);
    this.mail.sendSoon();
    return { ...userJson(user), pending_email: email };
  }

  /** The password check and the mail limit of a change request; throws 422 or 429. */
  private async authorize(
    actor: UserRow,
    email: string,
    currentPassword: string | undefined,
    ip: string,
  ) {
    if (!currentPassword) throw invalid({ current_password: [t('errors.confirmEmailChange')] });
    await this.currentPassword.confirm(actor.id, currentPassword, {
      field: 'current_password',
      status: HttpStatus.UNPROCESSABLE_ENTITY,
    });
    // Each request mails the new address: limited like registration and reset, so no account
    // can be used to flood someone's mailbox.
    const refusal = await this.rateLimit.takeMail({ email, ip });
    if (refusal) {
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
        message: refusal.message,
        errors: { email: [refusal.message] },
      });
    }
  }

  /**
   * Writes the request's mails and tokens with `em`. Everything that happens to the account is the
   * same for a free and a taken address (older links revoked, other sessions ended, the old
   * address told); only the mail to the new address differs, and only its owner reads it.
   */
  private async request(em: EntityManager, user: User, email: string, sessionId: string) {
    // The password was just confirmed: sessions elsewhere (a stolen one among them) end, and
    // links mailed before – reset or an earlier new address – stop working.
    await this.tokens.revoke(user.id, ['reset', 'email']);
    await this.sessions.destroyAllOf(user.id, em, sessionId);
    this.mail.enqueue(em, {
      to: user.email,
      template: 'emailChangeRequested',
      values: { address: maskEmail(email) },
      link: this.link('/passwort-vergessen'),
    });
    if (await this.users.findByEmail(email)) {
      // No link: nothing can change. The mail's link column names the app itself.
      this.mail.enqueue(em, {
        to: email,
        template: 'emailChangeTaken',
        values: {},
        link: this.config.appUrl,
      });
      return;
    }
    const token = await this.tokens.issue(user, 'email', email);
    this.mail.enqueue(em, {
      to: email,
      template: 'emailChangeConfirm',
      values: {},
      link: this.link(`${CONFIRM_PATH}/${token}`),
    });
  }

  /** The address a still valid confirmation link would set, or undefined. Changes nothing. */
  async pendingAddress(token: string): Promise<string | undefined> {
    return (await this.tokens.peekToken(token, 'email'))?.new_email ?? undefined;
  }

  /**
   * Confirms a new address through its link: the address changes, every reset and e-mail link of
   * the account is revoked, every session ends, and the old address is told. When another account
   * took the address in the meantime, nothing changes (the link stays unused).
   */
  async confirm(token: string): Promise<ConfirmOutcome> {
    let outcome: ConfirmOutcome;
    try {
      outcome = await this.orm.em.transactional(async (em) => {
        const row = await this.tokens.consumeToken(token, 'email');
        if (!row?.new_email) return { kind: 'invalid' } as const;
        const user = row.user;
        const owner = await this.users.findByEmail(row.new_email);
        if (owner && owner.id !== user.id) throw new AddressTaken();
        const oldEmail = user.email;
        user.email = row.new_email;
        await this.tokens.revoke(user.id, ['reset', 'email']);
        await this.sessions.destroyAllOf(user.id, em);
        this.mail.enqueue(em, {
          to: oldEmail,
          template: 'emailChanged',
          values: { address: maskEmail(row.new_email) },
          link: this.config.appUrl,
        });
        // Written now, so that a registration of the address in the meantime shows here.
        await em.flush();
        return { kind: 'changed', userId: user.id } as const;
      });
    } catch (error) {
      if (error instanceof AddressTaken || error instanceof UniqueConstraintViolationException) {
        return { kind: 'taken' };
      }
      throw error;
    }
    if (outcome.kind === 'changed') this.mail.sendSoon();
    return outcome;
  }
}
