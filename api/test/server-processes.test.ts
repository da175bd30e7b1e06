import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtServer, freePort, freePorts, startServerProcess } from './server-process.ts';
import { createServerDatabase } from './test-server.ts';

/*
 * The server as an operator runs it: `node main.js` of a build as its own OS process.
 * - The embedded database belongs to one process: a second server or `npm run demo` on the same
 *   DATA_DIR refuses at once, names the folder and the holder's pid and touches nothing; after
 *   the holder is SIGKILLed the next start succeeds.
 * - Processes starting at the same moment on a fresh PostgreSQL server migrate exactly once.
 * - SIGTERM drains: a request in flight completes, new connections are refused, the process exits
 *   0 and releases the data folder; a request that never ends is cut after the 10 s deadline
 *   (exit code 1).
 */

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = path.join(apiDir, '..');
const migrationFiles = readdirSync(path.join(apiDir, 'src', 'database', 'migrations')).filter(
  (file) => /^Migration\d+\.ts$/.test(file),
);

let buildDir: string;
const running = new Set<ChildProcess>();

/** Runs a command to its end (at most `ms`); its exit code and everything it printed. */
function runToExit(
  args: string[],
  env: Record<string, string>,
  ms = 60_000,
): Promise<{ code: number | null; output: string; duration: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`läuft nach ${ms} ms noch:\n${output}`));
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, output, duration: Date.now() - started });
    });
  });
}

