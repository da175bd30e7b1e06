import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { forbidden, notFound, unauthorized } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { isUuid, sameSecret } from '../common/secrets.ts';
import { requestEditToken, requestUser } from '../auth/request-user.ts';
import { ProjectSchema, type Project } from './project.entity.ts';

/**
 * What someone wants to do with a project:
 * - `read`: see it with its answers;
 * - `answer`: change the questionnaire;
 * - `approve`: approve the questionnaire;
 * - `manage`: settings, share link (owner only);
 */
export type ProjectIntent = 'read' | 'answer' | 'approve' | 'manage';

/** How the request may act on the project. */
export interface ProjectAccess {
  project: Project;
  role: 'owner' | 'token';
}

/**
 * The one place that decides who may do what with a project (SPEC §4, §6): the verified owner
 * through the session, a customer through the share token of exactly this project.
 */
@Injectable()
export class ProjectAccessService {
  constructor(private readonly orm: MikroORM) {}

  async resolve(
    request: Request,
    projectId: string,
    intent: ProjectIntent,
  ): Promise<ProjectAccess> {
    const user = requestUser(request);
    const token = requestEditToken(request);
    const project = isUuid(projectId)
      ? await this.orm.em.findOne(ProjectSchema, { id: projectId }, { populate: ['owner'] })
      : null;

    const isOwner = Boolean(project && user && project.owner.id === user.id);
    if (isOwner && !user!.verified_at) throw forbidden(t('errors.notVerified'));
    const holdsToken = Boolean(project && token && sameSecret(token, project.edit_token));

    if (!project || (!isOwner && !holdsToken)) {
      if (!user && !token) throw unauthorized();
      if (user && !user.verified_at && !token) throw forbidden(t('errors.notVerified'));
      throw notFound(t('errors.projectNotFound'));
    }
    const role = isOwner ? 'owner' : 'token';

    if (intent === 'manage' && role !== 'owner') throw forbidden();
    if (project.is_archived) {
      // The owner still reads an archived project (its settings page needs it); nobody edits it.
      if (role === 'token' || intent === 'answer' || intent === 'approve')
        throw forbidden(t('errors.archived'));
    }
    if (project.is_approved && role === 'token' && (intent === 'answer' || intent === 'approve')) {
      throw forbidden(t('errors.approved'));
    }
    return { project, role };
  }

  /** For routes without a project: the verified user, or 401/403. */
  verifiedUser(request: Request) {
    const user = requestUser(request);
    if (!user) throw unauthorized();
    if (!user.verified_at) throw forbidden(t('errors.notVerified'));
    return user;
  }
}
