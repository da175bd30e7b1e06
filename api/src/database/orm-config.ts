import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';

/** Where the committed migrations live (TypeScript sources, compiled along with the app). */
export const migrationsPath = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * MikroORM options for a database URL with the given entities: this folder knows none of them, the
 * composition root passes the data model's (`api/src/data-model.ts`); running the migrations alone
 * needs none. The embedded database runs one transaction at a time, so its pool stays small
 * (docs/architecture.md#datenbank-mail-prozesse); `poolMax` (`DATABASE_POOL_MAX`) overrides the
 * size.
 */
export function databaseOptions(
  entities: Options['entities'] & unknown[],
  clientUrl: string,
  embedded: boolean,
  poolMax?: number,
): Options {
  return defineConfig({
    clientUrl,
    entities,
    discovery: { warnWhenNoEntities: entities.length > 0 },
    extensions: [Migrator],
    pool: { min: 0, max: poolMax ?? (embedded ? 4 : 10) },
    migrations: {
      path: migrationsPath,
      pathTs: migrationsPath,
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      snapshot: false,
      emit: 'ts',
    },
    allowGlobalContext: false,
    debug: false,
  });
}
