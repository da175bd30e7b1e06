import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { briefingMinutes, visibleDefinition } from '@fragewerk/engine/core';
import { ApiError, invalid, notFound } from '../common/api-error.ts';
import { bodyCheck } from '../common/body-check.ts';
import { objectBody } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import { waitText } from '../common/wait-text.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import {
  DEFINITION,
  VALIDATOR,
  type Definition,
  type ValidatorFor,
} from '../definition/definition.providers.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import { MailService } from '../mail/mail.service.ts';
import { quotedValue } from '../mail/quoted-value.ts';
import type { UserRow } from '../users/user-row.ts';
import contactSchema from './customer-contact.schema.json' with { type: 'json' };
import {
  contactByEmail,
  contactCount,
  deleteContact,
  insertContact,
  projectContacts,
  recordInvitation,
  type ContactRow,
} from './customer-contacts.repository.ts';
import { rowsInWindow } from '../common/rows-in-window.ts';
import { recordActivity } from './activity.repository.ts';
import { lockProject } from './projects.repository.ts';
import type { ProjectAccess } from './project-access.service.ts';

/** The most contacts a project has (a customer's team, not a mailing list). */
export const CONTACT_LIMIT = 20;
/** The most invitation mails per project and {@link INVITATION_WINDOW_MINUTES}. */
export const CUSTOMER_INVITATION_LIMIT = 20;
export const INVITATION_WINDOW_MINUTES = 60;

const checkContact = bodyCheck<{ name: string; email: string }>(contactSchema);

/**
 * The people on the customer's side of a project and the invitations the agency mails them
 * (docs/product.md#kundschaft). Members only, and nothing changes on an
 * archived project (`@ForProject('change')`).
 */
@Injectable()
export class CustomerContactsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  /** GET /api/projects/{id}/customer-contacts, oldest first. */
  list({ project }: ProjectAccess): Promise<ContactRow[]> {
    return projectContacts(this.orm.em, project.id);
  }

  /** POST /api/projects/{id}/customer-contacts: a new contact (an address once per project). */
  async add({ project }: ProjectAccess, body: unknown): Promise<ContactRow> {
    const value = checkContact(body, this.definition.messages);
    return this.orm.em.fork().transactional(async (em) => {
      await lockProject(em, project.id);
      return this.newContact(em, project.id, value.name, value.email.toLowerCase());
    });
  }

  /** DELETE /api/projects/{id}/customer-contacts/{contactId}. */
  async remove({ project }: ProjectAccess, contactId: string): Promise<void> {
    if (!isUuid(contactId) || !(await deleteContact(this.orm.em, project.id, contactId)))
      throw notFound(t('errors.contactNotFound'));
  }

  /**
   * POST /api/projects/{id}/invitations: mails the share link to a contact (added first where the
   * address is new), from the responsible member's name with replies to them, in one transaction
   * with the invitation's row. At most {@link CUSTOMER_INVITATION_LIMIT} per project and hour.
   */
  async invite(access: ProjectAccess, user: UserRow, body: unknown): Promise<ContactRow> {
    const { project } = access;
    // A platform form: the dialog checks it in the browser with the same schema and messages.
    const result = this.validator('form:customer-invitation')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const email = value.email.toLowerCase();
    const revision = await this.revisions.of(project);
    const shown = visibleDefinition(revision.definition, project.hidden_steps ?? []);
    const contact = await this.orm.em.fork().transactional(async (em) => {
      await lockProject(em, project.id);
      const recent = await rowsInWindow(
        em,
        { table: 'customer_invitation', where: 'project_id = ?', params: [project.id] },
        INVITATION_WINDOW_MINUTES,
      );
      if (recent.count >= CUSTOMER_INVITATION_LIMIT)
        throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
          message: t('errors.tooManyCustomerInvitations', {
            limit: CUSTOMER_INVITATION_LIMIT,
            wait: waitText(recent.secondsUntilOneLess),
          }),
        });
      const known =
        (await contactByEmail(em, project.id, email)) ??
        (await this.newContact(em, project.id, value.name, email));
      const invited = await recordInvitation(em, {
        projectId: project.id,
        contactId: known.id,
        invitedBy: user.id,
      });
      await recordActivity(em, {
        projectId: project.id,
        actor: { kind: 'member', userId: user.id },
        kind: 'invitation.sent',
        detail: { name: known.name, email },
      });
      const responsible = project.responsible;
      // Typed names are quoted as data: one line, no quotation marks of their own, short.
      const sender = quotedValue(responsible.contact_name || responsible.email);
      const agency = quotedValue(project.agency.name);
      const message = value.message?.trim();
      this.mail.enqueue(em, {
        to: email,
        template: 'customerInvitation',
        values: {
          name: quotedValue(value.name),
          agency,
          sender,
          project_name: quotedValue(project.project_name),
          questionnaire: shown.title,
          minutes: String(briefingMinutes(shown)),
          personal: message ? t('mail.customerInvitation.personal', { sender, message }) : '',
        },
        // The share link as the settings show it; it names the project, so the mail goes with it.
        link: `${this.config.appUrl}/share/${project.edit_token}/projekte/${project.id}/fragebogen`,
        sender: {
          name: `${sender} (${agency})`,
          replyTo: responsible.contact_email || responsible.email,
          signature: t('mail.customerInvitation.signature', { sender, agency }),
        },
      });
      return invited;
    });
    this.mail.sendSoon();
    return contact;
  }

  /** A new contact of the project, in the caller's locked transaction. */
  private async newContact(
    em: Parameters<typeof insertContact>[0],
    projectId: string,
    name: string,
    email: string,
  ): Promise<ContactRow> {
    if (await contactByEmail(em, projectId, email))
      throw invalid({ email: [t('errors.contactExists')] });
    if ((await contactCount(em, projectId)) >= CONTACT_LIMIT)
      throw invalid({ email: [t('errors.tooManyContacts', { limit: CONTACT_LIMIT })] });
    return insertContact(em, { projectId, name, email });
  }
}
