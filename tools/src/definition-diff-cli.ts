/**
 * `npm run definition:diff [-- --fragebogen <id>] [-- --against <Ordner>]`: compares each
 * questionnaire of the catalogue (the repository's or DEFINITION_DIR's `definitions/<id>/`, or only
 * the one named) with the revision of it the servers run now – the newest started one in the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR) – or, with `--against`,
 * with the same questionnaire in another catalogue (questionnaires on both sides). Prints in German
 * what changes and how many running and approved projects of that questionnaire each change
 * touches. Exit code 1 when a removed option or field is still in use and no migration map covers
 * it, 2 when there is nothing to compare with. The database is only read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatProblem, type Definition } from '@fragewerk/engine/core';
import {
  catalogueIds,
  catalogueRootFrom,
  DEFINITIONS_FOLDER,
  loadDefinitionFromDisk,
  revisionId,
} from '@fragewerk/engine/core/node';
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

/** How many running and approved projects of questionnaire `id` store what a change concerns. */
async function touchedBy(orm: MikroORM, id: string, change: Change): Promise<Touched | undefined> {
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
      where p.questionnaire = ? and d.step_key = ? and ${condition} group by p.is_approved`,
    [id, usage.step, ...parameters],
  );
  return {
    running: rows.find((row) => !row.is_approved)?.n ?? 0,
    approved: rows.find((row) => row.is_approved)?.n ?? 0,
  };
}

async function projectTotals(orm: MikroORM, id: string): Promise<Touched> {
  const rows = await orm.em
    .fork()
    .execute<{ is_approved: boolean; n: number }[]>(
      'select is_approved, count(*)::int as n from project where questionnaire = ? group by is_approved',
      [id],
    );
  return {
    running: rows.find((row) => !row.is_approved)?.n ?? 0,
    approved: rows.find((row) => row.is_approved)?.n ?? 0,
  };
}

/** The revision of questionnaire `id` the servers run now: the one of it started last. */
async function runningRevision(
  orm: MikroORM,
  id: string,
): Promise<{ id: string; definition: Definition; activatedAt: Date } | string> {
  const em = orm.em.fork();
  const [table] = await em.execute<{ name: string | null }[]>(
    "select to_regclass('definition_revision')::text as name",
  );
  if (!table?.name)
    return 'Die Datenbank kennt noch keine Revisionen: der Server ist seit ihrer Einführung nicht gestartet.';
  const [column] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from information_schema.columns
      where table_name = 'definition_revision' and column_name = 'questionnaire'`,
  );
  if (!column?.n)
    return 'Die Datenbank kennt noch keine Fragebögen: der Server ist seit der Einführung des Katalogs nicht gestartet.';
  const [row] = await em.execute<{ id: string; definition: string; activated_at: Date }[]>(
    `select id, definition, activated_at from definition_revision
      where questionnaire = ? order by activated_at desc limit 1`,
    [id],
  );
  if (!row) return `In der Datenbank ist noch keine Revision dieses Fragebogens gespeichert.`;
  return {
    id: row.id,
    definition: JSON.parse(row.definition) as Definition,
    activatedAt: new Date(row.activated_at),
  };
}

/** The value after `option`; undefined without it, '' when the value is missing. */
function optionValue(args: string[], option: string): string | undefined {
  const at = args.indexOf(option);
  return at < 0 ? undefined : (args[at + 1] ?? '');
}

const USAGE = [
  'npm run definition:diff [-- --fragebogen <Kennung>] [--against <Ordner>]',
  '',
  'Vergleicht jeden Fragebogen des Katalogs (DEFINITION_DIR oder dieses Repository: definitions/<Kennung>/)',
  'mit der Revision, die die Server gerade ausführen (Datenbank aus DATABASE_URL oder DATA_DIR),',
  'oder mit --against mit demselben Fragebogen in einem anderen Katalog (Ordner mit definitions/ und presets/).',
  '--fragebogen beschränkt den Vergleich auf einen Fragebogen.',
  'Exit-Code 1: eine Änderung lässt gespeicherte Antworten ohne Gegenstück; 2: nichts zu vergleichen.',
].join('\n');

