import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config.ts';
import { conflict, forbidden, invalid } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import {
  APP_CONFIG,
  DEFINITION,
  VALIDATOR,
  type Definition,
  type ValidatorFor,
} from '../definition/definition.providers.ts';
import { MailService } from '../mail/mail.service.ts';
import { ProjectAccessService, type ProjectAccess } from './project-access.service.ts';
import { type AnswerRow, type ItemRow, projectJson, projectSummaryJson } from './project-json.ts';
import { ProjectSchema, type Project } from './project.entity.ts';

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

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger('Projekte');

  constructor(
    private readonly orm: MikroORM,
    private readonly access: ProjectAccessService,
    private readonly mail: MailService,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(request: Request) {
    const user = this.access.verifiedUser(request);
    const projects = await this.orm.em.find(
      ProjectSchema,
      { owner: user.id },
      { orderBy: { created_at: 'desc' } },
    );
    return projects.map(projectSummaryJson);
  }

  async create(request: Request, body: unknown) {
    const user = this.access.verifiedUser(request);
    const result = this.validator('form:new-project')(objectBody(body));
    if (!result.valid) throw invalid(result.errors);
    const value = result.value as { project_name: string; customer_firm: string };
    const project = this.orm.em.create(ProjectSchema, {
      owner: user,
      project_name: value.project_name,
      customer_firm: value.customer_firm,
      edit_token: newEditToken(),
      definition_version: this.definition.version,
    });
    await this.orm.em.flush();
    return this.json({ project, role: 'owner' });
  }

  /** The full project with every answer, as its reader may see it. */
  async json({ project, role }: ProjectAccess) {
    // Plain rows, not entities: a project holds hundreds of answers, and the read path is the
    // busiest of the API (hydrating them as entities cost most of its time).
    const connection = this.orm.em.getConnection();
    const [answers, items] = await Promise.all([
      connection.execute<AnswerRow[]>(
        'select step_key, data, version from answer where project_id = ?',
        [project.id],
      ),
      connection.execute<ItemRow[]>(
        'select id, step_key, data, version from item where project_id = ? order by step_key, position',
        [project.id],
      ),
    ]);
    return projectJson(project, this.definition, answers, items, {
      includeToken: role === 'owner',
    });
  }

  async get(request: Request, id: string) {
    return this.json(await this.access.resolve(request, id, 'read'));
  }

  /**
   * PATCH /projects/{id}: merges the given settings into the project. While archived, only
   * reactivation is possible. A stale `version` is a 409.
   */
  async update(request: Request, id: string, body: unknown) {
    const access = await this.access.resolve(request, id, 'manage');
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
    const value = result.value as typeof merged;
    const approvedNow = value.is_approved && !project.is_approved;
    this.orm.em.assign(project, {
      ...value,
      approved_at: value.is_approved ? (approvedNow ? new Date() : project.approved_at) : null,
      version: project.version + 1,
    });
    await this.orm.em.flush();
    return this.json(access);
  }

  async remove(request: Request, id: string) {
    const { project } = await this.access.resolve(request, id, 'manage');
    await this.orm.em.nativeDelete(ProjectSchema, { id: project.id });
  }

  /** PUT /projects/{id}/approve. A customer's approval is mailed to the owner. */
  async approve(request: Request, id: string) {
    const access = await this.access.resolve(request, id, 'approve');
    const { project } = access;
    if (!project.is_approved) {
      this.orm.em.assign(project, {
        is_approved: true,
        approved_at: new Date(),
        version: project.version + 1,
      });
      await this.orm.em.flush();
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
  async regenerateToken(request: Request, id: string) {
    const access = await this.access.resolve(request, id, 'manage');
    if (access.project.is_archived) throw forbidden(t('errors.archived'));
    this.orm.em.assign(access.project, {
      edit_token: newEditToken(),
      version: access.project.version + 1,
    });
    await this.orm.em.flush();
    return this.json(access);
  }
}
