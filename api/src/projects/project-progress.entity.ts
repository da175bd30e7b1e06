import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from './project.entity.ts';

/**
 * The dashboard's cache of a project's overall figure (docs/architecture.md#vollständigkeit):
 * `complete` of `total` steps, as computed for the project row version `project_xmin` (the row's
 * PostgreSQL `xmin`, which every answer write changes by touching the project) with the rule
 * version `rule`. An entry whose version no longer matches is simply stale: the list computes it
 * anew and writes it back. Written only by the list; nobody reads it as the truth.
 */
export const ProjectProgressSchema = defineEntity({
  name: 'ProjectProgress',
  tableName: 'project_progress',
  properties: {
    project: () => p.oneToOne(ProjectSchema).primary().deleteRule('cascade'),
    project_xmin: p.string().length(20),
    rule: p.integer(),
    complete: p.integer(),
    total: p.integer(),
  },
});

export type ProjectProgress = InferEntity<typeof ProjectProgressSchema>;
