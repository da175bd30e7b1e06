import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpEmbeddedData, EmbeddedDataError, restoreEmbeddedData } from './embedded-data.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

/*
 * The way across a PGlite upgrade: the server's embedded database (migrated, with a row of its
 * own) dumped as SQL and restored into a new data folder holds the same tables and rows.
 */

let scratch: string;
const source = () => path.join(scratch, 'alt');
const target = () => path.join(scratch, 'neu');
const dump = () => path.join(scratch, 'fragewerk.sql');

/** Runs `sql` on the embedded database of `dataDir` (opened directly, as the server is stopped). */
async function query<T>(dataDir: string, sql: string): Promise<T[]> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.close();
  }
}

const TABLES = `select table_name from information_schema.tables
  where table_schema = 'public' order by table_name`;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'fragewerk-embedded-data-'));
  // The server's database: the migrated template, as a new data folder gets it.
  const embedded = await startEmbeddedPostgres({ dataDir: source(), maxConnections: 1 });
  await embedded.stop();
  const db = await PGlite.create(path.join(source(), 'pglite'));
  await db.query(`insert into health_probe (id, checked_at) values (1, now())
    on conflict (id) do update set checked_at = excluded.checked_at`);
  await db.close();
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('dump and restore of the embedded database', () => {
  it('carry every table, migration and row into a new data folder', async () => {
    expect(await dumpEmbeddedData(source(), dump())).toBeGreaterThan(1000);
    await restoreEmbeddedData(target(), dump());

    const tables = await query<{ table_name: string }>(source(), TABLES);
    expect(tables.map((row) => row.table_name)).toContain('mikro_orm_migrations');
    expect(await query(target(), TABLES)).toEqual(tables);
    const migrations = 'select name from mikro_orm_migrations order by name';
    expect(await query(target(), migrations)).toEqual(await query(source(), migrations));
    expect(await query(target(), 'select id from health_probe')).toEqual([{ id: 1 }]);
  }, 120_000);

  it('refuse to overwrite a dump or to restore over existing data', async () => {
    await writeFile(path.join(scratch, 'vorhanden.sql'), '');
    await expect(dumpEmbeddedData(source(), path.join(scratch, 'vorhanden.sql'))).rejects.toThrow(
      EmbeddedDataError,
    );
    await expect(restoreEmbeddedData(source(), dump())).rejects.toThrow(
      /liegt schon eine Datenbank\. Eine Sicherung wird nur in einen leeren Ordner zurückgespielt/,
    );
    await expect(dumpEmbeddedData(path.join(scratch, 'leer'), dump())).rejects.toThrow(
      /liegt keine eingebettete Datenbank/,
    );
  });
});
