import type { Options } from '@mikro-orm/postgresql';
import { databaseOptions } from './database/orm-config.ts';
import { entities as agency } from './agency/entities.ts';
import { entities as users } from './users/entities.ts';
import { entities as projects } from './projects/entities.ts';
import { entities as accounts } from './accounts/entities.ts';
import { entities as definition } from './definition/entities.ts';
import { entities as mail } from './mail/entities.ts';
import { entities as health } from './health/entities.ts';
import { entities as clientLoop } from './client-loop/entities.ts';

/**
 * Every entity of the data model (docs/architecture.md#datenmodell), gathered from the folders
 * that own them (each declares its own in its `entities.ts`). Only the composition root knows the
 * whole list: the database folder gets it passed, so it imports no domain.
 */
export const entities = [
  ...agency,
  ...users,
  ...projects,
  ...accounts,
  ...definition,
  ...mail,
  ...health,
  ...clientLoop,
];

/**
 * The MikroORM options of Fragewerk's data model for a database URL: the server
 * (`create-app.ts`), the migrations CLI (`create-migration.ts`), the tests and the tools
 * (`@fragewerk/api`). `poolMax` (`DATABASE_POOL_MAX`) overrides the pool's size.
 */
export function ormConfig(clientUrl: string, embedded: boolean, poolMax?: number): Options {
  return databaseOptions(entities, clientUrl, embedded, poolMax);
}
