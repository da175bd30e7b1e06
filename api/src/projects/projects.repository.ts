import { type EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import { dateColumnText } from '../common/date-column.ts';
import { executePrepared, plainRow, selectList } from '../common/prepared-statement.ts';
import type { ProjectSummaryFields } from './project-json.ts';
import {
  agencyBrandingColumns,
  agencyBrandingOf,
  type AgencyBranding,
} from '../agency/agency-json.ts';
import { userRowColumns, userRowOf, type UserRow } from '../users/user-row.ts';
import { ProjectSchema, type Project } from './project.entity.ts';
import type { StepReviewJson } from '@fragewerk/schemas/types';

// The project row is created through MikroORM's entity (its defaults and timestamps) and read
// and changed as a plain row; its answers and entries have their own repository of plain SQL
// (answers.repository.ts).

/**
 * A project as a plain row with its agency's branding and its responsible member, as every
 * project request reads it (no entity: see `UserRow`). The revision it is on comes as `{ id }`,
 * like an entity's reference.
 */
export type ProjectRecord = Omit<Project, 'agency' | 'responsible' | 'definition_revision'> & {
  agency: AgencyBranding;
  responsible: UserRow;
  definition_revision: { id: string } | null;
  /** The steps a member marked „geprüft“ (docs/product.md#geprüft), read with the row. */
  reviews: StepReviewJson[];
};

/** What a settings change, an approval or a new share link writes to a project row. */
export type ProjectChanges = Partial<
  Pick<
    Project,
    | 'project_name'
    | 'customer_firm'
    | 'is_niceview_enabled'
    | 'is_approved'
    | 'approved_at'
    | 'is_archived'
    | 'edit_token'
    | 'definition_version'
    | 'version'
    | 'hidden_steps'
    | 'due_date'
    | 'reminders_enabled'
  >
> & { definition_revision?: string; responsible?: string };

/**
 * The project with its agency (whose members may see it, and whose brand its customer sees) and
 * its responsible member (the customer's contact person), or null, in one statement: their
 * columns come as `agency__<column>` and `responsible__<column>`.
 */
export async function findProject(em: EntityManager, id: string): Promise<ProjectRecord | null> {
  const [row] = await executePrepared<Record<string, unknown>>(
    em,
    `select ${selectList(em, ProjectSchema, 'p')},
            ${agencyBrandingColumns('a', 'l', AGENCY_PREFIX)},
            ${userRowColumns(em, 'u', RESPONSIBLE_PREFIX)},
            (${REVIEWS_OF_P}) as reviews
       from project p
       join agency a on a.id = p.agency_id
       left join agency_logo l on l.agency_id = a.id
       join app_user u on u.id = p.responsible_id
      where p.id = ?`,
    [id],
  );
  if (!row) return null;
  return {
    ...plainRow<ProjectRecord>(em, ProjectSchema, row),
    due_date: dateColumnText(row.due_date),
    agency: agencyBrandingOf(row, AGENCY_PREFIX),
    responsible: userRowOf(em, row, RESPONSIBLE_PREFIX),
    reviews: row.reviews as StepReviewJson[],
  };
}

/**
 * The reviews of the project `p` as JSON, oldest first, with the reviewing member's name (their
 * contact name, else their address; null once their account is gone).
 */
export const REVIEWS_OF_P = `select coalesce(json_agg(json_build_object(
           'step', r.step_key,
           'reviewed_at', to_json(r.reviewed_at) #>> '{}',
           'reviewed_by', case when ru.id is null then null
                          else json_build_object('name', coalesce(nullif(ru.contact_name, ''), ru.email)) end)
         order by r.reviewed_at), '[]'::json)
    from step_review r left join app_user ru on ru.id = r.reviewed_by_id
   where r.project_id = p.id`;

const AGENCY_PREFIX = 'agency__';
const RESPONSIBLE_PREFIX = 'responsible__';

/**
 * A project of the dashboard list: its fields, its revision, and its overall figure from the
 * cache where that is still valid (else `complete` and `total` are null).
 */
export interface ProjectListRow extends ProjectSummaryFields {
  responsible_id: string;
  definition_revision_id: string | null;
  complete: number | null;
  total: number | null;
  /** How many of its shown steps a member has marked „geprüft“. */
  reviewed: number;
  due_date: string | null;
}

/**
 * The projects of an agency, newest first (the dashboard), in one statement with their cached
 * overall figure: a cache entry counts only while the project row is still the version it was
 * computed for (`xmin`, changed by every answer write, settings change and revision move) and the
 * rule is `rule` (docs/architecture.md#vollständigkeit).
 */
export async function projectList(
  em: EntityManager,
  agencyId: string,
  rule: number,
): Promise<ProjectListRow[]> {
  // Plain rows carry timestamps as text: ISO 8601 from to_json, which Date reads in every zone.
  const rows = await em.execute<(ProjectListRow & { created_at: string; updated_at: string })[]>(
    `select p.id, p.questionnaire, p.customer_firm, p.project_name, p.is_approved, p.is_archived,
            p.is_niceview_enabled, p.responsible_id, p.version, to_json(p.created_at) #>> '{}' as created_at,
            to_json(p.updated_at) #>> '{}' as updated_at, p.definition_revision_id,
            p.due_date::text as due_date, pp.complete, pp.total,
            (select count(*)::int from step_review r
              where r.project_id = p.id and not jsonb_exists(p.hidden_steps, r.step_key)) as reviewed
       from project p
       left join project_progress pp
         on pp.project_id = p.id and pp.project_xmin = p.xmin::text and pp.rule = ?
      where p.agency_id = ?
      order by p.created_at desc`,
    [rule, agencyId],
  );
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
  }));
}