async function startServer(env: Record<string, string>, onOutput?: (text: string) => void) {
  const child = await startServerProcess(buildDir, env, onOutput);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every file below a folder, relative to it. */
const filesIn = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();

/** The login page's CSRF form token and the cookies that go with it. */
async function loginForm(url: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${url}/login`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await response.text())?.[1] ?? '';
  return { cookie, csrf };
}

interface SlowAnswer {
  status: number;
  connection: string | undefined;
  text: string;
}

/**
 * A login post whose body arrives in two parts: the request is in flight (the server waits for
 * the rest of the body) until `finish()` sends the second part.
 */
async function slowLogin(url: string) {
  const { cookie, csrf } = await loginForm(url);
  const body = new URLSearchParams({
    _csrf: csrf,
    email: 'niemand@example.de',
    password: 'falsches-passwort',
  }).toString();
  const { port } = new URL(url);
  const slow = { finish: () => {}, response: undefined as unknown as Promise<SlowAnswer> };
  slow.response = new Promise<SlowAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/login',
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode!,
            connection: incoming.headers.connection,
            text,
          }),
        );
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    slow.finish = () => request.end(body.slice(10));
  });
  await sleep(300);
  return slow;
}

beforeAll(async () => {
  buildDir = await builtServer();
}, 180_000);

/** What a failed test left running. */
async function killAll() {
  const left = [...running];
  for (const child of left) child.kill('SIGKILL');
  await Promise.all(left.map(exitOf));
}

afterEach(killAll);

afterAll(async () => {
  await killAll();
});

describe('the embedded database belongs to one process', () => {
  it('refuses a second server and npm run demo on the same DATA_DIR with the holder pid and touches nothing; after a SIGKILL the next start succeeds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-lock-'));
    try {
      const port = await freePort();
      const env = {
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'geheimnis-des-ersten-prozesses',
      };
      delete (process.env as Record<string, string | undefined>).DATABASE_URL;
      const holder = await startServer(env);
      const before = filesIn(dataDir);
      const folder = path.join(dataDir, 'pglite');

      // Another server (on another port, without SESSION_SECRET) on the same data folder.
      const otherPort = await freePort();
      const second = await runToExit([path.join(buildDir, 'main.js')], {
        PORT: String(otherPort),
        APP_URL: `http://127.0.0.1:${otherPort}`,
        DATA_DIR: dataDir,
        SESSION_SECRET: '',
        DATABASE_URL: '',
      });
      expect(second.code, second.output).not.toBe(0);
      expect(second.output).toContain(
        `Die eingebettete Datenbank in ${folder} ist schon von einem anderen Prozess geöffnet (PID ${holder.pid}: `,
      );
      expect(second.output).toContain('main.js');
      expect(second.output).not.toContain('Fragewerk läuft unter');
      expect(second.output).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(second.duration).toBeLessThan(15_000);

      // `npm run demo` on the same data folder.
      const demo = await runToExit(
        [path.join(rootDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'tools/src/demo.ts'],
        { DATA_DIR: dataDir, DATABASE_URL: '' },
      );
      expect(demo.code, demo.output).toBe(1);
      expect(demo.output).toContain(
        `Die eingebettete Datenbank in ${folder} ist schon von einem anderen Prozess geöffnet (PID ${holder.pid}: `,
      );
      expect(demo.output).not.toContain('Demo-Projekt angelegt');

      // Neither created nor removed a file (no session secret, no mail, nothing in pglite/).
      expect(filesIn(dataDir)).toEqual(before);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

      // The holder dies without cleaning up; the next start takes the folder over.
      holder.kill('SIGKILL');
      expect((await exitOf(holder)).signal).toBe('SIGKILL');
      const next = await startServer(env);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      next.kill('SIGTERM');
      expect((await exitOf(next)).code).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the embedded database belongs to one process, also while it starts', () => {
  it('names the holder while its thread is busy opening and migrating the database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-lock-start-'));
    try {
      const port = await freePort();
      const env = { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir };
      let output = '';
      const holder = spawn(process.execPath, [path.join(buildDir, 'main.js')], {
        env: { ...process.env, ...env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.add(holder);
      holder.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      holder.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // The holder has the lock as soon as it wrote who it is; PGlite starts right after.
      const deadline = Date.now() + 60_000;
      while (!existsSync(path.join(dataDir, 'pglite.holder')) && Date.now() < deadline) {
        await sleep(20);
      }
      const second = await runToExit([path.join(buildDir, 'main.js')], {
        ...env,
        PORT: String(await freePort()),
        DATABASE_URL: '',
      });
      expect(second.code, second.output).toBe(1);
      expect(second.output).toContain(`(PID ${holder.pid}: `);
      expect(output).not.toContain('ist schon von einem anderen Prozess geöffnet');
      holder.kill('SIGTERM');
      await exitOf(holder);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'processes starting at the same moment on a fresh server database',
  () => {
    it('all three become ready and the migrations ran exactly once', async () => {
      const database = await createServerDatabase('fragewerk_start');
      const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-start-'));
      try {
        const ports = await freePorts(3);
        const children = await Promise.all(
          ports.map((port) =>
            startServer({
              PORT: String(port),
              APP_URL: `http://127.0.0.1:${port}`,
              DATABASE_URL: database.url,
              DATA_DIR: dataDir,
              SESSION_SECRET: 'gemeinsames-geheimnis',
              // Separate processes, as on separate hosts (workers of one: cluster.test.ts).
              WEB_CONCURRENCY: '1',
            }),
          ),
        );
        for (const port of ports) {
          const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
          expect(ready.status).toBe(200);
        }
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ name: string }>(
            'select name from mikro_orm_migrations order by name',
          );
          expect(rows.map((row) => `${row.name}.ts`)).toEqual(migrationFiles.sort());
        } finally {
          await client.end();
        }
        for (const child of children) child.kill('SIGTERM');
        for (const child of children) expect((await exitOf(child)).code).toBe(0);
      } finally {
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  },
);

describe('configuration errors: one German line per wrong variable, exit code 1, nothing written', () => {
  const PREFIX =
    'Fragewerk startet nicht: Die Konfiguration in den Umgebungsvariablen ist ungültig.';
  const SHOWN = (value: string) => `(gesetzt ist „${value}“).`;
  const cases: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, `PORT muss eine ganze Zahl von 0 bis 65535 sein ${SHOWN('abc')}`],
    [{ PORT: '70000' }, `PORT muss eine ganze Zahl von 0 bis 65535 sein ${SHOWN('70000')}`],
    [{ HOST: 'http://0.0.0.0' }, 'HOST muss eine Adresse oder ein Rechnername ohne Schema'],
    [
      { APP_URL: 'briefing.example.de' },
      `APP_URL muss eine vollständige Adresse mit http:// oder https:// sein, z. B. https://briefing.ihre-agentur.de ${SHOWN('briefing.example.de')}`,
    ],
    [
      { DATABASE_URL: 'mysql://root:geheim@localhost/fragewerk' },
      'DATABASE_URL muss eine PostgreSQL-Adresse sein, z. B. postgres://benutzer:passwort@host:5432/datenbank (der Wert wird nicht gezeigt, er kann ein Passwort enthalten).',
    ],
    [{ DATABASE_URL: 'postgres://kaputt adresse' }, 'DATABASE_URL muss eine PostgreSQL-Adresse'],
    [
      { DATABASE_POOL_MAX: '0' },
      `DATABASE_POOL_MAX muss eine ganze Zahl von 1 bis 100 sein ${SHOWN('0')}`,
    ],
    [
      { SMTP_URL: 'http://user:geheim@mail.example.de' },
      'SMTP_URL muss eine SMTP-Adresse sein, z. B. smtps://benutzer:passwort@smtp.example.de:465 (der Wert wird nicht gezeigt, er kann ein Passwort enthalten).',
    ],
    [{ MAIL_FROM: 'keine Adresse' }, `MAIL_FROM muss eine Absenderadresse sein`],
    [
      { SESSION_SECRET: 'kurz' },
      'SESSION_SECRET muss mindestens 16 Zeichen lang sein (der Wert wird nicht gezeigt).',
    ],
    [{ TRUST_PROXY: '10.0.0.999' }, `TRUST_PROXY muss true, false, die Zahl der Proxys`],
    [
      { WEB_DIR: '/gibt/es/nicht' },
      `WEB_DIR muss der Ordner der gebauten App mit einer index.html sein ${SHOWN('/gibt/es/nicht')}`,
    ],
    [{ DEFINITION_DIR: '/gibt/es/nicht' }, 'DEFINITION_DIR muss ein Ordner mit definitions/ sein'],
    [
      { LOG_LEVEL: 'laut' },
      `LOG_LEVEL muss fatal, error, warn, info, debug, trace oder silent sein ${SHOWN('laut')}`,
    ],
  ];

  const named = cases.map(
    ([variables, message]) =>
      [
        Object.entries(variables)
          .map(([name, value]) => `${name}=${value}`)
          .join(' '),
        variables,
        message,
      ] as const,
  );

  it.each(named)('%s', async (_name, variables, message) => {
    const dataDir = path.join(tmpdir(), `fragewerk-config-${process.pid}-${Date.now()}`);
    const result = await runToExit([path.join(buildDir, 'main.js')], {
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...variables,
    });
    expect(result.code, result.output).toBe(1);
    const lines = result.output.trim().split('\n');
    expect(lines).toEqual([PREFIX, expect.stringContaining(message)]);
    expect(lines[1]!.startsWith(`- ${Object.keys(variables)[0]} muss`)).toBe(true);
    // Secrets stay out of the message.
    expect(result.output).not.toContain('geheim');
    // Nothing was started or written: not even the data folder exists.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('lists every wrong variable, each once, in the order of the README', async () => {
    const result = await runToExit([path.join(buildDir, 'main.js')], {
      PORT: 'abc',
      APP_URL: 'ftp://example.de',
      DATABASE_URL: 'sqlite:fragewerk.db',
      LOG_LEVEL: 'laut',
      DATA_DIR: path.join(tmpdir(), 'fragewerk-config-several'),
    });
    expect(result.code).toBe(1);
    expect(
      result.output
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[1]),
    ).toEqual(['startet', 'PORT', 'APP_URL', 'DATABASE_URL', 'LOG_LEVEL']);
  });
});

describe('a PostgreSQL server that cannot be used: one German line, exit code 1', () => {
  it('names the server that does not answer, not the password, and no stack trace', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-database-server-'));
    try {
      const result = await runToExit([path.join(buildDir, 'main.js')], {
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://fragewerk:geheim@127.0.0.1:${port}/fragewerk`,
        SESSION_SECRET: 'ein-geheimnis-mit-mehr-als-16-zeichen',
        LOG_LEVEL: 'silent',
      });
      expect(result.code, result.output).toBe(1);
      expect(result.output.trim()).toBe(
        `Fragewerk startet nicht: Die Datenbank „fragewerk“ auf 127.0.0.1:${port} (DATABASE_URL) ist nicht nutzbar – der Server antwortet dort nicht (ECONNREFUSED). Bitte prüfen Sie, ob PostgreSQL läuft und Rechner und Port stimmen.`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a role without the right to create what Fragewerk needs: one German line, exit code 1',
  () => {
    it('says so for a database it does not own (no tables in public) and for a missing one', async () => {
      const database = await createServerDatabase('fragewerk_rights');
      const role = `fragewerk_ohne_rechte_${process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-rights-'));
      try {
        // Since PostgreSQL 15 only the database's owner may create tables in schema public.
        await admin.query(`drop role if exists ${role}`);
        await admin.query(`create role ${role} login nocreatedb`);
        for (const name of [new URL(database.url).pathname.slice(1), `${role}_fehlt`]) {
          const url = new URL(database.url);
          url.username = role;
          url.pathname = `/${name}`;
          const result = await runToExit([path.join(buildDir, 'main.js')], {
            PORT: '0',
            DATA_DIR: dataDir,
            DATABASE_URL: url.toString(),
            SESSION_SECRET: 'ein-geheimnis-mit-mehr-als-16-zeichen',
            LOG_LEVEL: 'silent',
          });
          expect(result.code, result.output).toBe(1);
          expect(result.output.trim()).toBe(
            `Fragewerk startet nicht: Die Datenbank „${name}“ auf ${url.hostname}:${url.port} (DATABASE_URL) ist nicht nutzbar – die Rolle aus DATABASE_URL darf dort nicht anlegen, was Fragewerk braucht (42501). Bitte legen Sie die Datenbank mit dieser Rolle als Eigentümerin an (createdb -O <Rolle> <Datenbank>).`,
          );
        }
      } finally {
        await database.drop();
        await admin.query(`drop role if exists ${role}`);
        await admin.end();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  },
);

describe('graceful shutdown on SIGTERM', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-stop-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), APP_URL: url, DATA_DIR: dataDir, DATABASE_URL: '' };
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('finishes a request in flight, refuses new connections, exits 0 and frees the data folder', async () => {
    let output = '';
    const server = await startServer(env, (text) => (output += text));
    const slow = await slowLogin(url);

    server.kill('SIGTERM');
    await sleep(500);
    expect(server.exitCode, output).toBeNull();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    slow.finish();
    const answered = await slow.response;
    expect(answered.status).toBe(401);
    expect(answered.text).toContain('E-Mail-Adresse oder Passwort ist nicht korrekt.');
    expect(answered.connection).toBe('close');
    const exit = await exitOf(server);
    expect(exit.code, output).toBe(0);

    // The embedded database was closed cleanly and its lock released: the next start works.
    const again = await startServer(env);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    again.kill('SIGINT');
    expect((await exitOf(again)).code).toBe(0);
  }, 120_000);

  it('ends the process after the 10 s deadline when a request never finishes (exit code 1)', async () => {
    let output = '';
    const server = await startServer(env, (text) => (output += text));
    const slow = await slowLogin(url);
    slow.response.catch(() => {});
    const signalled = Date.now();
    server.kill('SIGTERM');
    const exit = await exitOf(server);
    const took = Date.now() - signalled;
    expect(exit.code, output).toBe(1);
    expect(took).toBeGreaterThanOrEqual(9_500);
    expect(took).toBeLessThan(15_000);
    expect(output).toContain(
      'Das Herunterfahren hat länger als 10 Sekunden gedauert; der Prozess wird jetzt beendet.',
    );
  }, 120_000);
});
