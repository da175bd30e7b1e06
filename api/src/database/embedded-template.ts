import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

// A new embedded database starts from a template instead of PGlite's initdb: creating the cluster
// takes ~3 s on a small server, unpacking the template ~0.6 s (BENCHMARKS.md, start). The
// template is an empty cluster right after initdb – nothing of ours is in it, the migrations run
// on it as on any new database – packed by PGlite itself (`dumpDataDir`) at build time.

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

/** Where the template of the installed PGlite lives: beside the built server, in `api/dist`. */
export function embeddedTemplatePath(): string {
  return fileURLToPath(
    new URL(`../../dist/pglite-template-${pgliteVersion()}.tar.gz`, import.meta.url),
  );
}

/** The template, if it was built for the installed PGlite; undefined means initdb as usual. */
export function readEmbeddedTemplate(): Blob | undefined {
  const file = embeddedTemplatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Makes the template for the installed PGlite unless it is there (`npm run build`). Written under
 * a temporary name first, so a build cut short leaves no half template behind.
 */
export async function writeEmbeddedTemplate(): Promise<'written' | 'present'> {
  const file = embeddedTemplatePath();
  if (existsSync(file)) return 'present';
  const db = await PGlite.create();
  try {
    const dump = await db.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.partial`, file);
    return 'written';
  } finally {
    await db.close();
  }
}
