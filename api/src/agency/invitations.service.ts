import { createHash, randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { AgencyInvitationJson } from '@fragewerk/schemas/types';
import type { FieldErrors } from '@fragewerk/engine/core';
import { hashPassword } from '../accounts/passwords.ts';
import { weakPasswordMessage } from '../accounts/password-strength.ts';
import { waitText } from '../common/wait-text.ts';
import { rowsInWindow } from '../common/rows-in-window.ts';
import { ApiError, invalid, notFound } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import {
  DEFINITION,
  VALIDATOR,
  type Definition,
  type ValidatorFor,
} from '../definition/definition.providers.ts';
import { MailService } from '../mail/mail.service.ts';
import { quotedValue } from '../mail/quoted-value.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import type { UserRow } from '../users/user-row.ts';
import { assertOwner, lockAgency, type AgencyRole } from './agency-roles.ts';
import { bodyCheck, bodyValidator } from '../common/body-check.ts';
import acceptSchema from './invitation-accept.schema.json' with { type: 'json' };
import invitationSchema from './invitation.schema.json' with { type: 'json' };
import {
  findOpenInvitation,
  insertInvitation,
  openInvitations,
  revokeInvitation,
  revokeInvitationsTo,
  takeInvitation,
  type OpenInvitation,
} from './invitations.repository.ts';
import { isMemberAddress } from './members.repository.ts';

/** Invitations one owner may send within {@link INVITATION_WINDOW_MINUTES}. */
export const INVITATION_LIMIT = 20;
export const INVITATION_WINDOW_MINUTES = 60;

const checkInvitation = bodyCheck<{ email: string; role: AgencyRole }>(invitationSchema);
const checkAcceptName = bodyValidator<{ contact_name: string }>(acceptSchema);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What the invitation page shows for a token. */
export type InvitationView =
  | { kind: 'open'; invitation: OpenInvitation }
  /** The address already has an account (in another agency): it must go first. */
  | { kind: 'hasAccount'; invitation: OpenInvitation }
  | { kind: 'invalid' };

/** What became of a submitted invitation page. */
export type AcceptResult =
  | { kind: 'accepted'; user: User }
  | { kind: 'errors'; errors: FieldErrors; invitation: OpenInvitation }
  | { kind: 'hasAccount'; invitation: OpenInvitation }
  | { kind: 'invalid' };

/**
 * Invitations into an agency (docs/product.md#agentur): owners invite by address and role; the
 * link in the mail (`/einladung/{token}`, 7 days, once) creates the person's verified account in
 * the agency. Only the token's SHA-256 is stored. An address that has an account elsewhere is
 * invited like any other (the answer tells the owner nothing about it); its mail and page say
 * that the existing account must be deleted first.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /api/agency/invitations (owners): the open ones. */
  list(user: UserRow): Promise<AgencyInvitationJson[]> {
    assertOwner(user);
    return openInvitations(this.orm.em, user.agency.id);
  }

  /**
   * POST /api/agency/invitations (owners): stores the invitation, revokes an older open one to
   * the same address and mails the link, in one transaction. At most {@link INVITATION_LIMIT}
   * per owner and hour (429).
   */
  async invite(user: UserRow, body: unknown): Promise<AgencyInvitationJson> {
    assertOwner(user);
    const value = checkInvitation(body, this.definition.messages);
    const email = value.email.toLowerCase();
    const token = randomBytes(32).toString('base64url');
    const invitation = await this.orm.em.fork().transactional(async (em) => {
      // The agency's lock also makes the count below exact under parallel requests.
      const agency = await lockAgency(em, user.agency.id);
      const recent = await rowsInWindow(
        em,
        { table: 'agency_invitation', where: 'invited_by_id = ?', params: [user.id] },
        INVITATION_WINDOW_MINUTES,
      );
      if (recent.count >= INVITATION_LIMIT) {
        throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
          message: t('agency.tooManyInvitations', {
            limit: INVITATION_LIMIT,
            wait: waitText(recent.secondsUntilOneLess),
          }),
        });
      }
      if (await isMemberAddress(em, user.agency.id, email))
        throw invalid({ email: [t('agency.alreadyMember')] });
      const hasAccount = (await em.count(UserSchema, { email })) > 0;
      await revokeInvitationsTo(em, user.agency.id, email);
      const created = await insertInvitation(em, {
        agencyId: user.agency.id,
        email,
        role: value.role,
        tokenHash: sha256(token),
        invitedBy: user.id,
      });
      this.mail.enqueue(em, {
        to: email,
        template: hasAccount ? 'invitationHasAccount' : 'invitation',
        // Typed by the owner, quoted: one line, no quotation marks of their own, short.
        values: {
          agency: quotedValue(agency.name),
          inviter: quotedValue(user.contact_name || user.email),
        },
        link: `${this.config.appUrl}/einladung/${token}`,
      });
      return created;
    });
    this.mail.sendSoon();
    return invitation;
  }

  /** DELETE /api/agency/invitations/{id} (owners): the link stops working. */
  async revoke(user: UserRow, id: string): Promise<void> {
    assertOwner(user);
    if (!isUuid(id)) throw notFound(t('agency.invitationNotFound'));
    const result = await revokeInvitation(this.orm.em.fork(), user.agency.id, id);
    if (result === 'gone') throw notFound(t('agency.invitationNotFound'));
  }

  /** What the invitation page shows for `token`. */
  async view(token: string): Promise<InvitationView> {
    const em = this.orm.em.fork();
    const invitation = await findOpenInvitation(em, sha256(token));
    if (!invitation) return { kind: 'invalid' };
    const hasAccount = (await em.count(UserSchema, { email: invitation.email.toLowerCase() })) > 0;
    return { kind: hasAccount ? 'hasAccount' : 'open', invitation };
  }

  /**
   * The submitted invitation page: the name and the password (checked as at registration), then,
   * in one transaction, the invitation used up (a conditional update: of two submissions at once
   * only one creates an account) and the verified account created in the agency with the
   * invited role.
   */
  async accept(token: string, form: Record<string, unknown>): Promise<AcceptResult> {
    const view = await this.view(token);
    if (view.kind !== 'open') return view;
    const { invitation } = view;
    const name = checkAcceptName(
      { contact_name: form.contact_name ?? '' },
      this.definition.messages,
    );
    // The registration's own checks of the password (length, repetition), with the invitation's
    // address and agency in place of the fields the page does not have.
    const password = this.validator('form:register')({
      company: invitation.agency_name,
      email: invitation.email,
      password: form.password,
      confirm_password: form.confirm_password,
    });
    const errors: FieldErrors = {
      ...(name.valid ? {} : name.errors),
      ...(password.valid ? {} : pick(password.errors, ['password', 'confirm_password'])),
    };
    if (Object.keys(errors).length > 0) return { kind: 'errors', errors, invitation };
    const contactName = name.valid ? name.value.contact_name : '';
    const plain = String(form.password);
    const weak = await weakPasswordMessage(plain, [
      invitation.email,
      invitation.agency_name,
      contactName,
    ]);
    if (weak) return { kind: 'errors', errors: { password: [weak] }, invitation };
    const passwordHash = await hashPassword(plain);
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const taken = await takeInvitation(em, sha256(token));
        if (!taken) return { kind: 'invalid' } as const;
        const user = em.create(UserSchema, {
          agency: taken.agency_id,
          role: taken.role,
          company: taken.agency_name,
          email: taken.email.toLowerCase(),
          contact_name: contactName,
          password_hash: passwordHash,
          verified_at: new Date(),
          show_welcome_box: true,
        });
        await em.flush();
        return { kind: 'accepted', user } as const;
      });
    } catch (error) {
      // The address got an account meanwhile: the invitation stays open (rolled back).
      if (error instanceof UniqueConstraintViolationException)
        return { kind: 'hasAccount', invitation };
      throw error;
    }
  }
}

/** The errors of the named fields only. */
function pick(errors: FieldErrors, fields: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}
