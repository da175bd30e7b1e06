import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

// The SQL of the migration log (`definition_migration_log`, docs/architecture.md#revisionen):
// rows are only ever added.

/** One answer document a migration map changed, with the data before and after. */
export interface MigrationLogEntry {
  projectId: string;
  fromRevision: string;
  toRevision: string;
  migrations: string;
  stepKey: string;
  itemId: string | undefined;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Records a change a migration map made; run it in the move's transaction. */
export async function logMigration(em: EntityManager, entry: MigrationLogEntry): Promise<void> {
  await em.execute(
    `insert into definition_migration_log
       (id, project_id, from_revision, to_revision, migrations, step_key, item_id, before, after,
        created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, now())`,
    [
      randomUUID(),
      entry.projectId,
      entry.fromRevision,
      entry.toRevision,
      entry.migrations,
      entry.stepKey,
      entry.itemId ?? null,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
    ],
  );
}
