// `npm run data:dump -- <file>` and `npm run data:restore -- <file>`: the embedded database as SQL,
// to carry it across a PGlite upgrade. PGlite's data folder is PostgreSQL's own file format of the
// PGlite build that wrote it; a newer PGlite may not open it (nor may its packed copy from
// `dumpDataDir`, which is the same files). A logical dump (pg_dump, built for PGlite by
// pglite-tools) is plain SQL any later version reads. Run by plain `node` (no tsx), so it also
// works on an install without dev dependencies; messages for the operator are German.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { lockDataFolder } from './data-folder-lock.ts';

/** Thrown for what the operator has to fix; the CLI prints the message without a stack trace. */
export class EmbeddedDataError extends Error {}

/** The installed PGlite's version, for the messages (a dump names the version that wrote it). */
export function pgliteVersion(): string {
  let folder = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (
    JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

/** Opens the embedded database of `dataDir` locked, runs `work`, closes and unlocks it. */
async function withDatabase<T>(dataDir: string, work: (db: PGlite) => Promise<T>): Promise<T> {
  const folder = path.join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  // The server must be stopped: two processes in one PGlite folder destroy it.
  const lock = await lockDataFolder(folder);
  try {
    const db = await PGlite.create(folder);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
  }
}

const hasDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));

/** Writes the embedded database of `dataDir` as SQL to `file`; returns the dump's size in bytes. */
export async function dumpEmbeddedData(dataDir: string, file: string): Promise<number> {
  if (!hasDatabase(dataDir)) {
    throw new EmbeddedDataError(
      `In ${path.join(dataDir, 'pglite')} liegt keine eingebettete Datenbank. Bitte DATA_DIR auf den Datenordner des Servers setzen (Standard: ./data).`,
    );
  }
  if (existsSync(file)) {
    throw new EmbeddedDataError(
      `${file} gibt es schon. Bitte einen neuen Dateinamen angeben; eine Sicherung wird nicht überschrieben.`,
    );
  }
  const sql = await withDatabase(dataDir, async (db) => (await pgDump({ pg: db })).text());
  writeFileSync(file, sql, { mode: 0o600 });
  return Buffer.byteLength(sql);
}

/**
 * Creates the embedded database of `dataDir` from the SQL dump in `file`. Only into a new data
 * folder: restoring over existing data would mix two databases.
 */
export async function restoreEmbeddedData(dataDir: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new EmbeddedDataError(`Die Sicherung ${file} gibt es nicht.`);
  const folder = path.join(dataDir, 'pglite');
  if (existsSync(folder) && readdirSync(folder).some((name) => name !== '.lock')) {
    throw new EmbeddedDataError(
      `In ${folder} liegt schon eine Datenbank. Eine Sicherung wird nur in einen leeren Ordner zurückgespielt: Bitte den Ordner erst beiseitelegen (z. B. „mv ${folder} ${folder}-alt“) oder DATA_DIR auf einen neuen Datenordner setzen.`,
    );
  }
  const sql = readFileSync(file, 'utf8');
  await withDatabase(dataDir, async (db) => {
    // One transaction: a dump that fails halfway leaves an empty database, not half of one.
    await db.transaction(async (tx) => {
      await tx.exec(sql);
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, file] = process.argv.slice(2);
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const usage =
    'Aufruf: npm run data:dump -- <datei.sql> (Server gestoppt) oder npm run data:restore -- <datei.sql> (in einen neuen Datenordner); der Datenordner ist DATA_DIR (Standard: ./data).';
  try {
    if (!file || (command !== 'dump' && command !== 'restore')) throw new EmbeddedDataError(usage);
    const target = path.resolve(file);
    if (command === 'dump') {
      const bytes = await dumpEmbeddedData(dataDir, target);
      console.log(
        `Gesichert: ${path.join(dataDir, 'pglite')} → ${target} (${Math.ceil(bytes / 1024)} KB SQL, PGlite ${pgliteVersion()}).`,
      );
    } else {
      await restoreEmbeddedData(dataDir, target);
      console.log(
        `Zurückgespielt: ${target} → ${path.join(dataDir, 'pglite')} (PGlite ${pgliteVersion()}). Der Server kann jetzt starten.`,
      );
    }
  } catch (error) {
    if (
      !(error instanceof EmbeddedDataError) &&
      !(error instanceof Error && error.name === 'DataFolderInUseError')
    ) {
      throw error;
    }
    console.error(error.message);
    process.exit(1);
  }
}
