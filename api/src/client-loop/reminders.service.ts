import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  incompleteSteps,
  PROGRESS_RULE,
  projectProgress,
  visibleDefinition,
} from '@fragewerk/engine/core';
import { ApiError } from '../common/api-error.ts';
import { dateColumnText } from '../common/date-column.ts';
import { t } from '../common/messages.ts';
import { waitText } from '../common/wait-text.ts';
import { APP_CONFIG, sessionSecretIn, type AppConfig } from '../config/app-config.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import { MailService } from '../mail/mail.service.ts';
import { quotedValue } from '../mail/quoted-value.ts';
import { recordActivity, type Actor } from '../projects/activity.repository.ts';
import { projectDocuments } from '../projects/answers.repository.ts';
import { lockProject } from '../projects/projects.repository.ts';
import { rowsInWindow } from '../common/rows-in-window.ts';
import type { ProjectAccess } from '../projects/project-access.service.ts';
import { stepAnswers } from '../projects/project-json.ts';
import { findProject, type ProjectRecord } from '../projects/projects.repository.ts';
import type { UserRow } from '../users/user-row.ts';
import { berlinDate, dueRules, IDLE_DAYS, mainRule } from './reminder-rules.ts';
import {
  anyUnclaimed,
  claimReminder,
  lockProjectForShare,
  remindedContacts,
  reminderCandidates,
  switchRemindersOff,
  unsubscribingContact,
  type RemindedContact,
  type UnsubscribingContact,
} from './reminders.repository.ts';
import { contactOfToken, unsubscribeKey, unsubscribeToken } from './unsubscribe-token.ts';

/** The most reminders members send now per project and {@link MANUAL_WINDOW_MINUTES}. */
export const MANUAL_REMINDER_LIMIT = 3;
export const MANUAL_WINDOW_MINUTES = 60;

