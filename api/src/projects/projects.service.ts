import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
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
import { MailService } from '../mail/mail.service.ts';
import type { User } from '../users/user.entity.ts';
import { answerRows, itemRows } from './answers.repository.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { projectJson, projectSummaryJson } from './project-json.ts';
import type { Project } from './project.entity.ts';
import { deleteProject, insertProject, projectsOf, updateProject } from './projects.repository.ts';

/** A new share token: 256 random bits. */
const newEditToken = () => randomBytes(32).toString('base64url');

/** Fields of `GET /projects/{id}` that a client may echo back but not change through PATCH. */
const READ_ONLY = [
  'id',
  'created_at',
  'updated_at',
  'edit_token',
  'user',
  'definition_version',
  'approved_at',
  'version',
];

/**
 * The projects of an agency and what their owner or a share-token holder does with them. Every
 * method gets the caller already resolved: a verified user, or the `ProjectAccess` to a project.
 */
@Injectable()
export class ProjectsService {
  private readonly logger = new Logger('Projekte');

  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The dashboard list of a verified user. */
  async list(user: User) {
    const projects = await projectsOf(this.orm.em, user.id);
    return projects.map(projectSummaryJson);
  }

  /** POST /projects/create for a verified user. */
  async create(user: User, body: unknown) {
    const result = this.validator('form:new-project')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const project = await insertProject(this.orm.em, {
      owner: user,
      project_name: value.project_name,
      customer_firm: value.customer_firm,
      edit_token: newEditToken(),
      definition_version: this.definition.version,
    });
    return this.json({ project, role: 'owner' });
  }

  /** The full project with every answer, as its reader may see it. */
  async json({ project, role }: ProjectAccess) {
    const [answers, items] = await Promise.all([
      answerRows(this.orm.em, project.id),
      itemRows(this.orm.em, project.id),
    ]);
    return projectJson(project, this.definition, answers, items, {
      includeToken: role === 'owner',
    });
  }

  /**
   * PATCH /projects/{id}: merges the given settings into the project. While archived, only
   * reactivation is possible. A stale `version` is a 409.
   */
  async update(access: ProjectAccess, body: unknown) {
    const { project } = access;
    const input = objectBody(body);
    const stepKeys = this.definition.steps.map((step) => step.meta.key);
    const changes = withoutKeys(input, [...READ_ONLY, ...stepKeys]);
    if (input.version !== undefined && input.version !== project.version)
      throw conflict(await this.json(access));

    if (
      project.is_archived &&
      Object.entries(changes).some(
        ([key, value]) => key !== 'is_archived' && value !== project[key as keyof Project],
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
      ...changes,
    };
    const result = this.validator('form:project-settings')(merged);
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    const approvedNow = value.is_approved && !project.is_approved;
    await updateProject(this.orm.em, project, {
      ...value,
      approved_at: value.is_approved ? (approvedNow ? new Date() : project.approved_at) : null,
      version: project.version + 1,
    });
    return this.json(access);
  }

  /** DELETE /projects/{id}, with every answer. */
  async remove({ project }: ProjectAccess) {
    await deleteProject(this.orm.em, project.id);
  }

  /** PUT /projects/{id}/approve. A customer's approval is mailed to the owner. */
  async approve(access: ProjectAccess) {
    const { project } = access;
    if (!project.is_approved) {
      await updateProject(this.orm.em, project, {
        is_approved: true,
        approved_at: new Date(),
        version: project.version + 1,
      });
      if (access.role === 'token') await this.notifyOwner(project);
    }
    return this.json(access);
  }

  private async notifyOwner(project: Project) {
    try {
      await this.mail.send({
        to: project.owner.email,
        template: 'approved',
        values: { customer_firm: project.customer_firm, project_name: project.project_name },
        link: `${this.config.appUrl}/projekte/${project.id}/ergebnisse`,
      });
    } catch (error) {
      this.logger.error(`Freigabe-Mail konnte nicht gesendet werden: ${(error as Error).message}`);
    }
  }

  /** PUT /projects/{id}/edit-token: a new share link; the old one stops working at once. */
  async regenerateToken(access: ProjectAccess) {
    if (access.project.is_archived) throw forbidden(t('errors.archived'));
    await updateProject(this.orm.em, access.project, {
      edit_token: newEditToken(),
      version: access.project.version + 1,
    });
    return this.json(access);
  }
}
