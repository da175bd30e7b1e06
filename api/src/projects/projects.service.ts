import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  incompleteSteps,
  PROGRESS_RULE,
  projectProgress,
  visibleDefinition,
  type ProjectProgress,
} from '@fragewerk/engine/core';
import { conflict, forbidden, invalid } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
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
import { deleteOutboxMailAbout, projectMailMarker } from '../mail/mail-erasure.ts';
import { deleteMailFiles, mailFolder } from '../mail/mail-files.ts';
import type { UserRow } from '../users/user-row.ts';
import {
  documentsOfProjects,
  projectDocuments,
  type ProjectDocumentRow,
} from './answers.repository.ts';
import { DefinitionMovesService } from './definition-moves.service.ts';
import { recordActivity } from './activity.repository.ts';
import { activityActorOf, tokenHash, type ProjectAccess } from './project-access.service.ts';
import {
  projectJson,
  projectSummaryJson,
  stepAnswers,
  type AnswerRow,
  type ItemRow,
  type ProgressFigure,
} from './project-json.ts';
import {
  deleteProject,
  findProject,
  insertProject,
  projectList,
  rememberFormerToken,
  storeProgress,
  updateProject,
  type ProjectRecord,
  type StoredProgress,
} from './projects.repository.ts';
import { quotedValue } from '../mail/quoted-value.ts';
import { isMemberOf } from '../users/agency-members.ts';

/** A project's setting `key` as the project JSON shows it (the responsible member by id). */
const settingOf = (project: ProjectRecord, key: string) =>
  key === 'responsible' ? project.responsible.id : project[key as keyof ProjectRecord];

/** A new share token: 256 random bits. */
const newEditToken = () => randomBytes(32).toString('base64url');

/** Fields of `GET /projects/{id}` that a client may echo back but not change through PATCH. */
const READ_ONLY = [
  'id',
  'created_at',
  'updated_at',
  'edit_token',
  'user',
  'agency',
  'questionnaire',
  'definition_version',
  'definition_revision',
  'approved_at',
  'version',
  'progress',
  'reviews',
];

/**
 * The projects of an agency and what its members or a share-token holder do with them. Every
 * method gets the caller already resolved: a verified user, or the `ProjectAccess` to a project.
 */
