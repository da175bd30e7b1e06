import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsPath } from './orm-config.ts';

// A new embedded database starts from a template instead of PGlite's initdb and the migrations:
// creating the cluster takes ~3 s on a small server and migrating it ~0.6 s, copying the template
// folder ~0.1 s (BENCHMARKS.md, start). The template is the cluster after initdb and the
// committed migrations, made at build time (`npm run build`, write-embedded-template.ts). It
// comes twice: as a folder, which a new data folder copies, and packed by PGlite (`dumpDataDir`)
// for databases in memory (tests, tools). A template belongs to one PGlite version and one list
// of migrations; the server runs the migrations on every start all the same, so a newer list
// than the template's only costs time.

/** The start of every template's name in `api/dist` (folder and pack). */
export const TEMPLATE_PREFIX = 'pglite-template-';

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
export const distDir = fileURLToPath(new URL('../../dist', import.meta.url));

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
 * Copies the template into the empty cluster folder `dataPath`, if one was built (else PGlite
 * runs initdb as usual).
 * `PG_VERSION` comes last: it marks a cluster as there (embedded-postgres.ts), so a copy cut short
 * is copied again on the next start.
 */
export function copyEmbeddedTemplate(dataPath: string): void {
  const { folder } = embeddedTemplatePaths();
  const marker = path.join(folder, 'PG_VERSION');
  if (!existsSync(marker)) return;
  cpSync(folder, dataPath, { recursive: true, filter: (source) => source !== marker });
  copyFileSync(marker, path.join(dataPath, 'PG_VERSION'));
}