/** An overall figure for the cache, computed for the project row version `project_xmin`. */
export interface StoredProgress {
  project_id: string;
  project_xmin: string;
  complete: number;
  total: number;
}

/**
 * Stores overall figures in the list's cache, in one statement. An entry written for a row version
 * that changed meanwhile is harmless: it never matches, and the next list computes it again.
 */
export async function storeProgress(
  em: EntityManager,
  figures: StoredProgress[],
  rule: number,
): Promise<void> {
  if (figures.length === 0) return;
  await em.execute(
    `insert into project_progress (project_id, project_xmin, rule, complete, total)
     select v.project_id, v.project_xmin, ?, v.complete, v.total
       from jsonb_to_recordset(?::jsonb)
         as v(project_id uuid, project_xmin text, complete int, total int)
      where exists (select 1 from project where id = v.project_id)
     on conflict (project_id) do update
        set project_xmin = excluded.project_xmin, rule = excluded.rule,
            complete = excluded.complete, total = excluded.total`,
    [rule, JSON.stringify(figures)],
  );
}

/**
 * Locks the project's row until the transaction of `em` ends: counts against a project's limits
 * stay exact under parallel requests.
 */
export async function lockProject(em: EntityManager, projectId: string): Promise<void> {
  await em.execute('select id from project where id = ? for update', [projectId]);
}

/** Stores a new project; returns its id. */
export async function insertProject(
  em: EntityManager,
  fields: RequiredEntityData<Project>,
): Promise<string> {
  const project = em.create(ProjectSchema, fields);
  await em.flush();
  return project.id;
}

/**
 * Writes changes to a project in one statement, with its `updated_at`, and applies them to the
 * row read before (`project`), which the answer then shows.
 */
export async function updateProject(
  em: EntityManager,
  project: ProjectRecord,
  { definition_revision: revision, responsible, ...changes }: ProjectChanges,
): Promise<void> {
  const updated_at = new Date();
  await em.nativeUpdate(
    ProjectSchema,
    { id: project.id },
    {
      ...changes,
      ...(revision ? { definition_revision: revision } : {}),
      ...(responsible ? { responsible } : {}),
      updated_at,
    },
  );
  Object.assign(project, changes, { updated_at });
  if (revision) project.definition_revision = { id: revision };
}

/**
 * Keeps the hash of a share token the owner replaces (`project_former_token`), so a visit with the
 * old link can be told it is no longer valid.
 */
export async function rememberFormerToken(
  em: EntityManager,
  projectId: string,
  hash: string,
): Promise<void> {
  await em.execute(
    `insert into project_former_token (token_hash, project_id, replaced_at)
     values (?, ?, now()) on conflict (token_hash) do nothing`,
    [hash, projectId],
  );
}

/**
 * Deletes a project; its answers, entries and former share tokens go with it (`on delete
 * cascade`).
 */
export async function deleteProject(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(ProjectSchema, { id });
}

/** A project that is not on the current revision, and the revision it is on. */
export interface ProjectBehind {
  id: string;
  revision: string;
}

/**
 * Gives every project without a revision the current one (the projects from before revisions
 * existed, or from a tool that writes rows directly); returns how many.
 */
export async function assignMissingRevision(
  em: EntityManager,
  revision: { id: string; label: number },
  questionnaire: string,
): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update project set definition_revision_id = ?, definition_version = ?
      where definition_revision_id is null and questionnaire = ? returning id`,
    [revision.id, revision.label, questionnaire],
  );
  return rows.length;
}

/**
 * The running projects (not approved) of `questionnaire` on another revision than `currentId`,
 * locked until the transaction of `em` ends. Approved projects stay on the revision they were
 * approved on; another questionnaire's projects are none of this revision's business.
 */
export function projectsBehind(
  em: EntityManager,
  currentId: string,
  questionnaire: string,
): Promise<ProjectBehind[]> {
  return em.execute<ProjectBehind[]>(
    `select id, definition_revision_id as revision from project
      where not is_approved and definition_revision_id <> ? and questionnaire = ?
      order by id for update`,
    [currentId, questionnaire],
  );
}

/** Points the given projects at a revision (their answers were moved before, where needed). */
export async function setRevision(
  em: EntityManager,
  ids: string[],
  revision: { id: string; label: number },
): Promise<void> {
  if (ids.length === 0) return;
  await em.execute(
    `update project set definition_revision_id = ?, definition_version = ?
      where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
    [revision.id, revision.label, JSON.stringify(ids)],
  );
}
