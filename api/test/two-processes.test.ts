import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { FIXTURE_CATALOGUE } from '../../tests/src/fixture-catalogue.ts';
import { HttpClient } from './http-client.ts';
import { PASSWORD } from './accounts.ts';
import { verifyLinkFromMailFolder } from './mail-folder.ts';
import { builtServer, freePort, startServerProcess } from './server-process.ts';
import { createServerDatabase } from './test-server.ts';

/**
 * Scale-out (docs/architecture.md#datenbank-mail-prozesse): the API keeps no state in memory, so
 * two API processes behind a load balancer share sessions, rate limits and data through
 * PostgreSQL. The database is the server of TEST_DATABASE_URL when set, else an embedded
 * PostgreSQL served over a socket, which both processes reach like any server.
 */
describe('two API processes on one PostgreSQL', () => {
  let database: EmbeddedPostgres | undefined;
  let adminDrop: (() => Promise<void>) | undefined;
  let processes: ChildProcess[] = [];
  let urls: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    const buildDir = await builtServer();
    let databaseUrl: string;
    if (process.env.TEST_DATABASE_URL) {
      const serverDatabase = await createServerDatabase();
      databaseUrl = serverDatabase.url;
      adminDrop = serverDatabase.drop;
    } else {
      database = await startEmbeddedPostgres({ maxConnections: 24 });
      databaseUrl = database.url;
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-two-'));
    const ports = [await freePort(), await freePort()];
    urls = ports.map((port) => `http://127.0.0.1:${port}`);
    // One after the other: the first applies the migrations.
    for (const port of ports) {
      processes.push(
        await startServerProcess(buildDir, {
          PORT: String(port),
          APP_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SESSION_SECRET: 'gemeinsames-geheimnis',
          // The fixture catalogue: what is shared here is generic, not the shipped questionnaires.
          DEFINITION_DIR: FIXTURE_CATALOGUE,
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null
              ? resolve(null)
              : (child.once('exit', resolve), child.kill('SIGTERM')),
          ),
      ),
    );
    processes = [];
    await database?.stop();
    await adminDrop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shares sessions: logged in at one process, known at the other', async () => {
    const email = `zwei-${Date.now()}@example.de`;
    const first = new HttpClient(urls[0]!);
    await first.page('/register');
    await first.form('/register', {
      company: 'Zwei Prozesse',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });

    await first.page('/login');
    expect((await first.form('/login', { email, password: PASSWORD })).status).toBe(303);
    await first.page('/dashboard');
    const onFirst = await first.api<{ data: { email: string } }>('GET', '/user/current');
    expect(onFirst.body.data.email).toBe(email);

    // The same cookie jar against the other process.
    const second = first.at(urls[1]!);
    const onSecond = await second.api<{ data: { email: string } }>('GET', '/user/current');
    expect(onSecond.body.data.email).toBe(email);
  });

  it('shares data and share tokens: created at one process, edited through the other', async () => {
    const email = `daten-${Date.now()}@example.de`;
    const owner = new HttpClient(urls[1]!);
    await owner.page('/register');
    await owner.form('/register', {
      company: 'Zwei Prozesse',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    // Verify through the first process, using the link from the shared mail folder.
    const link = await verifyLinkFromMailFolder(dataDir, email);
    expect((await new HttpClient(urls[0]!).page(link)).status).toBe(200);

    await owner.page('/login');
    await owner.form('/login', { email, password: PASSWORD });
    await owner.page('/dashboard');
    const created = await owner.api<{ data: { id: string; edit_token: string } }>(
      'POST',
      '/projects/create',
      {
        project_name: 'Skalierung',
        customer_firm: 'Kunde',
      },
    );
    expect(created.status).toBe(201);

    const customer = new HttpClient(urls[0]!);
    customer.editToken = created.body.data.edit_token;
    const added = await customer.api('POST', `/projects/${created.body.data.id}/ideas`, {
      idea: 'Muster GmbH',
      priority: 'high',
    });
    expect(added.status).toBe(201);
    const read = await owner.api<{ data: { ideas: { idea: string }[] } }>(
      'GET',
      `/projects/${created.body.data.id}`,
    );
    expect(read.body.data.ideas.map((entry) => entry.idea)).toEqual(['Muster GmbH']);
  });

  it('shares the login rate limit across processes, also for parallel guesses', async () => {
    const email = `limit-${Date.now()}@example.de`;
    const clients = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const client = new HttpClient(urls[index % 2]!);
        await client.page('/login');
        return client;
      }),
    );
    const responses = await Promise.all(
      clients.map((client) => client.form('/login', { email, password: 'falsch' })),
    );
    const checked = responses.filter((response) => response.status === 401).length;
    // Five checks go through at once, each further one waits a doubling delay: across both
    // processes, a burst gets barely more than five.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(7);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(20 - checked);
  });
});
