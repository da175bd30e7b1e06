import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../src/locale/de.json' with { type: 'json' };
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { FIXTURE_CATALOGUE } from '../../tests/src/fixture-catalogue.ts';
import {
  type Body,
  example,
  FIXTURE_WIDGETS,
  type Item,
  type Json,
  TEXT_FIELD,
  WIDGET_FORM_STEPS,
  WIDGET_LIST_STEPS,
} from './fixtures.ts';
import { HttpClient, type TestResponse } from './http-client.ts';
import { PASSWORD } from './accounts.ts';
import { verifyLinkFromMailFolder } from './mail-folder.ts';
import { builtServer, freePort, startServerProcess } from './server-process.ts';
import { hostPort, startProxy } from './tcp-proxy.ts';
import { createServerDatabase } from './test-server.ts';

/*
 * Durability (docs/architecture.md#datenbank-mail-prozesse): the API process keeps nothing in
 * memory that a crash could lose. The built server runs as its own OS process (like
 * two-processes.test.ts) on a PostgreSQL that outlives it: the server of TEST_DATABASE_URL when
 * set, else an embedded PostgreSQL (PGlite with its files in a temp folder) served from this test
 * process. The API reaches the database through a small TCP proxy written here, which can cut
 * every connection to simulate an outage.
 *
 * 1. A burst of ~200 writes (adds and form saves, by the owner and by the customer, in waves of
 *    20 concurrent requests) is cut by SIGKILL in the middle. After a restart on the same
 *    database every write that was answered 2xx is there and complete, writes that got no
 *    answer are there completely or not at all, positions are unique, and the server works.
 * 2. The database goes away (connections cut, the embedded database restarted on its files):
 *    requests fail cleanly (5xx allowed) but the process stays alive, and once the database is
 *    back the same process answers 200 again.
 */

const GERMAN_MESSAGES = new Set(Object.values(messages.errors));

const PROJECTS = 10;
const WAVES = 10;
const WAVE_SIZE = 20;
const FORMS_PER_WAVE = 6;
// The projects are on fixture-widgets (fixture catalogue): three lists and three forms to spread
// the burst over, whatever the shipped questionnaires contain.
const LIST_STEPS = WIDGET_LIST_STEPS;
const FORM_STEPS = WIDGET_FORM_STEPS;
/** SIGKILL when this many answers of the burst of 200 have arrived (with requests in flight). */
const KILL_AFTER = 100;

