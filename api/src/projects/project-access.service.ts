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

/**
 * What someone wants to do with a project:
 * - `read`: see it with its answers;
 * - `answer`: change the questionnaire;
 * - `approve`: approve the questionnaire;
 * - `manage`: settings, share link (the agency's members only);
 * - `results`: read the results view (the agency's members always; a share-link holder only while
 *   the agency has shared it, `is_niceview_enabled`).
 */
export type ProjectIntent = 'read' | 'answer' | 'approve' | 'manage' | 'results';

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
  role: 'member' | 'token';
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

/** A condition on the project row `p`, with its parameters, for a write that checks access itself. */
export interface ProjectCondition {
  sql: string;
  params: unknown[];
}

/**
 * The one place that decides who may do what with a project (docs/product.md#zustände,
 * docs/product.md#rollen-und-rechte): every verified member of the project's agency through the
 * session (owners and members alike: only the agency's own routes tell them apart), a customer
 * through the share token of exactly this project. Another agency's project is not found.
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

    const isMember = Boolean(project && user && project.agency.id === user.agency.id);
    if (isMember && !user!.verified_at) throw forbidden(t('errors.notVerified'));
    const holdsToken = Boolean(project && token && sameSecret(token, project.edit_token));

    if (!project || (!isMember && !holdsToken)) {
      if (!user && !token) throw unauthorized();
      if (user && !user.verified_at && !token) throw forbidden(t('errors.notVerified'));
      // A link the agency has renewed: say so and whom to ask, and nothing else of the project.
      if (project && token && (await this.isFormerToken(project.id, token)))
        throw gone(t('errors.linkRenewed'), contactOf(project));
      throw notFound(t('errors.projectNotFound'));
    }
    const role = isMember ? 'member' : 'token';
    // A customer learns whom to ask when the project is closed to them.
    const refused = (message: string) =>
      role === 'token' ? forbidden(message, contactOf(project)) : forbidden(message);

    if (intent === 'manage' && role !== 'member') throw forbidden();
    if (project.is_archived) {
      // The agency still reads an archived project (its settings page needs it); nobody edits it.
      if (role === 'token' || intent === 'answer' || intent === 'approve')
        throw refused(t('errors.archived'));
    }
    if (project.is_approved && role === 'token' && (intent === 'answer' || intent === 'approve')) {
      throw refused(t('errors.approved'));
    }
    // The results are the agency's work product: the customer sees them only once shared.
    if (intent === 'results' && role === 'token' && !project.is_niceview_enabled) {
      throw forbidden(t('errors.resultsNotShared'));
    }
    return { project, role, ...(isMember ? { memberId: user!.id } : {}) };
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
   * The rule of `resolve(caller, projectId, 'answer')` as a condition on the project row `p`, for
   * a project on the revision `revisionId`: not archived, and the caller is a verified member of
   * its agency or holds its share token while it is not approved. Undefined where the caller can not be let in
   * this way (no credentials, an unverified login, no id): `resolve` then says why.
   * The token is compared by the database on the row found by id, so its timing tells nothing
   * about other projects' tokens.
   */
  answerCondition(
    { caller: { user, editToken }, projectId }: AnswerClaim,
    revisionId: string,
  ): ProjectCondition | undefined {
    if (!isUuid(projectId) || (user && !user.verified_at)) return undefined;
    const callers: string[] = [];
    const params: unknown[] = [projectId, revisionId];
    if (user) {
      callers.push('p.agency_id = ?');
      params.push(user.agency.id);
    }
    if (editToken) {
      callers.push('(p.edit_token = ? and not p.is_approved)');
      params.push(editToken);
    }
    if (callers.length === 0) return undefined;
    return {
      sql: `p.id = ? and p.definition_revision_id = ? and not p.is_archived and (${callers.join(' or ')})`,
      params,
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
export function claimActor({ caller: { user }, projectId }: AnswerClaim): ActorSql {
  if (!user) return CUSTOMER_ACTOR;
  return {
    sql: '(select case when ap.agency_id = ?::uuid then ?::uuid end from project ap where ap.id = ?::uuid)',
    params: [user.agency.id, user.id, projectId],
  };
}

/** Whom a customer of `project` asks: its responsible member, else its agency. */
const contactOf = (project: ProjectRecord) =>
  agencyContact(project.responsible, project.agency.name);

/** How a former share token is stored: its SHA-256 hash, like the one-time tokens of mails. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
