import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { visibleDefinition } from '@fragewerk/engine/core';
import type { ProjectQuestionJson } from '@fragewerk/schemas/types';
import { ApiError, invalid, notFound } from '../common/api-error.ts';
import { bodyCheck } from '../common/body-check.ts';
import { objectBody } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import { waitText } from '../common/wait-text.ts';
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
import { recordActivity, type Actor } from '../projects/activity.repository.ts';
import type { ProjectAccess } from '../projects/project-access.service.ts';
import { lockProject } from '../projects/projects.repository.ts';
import { rowsInWindow } from '../common/rows-in-window.ts';
import type { UserRow } from '../users/user-row.ts';
import {
  hasItem,
  insertQuestion,
  insertReply,
  openQuestionCount,
  projectQuestion,
  projectQuestions,
  projectReplies,
  replyCount,
  setResolved,
  type MemberNames,
  type QuestionRow,
  type ReplyRow,
} from './questions.repository.ts';
import stateSchema from './question-state.schema.json' with { type: 'json' };

/** The most open Rückfragen a project has at once. */
export const OPEN_QUESTION_LIMIT = 100;
/** The most Rückfragen per project and hour. */
export const QUESTION_HOURLY_LIMIT = 60;
/** The most replies per project and hour (both sides together). */
export const REPLY_HOURLY_LIMIT = 60;
/** The most replies one Rückfrage takes. */
export const REPLIES_PER_QUESTION = 50;
const HOUR = 60;

const checkState = bodyCheck<{ resolved: boolean }>(stateSchema);

