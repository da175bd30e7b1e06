import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { verifiedAccount } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import { hostPort, startProxy } from './tcp-proxy.ts';
import {
  createServerDatabase,
  EVERY_DATABASE,
  startTestServer,
  type TestServer,
} from './test-server.ts';

/**
 * `GET /healthz` and `GET /readyz` (docs/architecture.md#betrieb): JSON, no session, no cookie,
 * and readiness follows the database – 503 with a German reason while it is unreachable or a
 * migration is missing, 200 again once it is back.
 */
describe.each(EVERY_DATABASE)('health checks (%s database)', (database) => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let embedded: EmbeddedPostgres | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let directUrl: string;

  beforeAll(async () => {
    // The server reaches its database through a proxy that the test can cut.
    if (database === 'server') {
      const created = await createServerDatabase('fragewerk_health');
      directUrl = created.url;
      dropDatabase = created.drop;
    } else {
      embedded = await startEmbeddedPostgres({ maxConnections: 16 });
      directUrl = embedded.url;
    }
    proxy = await startProxy(hostPort(directUrl));
    const viaProxy = new URL(directUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startTestServer(database, { databaseUrl: viaProxy.toString() });
  });

  afterAll(async () => {
    proxy.restore();
    await server?.close();
    await proxy?.close();
    await embedded?.stop();
    await dropDatabase?.();
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

  it('answers /healthz and /readyz with 200 JSON, no cookie, the security headers and no caching', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ status: 'ok' });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      const head = await get(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.getSetCookie()).toEqual([]);
    }
  });

  it('leaves a logged-in session alone: no cookie, no session write', async () => {
    const { client } = await verifiedAccount(server);
    const cookie = `fragewerk.sid=${client.sessionId()}`;
    const before = await server.orm.em
      .fork()
      .getConnection()
      .execute<{ sid: string; expires_at: Date }[]>('select sid, expires_at from session');
    for (const path of ['/healthz', '/readyz']) {
      const response = await get(path, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const after = await server.orm.em
      .fork()
      .getConnection()
      .execute<{ sid: string; expires_at: Date }[]>('select sid, expires_at from session');
    expect(after).toEqual(before);
  });

  it('answers /readyz 503 with a German reason while the database is unreachable, /healthz 200, and 200 again once it is back', async () => {
    proxy.cut();
    const down = await get('/readyz');
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await down.json()).toEqual({
      status: 'nicht bereit',
      message: 'Die Datenbank antwortet nicht.',
    });
    expect(down.headers.getSetCookie()).toEqual([]);
    expect((await get('/healthz')).status).toBe(200);

    proxy.restore();
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await get('/readyz')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  });

  it('reports a missing migration as not ready', async () => {
    // A server that has not yet confirmed its migrations: the newest one is missing in the table.
    const fresh = await startTestServer(database);
    try {
      const client = new pg.Client({
        connectionString: fresh.orm.config.get('clientUrl') as string,
      });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: number; name: string; executed_at: Date }>(
          'delete from mikro_orm_migrations where id = (select max(id) from mikro_orm_migrations) returning *',
        );
        const missing = await fetch(`${fresh.url}/readyz`);
        expect(missing.status).toBe(503);
        expect(await missing.json()).toEqual({
          status: 'nicht bereit',
          message:
            'Die Datenbank ist noch nicht auf dem Stand dieser Version: Migrationen stehen aus.',
        });
        await client.query(
          'insert into mikro_orm_migrations (id, name, executed_at) values ($1, $2, $3)',
          [rows[0]!.id, rows[0]!.name, rows[0]!.executed_at],
        );
        expect((await fetch(`${fresh.url}/readyz`)).status).toBe(200);
      } finally {
        await client.end();
      }
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('answers only GET and HEAD; /api/healthz is an unknown API path', async () => {
    const client = new HttpClient(server.url);
    expect((await client.raw('POST', '/healthz')).status).toBe(404);
    const api = await client.api('GET', '/healthz');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Nicht gefunden' });
  });
});
