/**
 * The one rule of who may do what with a project (docs/product.md#rollen-und-rechte,
 * docs/product.md#zustände), written down once as data. Both executors are derived from it:
 * `decideProjectAccess` decides in TypeScript on a project row read first (every project route,
 * through `ProjectAccessService.resolve`), and `projectAccessSql` renders the same rule as a
 * condition on the project row that a write embeds to check access in its own statement (the
 * one-statement autosave). `project-access-rule.test.ts` runs both on every combination of
 * caller, project state and intent and requires them to agree.
 */

/**
 * What someone wants to do with a project:
 * - `read`: see it with its answers;
 * - `answer`: change the questionnaire;
 * - `approve`: approve the questionnaire;
 * - `manage`: read and change its settings, share link and history, also while it is archived
 *   (the agency's members only: its settings page, reactivating, deleting);
 * - `change`: change what belongs to a project that is still worked on – customer contacts,
 *   invitations, reminders, Rückfragen, „geprüft“ marks, a new share link (the agency's members
 *   only, not on an archived project);
 * - `results`: read the results view (the agency's members always; a share-link holder only while
 *   the agency has shared it, `is_niceview_enabled`).
 */
export type ProjectIntent = 'read' | 'answer' | 'approve' | 'manage' | 'change' | 'results';

export const PROJECT_INTENTS: readonly ProjectIntent[] = [
  'read',
  'answer',
  'approve',
  'manage',
  'change',
  'results',
];

/** How a caller relates to a project: a member of its agency, or the holder of its share token. */
export type ProjectRole = 'member' | 'token';

/** Why the rule refuses a caller who has a role on the project. */
export type ProjectRefusal = 'forbidden' | 'archived' | 'approved' | 'resultsNotShared';

/** The state columns of the project row the rule asks about. */
type StateColumn = 'is_archived' | 'is_approved' | 'is_niceview_enabled';

/** A state the project must be in, and the refusal when it is not. */
interface Requirement {
  column: StateColumn;
  is: boolean;
  refusal: ProjectRefusal;
}

const NOT_ARCHIVED: Requirement = { column: 'is_archived', is: false, refusal: 'archived' };
const NOT_APPROVED: Requirement = { column: 'is_approved', is: false, refusal: 'approved' };
const RESULTS_SHARED: Requirement = {
  column: 'is_niceview_enabled',
  is: true,
  refusal: 'resultsNotShared',
};
/** Never, whatever the state: refused with a plain 403. */
const NEVER = 'never';

/**
 * The rule: per role and intent, the states the project must be in, checked in this order (the
 * first one missing is the refusal). The agency still reads and manages an archived project (its
 * settings page needs it); nobody edits it. A customer's link ends with the archiving, their
 * editing with the approval, and they see the results only once the agency shared them.
 */
export const PROJECT_ACCESS_RULE: Record<
  ProjectRole,
  Record<ProjectIntent, readonly Requirement[] | typeof NEVER>
> = {
  member: {
    read: [],
    manage: [],
    results: [],
    change: [NOT_ARCHIVED],
    answer: [NOT_ARCHIVED],
    approve: [NOT_ARCHIVED],
  },
  token: {
    read: [NOT_ARCHIVED],
    manage: NEVER,
    change: NEVER,
    results: [NOT_ARCHIVED, RESULTS_SHARED],
    answer: [NOT_ARCHIVED, NOT_APPROVED],
    approve: [NOT_ARCHIVED, NOT_APPROVED],
  },
};

/** The caller as the rule sees them: their agency (if logged in) and the share token sent along. */
export interface AccessCaller {
  /** The logged-in user's agency and whether they confirmed their address; absent without login. */
  user?: { agencyId: string; verified: boolean };
  editToken?: string;
}

/** The columns of the project row the rule reads. */
export interface AccessProject {
  agencyId: string;
  editToken: string;
  is_archived: boolean;
  is_approved: boolean;
  is_niceview_enabled: boolean;
}

/**
 * The caller's role on the project: `member` for a logged-in user of its agency, else `token`
 * for the holder of its share token; `unverified` for a member whose address is not confirmed
 * (they are refused even with the token); undefined for anybody else. `sameToken` compares the
 * token (in constant time where the caller needs that).
 */
export function projectRoleOf(
  caller: AccessCaller,
  project: AccessProject,
  sameToken: (sent: string, stored: string) => boolean = (sent, stored) => sent === stored,
): ProjectRole | 'unverified' | undefined {
  if (caller.user && caller.user.agencyId === project.agencyId)
    return caller.user.verified ? 'member' : 'unverified';
  if (caller.editToken !== undefined && sameToken(caller.editToken, project.editToken))
    return 'token';
  return undefined;
}

/** The refusal the rule gives `role` for `intent` on the project, or undefined: allowed. */
export function decideProjectAccess(
  role: ProjectRole,
  project: Pick<AccessProject, StateColumn>,
  intent: ProjectIntent,
): ProjectRefusal | undefined {
  const requirements = PROJECT_ACCESS_RULE[role][intent];
  if (requirements === NEVER) return 'forbidden';
  return requirements.find((requirement) => project[requirement.column] !== requirement.is)
    ?.refusal;
}

/** A condition on a project row, with its parameters (`?` placeholders, in order). */
export interface ProjectCondition {
  sql: string;
  params: unknown[];
}

/** The columns of the project row in SQL, on the row alias `p`. */
const column = (p: string) => ({
  agencyId: `${p}.agency_id`,
  editToken: `${p}.edit_token`,
});

/**
 * The caller is a verified member of the project row `p`'s agency, as SQL – the `member` role of
 * `projectRoleOf`. Where the caller is no such member, `false`.
 */
export function memberSql(caller: AccessCaller, p = 'p'): ProjectCondition {
  if (!caller.user?.verified) return { sql: 'false', params: [] };
  return { sql: `${column(p).agencyId} = ?::uuid`, params: [caller.user.agencyId] };
}

/** The role's requirements for `intent` as SQL on `p`; `false` where the rule says never. */
function requirementsSql(role: ProjectRole, intent: ProjectIntent, p: string): string[] {
  const requirements = PROJECT_ACCESS_RULE[role][intent];
  if (requirements === NEVER) return ['false'];
  return requirements.map((r) => (r.is ? `${p}.${r.column}` : `not ${p}.${r.column}`));
}

/**
 * `projectRoleOf` and `decideProjectAccess` for `intent` as one condition on the project row
 * `p`: true exactly where the caller's role on that row is allowed `intent`. The token is
 * compared by the database on the row the statement found (by its id), so its timing tells
 * nothing about other projects' tokens.
 */
export function projectAccessSql(
  caller: AccessCaller,
  intent: ProjectIntent,
  p = 'p',
): ProjectCondition {
  const branches: string[] = [];
  const params: unknown[] = [];
  const member = memberSql(caller, p);
  if (caller.user?.verified) {
    branches.push([member.sql, ...requirementsSql('member', intent, p)].join(' and '));
    params.push(...member.params);
  }
  if (caller.editToken !== undefined) {
    // A member (verified or not) acts as a member, never as a token holder.
    const notMember = caller.user ? [`${column(p).agencyId} is distinct from ?::uuid`] : [];
    branches.push(
      [...notMember, `${column(p).editToken} = ?`, ...requirementsSql('token', intent, p)].join(
        ' and ',
      ),
    );
    if (caller.user) params.push(caller.user.agencyId);
    params.push(caller.editToken);
  }
  if (branches.length === 0) return { sql: 'false', params: [] };
  return { sql: `(${branches.map((branch) => `(${branch})`).join(' or ')})`, params };
}
