import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { t } from '../common/messages.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import { MailService } from '../mail/mail.service.ts';
import { quotedValue } from '../mail/quoted-value.ts';
import { findProject, type ProjectRecord } from '../projects/projects.repository.ts';
import {
  claimProject,
  contactAddresses,
  projectsDueForMail,
  takeUnmailedQuestions,
  takeUnmailedReplies,
} from './questions.repository.ts';

/** How long nothing new must have come before a bundle goes out (the last one ≥ this old). */
export const QUIET_SECONDS = 60;
/** The most Rückfragen or replies one mail lists in full; it names how many more there are. */
export const MAIL_ENTRY_LIMIT = 20;

/**
 * The mails about Rückfragen (docs/product.md#rückfragen), bundled per project: new Rückfragen in
 * one mail to each customer contact of the project, the customer's replies in one mail to the
 * responsible member, each once the newest of them is {@link QUIET_SECONDS} old – so a member
 * writing five Rückfragen in a row sends one mail, at most about two minutes after the last.
 * What a mail takes is marked mailed in the transaction that writes it to the outbox, and a
 * project another process is mailing about is skipped: nothing goes out twice, no bundle is split.
 */
@Injectable()
export class QuestionMailsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  /**
   * One round: the due bundles of every project (archived ones wait). Returns how many mails it
   * wrote to the outbox. `quietSeconds` only for tests, which do not wait a minute.
   */
  async sendDue(
    options: { quietSeconds?: number } = {},
  ): Promise<{ questionMails: number; replyMails: number }> {
    const quiet = options.quietSeconds ?? QUIET_SECONDS;
    const em = this.orm.em.fork();
    let questionMails = 0;
    let replyMails = 0;
    for (const projectId of await projectsDueForMail(em, 'project_question', quiet))
      questionMails += await this.em().transactional((tx) => this.mailQuestions(tx, projectId));
    for (const projectId of await projectsDueForMail(em, 'question_reply', quiet))
      replyMails += await this.em().transactional((tx) => this.mailReplies(tx, projectId));
    if (questionMails + replyMails > 0) this.mail.sendSoon();
    return { questionMails, replyMails };
  }

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  /**
   * Takes the project's unmailed Rückfragen and writes one mail per customer contact; without
   * contacts they are marked mailed all the same (there is no one to tell, and a contact added
   * later learns of them from the invitation's link). Returns the number of mails.
   */
  private async mailQuestions(em: EntityManager, projectId: string): Promise<number> {
    if (!(await claimProject(em, projectId))) return 0;
    const project = await findProject(em, projectId);
    if (!project || project.is_archived) return 0;
    const questions = await takeUnmailedQuestions(em, projectId);
    if (questions.length === 0) return 0;
    const contacts = await contactAddresses(em, projectId);
    if (contacts.length === 0) return 0;
    const titles = await this.stepTitles(project);
    const listed = questions.slice(0, MAIL_ENTRY_LIMIT).map((question) =>
      t('mail.questions.entry', {
        step: titles.get(question.step_key) ?? question.step_key,
        text: indented(question.text),
      }),
    );
    const responsible = project.responsible;
    const sender = quotedValue(responsible.contact_name || responsible.email);
    const agency = quotedValue(project.agency.name);
    const values = {
      sender,
      agency,
      project_name: quotedValue(project.project_name),
      count:
        questions.length === 1
          ? t('mail.questions.one')
          : t('mail.questions.many', { n: questions.length }),
      questions: [...listed, ...more(questions.length)].join('\n\n'),
    };
    for (const contact of contacts)
      this.mail.enqueue(em, {
        to: contact.email,
        template: 'questions',
        values: { ...values, name: quotedValue(contact.name) },
        link: `${this.config.appUrl}/share/${project.edit_token}/projekte/${project.id}/fragebogen`,
        sender: {
          name: `${sender} (${agency})`,
          replyTo: responsible.contact_email || responsible.email,
          signature: t('mail.questions.signature', { sender, agency }),
        },
      });
    return contacts.length;
  }

  /** Takes the project's unmailed replies of the customer into one mail to the responsible member. */
  private async mailReplies(em: EntityManager, projectId: string): Promise<number> {
    if (!(await claimProject(em, projectId))) return 0;
    const project = await findProject(em, projectId);
    if (!project || project.is_archived) return 0;
    const replies = await takeUnmailedReplies(em, projectId);
    if (replies.length === 0) return 0;
    const titles = await this.stepTitles(project);
    const listed = replies.slice(0, MAIL_ENTRY_LIMIT).map((reply) =>
      t('mail.questionReplies.entry', {
        step: titles.get(reply.step_key) ?? reply.step_key,
        question: indented(reply.question_text),
        text: indented(reply.text),
      }),
    );
    this.mail.enqueue(em, {
      to: project.responsible.email,
      template: 'questionReplies',
      values: {
        project_name: quotedValue(project.project_name),
        customer_firm: quotedValue(project.customer_firm),
        count:
          replies.length === 1
            ? t('mail.questionReplies.one')
            : t('mail.questionReplies.many', { n: replies.length }),
        replies: [...listed, ...more(replies.length)].join('\n\n'),
      },
      link: `${this.config.appUrl}/projekte/${project.id}/fragebogen`,
    });
    return 1;
  }

  /** The titles of the steps of the project's revision by key (hidden ones too: asked before). */
  private async stepTitles(project: ProjectRecord): Promise<Map<string, string>> {
    const revision = await this.revisions.of(project);
    return new Map(revision.definition.steps.map((step) => [step.meta.key, step.meta.title]));
  }
}

/**
 * Typed text of several lines as a quote: every line behind „> “, so that it reads as what
 * someone wrote, never as the mail's own words.
 */
function indented(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
}

/** The line naming the entries a mail leaves out, if any. */
const more = (count: number) =>
  count > MAIL_ENTRY_LIMIT ? [t('mail.questions.more', { n: count - MAIL_ENTRY_LIMIT })] : [];