@Injectable()
export class ProjectsService {
  private readonly logger = new Logger('Projects');

  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
    private readonly moves: DefinitionMovesService,
  ) {}

  /**
   * The dashboard list of a verified member: every project of their agency with its overall figure
   * (docs/architecture.md#vollständigkeit): one statement reads the projects with their cached
   * figures; only projects changed since their figure was stored are read (one more statement for
   * all of them), computed and stored back (one more) – never a query per project.
   */
  async list(user: UserRow) {
    const em = this.orm.em;
    const rows = await projectList(em, user.agency.id, PROGRESS_RULE);
    const figures = new Map<string, Omit<ProgressFigure, 'reviewed'>>();
    for (const row of rows)
      if (row.complete !== null && row.total !== null)
        figures.set(row.id, { complete: row.complete, total: row.total });
    const stale = rows.filter((row) => !figures.has(row.id)).map((row) => row.id);
    if (stale.length > 0) {
      const computed = await this.figuresOf(await documentsOfProjects(em, stale));
      for (const figure of computed) figures.set(figure.project_id, figure);
      // The cache is an optimisation: a failed write (a project deleted meanwhile) loses nothing.
      await storeProgress(em, computed, PROGRESS_RULE).catch((error: unknown) =>
        this.logger.warn(`Fortschritt nicht zwischengespeichert: ${String(error)}`),
      );
    }
    return rows.map((row) =>
      projectSummaryJson(
        row,
        { ...figures.get(row.id)!, reviewed: row.reviewed },
        this.revisions.titleOf(row.questionnaire),
      ),
    );
  }

  /** The overall figures of projects from their stored documents, each on its own revision. */
  private async figuresOf(documents: ProjectDocumentRow[]): Promise<StoredProgress[]> {
    const byProject = new Map<
      string,
      {
        xmin: string;
        revision: string | null;
        questionnaire: string;
        hidden: string[];
        answers: AnswerRow[];
        items: ItemRow[];
      }
    >();
    for (const row of documents) {
      let project = byProject.get(row.project_id);
      if (!project) {
        project = {
          xmin: row.project_xmin,
          revision: row.revision,
          questionnaire: row.questionnaire,
          hidden: row.hidden_steps ?? [],
          answers: [],
          items: [],
        };
        byProject.set(row.project_id, project);
      }
      if (row.step_key === null || row.data === null || row.version === null) continue;
      const document = { step_key: row.step_key, data: row.data, version: row.version };
      if (row.id === null) project.answers.push(document);
      else project.items.push({ ...document, id: row.id });
    }
    const figures: StoredProgress[] = [];
    for (const [id, project] of byProject) {
      const revision = await this.revisions.of({
        questionnaire: project.questionnaire,
        definition_revision: project.revision ? { id: project.revision } : null,
      });
      const { definition } = revision;
      const { complete, total } = projectProgress(
        visibleDefinition(definition, project.hidden),
        stepAnswers(definition, project.answers, project.items),
        revision.documentCheck,
      );
      figures.push({ project_id: id, project_xmin: project.xmin, complete, total });
    }
    return figures;
  }

  /** POST /projects/create for a verified member: a project of their agency, in their care. */
  async create(user: UserRow, body: unknown) {
    const result = this.validator('form:new-project')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const questionnaire = value.questionnaire ?? this.revisions.defaultId;
    // Retired ones and ids of no folder alike: the agency picks from GET /api/questionnaires.
    if (!this.revisions.offers(questionnaire))
      throw invalid({ questionnaire: [t('errors.questionnaireNotOffered')] });
    const current = this.revisions.currentOf(questionnaire)!;
    const em = this.orm.em;
    const id = await insertProject(em, {
      questionnaire,
      agency: user.agency.id,
      responsible: user.id,
      project_name: value.project_name,
      customer_firm: value.customer_firm,
      edit_token: newEditToken(),
      definition_version: current.ref.label,
      definition_revision: current.ref.id,
    });
    // Read back as every project request reads it: a plain row with its agency and member.
    return this.json({ project: (await findProject(em, id))!, role: 'member', memberId: user.id });
  }

  /** The full project with every answer, as its reader may see it. */
  async json({ project, role }: ProjectAccess) {
    const [{ answers, items }, revision] = await Promise.all([
      projectDocuments(this.orm.em, project.id),
      this.revisions.of(project),
    ]);
    // The revision the project is on: an approved one is shown as it was approved.
    return projectJson(project, revision.definition, answers, items, {
      includeToken: role === 'member',
      isValid: revision.documentCheck,
    });
  }

  /**
   * PATCH /projects/{id}: merges the given settings into the project. While archived, only
   * reactivation is possible. A stale `version` is a 409.
   */
  async update(access: ProjectAccess, body: unknown) {
    const { project } = access;
    const input = objectBody(body);
    const stepKeys = [
      ...(this.revisions.currentOf(project.questionnaire)?.definition.steps ?? []),
      ...(await this.revisions.of(project)).definition.steps,
    ].map((step) => step.meta.key);
    const changes = withoutKeys(input, [...READ_ONLY, ...stepKeys]);
    if (input.version !== undefined && input.version !== project.version)
      throw conflict(await this.json(access));

    if (
      project.is_archived &&
      Object.entries(changes).some(
        ([key, value]) =>
          key !== 'is_archived' &&
          JSON.stringify(value) !== JSON.stringify(settingOf(project, key)),
      )
    ) {
      throw forbidden(t('errors.archived'));
    }
    const merged = {
      project_name: project.project_name,
      customer_firm: project.customer_firm,
      is_niceview_enabled: project.is_niceview_enabled,
      is_approved: project.is_approved,
      is_archived: project.is_archived,
      responsible: project.responsible.id,
      hidden_steps: project.hidden_steps ?? [],
      due_date: project.due_date,
      reminders_enabled: project.reminders_enabled,
      ...changes,
    };
    const result = this.validator('form:project-settings')(merged);
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const hidden_steps = hiddenSteps(
      (await this.revisions.of(project)).definition,
      value.hidden_steps ?? [],
      project.hidden_steps ?? [],
    );
    const newResponsible = value.responsible !== project.responsible.id;
    if (newResponsible && !(await isMemberOf(this.orm.em, project.agency.id, value.responsible!)))
      throw invalid({ responsible: [t('errors.responsibleNotMember')] });
    const approvedNow = value.is_approved && !project.is_approved;
    const changed = {
      ...value,
      hidden_steps,
      approved_at: value.is_approved ? (approvedNow ? new Date() : project.approved_at) : null,
      version: project.version + 1,
    };
    const from = await this.revisions.of(project);
    // A questionnaire whose folder is gone keeps its projects on the revision they are on.
    const current = this.revisions.currentOf(project.questionnaire) ?? from;
    const reopened = project.is_approved && !value.is_approved;
    await this.orm.em.transactional(async (em) => {
      if (reopened && from !== current) {
        // Running again: the project follows the newest definition, with the migration maps it
        // missed while approved, in the settings' transaction (docs/architecture.md#revisionen).
        await this.moves.moveAnswers(em, project.id, from, current);
        await updateProject(em, project, {
          ...changed,
          definition_revision: current.ref.id,
          definition_version: current.ref.label,
        });
      } else await updateProject(em, project, changed);
      if (approvedNow || reopened)
        await recordActivity(em, {
          projectId: project.id,
          actor: activityActorOf(access),
          kind: approvedNow ? 'project.approved' : 'project.reopened',
        });
    });
    // The contact person the answer shows is the new one's.
    if (newResponsible)
      return this.json({ ...access, project: (await findProject(this.orm.em, project.id))! });
    return this.json(access);
  }

  /**
   * DELETE /projects/{id}, with every answer, entry, progress row and migration log row
   * (`on delete cascade`) and the mails about it (they name the customer and the project): the
   * unsent ones of the outbox in the same transaction, then the mail files.
   */
  async remove({ project }: ProjectAccess) {
    await this.orm.em.fork().transactional(async (em) => {
      await deleteOutboxMailAbout(em, [project.id]);
      await deleteProject(em, project.id);
    });
    await deleteMailFiles(mailFolder(this.config.dataDir), {
      mentioning: [projectMailMarker(project.id)],
    });
  }

  /**
   * PUT /projects/{id}/approve. A customer's approval is mailed to the responsible member: the
   * mail goes to the outbox in the approval's transaction.
   */
  async approve(access: ProjectAccess) {
    const { project } = access;
    if (!project.is_approved) {
      const notify = access.role === 'token';
      await this.orm.em.transactional(async (em) => {
        await updateProject(em, project, {
          is_approved: true,
          approved_at: new Date(),
          version: project.version + 1,
        });
        await recordActivity(em, {
          projectId: project.id,
          actor: activityActorOf(access),
          kind: 'project.approved',
        });
        if (notify) await this.notifyResponsible(em, project);
      });
      if (notify) this.mail.sendSoon();
    }
    return this.json(access);
  }

  /**
   * The responsible member's mail about a customer's approval; it names the steps that are not
   * complete (docs/product.md#freigabe), judged in the approval's transaction.
   */
  private async notifyResponsible(em: EntityManager, project: ProjectRecord) {
    const revision = await this.revisions.of(project);
    const definition = visibleDefinition(revision.definition, project.hidden_steps ?? []);
    const { answers, items } = await projectDocuments(em, project.id);
    const progress: ProjectProgress = projectProgress(
      definition,
      stepAnswers(definition, answers, items),
      revision.documentCheck,
    );
    const incomplete = incompleteSteps(definition, progress).map((step) => `„${step.meta.title}“`);
    this.mail.enqueue(em, {
      to: project.responsible.email,
      template: incomplete.length > 0 ? 'approvedIncomplete' : 'approved',
      values: {
        // Typed names, quoted as data in the template and kept short (mail/quoted-value.ts).
        customer_firm: quotedValue(project.customer_firm),
        project_name: quotedValue(project.project_name),
        questionnaire: revision.definition.title,
        complete: String(progress.complete),
        total: String(progress.total),
        steps: new Intl.ListFormat('de', { type: 'conjunction' }).format(incomplete),
      },
      link: `${this.config.appUrl}/projekte/${project.id}/ergebnisse`,
    });
  }

  /** PUT /projects/{id}/edit-token: a new share link; the old one stops working at once. */
  async regenerateToken(access: ProjectAccess) {
    const former = access.project.edit_token;
    await this.orm.em.transactional(async (em) => {
      // The old link is recognised later only by its hash (docs/product.md#der-freigabelink).
      await rememberFormerToken(em, access.project.id, tokenHash(former));
      await updateProject(em, access.project, {
        edit_token: newEditToken(),
        version: access.project.version + 1,
      });
    });
    return this.json(access);
  }
}

/**
 * The steps to switch off, checked against the project's questionnaire (`definition`): a key it
 * does not have is a 422 at `hidden_steps` – unless it was stored before (`stored`: a later
 * revision renamed or removed that step), which is dropped without a word, so that no settings
 * save fails on it. One step must stay (docs/product.md#projekteinstellungen).
 */
function hiddenSteps(definition: Definition, hidden: string[], stored: string[]): string[] {
  const keys = new Set(definition.steps.map((step) => step.meta.key));
  const unknown = hidden.filter((key) => !keys.has(key) && !stored.includes(key));
  if (unknown.length > 0)
    throw invalid({
      hidden_steps: [t('errors.hiddenStepUnknown', { keys: unknown.join(', ') })],
    });
  const known = hidden.filter((key) => keys.has(key));
  if (known.length >= keys.size) throw invalid({ hidden_steps: [t('errors.hiddenStepsAll')] });
  return known;
}
