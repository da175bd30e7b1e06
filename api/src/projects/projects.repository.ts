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
