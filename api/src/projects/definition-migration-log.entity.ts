import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from './project.entity.ts';

/**
 * One stored answer document a migration map changed when its project moved to a newer revision
 * (docs/architecture.md#revisionen): the data before and after, for tracing. The rows hold
 * customers' answers, so they go with their project (`on delete cascade`): a deleted project
 * leaves no copy here.
 */
export const DefinitionMigrationLogSchema = defineEntity({
  name: 'DefinitionMigrationLog',
  tableName: 'definition_migration_log',
  indexes: [{ properties: ['project'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    from_revision: p.string().length(64),
    to_revision: p.string().length(64),
    /** The versions of the maps that ran (`2,3`). */
    migrations: p.string().length(200),
    step_key: p.string().length(100),
    /** The entry's id for a list step; null for a form step's answers. */
    item_id: p.uuid().nullable(),
    before: p.json<Record<string, unknown>>(),
    after: p.json<Record<string, unknown>>(),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});

export type DefinitionMigrationLog = InferEntity<typeof DefinitionMigrationLogSchema>;
