import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { copyEmbeddedTemplate, readEmbeddedTemplate } from './embedded-template.ts';
import { writeEmbeddedTemplate } from './write-embedded-template.ts';
import { migrationsPath } from './orm-config.ts';

/** The committed migrations by name, as the migrations table records them. */
const committedMigrations = readdirSync(migrationsPath)
  .filter((file) => /^Migration\d+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const appliedMigrations = async (url: string) =>
  (await query<{ name: string }>(url, 'select name from mikro_orm_migrations order by name')).map(
    (row) => row.name,
  );

async function query<T extends pg.QueryResultRow>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded database', () => {
  it('runs with small shared buffers (its memory is the server process’s)', async () => {
    const embedded = await startEmbeddedPostgres({ maxConnections: 2 });
    const client = new pg.Client({ connectionString: embedded.url });
    try {
      await client.connect();
      const { rows } = await client.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]!.shared_buffers).toBe('16MB');
    } finally {
      await client.end();
      await embedded.stop();
    }
  }, 60_000);

  it('starts a new data folder from the built template, migrated, and keeps what was written in it', async () => {
    await writeEmbeddedTemplate();
    expect(readEmbeddedTemplate()).toBeInstanceOf(Blob);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fragewerk-template-'));
    try {
      const first = await startEmbeddedPostgres({ dataDir, maxConnections: 2 });
      try {
        expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
        expect(await appliedMigrations(first.url)).toEqual(committedMigrations);
        await query(first.url, "create table kept (word text); insert into kept values ('Grüße')");
      } finally {
        await first.stop();
      }
      const again = await startEmbeddedPostgres({ dataDir, maxConnections: 2 });
      try {
        expect(await query(again.url, 'select word from kept')).toEqual([{ word: 'Grüße' }]);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts a database in memory from the template’s pack, migrated', async () => {
    await writeEmbeddedTemplate();
    const embedded = await startEmbeddedPostgres({ maxConnections: 2 });
    try {
      expect(await appliedMigrations(embedded.url)).toEqual(committedMigrations);
    } finally {
      await embedded.stop();
    }
  }, 60_000);

  it('copies the template again into a data folder whose copy was cut short', async () => {
    await writeEmbeddedTemplate();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fragewerk-template-'));
    try {
      // A copy cut short has no PG_VERSION yet (it comes last): the folder counts as new.
      copyEmbeddedTemplate(path.join(dataDir, 'pglite'));
      rmSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
      rmSync(path.join(dataDir, 'pglite', 'global'), { recursive: true });
      const embedded = await startEmbeddedPostgres({ dataDir, maxConnections: 2 });
      try {
        expect(await appliedMigrations(embedded.url)).toEqual(committedMigrations);
      } finally {
        await embedded.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
