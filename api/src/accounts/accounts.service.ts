import { Inject, Injectable } from '@nestjs/common';
import {
  MikroORM,
  UniqueConstraintViolationException,
  type EntityManager,
} from '@mikro-orm/postgresql';
import type { FieldErrors } from '@fragewerk/engine/core';
import { invalid } from '../common/api-error.ts';
import { objectBody } from '../common/json-body.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { VALIDATOR, type ValidatorFor } from '../definition/definition.providers.ts';
import { MailService, type OutgoingMail } from '../mail/mail.service.ts';
import { AgencySchema } from '../agency/agency.entity.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import type { UserRow } from '../users/user-row.ts';
import { UsersService } from '../users/users.service.ts';
import { CurrentPasswordService } from './current-password.service.ts';
import { OneTimeTokensService } from './one-time-tokens.service.ts';
import { hashPassword } from './passwords.ts';
import { weakPasswordMessage } from './password-strength.ts';
import { PgSessionStore } from './pg-session-store.ts';

export type FormResult = { ok: true } | { ok: false; errors: FieldErrors };

/** The e-mail address of a form, as accounts store it. */
const emailOf = (form: Record<string, unknown>) =>
  String(form.email ?? '')
    .trim()
    .toLowerCase()
    .slice(0, 254);

