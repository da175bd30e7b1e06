import { MikroORM } from '@mikro-orm/postgresql';
import { prepareStatementsOn } from '../src/common/prepared-statement.ts';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { ormConfig } from '../src/data-model.ts';
import { createServerDatabase } from './test-server.ts';

/** A database of its own with the committed migrations, and the ORM on it. */
export interface TestDatabase {
  orm: MikroORM;
  close(): Promise<void>;
}

/**
 * A fresh database (embedded, or on the server of `TEST_DATABASE_URL`) for tests that call
 * services directly, without the HTTP server around them; with `migrateTo`, the migrations up to
 * that one only.
 */
export async function openTestDatabase(
  database: 'embedded' | 'server',
  options: { migrateTo?: string } = {},
): Promise<TestDatabase> {
  const server = database === 'server' ? await createServerDatabase() : undefined;
  const embedded = server
    ? undefined
    : await startEmbeddedPostgres({ maxConnections: 4, template: !options.migrateTo });
  const orm = await MikroORM.init({
    ...ormConfig(server?.url ?? embedded!.url, Boolean(embedded)),
    logger: () => {},
  });
  // As the server does (create-app.ts): prepared statements on a PostgreSQL server only.
  if (server) await prepareStatementsOn(orm);
  // `migrateTo`: only up to this migration, for a test of the migrations after it.
  await orm.migrator.up(options.migrateTo ? { to: options.migrateTo } : undefined);
  return {
    orm,
    async close() {
      await orm.close();
      await embedded?.stop();
      await server?.drop();
    },
  };
}
