import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { FieldErrors } from '@fragewerk/engine/core';
import { isUuid } from '../common/secrets.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { contactForUnreleasedResults, type AgencyContact } from '../users/agency-contact.ts';
import { AccountsService } from './accounts.service.ts';
import { formText, type EmailPage, type Form } from './auth-pages.ts';
import { RateLimitService, type MailKeys } from './rate-limit.service.ts';

/** What a submitted page that may send a mail came to. */
export type MailPageOutcome =
  | { kind: 'blocked'; message: string }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'sent'; email: string };

/**
 * The rules behind the server-rendered account pages (AuthPagesController): whether registration
 * is open, the mail limit around registering and the address pages, and the contact person a
 * share-link visitor may ask about unreleased results. The controller only checks the form token,
 * calls one method here and renders the outcome (`auth-pages.ts`).
 */
@Injectable()
export class AuthPagesService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  /** `REGISTRATION=closed`: nobody creates an account here (the operator creates them). */
  get registrationClosed(): boolean {
    return this.config.registration === 'closed';
  }

  /** Requests that send a mail are limited per e-mail address and per client address. */
  private mailKeys(ip: string | undefined, form: Form): MailKeys {
    return { email: formText(form, 'email').trim().slice(0, 254), ip: ip ?? 'unbekannt' };
  }

  /**
   * Registers an account from the form of /register. The request counts against the mail limit
   * before anything else (one too many is `blocked`); an invalid form sent no mail and is refunded.
   */
  async register(ip: string | undefined, form: Form): Promise<MailPageOutcome> {
    const keys = this.mailKeys(ip, form);
    const blocked = await this.rateLimit.takeMail(keys);
    if (blocked) return { kind: 'blocked', message: blocked.message };
    const result = await this.accounts.register(form);
    if (!result.ok) {
      // An invalid form sent no mail: it does not count against the mail limit.
      await this.rateLimit.refundMail(keys);
      return { kind: 'invalid', errors: result.errors };
    }
    return { kind: 'sent', email: formText(form, 'email').trim() };
  }

  /**
   * „Passwort vergessen“ (`forgot`) or „Aktivierungslink erneut senden“ (`resend`): counts against
   * the mail limit, then queues the mail; `sent` names where it went whether the address is
   * known or not.
   */
  async sendMail(
    kind: EmailPage,
    ip: string | undefined,
    form: Form,
  ): Promise<Exclude<MailPageOutcome, { kind: 'invalid' }>> {
    const blocked = await this.rateLimit.takeMail(this.mailKeys(ip, form));
    if (blocked) return { kind: 'blocked', message: blocked.message };
    const email =
      kind === 'forgot'
        ? await this.accounts.requestReset(form)
        : await this.accounts.resendActivation(form);
    return { kind: 'sent', email };
  }

  /**
   * The contact person of project `projectId` (`?projekt=` of /login), but only while its results
   * are not released: what the project's footer shows every holder of its link, and the id alone
   * (122 random bits) opens nothing else.
   */
  async unreleasedResultsContact(projectId: unknown): Promise<AgencyContact | undefined> {
    const id = typeof projectId === 'string' ? projectId : '';
    return isUuid(id) ? contactForUnreleasedResults(this.orm.em.fork(), id) : undefined;
  }
}
