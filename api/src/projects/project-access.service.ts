import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { forbidden, gone, notFound, unauthorized } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { isUuid, sameSecret } from '../common/secrets.ts';
import { agencyContact } from '../users/agency-contact.ts';
import type { UserRow } from '../users/user-row.ts';
import { findProject, type ProjectRecord } from './projects.repository.ts';
import { CUSTOMER_ACTOR, memberActor, type Actor, type ActorSql } from './activity.repository.ts';
import {
  decideProjectAccess,
  memberSql,
  projectAccessSql,
  projectRoleOf,
  type AccessCaller,
  type AccessProject,
  type ProjectCondition,
  type ProjectIntent,
  type ProjectRefusal,
  type ProjectRole,
} from './project-access-rule.ts';

export type { ProjectIntent, ProjectCondition } from './project-access-rule.ts';

/** Who makes a request: the logged-in user and the share token sent along, either may be absent. */
export interface Caller {
  user: UserRow | undefined;
  editToken: string | undefined;
}

/**
 * The access context the project and questionnaire services work with: the project, and whether
 * a member of its agency or a holder of its share token acts on it.
 */
export interface ProjectAccess {
  project: ProjectRecord;
  role: ProjectRole;
  /** The member's user id where `role` is `member`: who acts, for the project's history. */
  memberId?: string;
}

/**
 * A caller's claim to answer the project `projectId`, not yet checked against the database: the
 * autosaves check it in their write statement (`answerCondition`) instead of reading the project
 * first, and go the long way (`resolve`) when that write finds nothing.
 */
export interface AnswerClaim {
  caller: Caller;
  projectId: string;
}

/**
 * Applies the one project access rule (`project-access-rule.ts`) for every project route: every
 * verified member of the project's agency through the session (owners and members alike: only the
 * agency's own routes tell them apart), a customer through the share token of exactly this
 * project. Another agency's project is not found. `resolve` decides on the row it reads;
 * `answerCondition` hands the same rule as SQL to a write that checks access itself.
 */
@Injectable()
export class ProjectAccessService {
  constructor(private readonly orm: MikroORM) {}

  /**
   * The caller's access to the project for `intent`, or the 401/403/404/410 that answers it: the
   * role and the decision come from the rule (`project-access-rule.ts`), the reasons from here.
   */
  async resolve(caller: Caller, projectId: string, intent: ProjectIntent): Promise<ProjectAccess> {
    const { user, editToken: token } = caller;
    const project = isUuid(projectId) ? await findProject(this.orm.em, projectId) : null;
    const role = project
      ? projectRoleOf(accessCaller(caller), accessProject(project), sameSecret)
      : undefined;
    if (role === 'unverified') throw forbidden(t('errors.notVerified'));

    if (!project || !role) {
      if (!user && !token) throw unauthorized();
      if (user && !user.verified_at && !token) throw forbidden(t('errors.notVerified'));
      // A link the agency has renewed: say so and whom to ask, and nothing else of the project.
      if (project && token && (await this.isFormerToken(project.id, token)))
        throw gone(t('errors.linkRenewed'), contactOf(project));
      throw notFound(t('errors.projectNotFound'));
    }
    const refusal = decideProjectAccess(role, project, intent);
    if (refusal) throw refusalError(refusal, role, project);
    return { project, role, ...(role === 'member' ? { memberId: user!.id } : {}) };
  }

  /**
   * Whether `token` was once the share token of the project `projectId` (the agency has renewed
   * the link since). Looked up by the hash's primary key together with the project id: the token
   * alone, or a hash of another project, finds nothing, and a guess needs a 256-bit token as
   * before.
   */
  private async isFormerToken(projectId: string, token: string): Promise<boolean> {
    const rows = await this.orm.em.execute<{ found: number }[]>(
      'select 1 as found from project_former_token where token_hash = ? and project_id = ?',
      [tokenHash(token), projectId],
    );
    return rows.length > 0;
  }

  /**
   * The rule for `answer` (`projectAccessSql`) as a condition on the project row `p`, for a
   * project on the revision `revisionId`: what `resolve(caller, projectId, 'answer')` allows.
   * Undefined where the caller can not be let in this way (no credentials, no id): `resolve` then
   * says why.
   */
  answerCondition(
    { caller, projectId }: AnswerClaim,
    revisionId: string,
  ): ProjectCondition | undefined {
    if (!isUuid(projectId) || (!caller.user && !caller.editToken)) return undefined;
    const access = projectAccessSql(accessCaller(caller), 'answer');
    return {
      sql: `p.id = ? and p.definition_revision_id = ? and ${access.sql}`,
      params: [projectId, revisionId, ...access.params],
    };
  }
}

/** Who acts with `access`, for the project's history: the member, else the customer. */
export function activityActorOf(access: ProjectAccess): Actor {
  return access.role === 'member' && access.memberId
    ? { kind: 'member', userId: access.memberId }
    : { kind: 'customer' };
}

/** {@link activityActorOf} as the SQL expression a save's own statement logs it with. */
export function actorOf(access: ProjectAccess): ActorSql {
  const actor = activityActorOf(access);
  return actor.kind === 'member' ? memberActor(actor.userId) : CUSTOMER_ACTOR;
}

/**
 * Who acts with an answer claim that was not read first (the one-statement autosave): the session
 * user where the project is their agency's, else the share-link holder – decided by the database
 * in the write's own statement, like its access (`answerCondition`).
 */
export function claimActor({ caller, projectId }: AnswerClaim): ActorSql {
  if (!caller.user?.verified_at) return CUSTOMER_ACTOR;
  const member = memberSql(accessCaller(caller), 'ap');
  return {
    sql: `(select case when ${member.sql} then ?::uuid end from project ap where ap.id = ?::uuid)`,
    params: [...member.params, caller.user.id, projectId],
  };
}

/** The caller as the rule sees them. */
const accessCaller = ({ user, editToken }: Caller): AccessCaller => ({
  ...(user ? { user: { agencyId: user.agency.id, verified: Boolean(user.verified_at) } } : {}),
  ...(editToken !== undefined ? { editToken } : {}),
});

/** The project row as the rule sees it. */
const accessProject = (project: ProjectRecord): AccessProject => ({
  agencyId: project.agency.id,
  editToken: project.edit_token,
  is_archived: project.is_archived,
  is_approved: project.is_approved,
  is_niceview_enabled: project.is_niceview_enabled,
});

/** The answer to a refusal of the rule: a customer learns whom to ask when the project is closed to them. */
function refusalError(refusal: ProjectRefusal, role: ProjectRole, project: ProjectRecord) {
  if (refusal === 'forbidden') return forbidden();
  if (refusal === 'resultsNotShared') return forbidden(t('errors.resultsNotShared'));
  const message = t(refusal === 'archived' ? 'errors.archived' : 'errors.approved');
  return role === 'token' ? forbidden(message, contactOf(project)) : forbidden(message);
}

/** Whom a customer of `project` asks: its responsible member, else its agency. */
const contactOf = (project: ProjectRecord) =>
  agencyContact(project.responsible, project.agency.name);

/** How a former share token is stored: its SHA-256 hash, like the one-time tokens of mails. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
