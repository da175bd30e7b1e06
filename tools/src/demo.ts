/**
 * `npm run demo`: a verified demo account with a large, fully answered project on whatever
 * database is configured (DATABASE_URL, else the embedded one in DATA_DIR — stop `npm start`
 * first, the embedded database serves one process; while a server holds it, this refuses with
 * the server's pid and exit code 1). Prints how to log in.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createValidator, type Definition } from '@fragewerk/engine/core';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  AgencySchema,
  ADVISORY_LOCKS,
  AnswerSchema,
  DataFolderInUseError,
  hashPassword,
  ItemSchema,
  ormConfig,
  ProjectSchema,
  startEmbeddedPostgres,
  UserSchema,
  withAdvisoryLock,
  type EmbeddedPostgres,
} from '@fragewerk/api';
import { demoAnswers } from './demo-answers.ts';

export const DEMO_EMAIL = 'demo@fragewerk.de';
export const DEMO_PASSWORD = 'demo-passwort';

/** Creates (or reuses) the demo account and adds a filled project; returns its id. */
export async function createDemoProject(orm: MikroORM, definition: Definition): Promise<string> {
  const em = orm.em.fork();
  let user = await em.findOne(UserSchema, { email: DEMO_EMAIL });
  if (!user) {
    user = em.create(UserSchema, {
      agency: em.create(AgencySchema, { name: 'Agentur Nordlicht' }),
      company: 'Agentur Nordlicht',
      email: DEMO_EMAIL,
      password_hash: await hashPassword(DEMO_PASSWORD),
      contact_name: 'Jana Kühn',
      contact_email: 'jana.kuehn@nordlicht.example',
      verified_at: new Date(),
      show_welcome_box: false,
    });
  }
  const project = em.create(ProjectSchema, {
    agency: user.agency,
    responsible: user,
    customer_firm: 'Tischlerei Berger GmbH',
    project_name: 'Website-Relaunch 2027',
    edit_token: randomBytes(32).toString('base64url'),
    definition_version: definition.version,
    is_niceview_enabled: true,
  });
  const validate = createValidator(definition);
  const answers = demoAnswers(definition);
  for (const step of definition.steps) {
    const key = step.meta.key;
    if (step.meta.kind === 'list') {
      (answers.lists[key] ?? []).forEach((data, position) => {
        const result = validate(`step:${key}`)(data);
        if (!result.valid)
          throw new Error(`Demo-Eintrag ${key} ungültig: ${JSON.stringify(result.errors)}`);
        em.create(ItemSchema, {
          project,
          step_key: key,
          position,
          data: result.value as Record<string, unknown>,
        });
      });
    } else if (answers.forms[key]) {
      const result = validate(`step:${key}`)(answers.forms[key]);
      if (!result.valid)
        throw new Error(`Demo-Antworten ${key} ungültig: ${JSON.stringify(result.errors)}`);
      em.create(AnswerSchema, {
        project,
        step_key: key,
        data: result.value as Record<string, unknown>,
      });
    }
  }
  await em.flush();
  return project.id;
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  const url =
    process.env.DATABASE_URL ||
    (embedded = await startEmbeddedPostgres({ dataDir, maxConnections: 4 })).url;
  const orm = await MikroORM.init(ormConfig(url, Boolean(embedded)));
  try {
    await withAdvisoryLock(orm, ADVISORY_LOCKS.migrations, () => orm.migrator.up());
    const definition = await loadDefinitionFromDisk(process.env.DEFINITION_DIR);
    const id = await createDemoProject(orm, definition);
    const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
      /\/$/,
      '',
    );
    console.log(`Demo-Projekt angelegt: ${appUrl}/projekte/${id}/ergebnisse`);
    console.log(`Anmelden unter ${appUrl}/login mit ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  } finally {
    await orm.close();
    await embedded?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
