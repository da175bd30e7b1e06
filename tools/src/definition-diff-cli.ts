/**
 * `npm run definition:diff [-- --against <Ordner>]`: compares the definition files (the repository's
 * or those in DEFINITION_DIR) with the revision the servers run now – the newest started one in
 * the configured database (DATABASE_URL, else the embedded one in DATA_DIR) – or, with
 * `--against`, with the definition in another folder. Prints in German what changes and how many
 * running and approved projects each change touches. Exit code 1 when a removed option or field
 * is still in use and no migration map covers it, 2 when there is nothing to compare with.
 * The database is only read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatProblem, type Definition } from '@fragewerk/engine/core';
import { loadDefinitionFromDisk, revisionId } from '@fragewerk/engine/core/node';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, startEmbeddedPostgres, type EmbeddedPostgres } from '@fragewerk/api';
import { diffDefinitions, formatDiff, type Change, type Touched } from './definition-diff.ts';
import { lintMigrations } from './lint-migrations.ts';

/** A database the tool reads, or why there is none. */
type Database = { orm: MikroORM; close(): Promise<void> } | { unavailable: string };

/** Opens the configured database read-only in spirit: this tool only runs `select`. */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(env.DATA_DIR ?? 'data');
    if (!existsSync(path.join(dataDir, 'pglite')))
      return {
        unavailable: `Keine Datenbank: DATABASE_URL ist nicht gesetzt, und in ${dataDir} gibt es keine eingebettete (pglite/).`,
      };
    try {
      embedded = await startEmbeddedPostgres({ dataDir, maxConnections: 2 });
    } catch (error) {
      // The embedded database serves one process (docs/architecture.md#datenbank-mail-prozesse).
      if ((error as Error).name === 'DataFolderInUseError')
        return {
          unavailable: `Die eingebettete Datenbank in ${dataDir} ist gesperrt, ein Server läuft darauf. ${(error as Error).message} Den Server stoppen oder mit --against <Ordner> gegen einen anderen Definitionsordner vergleichen.`,
        };
      throw error;
    }
    url = embedded.url;
  }
  const orm = await MikroORM.init(ormConfig(url, Boolean(embedded)));
  return {
    orm,
    async close() {
      await orm.close();
      await embedded?.stop();
    },
  };
}

/** The stored answers of running and approved projects (one row per entry or form). */
const DOCUMENTS = `(select project_id, step_key, data from item
                   union all select project_id, step_key, data from answer) as d
                  join project p on p.id = d.project_id`;

/** How many running and approved projects store what a change concerns. */
async function touchedBy(orm: MikroORM, change: Change): Promise<Touched | undefined> {
  const usage = change.usage;
  if (!usage) return undefined;
  const [condition, parameters] =
    usage.kind === 'step'
      ? ['true', []]
      : usage.kind === 'field'
        ? ['jsonb_exists(d.data, ?)', [usage.field]]
        : usage.kind === 'missing'
          ? ['not jsonb_exists(d.data, ?)', [usage.field]]
          : ["coalesce(d.data -> ?, 'null'::jsonb) @> to_jsonb(?::text)", [usage.field, usage.key]];
  const rows = await orm.em.fork().execute<{ is_approved: boolean; n: number }[]>(
    `select p.is_approved, count(distinct p.id)::int as n from ${DOCUMENTS}
      where d.step_key = ? and ${condition} group by p.is_approved`,
    [usage.step, ...parameters],
  );
  return {
    running: rows.find((row) => !row.is_approved)?.n ?? 0,
    approved: rows.find((row) => row.is_approved)?.n ?? 0,
  };
}

async function projectTotals(orm: MikroORM): Promise<Touched> {
  const rows = await orm.em
    .fork()
    .execute<{ is_approved: boolean; n: number }[]>(
      'select is_approved, count(*)::int as n from project group by is_approved',
    );
  return {
    running: rows.find((row) => !row.is_approved)?.n ?? 0,
    approved: rows.find((row) => row.is_approved)?.n ?? 0,
  };
}

/** The revision the servers run now: the one started last. */
async function runningRevision(
  orm: MikroORM,
): Promise<{ id: string; definition: Definition; activatedAt: Date } | string> {
  const em = orm.em.fork();
  const [table] = await em.execute<{ name: string | null }[]>(
    "select to_regclass('definition_revision')::text as name",
  );
  if (!table?.name)
    return 'Die Datenbank kennt noch keine Revisionen: der Server ist seit ihrer Einführung nicht gestartet.';
  const [row] = await em.execute<{ id: string; definition: string; activated_at: Date }[]>(
    'select id, definition, activated_at from definition_revision order by activated_at desc limit 1',
  );
  if (!row) return 'In der Datenbank ist noch keine Revision gespeichert.';
  return {
    id: row.id,
    definition: JSON.parse(row.definition) as Definition,
    activatedAt: new Date(row.activated_at),
  };
}

/** Runs the command; returns its exit code. `print` gets the report. */
export async function definitionDiff(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (text: string) => void = console.log,
): Promise<number> {
  const at = args.indexOf('--against');
  const against = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !against) {
    print('--against braucht einen Ordner mit schemas/ und presets/.');
    return 2;
  }
  const after = await loadDefinitionFromDisk(env.DEFINITION_DIR);
  const afterLabel = `Dateien in ${env.DEFINITION_DIR ?? 'schemas/ und presets/'} (Version ${after.version})`;

  const database = await openDatabase(env);
  try {
    let before: Definition;
    let beforeLabel: string;
    if (against) {
      before = await loadDefinitionFromDisk(against);
      beforeLabel = `Ordner ${against} (Version ${before.version})`;
    } else {
      if ('unavailable' in database) {
        print(database.unavailable);
        return 2;
      }
      const running = await runningRevision(database.orm);
      if (typeof running === 'string') {
        print(running);
        return 2;
      }
      before = running.definition;
      beforeLabel = `laufende Fragebogen-Version ${before.version} (Revision ${running.id.slice(0, 12)}, gestartet ${running.activatedAt.toLocaleString('de-DE')})`;
      if (running.id === revisionId(after)) {
        print(`${beforeLabel}: die Dateien sind genau diese Revision. Nichts zu veröffentlichen.`);
        return 0;
      }
    }
    const orm = 'orm' in database ? database.orm : undefined;
    if ('unavailable' in database) print(`${database.unavailable} Projektzahlen fehlen deshalb.`);
    const changes = diffDefinitions(before, after);
    const touched = new Map<Change, Touched | undefined>();
    if (orm) for (const change of changes) touched.set(change, await touchedBy(orm, change));
    const { text, blocking } = formatDiff(changes, {
      before: beforeLabel,
      after: afterLabel,
      touched: orm ? (change) => touched.get(change) : undefined,
      projects: orm ? await projectTotals(orm) : undefined,
      nextVersion: after.version,
    });
    print(text);
    const mapProblems = lintMigrations(after, before);
    if (mapProblems.length > 0)
      print(
        ['', 'Migration:', ...mapProblems.map((problem) => `  ${formatProblem(problem)}`)].join(
          '\n',
        ),
      );
    return blocking.length > 0 || mapProblems.length > 0 ? 1 : 0;
  } finally {
    if ('close' in database) await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await definitionDiff(process.argv.slice(2));
}
