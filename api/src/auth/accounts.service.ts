import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { FieldErrors } from '@fragewerk/engine/core';
import type { AppConfig } from '../config/app-config.ts';
import { APP_CONFIG, VALIDATOR, type ValidatorFor } from '../definition/definition.providers.ts';
import { MailService } from '../mail/mail.service.ts';
import { UserSchema } from '../users/user.entity.ts';
import { UsersService } from '../users/users.service.ts';
import { OneTimeTokensService } from './one-time-tokens.service.ts';
import { hashPassword } from './passwords.ts';
import { PgSessionStore } from './pg-session-store.ts';

export type FormResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * Registration, activation and password reset. Registration and reset answer the same whether an
 * address has an account or not; the difference only shows in the mail the owner receives.
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

  async register(form: Record<string, unknown>): Promise<FormResult> {
    const result = this.validator('form:register')({
      company: form.company,
      email: form.email,
      password: form.password,
      confirm_password: form.confirm_password,
    });
    if (!result.valid) return { ok: false, errors: result.errors };
    const value = result.value as { company: string; email: string; password: string };
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
    const user = this.orm.em.create(UserSchema, {
      company: value.company,
      email,
      password_hash: await hashPassword(value.password),
      show_welcome_box: true,
    });
    await this.orm.em.flush();
    const token = await this.tokens.issue(user, 'verify');
    await this.sendQuietly(() =>
      this.mail.send({
        to: email,
        template: 'activation',
        values: { company: user.company },
        link: this.link(`/verify/${token}`),
      }),
    );
    return { ok: true };
  }

  /** Uses an activation link; true when the account is now verified. */
  async verify(token: string): Promise<boolean> {
    const user = await this.tokens.consume(token, 'verify');
    if (!user) return false;
    user.verified_at ??= new Date();
    await this.orm.em.flush();
    return true;
  }

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
    const user = await this.tokens.consume(token, 'reset');
    if (!user) return 'invalid';
    user.password_hash = await hashPassword(
      (result.value as { new_password: string }).new_password,
    );
    user.verified_at ??= new Date();
    await this.orm.em.flush();
    await this.sessions.destroyAllOf(user.id);
    return { ok: true };
  }
}
