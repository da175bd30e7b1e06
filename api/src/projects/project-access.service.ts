import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { forbidden, notFound, unauthorized } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { isUuid, sameSecret } from '../common/secrets.ts';
import type { User } from '../users/user.entity.ts';
import type { Project } from './project.entity.ts';
import { findProject } from './projects.repository.ts';

/**
 * What someone wants to do with a project:
 * - `read`: see it with its answers;
 * - `answer`: change the questionnaire;
 * - `approve`: approve the questionnaire;
 * - `manage`: settings, share link (owner only);
 */
export type ProjectIntent = 'read' | 'answer' | 'approve' | 'manage';

/** Who makes a request: the logged-in user and the share token sent along, either may be absent. */
export interface Caller {
  user: User | undefined;
  editToken: string | undefined;
}

/**
 * The access context the project and questionnaire services work with: the project, and whether
 * its owner or a holder of its share token acts on it.
 */
export interface ProjectAccess {
  project: Project;
  role: 'owner' | 'token';
}

/**
 * The one place that decides who may do what with a project (docs/product.md#zustände,
 * docs/product.md#rollen-und-rechte): the verified owner through the session, a customer through
 * the share token of exactly this project.
 */
@Injectable()
export class ProjectAccessService {
  constructor(private readonly orm: MikroORM) {}

  /** The caller's access to the project for `intent`, or the 401/403/404 that answers it. */
  async resolve(
    { user, editToken: token }: Caller,
    projectId: string,
    intent: ProjectIntent,
  ): Promise<ProjectAccess> {
    const project = isUuid(projectId) ? await findProject(this.orm.em, projectId) : null;

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
}