/**
 * Registration, activation, password reset and password change. Registration and reset answer
 * the same whether an address has an account or not; the difference only shows in the mail the
 * owner receives (an account not yet activated gets a new activation link). Passwords are hashed before a transaction starts: hashing takes a while, and
 * the embedded database runs one transaction at a time. Mails go to the outbox in the same
 * transaction as what causes them; no request waits for SMTP.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UsersService,
    private readonly tokens: OneTimeTokensService,
    private readonly mail: MailService,
    private readonly sessions: PgSessionStore,
    private readonly currentPassword: CurrentPasswordService,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private link(path: string): string {
    return `${this.config.appUrl}${path}`;
  }

  /** Writes a mail to the outbox in a transaction of its own and wakes the worker. */
  private async enqueueAlone(mail: OutgoingMail) {
    await this.orm.em.transactional(async (em) => this.mail.enqueue(em, mail));
    this.mail.sendSoon();
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
    const weak = await weakPasswordMessage(value.password, [value.email, value.company]);
    if (weak) return { ok: false, errors: { password: [weak] } };
    const email = value.email.toLowerCase();
    // Hashed for every address, known or not: the answer must take as long either way, or its
    // timing would tell whether an address is registered.
    const passwordHash = await hashPassword(value.password);
    const existing = await this.users.findByEmail(email);
    const registered = !existing && (await this.createAccount(value.company, email, passwordHash));
    if (existing && !existing.verified_at) {
      // Registered before but never activated: the mail says so and brings a new activation
      // link, as „Aktivierungslink erneut senden“ would (the request counted against the same
      // mail limit). The answer on the page stays the same as for any address.
      await this.orm.em.transactional((em) =>
        this.sendActivation(em, existing, 'registeredNotActivated'),
      );
      this.mail.sendSoon();
      return { ok: true };
    }
    if (!registered) {
      await this.enqueueAlone({
        to: email,
        template: 'alreadyRegistered',
        values: {},
        link: this.link('/passwort-vergessen'),
      });
      return { ok: true };
    }
    this.mail.sendSoon();
    return { ok: true };
  }

  /**
   * Creates the account with its activation mail in one transaction; false when a parallel
   * registration of the same address won the race (the unique e-mail index refuses the second).
   */
  private async createAccount(company: string, email: string, passwordHash: string) {
    try {
      await this.orm.em.transactional(async (em) => {
        // The registered company is an agency, and the person who registered its owner.
        const agency = em.create(AgencySchema, { name: company });
        const user = em.create(UserSchema, {
          agency,
          role: 'owner',
          company,
          email,
          password_hash: passwordHash,
          show_welcome_box: true,
        });
        await this.sendActivation(em, user);
      });
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }

  /**
   * A new activation link for `user`, mailed with `em` (inside the caller's transaction); the
   * template `registeredNotActivated` when someone registered the unactivated address again.
   */
  private async sendActivation(
    em: EntityManager,
    user: User,
    template: 'activation' | 'registeredNotActivated' = 'activation',
  ) {
    const token = await this.tokens.issue(user, 'verify');
    this.mail.enqueue(em, {
      to: user.email,
      template,
      // Nothing the registrant typed: the mail goes to an address they name, and a company name
      // like „Ihr Konto wird gesperrt, melden Sie sich unter …“ would read as our words.
      values: {},
      link: this.link(`/verify/${token}`),
    });
  }

  /**
   * „Aktivierungslink erneut senden“: mails a new activation link if the address has an account
   * that is not yet verified; returns the address as entered. The answer is the same either way.
   */
  async resendActivation(form: Record<string, unknown>): Promise<string> {
    const email = emailOf(form);
    const user = email ? await this.users.findByEmail(email) : null;
    if (user && !user.verified_at) {
      await this.orm.em.transactional((em) => this.sendActivation(em, user));
      this.mail.sendSoon();
    }
    return email;
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
    const email = emailOf(form);
    const user = email ? await this.users.findByEmail(email) : null;
    if (user) {
      await this.orm.em.transactional(async (em) => {
        const token = await this.tokens.issue(user, 'reset');
        this.mail.enqueue(em, {
          to: email,
          template: 'reset',
          values: {},
          link: this.link(`/passwort-zuruecksetzen/${token}`),
        });
      });
      this.mail.sendSoon();
    }
    return email;
  }

  async isResetTokenValid(token: string): Promise<boolean> {
    return Boolean(await this.tokens.peek(token, 'reset'));
  }

  /** Sets a new password through a reset link; the link also proves the address, so it verifies. */
  async reset(
    token: string,
    form: Record<string, unknown>,
  ): Promise<{ ok: true; email: string } | { ok: false; errors: FieldErrors } | 'invalid'> {
    const result = this.validator('form:password-reset')({
      new_password: form.new_password,
      confirm_password: form.confirm_password,
    });
    if (!result.valid) return { ok: false, errors: result.errors };
    // A dead link costs no hashing; the transaction below still decides, in case of a race.
    const holder = await this.tokens.peek(token, 'reset');
    if (!holder) return 'invalid';
    const weak = await weakPasswordMessage(result.value.new_password, [
      holder.email,
      holder.company,
    ]);
    if (weak) return { ok: false, errors: { new_password: [weak] } };
    const passwordHash = await hashPassword(result.value.new_password);
    return this.orm.em.transactional(async (em) => {
      const user = await this.tokens.consume(token, 'reset');
      if (!user) return 'invalid' as const;
      user.password_hash = passwordHash;
      user.verified_at ??= new Date();
      // Other reset links and a pending e-mail change die with the old password: whoever asked
      // for them with it must not finish them now.
      await this.tokens.revoke(user.id, ['reset', 'email']);
      await this.sessions.destroyAllOf(user.id, em);
      return { ok: true, email: user.email } as const;
    });
  }

  /**
   * PATCH /user/{id}/change-password: checks the current password (guesses limited), then ends
   * every session and revokes the account's reset links and a pending e-mail change.
   */
  async changePassword(actor: UserRow, id: string, body: unknown): Promise<void> {
    this.users.assertSelf(actor, id);
    const result = this.validator('form:password-change')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const weak = await weakPasswordMessage(value.new_password, [
      actor.email,
      actor.company,
      actor.contact_name ?? undefined,
    ]);
    if (weak) throw invalid({ new_password: [weak] });
    const user = await this.currentPassword.confirm(id, value.old_password, {
      field: 'old_password',
    });
    const passwordHash = await hashPassword(value.new_password);
    await this.orm.em.transactional(async (em) => {
      user.password_hash = passwordHash;
      await this.tokens.revoke(user.id, ['reset', 'email']);
      await this.sessions.destroyAllOf(user.id, em);
    });
  }
}
