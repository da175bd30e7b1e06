import type { EntityData, EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { ProjectSchema, type Project } from './project.entity.ts';

// The project row is written through MikroORM entities (it keeps `updated_at` and is no hot
// path); its answers and entries have their own repository of plain SQL (answers.repository.ts).

/** The project with its owner (who decides who may see it), or null. */
export function findProject(em: EntityManager, id: string): Promise<Project | null> {
  return em.findOne(ProjectSchema, { id }, { populate: ['owner'] });
}

/** The projects of an owner, newest first (the dashboard). */
export function projectsOf(em: EntityManager, ownerId: string): Promise<Project[]> {
  return em.find(ProjectSchema, { owner: ownerId }, { orderBy: { created_at: 'desc' } });
}

/** Stores a new project. */
export async function insertProject(
  em: EntityManager,
  fields: RequiredEntityData<Project>,
): Promise<Project> {
  const project = em.create(ProjectSchema, fields);
  await em.flush();
  return project;
}

/** Writes changes to a project in one statement; MikroORM keeps its `updated_at`. */
export async function updateProject(
  em: EntityManager,
  project: Project,
  changes: EntityData<Project>,
): Promise<void> {
  em.assign(project, changes);
  await em.flush();
}

/** Deletes a project; its answers and entries go with it (`on delete cascade`). */
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
): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update project set definition_revision_id = ?, definition_version = ?
      where definition_revision_id is null returning id`,
    [revision.id, revision.label],
  );
  return rows.length;
}

/**
 * The running projects (not approved) on another revision than `currentId`, locked until the
 * transaction of `em` ends. Approved projects stay on the revision they were approved on.
 */
export function projectsBehind(em: EntityManager, currentId: string): Promise<ProjectBehind[]> {
  return em.execute<ProjectBehind[]>(
    `select id, definition_revision_id as revision from project
      where not is_approved and definition_revision_id <> ?
      order by id for update`,
    [currentId],
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
