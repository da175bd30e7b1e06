import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { FieldErrors } from '@fragewerk/engine/core';
import { ApiError, invalid } from '../common/api-error.ts';
import { objectBody } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { VALIDATOR, type ValidatorFor } from '../definition/definition.providers.ts';
import { MailService } from '../mail/mail.service.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import { UsersService } from '../users/users.service.ts';
import { OneTimeTokensService } from './one-time-tokens.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { PgSessionStore } from './pg-session-store.ts';

export type FormResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * Registration, activation, password reset and password change. Registration and reset answer
 * the same whether an address has an account or not; the difference only shows in the mail the
 * owner receives. Passwords are hashed before a transaction starts: hashing takes a while, and
 * the embedded database runs one transaction at a time.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly orm: MikroORM,
    private readonly users: UsersService,
    private readonly tokens: OneTimeTokensService,
    private readonly mail: MailService,
    private readonly sessions: PgSessionStore,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private link(path: string): string {
    return `${this.config.appUrl}${path}`;
  }

  /** Mail failures must not reveal anything or break the page; they are logged. */
  private async sendQuietly(send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      this.logger.error(`Mail konnte nicht gesendet werden: ${(error as Error).message}`);
    }
  }

  /** Creates an unverified account and mails its activation link. */
  async register(form: Record<string, unknown>): Promise<FormResult> {
    const result = this.validator('form:register')({
      company: form.company,
      email: form.email,
      password: form.password,
      confirm_password: form.confirm_password,
    });
    if (!result.valid) return { ok: false, errors: result.errors };
    const { value } = result;
    const email = value.email.toLowerCase();
    const existing = await this.users.findByEmail(email);
    if (existing) {
      await this.sendQuietly(() =>
        this.mail.send({
          to: email,
          template: 'alreadyRegistered',
          values: {},
          link: this.link('/passwort-vergessen'),
        }),
      );
      return { ok: true };
    }
    const passwordHash = await hashPassword(value.password);
    const token = await this.orm.em.transactional(async (em) => {
      const user = em.create(UserSchema, {
        company: value.company,
        email,
        password_hash: passwordHash,
        show_welcome_box: true,
      });
      return this.tokens.issue(user, 'verify');
    });
    await this.sendQuietly(() =>
      this.mail.send({
        to: email,
        template: 'activation',
        values: { company: value.company },
        link: this.link(`/verify/${token}`),
      }),
    );
    return { ok: true };
  }

  /**
   * Uses an activation link: 'verified' when it activated the account, 'alreadyVerified' when it
   * was used before (or has expired) and the account is active, else 'invalid'.
   */
  async verify(token: string): Promise<'verified' | 'alreadyVerified' | 'invalid'> {
    const verified = await this.orm.em.transactional(async () => {
      const user = await this.tokens.consume(token, 'verify');
      if (!user) return false;
      user.verified_at ??= new Date();
      return true;
    });
    if (verified) return 'verified';
    // A link clicked a second time (or after it expired) whose account is active by now: its
    // holder read the mail, so saying so reveals nothing. A token that never existed stays invalid.
    const user = await this.tokens.holder(token, 'verify');
    return user?.verified_at ? 'alreadyVerified' : 'invalid';
  }

  /** Mails a reset link if the address has an account; returns the address as entered. */
  async requestReset(form: Record<string, unknown>): Promise<string> {
    const email = String(form.email ?? '')
      .trim()
      .toLowerCase()
      .slice(0, 254);
    const user = email ? await this.users.findByEmail(email) : null;
    if (user) {
      const token = await this.tokens.issue(user, 'reset');
      await this.sendQuietly(() =>
        this.mail.send({
          to: email,
          template: 'reset',
          values: {},
          link: this.link(`/passwort-zuruecksetzen/${token}`),
        }),
      );
    }
    return email;
  }

  async isResetTokenValid(token: string): Promise<boolean> {
    return Boolean(await this.tokens.peek(token, 'reset'));
  }

  /** Sets a new password through a reset link; the link also proves the address, so it verifies. */
  async reset(token: string, form: Record<string, unknown>): Promise<FormResult | 'invalid'> {
    const result = this.validator('form:password-reset')({
      new_password: form.new_password,
      confirm_password: form.confirm_password,
    });
    if (!result.valid) return { ok: false, errors: result.errors };
    // A dead link costs no hashing; the transaction below still decides, in case of a race.
    if (!(await this.isResetTokenValid(token))) return 'invalid';
    const passwordHash = await hashPassword(result.value.new_password);
    return this.orm.em.transactional(async (em) => {
      const user = await this.tokens.consume(token, 'reset');
      if (!user) return 'invalid' as const;
      user.password_hash = passwordHash;
      user.verified_at ??= new Date();
      await this.sessions.destroyAllOf(user.id, em);
      return { ok: true } as const;
    });
  }

  /** PATCH /user/{id}/change-password: checks the current password, then ends every session. */
  async changePassword(actor: User, id: string, body: unknown): Promise<void> {
    this.users.assertSelf(actor, id);
    const result = this.validator('form:password-change')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const user = await this.orm.em.findOneOrFail(UserSchema, { id });
    if (!(await verifyPassword(user.password_hash, value.old_password))) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, {
        message: t('errors.wrongPassword'),
        errors: { old_password: [t('errors.wrongPassword')] },
      });
    }
    const passwordHash = await hashPassword(value.new_password);
    await this.orm.em.transactional(async (em) => {
      user.password_hash = passwordHash;
      await this.sessions.destroyAllOf(user.id, em);
    });
  }
}
