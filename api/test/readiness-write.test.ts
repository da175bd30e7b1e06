import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import {
  createServerDatabase,
  EVERY_DATABASE,
  startTestServer,
  type TestServer,
} from './test-server.ts';

const READ_ONLY = {
  status: 'nicht bereit',
  message:
    'Die Datenbank nimmt keine Änderungen an (schreibgeschützt, Platte voll oder nur ein Lesezugriff): Speichern würde fehlschlagen.',
};

/**
 * `/readyz` writes (docs/architecture.md#betrieb): a database that answers but refuses writes is
 * not ready. The test makes the real database refuse them – `default_transaction_read_only` –
 * and expects 503 with the German reason, then 200 again once it is switched back.
 */
describe.each(EVERY_DATABASE)('readiness needs a committed write (%s database)', (database) => {
  let server: TestServer;
  let embedded: EmbeddedPostgres | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    if (database === 'server') {
      const created = await createServerDatabase('fragewerk_ready');
      databaseUrl = created.url;
      dropDatabase = created.drop;
    } else {
      embedded = await startEmbeddedPostgres({ maxConnections: 16 });
      databaseUrl = embedded.url;
    }
    server = await startTestServer(database, { databaseUrl });
  });

  afterAll(async () => {
    await server?.close();
    await embedded?.stop();
    await dropDatabase?.();
  });

  /** Runs statements on a fresh connection of its own (to `url`, else the app's database). */
  async function onFreshConnection(statements: string[], url = databaseUrl) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /**
   * Switches writes off or on. On a server, `alter database` holds for new sessions, so the
   * app's pooled sessions are ended and it reconnects. The embedded database has one session
   * that every connection shares: a `set` on a fresh connection is the same switch for all.
   */
  async function readOnly(on: boolean) {
    if (database === 'server') {
      const name = new URL(databaseUrl).pathname.slice(1);
      await onFreshConnection(
        [
          on
            ? `alter database ${name} set default_transaction_read_only = on`
            : `alter database ${name} reset default_transaction_read_only`,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        ],
        process.env.TEST_DATABASE_URL,
      );
    } else {
      await onFreshConnection([`set default_transaction_read_only = ${on ? 'on' : 'off'}`]);
    }
  }

  /**
   * `/readyz` until it answers `expected`. A pooled session just terminated fails a check or two
   * first, with 503 „antwortet nicht“ – also a 503, so the whole answer is compared.
   */
  async function readyzUntil(expected: { status: number; body: unknown }) {
    let last: { status: number; body: unknown } | undefined;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await fetch(`${server.url}/readyz`);
      last = { status: response.status, body: await response.json() };
      if (isDeepStrictEqual(last, expected)) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return last!;
  }

  it('records its check in health_probe', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const rows = await server.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number; age: number }[]>(
        'select id, extract(epoch from now() - checked_at)::float as age from health_probe',
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(1);
    expect(rows[0]!.age).toBeLessThan(5);
  });

  it('answers 503 with the German reason while the database refuses writes, 200 again after', async () => {
    await readOnly(true);
    try {
      const refused = { status: 503, body: READ_ONLY };
      expect(await readyzUntil(refused)).toEqual(refused);
      // Still alive: only readiness says no.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await readOnly(false);
    }
    const ready = { status: 200, body: { status: 'ok' } };
    expect(await readyzUntil(ready)).toEqual(ready);
  });
});