/** A request that does not wait forever: a hung server is a failure too. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`keine Antwort nach ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('crash safety: the API process dies, the database does not', () => {
  let buildDir: string;
  let dataDir: string;
  let databaseDir: string;
  let database: EmbeddedPostgres | undefined;
  let dropServerDatabase: (() => Promise<void>) | undefined;
  /** Connection to the database itself (not through the proxy), for inspection. */
  let directUrl: string;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let env: Record<string, string>;
  let url: string;
  let child: ChildProcess | undefined;
  let output = '';

  let owner: HttpClient;
  const projects: { id: string; customer: HttpClient }[] = [];

  /** Starts `node main.js` of the build and waits for its start message. */
  function startProcess(): Promise<ChildProcess> {
    return startServerProcess(buildDir, env, (text) => (output += text));
  }

  async function stopProcess(signal: NodeJS.Signals = 'SIGTERM') {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill(signal);
    });
  }

  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: directUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    buildDir = await builtServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-crash-'));
    databaseDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-crash-db-'));
    if (process.env.TEST_DATABASE_URL) {
      const serverDatabase = await createServerDatabase('fragewerk_crash');
      directUrl = serverDatabase.url;
      dropServerDatabase = serverDatabase.drop;
    } else {
      database = await startEmbeddedPostgres({ dataDir: databaseDir, maxConnections: 24 });
      directUrl = database.url;
    }
    proxy = await startProxy(hostPort(directUrl));
    const viaProxy = new URL(directUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: dataDir,
      SESSION_SECRET: 'absturz-geheimnis',
      DEFINITION_DIR: FIXTURE_CATALOGUE,
    };
    child = await startProcess();

    // An agency account (registered, activated through the mailed link, logged in).
    const email = `absturz-${Date.now()}@example.de`;
    owner = new HttpClient(url);
    await owner.page('/register');
    await owner.form('/register', {
      company: 'Absturz GmbH',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    const link = await verifyLinkFromMailFolder(dataDir, email);
    expect((await new HttpClient(url).page(link)).status).toBe(200);
    await owner.page('/login');
    expect((await owner.form('/login', { email, password: PASSWORD })).status).toBe(303);
    await owner.page('/dashboard');

    for (let index = 0; index < PROJECTS; index += 1) {
      const created = await owner.api<Body<{ id: string; edit_token: string }>>(
        'POST',
        '/projects/create',
        {
          project_name: `Absturz ${index}`,
          customer_firm: 'Kunde',
          questionnaire: FIXTURE_WIDGETS,
        },
      );
      expect(created.status).toBe(201);
      const customer = new HttpClient(url);
      customer.editToken = created.body.data.edit_token;
      projects.push({ id: created.body.data.id, customer });
    }
  }, 180_000);

  afterAll(async () => {
    await stopProcess();
    await proxy?.close();
    await database?.stop();
    await dropServerDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
    await rm(databaseDir, { recursive: true, force: true });
  });

  interface Write {
    kind: 'add' | 'form';
    projectId: string;
    step: string;
    body: Json;
    /** The HTTP status, or undefined when no answer came (the process died). */
    status?: number;
    answer?: Json;
    error?: string;
  }

  it('keeps every acknowledged write of a burst cut by SIGKILL, and nothing half-written', async () => {
    const writes: Write[] = [];
    /** Per form (project/step): the last acknowledged answer. */
    const acknowledged = new Map<string, Json>();
    let answers = 0;
    let killed = false;
    const victim = child!;
    const died = new Promise<void>((resolve) => victim.once('exit', () => resolve()));

    const send = async (write: Write, client: HttpClient) => {
      writes.push(write);
      const route =
        write.kind === 'add'
          ? ['POST', `/projects/${write.projectId}/${write.step}`]
          : ['PATCH', `/projects/${write.projectId}/${write.step}`];
      try {
        const response = await client.api<Body>(route[0]!, route[1]!, write.body);
        write.status = response.status;
        write.answer = response.body.data as Json;
        if (write.kind === 'form' && response.status === 200)
          acknowledged.set(`${write.projectId}/${write.step}`, write.answer);
      } catch (error) {
        write.error = String((error as Error).cause ?? error);
      }
      answers += 1;
      if (answers === KILL_AFTER && !killed) {
        killed = true;
        victim.kill('SIGKILL');
      }
    };

    // Waves start 20 ms apart without waiting for each other, so about 200 requests are under
    // way when the kill comes. Writes to the same list or form are chained (each waits for the
    // previous one to that list or form): concurrency is across lists, as from many browsers,
    // and positions are not raced here (concurrent-editors.test.ts covers that).
    const chains = new Map<string, Promise<void>>();
    const chained = (key: string, run: () => Promise<void>) => {
      const next = (chains.get(key) ?? Promise.resolve()).then(run);
      chains.set(key, next);
      return next;
    };
    const requests: Promise<void>[] = [];
    for (let wave = 0; wave < WAVES; wave += 1) {
      for (let slot = 0; slot < WAVE_SIZE - FORMS_PER_WAVE; slot += 1) {
        const pair = (wave * (WAVE_SIZE - FORMS_PER_WAVE) + slot) % (PROJECTS * LIST_STEPS.length);
        const project = projects[pair % PROJECTS]!;
        const step = LIST_STEPS[Math.floor(pair / PROJECTS)]!;
        const body = { ...example(step), [TEXT_FIELD[step]!]: `Welle ${wave} Platz ${slot}` };
        const client = slot % 2 === 0 ? owner : project.customer;
        requests.push(
          chained(`${project.id}/${step}`, () =>
            send({ kind: 'add', projectId: project.id, step, body }, client),
          ),
        );
      }
      // Form saves name the version last acknowledged for that form.
      for (let slot = 0; slot < FORMS_PER_WAVE; slot += 1) {
        const form = (wave * FORMS_PER_WAVE + slot) % (PROJECTS * FORM_STEPS.length);
        const project = projects[form % PROJECTS]!;
        const step = FORM_STEPS[Math.floor(form / PROJECTS)]!;
        const content =
          step === 'profile'
            ? { ...example(step), job_definition: `Welle ${wave}` }
            : step === 'statement'
              ? { ...example(step), mission_statement: `Welle ${wave}` }
              : {
                  attribute_traditional_modern: (wave % 7) - 3,
                  attribute_quiet_loud: (slot % 7) - 3,
                };
        const client = slot % 2 === 0 ? project.customer : owner;
        requests.push(
          chained(`${project.id}/${step}`, () => {
            const version =
              (acknowledged.get(`${project.id}/${step}`)?.version as number | undefined) ?? 0;
            return send(
              { kind: 'form', projectId: project.id, step, body: { ...content, version } },
              client,
            );
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(requests);
    await died;
    child = undefined;

    const answered = writes.filter((write) => write.status !== undefined);
    const unanswered = writes.filter((write) => write.status === undefined);
    console.log(
      `[absturz] ${writes.length} Schreibanfragen, ${answered.length} beantwortet, ${unanswered.length} ohne Antwort (SIGKILL)`,
    );
    expect(killed).toBe(true);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER - 1);
    // Before the kill every write succeeded (2xx): the burst itself was valid.
    expect(
      answered.filter((write) => write.status! >= 300).map((write) => [write.status, write.answer]),
    ).toEqual([]);

    // Restart on the same database; the session lives in the database and survives.
    child = await startProcess();
    const current = await owner.api<Body<{ email: string } | null>>('GET', '/user/current');
    expect(current.body.data).not.toBeNull();

    let landedWithoutAnswer = 0;
    for (const project of projects) {
      const response = await owner.api<Body>('GET', `/projects/${project.id}`);
      expect(response.status).toBe(200);
      const stored = response.body.data;

      for (const step of LIST_STEPS) {
        const items = stored[step] as Item[];
        const sent = writes.filter(
          (write) => write.kind === 'add' && write.projectId === project.id && write.step === step,
        );
        // Every acknowledged add is there, exactly as answered (and as sent).
        for (const write of sent.filter((candidate) => candidate.status === 201)) {
          const answer = write.answer as Item;
          expect(answer).toEqual({ ...write.body, id: answer.id, version: 1 });
          expect(items).toContainEqual(answer);
        }
        // Every stored item is one of the bodies sent, complete, and there only once.
        for (const item of items) {
          const { id: _id, version, ...data } = item;
          const origin = sent.filter((write) => isDeepStrictEqual(write.body, data));
          expect(
            origin,
            `unbekannter oder unvollständiger Eintrag ${JSON.stringify(item)}`,
          ).toHaveLength(1);
          if (origin[0]!.status === undefined) landedWithoutAnswer += 1;
          expect(version).toBe(1);
        }
        const markers = items.map((item) => item[TEXT_FIELD[step]!]);
        expect(new Set(markers).size).toBe(markers.length);
      }

      for (const step of FORM_STEPS) {
        const answer = stored[step] as Json;
        const last = acknowledged.get(`${project.id}/${step}`);
        const lastVersion = (last?.version as number | undefined) ?? 0;
        // Saves of this form that got no answer and named the last acknowledged version: one of
        // them may have landed (at lastVersion + 1), completely.
        const inFlight = writes.filter(
          (write) =>
            write.kind === 'form' &&
            write.projectId === project.id &&
            write.step === step &&
            write.status === undefined &&
            write.body.version === lastVersion,
        );
        const allowed = [
          last ?? { version: 0 },
          ...inFlight.map((write) => ({ ...write.body, version: lastVersion + 1 })),
        ];
        expect(allowed, `${project.id}/${step}`).toContainEqual(answer);
        if (!isDeepStrictEqual(answer, last ?? { version: 0 })) landedWithoutAnswer += 1;
      }
    }
    console.log(
      `[absturz] ${landedWithoutAnswer} Schreibanfragen ohne Antwort sind vollständig gespeichert`,
    );

    // Positions are unique per list, and every stored item still passes the step's validation
    // (saving it unchanged with its version is accepted).
    const duplicates = await query<{ project_id: string; step_key: string; position: number }>(
      `select project_id, step_key, position from item group by project_id, step_key, position
       having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    for (const project of projects) {
      const stored = (await owner.api<Body>('GET', `/projects/${project.id}`)).body.data;
      for (const step of LIST_STEPS) {
        for (const item of stored[step] as Item[]) {
          const resave = await project.customer.api<Body<Item>>(
            'PATCH',
            `/projects/${project.id}/${step}/${item.id}`,
            item,
          );
          expect(resave.status, JSON.stringify(resave.body)).toBe(200);
        }
      }
    }

    // And the restarted server works normally for both actors.
    const [project] = projects;
    const added = await project!.customer.api<Body<Item>>(
      'POST',
      `/projects/${project!.id}/contacts`,
      { ...example('contacts'), expectations: 'Nach dem Neustart' },
    );
    expect(added.status).toBe(201);
    const version = (
      (await owner.api<Body>('GET', `/projects/${project!.id}`)).body.data.profile as Json
    ).version as number;
    const saved = await owner.api('PATCH', `/projects/${project!.id}/profile`, {
      ...example('profile'),
      version,
    });
    expect(saved.status).toBe(200);
  }, 180_000);

  it('survives a database outage and answers 200 again once the database is back, without a restart', async () => {
    const [project] = projects;
    const running = child!;
    expect((await owner.api('GET', `/projects/${project!.id}`)).status).toBe(200);

    proxy.cut();
    if (database) {
      // Restart the embedded PostgreSQL itself on its files (new port behind the proxy).
      await database.stop();
      database = await startEmbeddedPostgres({ dataDir: databaseDir, maxConnections: 24 });
      directUrl = database.url;
    }

    const marker = 'Während des Ausfalls';
    const attempts: [string, () => Promise<TestResponse>][] = [
      ['GET /projects/{id}', () => owner.api('GET', `/projects/${project!.id}`)],
      ['GET /user/current', () => owner.api('GET', '/user/current')],
      ['GET /projects', () => owner.api('GET', '/projects')],
      [
        'POST contacts (Kunde)',
        () =>
          project!.customer.api('POST', `/projects/${project!.id}/contacts`, {
            ...example('contacts'),
            expectations: marker,
          }),
      ],
      [
        'PATCH statement (Agentur)',
        () =>
          owner.api('PATCH', `/projects/${project!.id}/statement`, {
            ...example('statement'),
            mission_statement: marker,
            version: 0,
          }),
      ],
      ['GET /config/presets', () => new HttpClient(url).api('GET', '/config/presets')],
    ];
    const during: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const [name, attempt] of attempts) {
        const response = await within(30_000, attempt(), name);
        during.push(`${name}: ${response.status}`);
        if (response.status >= 400) {
          expect(response.headers.get('content-type'), name).toContain('application/json');
          const message = (response.body as { message?: unknown }).message;
          expect(GERMAN_MESSAGES.has(message as string), `${name}: ${String(message)}`).toBe(true);
        }
        expect(running.exitCode, `der Prozess ist gestorben:\n${output}`).toBeNull();
      }
    }
    console.log(`[ausfall] Antworten während des Ausfalls: ${during.join(', ')}`);
    // While the database is unreachable, nothing that needs it can have succeeded.
    expect(during.filter((entry) => /^(GET \/projects|POST|PATCH).*: 2\d\d$/.test(entry))).toEqual(
      [],
    );

    proxy.restore(hostPort(directUrl));
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await within(30_000, owner.api('GET', `/projects/${project!.id}`), 'GET')).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status, `nach dem Ausfall:\n${output.slice(-3000)}`).toBe(200);
    expect(running.exitCode).toBeNull();
    expect(child).toBe(running);

    // Writes work again, and the ones refused during the outage were not stored.
    const stored = (await owner.api<Body>('GET', `/projects/${project!.id}`)).body.data;
    expect((stored.contacts as Item[]).filter((item) => item.expectations === marker)).toEqual([]);
    expect((stored.statement as Json).mission_statement).not.toBe(marker);
    const added = await project!.customer.api<Body<Item>>(
      'POST',
      `/projects/${project!.id}/contacts`,
      { ...example('contacts'), expectations: 'Nach dem Ausfall' },
    );
    expect(added.status).toBe(201);
    const user = await owner.api<Body<{ email: string } | null>>('GET', '/user/current');
    expect(user.body.data).not.toBeNull();
  }, 180_000);
});
