/**
 * `npm run migration:create -w api`: starts an empty embedded database, applies the committed
 * migrations and writes a new migration for whatever the entities changed. With `--check` it
 * writes nothing and fails when the entities and the migrations disagree.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './data-model.ts';
import { startEmbeddedPostgres } from './database/embedded-postgres.ts';

const check = process.argv.includes('--check');
const embedded = await startEmbeddedPostgres({ maxConnections: 4 });
const orm = await MikroORM.init(ormConfig(embedded.url, true));
try {
  await orm.migrator.up();
  if (check) {
    const changed = await orm.migrator.checkSchema();
    if (changed) {
      console.error(
        'Die Entities weichen von den Migrationen ab. Bitte `npm run migration:create -w api` ausführen.',
      );
      process.exitCode = 1;
    } else {
      console.log('Migrationen aktuell.');
    }
  } else {
    const result = await orm.migrator.create();
    console.log(
      result.diff.up.length === 0 ? 'Migrationen aktuell.' : `Neue Migration: ${result.fileName}`,
    );
  }
} finally {
  await orm.close();
  await embedded.stop();
}
