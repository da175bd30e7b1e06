import { createContext, useContext } from 'react';
import type { Project } from '../../lib/projects-api.ts';

/**
 * The project a route works on, and what the visitor may do with it ("Editable" in
 * docs/product.md#zustände).
 */
export interface ProjectScope {
  project: Project;
  /** Logged in (the owner); otherwise a customer with the share link. */
  isOwner: boolean;
  editable: boolean;
}

export const ProjectScopeContext = createContext<ProjectScope | null>(null);

/** The project of the surrounding project container. */
export function useProjectScope(): ProjectScope {
  const scope = useContext(ProjectScopeContext);
  if (!scope) throw new Error('useProjectScope außerhalb eines Projekts');
  return scope;
}

/**
 * docs/product.md#zustände: editable only when not archived and, once approved, only for a
 * logged-in user.
 */
export function isEditable(
  project: Pick<Project, 'is_archived' | 'is_approved'>,
  isOwner: boolean,
): boolean {
  return !project.is_archived && (!project.is_approved || isOwner);
}