/**
 * The Rückfragen of the agency on the steps of a project and the replies to them
 * (docs/product.md#rückfragen): members ask and resolve them, the customer (share link) and the
 * members reply; both read them. Every change records its line of the project's history in its
 * transaction; the mails about them go out bundled (`QuestionMailsService`).
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  /** GET /api/projects/{id}/questions: every Rückfrage with its replies, oldest first. */
  async list(access: ProjectAccess): Promise<ProjectQuestionJson[]> {
    const em = this.orm.em.fork();
    const [questions, replies] = await Promise.all([
      projectQuestions(em, access.project.id),
      projectReplies(em, access.project.id),
    ]);
    const byQuestion = Map.groupBy(replies, (reply) => reply.question_id);
    return questions.map((question) =>
      this.json(access, question, byQuestion.get(question.id) ?? []),
    );
  }

  /**
   * POST /api/projects/{id}/questions `{step, item?, text}` (members): a Rückfrage on a visible
   * step of the project's revision, optionally on one entry of that list step.
   */
  async ask(access: ProjectAccess, user: UserRow, body: unknown): Promise<ProjectQuestionJson> {
    const { project } = access;
    const result = this.validator('form:project-question')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { step: stepKey, text } = result.value;
    const itemId = result.value.item || null;
    const revision = await this.revisions.of(project);
    const step = visibleDefinition(revision.definition, project.hidden_steps ?? []).steps.find(
      (candidate) => candidate.meta.key === stepKey,
    );
    if (!step) throw invalid({ step: [t('errors.questionStepUnknown')] });
    if (itemId && step.meta.kind !== 'list')
      throw invalid({ item: [t('errors.questionItemNotList', { step: step.meta.title })] });

    const id = await this.orm.em.fork().transactional(async (em) => {
      await lockProject(em, project.id);
      if (itemId && !(await hasItem(em, project.id, stepKey, itemId)))
        throw invalid({ item: [t('errors.questionItemUnknown', { step: step.meta.title })] });
      if ((await openQuestionCount(em, project.id)) >= OPEN_QUESTION_LIMIT)
        throw invalid({ text: [t('errors.tooManyOpenQuestions', { limit: OPEN_QUESTION_LIMIT })] });
      const recent = await rowsInWindow(
        em,
        { table: 'project_question', where: 'project_id = ?', params: [project.id] },
        HOUR,
      );
      if (recent.count >= QUESTION_HOURLY_LIMIT)
        throw tooMany('errors.tooManyQuestions', QUESTION_HOURLY_LIMIT, recent.secondsUntilOneLess);
      const created = await insertQuestion(em, {
        projectId: project.id,
        stepKey,
        itemId,
        authorId: user.id,
        text,
      });
      await recordActivity(em, {
        projectId: project.id,
        actor: { kind: 'member', userId: user.id },
        kind: 'question.asked',
        stepKey,
        ...(itemId && { itemId }),
        detail: { questionId: created },
      });
      return created;
    });
    return this.one(access, id);
  }

  /**
   * POST /api/projects/{id}/questions/{qid}/replies `{text}`: the customer's answer (not on an
   * approved or archived project: `@ForProject('answer')`) or a member's; an open Rückfrage only.
   */
  async reply(
    access: ProjectAccess,
    user: UserRow | undefined,
    questionId: string,
    body: unknown,
  ): Promise<ProjectQuestionJson> {
    const { project } = access;
    const actor = actorOf(access, user);
    const question = isUuid(questionId)
      ? await projectQuestion(this.orm.em.fork(), project.id, questionId)
      : undefined;
    if (!question) throw notFound(t('errors.questionNotFound'));
    const result = this.validator('form:question-reply')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { text } = result.value;

    await this.orm.em.fork().transactional(async (em) => {
      await lockProject(em, project.id);
      const current = await projectQuestion(em, project.id, questionId, { lock: true });
      if (!current) throw notFound(t('errors.questionNotFound'));
      if (current.resolved_at)
        throw new ApiError(HttpStatus.CONFLICT, { message: t('errors.questionResolved') });
      if ((await replyCount(em, questionId)) >= REPLIES_PER_QUESTION)
        throw invalid({ text: [t('errors.tooManyReplies', { limit: REPLIES_PER_QUESTION })] });
      const recent = await rowsInWindow(
        em,
        { table: 'question_reply', where: 'project_id = ?', params: [project.id] },
        HOUR,
      );
      if (recent.count >= REPLY_HOURLY_LIMIT)
        throw tooMany(
          'errors.tooManyQuestionReplies',
          REPLY_HOURLY_LIMIT,
          recent.secondsUntilOneLess,
        );
      await insertReply(em, {
        projectId: project.id,
        questionId,
        authorKind: actor.kind,
        authorId: actor.kind === 'member' ? actor.userId : null,
        text,
      });
      await recordActivity(em, {
        projectId: project.id,
        actor,
        kind: 'question.replied',
        stepKey: current.step_key,
        ...(current.item_id && { itemId: current.item_id }),
        detail: { questionId },
      });
    });
    return this.one(access, questionId);
  }

  /** PATCH /api/projects/{id}/questions/{qid} `{resolved}` (members): resolves or reopens it. */
  async setResolved(
    access: ProjectAccess,
    user: UserRow,
    questionId: string,
    body: unknown,
  ): Promise<ProjectQuestionJson> {
    const { project } = access;
    const { resolved } = checkState(body, this.definition.messages);
    if (!isUuid(questionId)) throw notFound(t('errors.questionNotFound'));

    await this.orm.em.fork().transactional(async (em) => {
      const question = await projectQuestion(em, project.id, questionId, { lock: true });
      if (!question) throw notFound(t('errors.questionNotFound'));
      // Already so: nothing changes, and the history records nothing.
      if (!(await setResolved(em, questionId, resolved ? user.id : null))) return;
      await recordActivity(em, {
        projectId: project.id,
        actor: { kind: 'member', userId: user.id },
        kind: resolved ? 'question.resolved' : 'question.reopened',
        stepKey: question.step_key,
        ...(question.item_id && { itemId: question.item_id }),
        detail: { questionId },
      });
    });
    return this.one(access, questionId);
  }

  /** One Rückfrage with its replies as the caller sees it (it exists: the caller just wrote it). */
  private async one(access: ProjectAccess, questionId: string): Promise<ProjectQuestionJson> {
    const em = this.orm.em.fork();
    const [question, replies] = await Promise.all([
      projectQuestion(em, access.project.id, questionId),
      projectReplies(em, access.project.id, questionId),
    ]);
    if (!question) throw notFound(t('errors.questionNotFound'));
    return this.json(access, question, replies);
  }

  private json(
    access: ProjectAccess,
    question: QuestionRow,
    replies: ReplyRow[],
  ): ProjectQuestionJson {
    const person = (names: MemberNames | null) => names && { name: nameFor(access, names) };
    return {
      id: question.id,
      step: question.step_key,
      item: question.item_id,
      text: question.text,
      author: person(question.author),
      created_at: question.created_at,
      resolved_at: question.resolved_at,
      resolved_by: person(question.resolved_by),
      replies: replies.map((reply) => ({
        id: reply.id,
        text: reply.text,
        author_kind: reply.author_kind,
        author: reply.author_kind === 'member' ? person(reply.author) : null,
        created_at: reply.created_at,
      })),
    };
  }
}

/**
 * A member's name as the caller reads it: the contact name of their settings, else for the
 * agency their login address, for the customer their contact address or the agency's name (a
 * customer never learns a login address, as in `agencyContact`).
 */
function nameFor({ role, project }: ProjectAccess, names: MemberNames): string {
  if (names.contact_name) return names.contact_name;
  return role === 'member' ? names.email : names.contact_email || project.agency.name;
}

/** Who writes: the member of the session, or the customer (share link). */
function actorOf(
  access: ProjectAccess,
  user: UserRow | undefined,
): Actor & { kind: 'member' | 'customer' } {
  return access.role === 'member' && user
    ? { kind: 'member', userId: user.id }
    : { kind: 'customer' };
}

const tooMany = (key: string, limit: number, seconds: number) =>
  new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
    message: t(key, { limit, wait: waitText(seconds) }),
  });
