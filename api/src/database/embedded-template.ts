import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, migrationsPath } from './orm-config.ts';

// A new embedded database starts from a template instead of PGlite's initdb and the migrations:
// creating the cluster takes ~3 s on a small server and migrating it ~0.6 s, copying the template
// folder ~0.1 s (BENCHMARKS.md, start). The template is the cluster after initdb and the
// committed migrations, made at build time (`npm run build`). It comes twice: as a folder, which
// a new data folder copies, and packed by PGlite (`dumpDataDir`) for databases in memory (tests,
// tools). A template belongs to one PGlite version and one list of migrations; the server runs the
// migrations on every start all the same, so a newer list than the template's only costs time.

const TEMPLATE_PREFIX = 'pglite-template-';

let installedVersion: string | undefined;

/** The installed PGlite's version: a template is used only by the PGlite that made it. */
function pgliteVersion(): string {
  if (installedVersion) return installedVersion;
  let folder = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (installedVersion = (
    JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }
  ).version);
}

/**
 * The committed migrations, by name (the same from the sources and from the build, as the
 * migrations table records them).
 */
function migrationsKey(): string {
  const names = readdirSync(migrationsPath)
    .filter((file) => /^Migration\d+\.(js|ts)$/.test(file))
    .map((file) => file.replace(/\.(js|ts)$/, ''))
    .sort();
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
}

/** Where the built server keeps its templates: `api/dist`. */
const distDir = fileURLToPath(new URL('../../dist', import.meta.url));

/** The template of the installed PGlite and the committed migrations: a folder and its pack. */
export function embeddedTemplatePaths(): { folder: string; packed: string } {
  const folder = path.join(distDir, `${TEMPLATE_PREFIX}${pgliteVersion()}-${migrationsKey()}`);
  return { folder, packed: `${folder}.tar.gz` };
}

/** The packed template, if it was built; undefined means initdb as usual. */
export function readEmbeddedTemplate(): Blob | undefined {
  const { packed } = embeddedTemplatePaths();
  return existsSync(packed) ? new Blob([readFileSync(packed)]) : undefined;
}

/**
 * Copies the template into the empty cluster folder `dataPath`; false when there is none built.
 * `PG_VERSION` comes last: it marks a cluster as there (embedded-postgres.ts), so a copy cut short
 * is copied again on the next start.
 */
export function copyEmbeddedTemplate(dataPath: string): boolean {
  const { folder } = embeddedTemplatePaths();
  const marker = path.join(folder, 'PG_VERSION');
  if (!existsSync(marker)) return false;
  cpSync(folder, dataPath, { recursive: true, filter: (source) => source !== marker });
  copyFileSync(marker, path.join(dataPath, 'PG_VERSION'));
  return true;
}

/**
 * Makes the template unless it is there (`npm run build`), and removes those of other PGlite
 * versions or migrations. Made in a temporary folder first, so a build cut short leaves no half
 * template behind.
 */
export async function writeEmbeddedTemplate(): Promise<'written' | 'present'> {
  const { folder, packed } = embeddedTemplatePaths();
  if (existsSync(folder) && existsSync(packed)) return 'present';
  const work = mkdtempSync(path.join(distDir, `.${TEMPLATE_PREFIX}`));
  try {
    const cluster = path.join(work, 'cluster');
    await migrate(cluster);
    const db = await PGlite.create(cluster);
    try {
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(path.join(work, 'packed'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    const current = new Set([path.basename(folder), path.basename(packed)]);
    for (const entry of readdirSync(distDir))
      if (entry.startsWith(TEMPLATE_PREFIX) && !current.has(entry))
        rmSync(path.join(distDir, entry), { recursive: true, force: true });
    // Each rename is atomic: a template at its final path is whole. A second build that finished
    // first keeps its folder (renaming onto it fails, and it is the same cluster).
    if (!existsSync(folder)) {
      try {
        renameSync(cluster, folder);
      } catch (error) {
        if (!existsSync(folder)) throw error;
      }
    }
    renameSync(path.join(work, 'packed'), packed);
    return 'written';
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Creates a cluster in `cluster` and applies the committed migrations to it. */
async function migrate(cluster: string): Promise<void> {
  const db = await PGlite.create(cluster);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 2 });
  try {
    await server.start();
    const config = ormConfig(`postgres://postgres@${server.getServerConn()}/postgres`, true);
    const orm = await MikroORM.init({
      ...config,
      migrations: { ...config.migrations, silent: true },
    });
    try {
      await orm.migrator.up();
    } finally {
      await orm.close();
    }
  } finally {
    await server.stop();
    await db.close();
  }
}
