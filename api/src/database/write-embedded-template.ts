// `npm run build -w api`: makes the template of new embedded databases (embedded-template.ts).
// Apart from the template's readers, so that the server's start never loads it.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { distDir, embeddedTemplatePaths, TEMPLATE_PREFIX } from './embedded-template.ts';
import { databaseOptions } from './orm-config.ts';

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
    const cluster = await migratedCluster(work);
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

/** A cluster in `work/pglite` with the committed migrations applied; returns its folder. */
async function migratedCluster(work: string): Promise<string> {
  const embedded = await startEmbeddedPostgres({ dataDir: work, maxConnections: 2 });
  try {
    // The migrations alone make the schema: no entities needed.
    const config = databaseOptions([], embedded.url, true);
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
    await embedded.stop();
  }
  return path.join(work, 'pglite');
}