const GERMAN_DATE = new Intl.DateTimeFormat('de-DE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const germanDate = (date: string) => GERMAN_DATE.format(new Date(`${date}T00:00:00Z`));
const steps = (titles: string[]) =>
  new Intl.ListFormat('de', { type: 'conjunction' }).format(titles.map((title) => `„${title}“`));

/** What the unsubscribe page shows for a token. */
export type UnsubscribeView = { kind: 'invalid' } | { kind: 'ok'; contact: UnsubscribingContact };

/**
 * Reminders to a project's customer contacts (docs/product.md#erinnerungen): on the schedule
 * (`sendDue`, one round, run by housekeeping under an advisory lock), or now by a member
 * (`sendNow`); each mail names the open steps and the share link and carries a signed link to
 * switch reminders off for that contact and project (`unsubscribe`). Every mail is written to
 * the outbox in the transaction that claims its rules and records it in the history.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Erinnerungen');
  private key: Buffer | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  /** The key of the unsubscribe links (the session secret is read once the app has it). */
  private get unsubscribeKey(): Buffer {
    this.key ??= unsubscribeKey(this.config.sessionSecret ?? sessionSecretIn(this.config.dataDir));
    return this.key;
  }

  /**
   * One round of the schedule at `now`: for each project where a rule is due (see
   * `reminder-rules.ts`) and steps are open, one mail to each contact who has not had that rule
   * yet. Rules are claimed per contact in `reminder_sent` (unique), so a rule fires once however
   * often and in however many processes this runs. Returns how many mails it wrote.
   */
  async sendDue(now = new Date()): Promise<number> {
    const today = berlinDate(now);
    const candidates = await reminderCandidates(this.orm.em.fork(), {
      today,
      idleSince: new Date(now.getTime() - IDLE_DAYS * 24 * 60 * 60 * 1000),
      progressRule: PROGRESS_RULE,
    });
    let sent = 0;
    for (const candidate of candidates) {
      const rules = dueRules(today, candidate.due_date, new Date(candidate.last_activity), now);
      if (rules.length === 0) continue;
      try {
        sent += await this.remindOnSchedule(candidate.id, rules, today);
      } catch (error) {
        // One project's trouble must not keep the others' reminders back; the next round retries.
        this.logger.error(
          t('mail.reminder.failed', { project: candidate.id, error: String(error) }),
        );
      }
    }
    if (sent > 0) this.mail.sendSoon();
    return sent;
  }

  private remindOnSchedule(projectId: string, rules: string[], today: string): Promise<number> {
    return this.orm.em.fork().transactional(async (em) => {
      // An approval in the meantime waits for this transaction, or this one sees it.
      await lockProjectForShare(em, projectId);
      const project = await findProject(em, projectId);
      if (!project || project.is_approved || project.is_archived || !project.reminders_enabled)
        return 0;
      const contacts = await remindedContacts(em, projectId);
      if (contacts.length === 0) return 0;
      // Most rounds find every rule claimed: no need to judge the answers then.
      const ids = contacts.map((contact) => contact.id);
      if (!(await anyUnclaimed(em, projectId, ids, rules))) return 0;
      const open = await this.openSteps(em, project);
      if (open.titles.length === 0) return 0;
      const byRule = new Map<string, string[]>();
      let sent = 0;
      for (const contact of contacts) {
        const claimed: string[] = [];
        for (const rule of rules)
          if (await claimReminder(em, { projectId, contactId: contact.id, rule }))
            claimed.push(rule);
        if (claimed.length === 0) continue;
        // Several rules due at once make one mail.
        this.enqueue(em, project, contact, open, today);
        sent += 1;
        const main = mainRule(claimed);
        byRule.set(main, [...(byRule.get(main) ?? []), contact.name]);
      }
      for (const [rule, names] of byRule)
        await recordActivity(em, {
          projectId,
          actor: { kind: 'system' },
          kind: 'reminder.sent',
          detail: { rule, contacts: names },
        });
      return sent;
    });
  }

  /**
   * POST /api/projects/{id}/reminders: one reminder now to every contact who has not opted out
   * (also while the schedule is switched off: the agency asks for it). At most
   * {@link MANUAL_REMINDER_LIMIT} per project and hour.
   */
  async sendNow({ project }: ProjectAccess, user: UserRow): Promise<{ sent: number }> {
    if (project.is_approved)
      throw new ApiError(HttpStatus.CONFLICT, { message: t('errors.remindersApproved') });
    const today = berlinDate(new Date());
    const sent = await this.orm.em.fork().transactional(async (em) => {
      await lockProject(em, project.id);
      const contacts = await remindedContacts(em, project.id);
      if (contacts.length === 0)
        throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, {
          message: t('errors.noReminderContacts'),
        });
      const open = await this.openSteps(em, project);
      if (open.titles.length === 0)
        throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, {
          message: t('errors.nothingOpen'),
        });
      // One sending is one rule `manual:<time>`, however many contacts it reached.
      const recent = await rowsInWindow(
        em,
        {
          table: 'reminder_sent',
          at: 'sent_at',
          where: "project_id = ? and rule like 'manual:%'",
          params: [project.id],
          count: 'count(distinct rule)',
        },
        MANUAL_WINDOW_MINUTES,
      );
      if (recent.count >= MANUAL_REMINDER_LIMIT)
        throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
          message: t('errors.tooManyReminders', {
            limit: MANUAL_REMINDER_LIMIT,
            wait: waitText(recent.secondsUntilOneLess),
          }),
        });
      // One key per sending: the limit counts sendings, and the schedule's rules stay unclaimed.
      const rule = `manual:${new Date().toISOString()}`;
      for (const contact of contacts) {
        await claimReminder(em, { projectId: project.id, contactId: contact.id, rule });
        this.enqueue(em, project, contact, open, today);
      }
      const actor: Actor = { kind: 'member', userId: user.id };
      await recordActivity(em, {
        projectId: project.id,
        actor,
        kind: 'reminder.sent',
        detail: { rule: 'manual', contacts: contacts.map((contact) => contact.name) },
      });
      return contacts.length;
    });
    this.mail.sendSoon();
    return { sent };
  }

  /** What the page of an unsubscribe link shows: the contact, or nothing for a foreign token. */
  async unsubscribeView(token: string): Promise<UnsubscribeView> {
    const contactId = contactOfToken(this.unsubscribeKey, token);
    const contact = contactId && (await unsubscribingContact(this.orm.em.fork(), contactId));
    return contact ? { kind: 'ok', contact } : { kind: 'invalid' };
  }

  /**
   * The posted unsubscribe link (the page's button, or a mail program's one-click, RFC 8058):
   * no more reminders to this contact on this project, recorded in the history the first time.
   */
  async unsubscribe(token: string): Promise<UnsubscribeView> {
    const contactId = contactOfToken(this.unsubscribeKey, token);
    if (!contactId) return { kind: 'invalid' };
    return this.orm.em.fork().transactional(async (em) => {
      const contact = await unsubscribingContact(em, contactId);
      if (!contact) return { kind: 'invalid' };
      if (await switchRemindersOff(em, contact.id))
        await recordActivity(em, {
          projectId: contact.project_id,
          actor: { kind: 'customer' },
          kind: 'reminders.unsubscribed',
          detail: { name: contact.name },
        });
      return { kind: 'ok', contact: { ...contact, reminders_off: true } };
    });
  }

  /** The link that switches reminders off for a contact (its project is the contact's). */
  unsubscribeUrl(contactId: string): string {
    return `${this.config.appUrl}/erinnerungen/abbestellen/${unsubscribeToken(this.unsubscribeKey, contactId)}`;
  }

  /** The titles of the steps still open, judged like the approval's mail, and the questionnaire. */
  private async openSteps(em: EntityManager, project: ProjectRecord) {
    const revision = await this.revisions.of(project);
    const definition = visibleDefinition(revision.definition, project.hidden_steps ?? []);
    const { answers, items } = await projectDocuments(em, project.id);
    const progress = projectProgress(
      definition,
      stepAnswers(definition, answers, items),
      revision.documentCheck,
    );
    return {
      questionnaire: definition.title,
      titles: incompleteSteps(definition, progress).map((step) => step.meta.title),
    };
  }

  /**
   * A reminder to one contact in the outbox: from the responsible member's name with replies to
   * them, signed for the agency (like the invitation), with the due date where there is one, the
   * open steps, the share link and the contact's unsubscribe link.
   */
  private enqueue(
    em: EntityManager,
    project: ProjectRecord,
    contact: RemindedContact,
    open: { questionnaire: string; titles: string[] },
    today: string,
  ) {
    const responsible = project.responsible;
    // Typed names are quoted as data: one line, no quotation marks of their own, short.
    const sender = quotedValue(responsible.contact_name || responsible.email);
    const agency = quotedValue(project.agency.name);
    const projectName = quotedValue(project.project_name);
    const due = dateColumnText(project.due_date);
    const about = { agency, project_name: projectName, questionnaire: open.questionnaire };
    const intro =
      due === null
        ? t('mail.reminder.intro', about)
        : t(due >= today ? 'mail.reminder.introDue' : 'mail.reminder.introOverdue', {
            ...about,
            due: germanDate(due),
          });
    const unsubscribeUrl = this.unsubscribeUrl(contact.id);
    const unsubscribe = t('mail.reminder.unsubscribe', { url: unsubscribeUrl });
    this.mail.enqueue(em, {
      to: contact.email,
      template: 'reminder',
      values: {
        name: quotedValue(contact.name),
        agency,
        sender,
        project_name: projectName,
        intro,
        steps: steps(open.titles),
      },
      link: `${this.config.appUrl}/share/${project.edit_token}/projekte/${project.id}/fragebogen`,
      sender: {
        name: `${sender} (${agency})`,
        replyTo: responsible.contact_email || responsible.email,
        signature: `${t('mail.reminder.signature', { sender, agency })}\n\n${unsubscribe}`,
      },
      listUnsubscribe: unsubscribeUrl,
    });
  }
}
