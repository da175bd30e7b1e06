import type { ProjectSummary } from '../../lib/projects-api.ts';

/** The status label of docs/product.md#zustände: offen, abgeschlossen (approved), archiviert. */
export function projectStatus(
  project: Pick<ProjectSummary, 'is_approved' | 'is_archived'>,
): 'open' | 'approved' | 'archived' {
  if (project.is_archived) return 'archived';
  return project.is_approved ? 'approved' : 'open';
}