/** Runs the command; returns its exit code. `print` gets the report. */
export async function definitionDiff(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (text: string) => void = console.log,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 0;
  }
  const against = optionValue(args, '--against');
  if (against === '') {
    print('--against braucht einen Ordner mit definitions/ und presets/.');
    return 2;
  }
  const chosen = optionValue(args, '--fragebogen');
  const root = catalogueRootFrom(env.DEFINITION_DIR);
  const ids = await catalogueIds(root);
  const otherIds = against ? await catalogueIds(catalogueRootFrom(against)) : undefined;
  const shared = otherIds ? ids.filter((id) => otherIds.includes(id)) : ids;
  if (chosen !== undefined && !shared.includes(chosen)) {
    const where = otherIds ? `in ${root} und ${against}` : `in ${root}`;
    print(
      `Den Fragebogen „${chosen}“ gibt es nicht ${where}. Vorhanden: ${shared.map((id) => `„${id}“`).join(', ') || 'keine'}.`,
    );
    return 2;
  }
  if (shared.length === 0) {
    print(`Kein Fragebogen zu vergleichen (${root}${against ? ` und ${against}` : ''}).`);
    return 2;
  }
  if (otherIds && chosen === undefined) {
    const alone = [...ids, ...otherIds].filter((id) => !shared.includes(id));
    if (alone.length > 0)
      print(
        `Nur auf einer Seite, nicht verglichen: ${[...new Set(alone)].map((id) => `„${id}“`).join(', ')}.`,
      );
  }

  const database = await openDatabase(env);
  try {
    if (!against && 'unavailable' in database) {
      print(database.unavailable);
      return 2;
    }
    if (against && 'unavailable' in database)
      print(`${database.unavailable} Projektzahlen fehlen deshalb.`);
    const codes: number[] = [];
    const several = chosen === undefined && shared.length > 1;
    for (const id of chosen === undefined ? shared : [chosen]) {
      if (several) print(`\n— Fragebogen „${id}“ —`);
      codes.push(await compareQuestionnaire(id, { root, against, database, print }));
    }
    // A change that strands answers outweighs a questionnaire with nothing to compare with.
    if (codes.includes(1)) return 1;
    return codes.every((code) => code === 2) ? 2 : 0;
  } finally {
    if ('close' in database) await database.close();
  }
}

/** Compares one questionnaire of the catalogue at `root`; returns its exit code. */
async function compareQuestionnaire(
  id: string,
  {
    root,
    against,
    database,
    print,
  }: { root: string; against?: string; database: Database; print: (text: string) => void },
): Promise<number> {
  const folder = `${DEFINITIONS_FOLDER}/${id}`;
  const after = await loadDefinitionFromDisk(root, id);
  const afterLabel = `Dateien in ${root}/${folder} (Version ${after.version})`;
  let before: Definition;
  let beforeLabel: string;
  if (against) {
    before = await loadDefinitionFromDisk(against, id);
    beforeLabel = `Ordner ${against}/${folder} (Version ${before.version})`;
  } else {
    if ('unavailable' in database) return 2;
    const running = await runningRevision(database.orm, id);
    if (typeof running === 'string') {
      print(`Fragebogen „${id}“: ${running}`);
      return 2;
    }
    // A revision holds no forms (they are the platform's): the files' forms stand in for them.
    before = { ...running.definition, forms: after.forms };
    beforeLabel = `laufende Fragebogen-Version ${before.version} von „${id}“ (Revision ${running.id.slice(0, 12)}, gestartet ${running.activatedAt.toLocaleString('de-DE')})`;
    if (running.id === revisionId(after)) {
      print(`${beforeLabel}: die Dateien sind genau diese Revision. Nichts zu veröffentlichen.`);
      return 0;
    }
  }
  const orm = 'orm' in database ? database.orm : undefined;
  const changes = diffDefinitions(before, after);
  const touched = new Map<Change, Touched | undefined>();
  if (orm) for (const change of changes) touched.set(change, await touchedBy(orm, id, change));
  const { text, blocking } = formatDiff(changes, {
    before: beforeLabel,
    after: afterLabel,
    touched: orm ? (change) => touched.get(change) : undefined,
    projects: orm ? await projectTotals(orm, id) : undefined,
    nextVersion: after.version,
    folder,
  });
  print(text);
  const mapProblems = lintMigrations(after, before, folder);
  if (mapProblems.length > 0)
    print(
      ['', 'Migration:', ...mapProblems.map((problem) => `  ${formatProblem(problem)}`)].join('\n'),
    );
  return blocking.length > 0 || mapProblems.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await definitionDiff(process.argv.slice(2));
}
