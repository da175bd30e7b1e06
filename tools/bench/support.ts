/**
 * Shared pieces of the benchmark suite: result rows, statistics, the API as a child process, the
 * benchmark database (PostgreSQL server and embedded) with demo projects, and the browser. The
 * expensive parts start lazily and once per `npm run bench`; `closeContext()` ends them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import type { Definition } from '@fragewerk/engine/core';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { ormConfig, startEmbeddedPostgres } from '@fragewerk/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/chromium.ts';
import { createDemoProject, DEMO_EMAIL, DEMO_PASSWORD } from '../src/demo.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The built server; BENCH_API_MAIN names another build (e.g. one of a working tree). */
export const API_MAIN = process.env.BENCH_API_MAIN ?? path.join(ROOT, 'api', 'dist', 'main.js');
export const WEB_DIST = path.join(ROOT, 'web', 'dist');

/** One line of the result table. `ok` is null when the figure has no budget. */
export interface Row {
  name: string;
  value: number | string;
  unit: string;
  budget: string;
  ok: boolean | null;
}

export type Benchmark = () => Promise<Row[]>;

/** Progress goes to stderr, so that stdout holds only the table. */
export const log = (message: string) => process.stderr.write(`  ${message}\n`);

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const round2 = (value: number) => Math.round(value * 100) / 100;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rotates a list by `by` places: the order of compared things changes from round to round. */
export const rotate = <T>(list: T[], by: number): T[] =>
  list.map((_, index) => list[(index + by) % list.length]!);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `fragewerk-${prefix}-`));

/** Resident set size of a process in MB, from /proc/<pid>/status (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return round1(kb / 1024);
}

/**
 * Resident set sizes of a server in MB: the process itself and its worker processes (the
 * children `node:cluster` forked; with one worker there are none, `workers` is empty), and their
 * sum. Other children (the esbuild service, a child of each worker or of the single process) are
 * not counted.
 */
export function rssTreeMb(pid: number): { primary: number; workers: number[]; total: number } {
  const primary = rssMb(pid);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number);
  const workers = children.flatMap((child) => {
    try {
      // Only node processes: a single API process's own child is the esbuild service.
      const program = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0')[0] ?? '';
      if (path.basename(program) !== 'node') return [];
      return [rssMb(child)];
    } catch {
      return []; // ended meanwhile
    }
  });
  return { primary, workers, total: round1(primary + workers.reduce((sum, mb) => sum + mb, 0)) };
}

export function requireBuild() {
  if (!existsSync(API_MAIN) || !existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Kein Build gefunden: erst `npm run build`.');
}

/** A server started as a child process. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawning to the first 200 of the ready URL. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Spawns a node process and polls `readyPath` until it answers 200. Output is kept and shown only
 * when the process fails (or always with BENCH_VERBOSE=1).
 */
export async function spawnServer(options: {
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  timeoutMs?: number;
  /** Also wait for this in the output (the primary of several workers prints it once all listen). */
  readyText?: string;
}): Promise<ServerProcess> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  let stopping = false;
  let readyMs = Number.NaN;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      // A server that dies under a benchmark otherwise shows only as a missing /proc entry.
      if (!stopping && !Number.isNaN(readyMs))
        log(`Server ${child.pid} beendet (${signal ?? code}), Ausgabe:\n${output.slice(-4000)}`);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 60_000);
  while (performance.now() < deadline) {
    if (exited) throw new Error(`Server beendet sich beim Start:\n${output}`);
    try {
      const response = await fetch(url + options.readyPath);
      await response.arrayBuffer();
      if (response.status === 200 && (!options.readyText || output.includes(options.readyText))) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const stop = async () => {
    stopping = true;
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  if (Number.isNaN(readyMs)) {
    await stop();
    throw new Error(`Server nicht bereit nach ${options.timeoutMs ?? 60_000} ms:\n${output}`);
  }
  return { url, pid: child.pid!, readyMs, stop };
}

/**
 * The node flags `npm start` runs the server with (its V8 heap limits), read from the root
 * package.json: the bench measures the server as it is started.
 */
export function productNodeFlags(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) api\/dist\/main\.js/.exec(
    scripts.start ?? '',
  )?.[1];
  if (flags === undefined) throw new Error('package.json: "start" startet api/dist/main.js nicht');
  return flags.split(' ').filter(Boolean);
}

/** `node api/dist/main.js` on a free port; without `databaseUrl` on the embedded database. */
export async function spawnApi(options: {
  dataDir: string;
  databaseUrl?: string;
  /** `WEB_CONCURRENCY` (only with `databaseUrl`); unset: the server's default. */
  workers?: number;
  /** `METRICS_PORT`: the metrics on, as an operator who scrapes them runs the server. */
  metricsPort?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: options.dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.WEB_CONCURRENCY;
  delete env.METRICS_PORT;
  delete env.METRICS_TOKEN;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.workers !== undefined) env.WEB_CONCURRENCY = String(options.workers);
  if (options.metricsPort !== undefined) env.METRICS_PORT = String(options.metricsPort);
  // BENCH_API_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: profile the API under load.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawnServer({
    args: [...productNodeFlags(), ...nodeArgs, API_MAIN],
    env,
    port,
    readyPath: '/api/config/presets',
    // The first worker answers while the others still start; the start line comes once all do.
    readyText: 'Fragewerk läuft unter',
  });
}

/** A demo project with its share token. */
export interface DemoProject {
  id: string;
  token: string;
}

/** Demo projects per database: one for reading and the browser, one per PATCH connection. */
export const CONNECTIONS = 50;
const PROJECTS = CONNECTIONS + 1;

async function fillDatabase(url: string, embedded: boolean): Promise<DemoProject[]> {
  const config = ormConfig(url, embedded);
  const orm = await MikroORM.init({
    ...config,
    migrations: { ...config.migrations, silent: true },
  });
  try {
    await orm.migrator.up();
    const definition = await loadDefinitionFromDisk();
    for (let index = 0; index < PROJECTS; index += 1) await createDemoProject(orm, definition);
    const rows = await orm.em
      .getConnection()
      .execute<{ id: string; edit_token: string }[]>(
        'select id, edit_token from project order by created_at, id',
      );
    return rows.map((row) => ({ id: row.id, token: row.edit_token }));
  } finally {
    await orm.close();
  }
}

/** The PostgreSQL server the API benchmark runs against (a database of its own is created). */
/**
 * Worker processes of the API on the PostgreSQL server: one per core, as the server's default;
 * `BENCH_API_WORKERS` sets another number (e.g. 1, to compare with a single process).
 */
export const API_WORKERS = Number(process.env.BENCH_API_WORKERS || availableParallelism());

export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const cleanups: (() => Promise<void>)[] = [];
const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
};

export const definition = once<Definition>(() => loadDefinitionFromDisk());

/** A fresh database `fragewerk_bench_<random>` on the PostgreSQL server, filled with demo projects. */
export const pgDatabase = once(async () => {
  const name = `fragewerk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  log(`PostgreSQL: Datenbank ${name}, ${PROJECTS} Demo-Projekte …`);
  const projects = await fillDatabase(url.toString(), false);
  return { url: url.toString(), projects };
});

/** A data folder whose embedded database holds the demo projects (no server is running on it). */
export const embeddedData = once(async () => {
  const dataDir = tempDir('bench-embedded');
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  log(`Eingebettete Datenbank: ${PROJECTS} Demo-Projekte …`);
  const embedded = await startEmbeddedPostgres({ dataDir, maxConnections: 4 });
  try {
    const projects = await fillDatabase(embedded.url, true);
    return { dataDir, projects };
  } finally {
    await embedded.stop();
  }
});

/** The API on the PostgreSQL benchmark database, shared by the browser and load benchmarks. */
export const pgApi = once(async () => {
  requireBuild();
  const database = await pgDatabase();
  const dataDir = tempDir('bench-api');
  // On a PostgreSQL server the API runs a worker per core (WEB_CONCURRENCY), with its metrics on
  // METRICS_PORT: the per-request cost of counting is in every figure.
  const server = await spawnApi({
    dataDir,
    databaseUrl: database.url,
    workers: API_WORKERS,
    metricsPort: await freePort(),
  });
  cleanups.push(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...server, projects: database.projects };
});

let launchedBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of the running benchmark, launched on first use. Each benchmark gets a fresh one
 * (`closeBrowser` after it, in run.ts): in a browser that had just typed through the typing
 * benchmark's pages, the results view measured ~30 ms more scripting than in a fresh one.
 */
export const browser = (): Promise<Browser> => {
  if (!launchedBrowser) {
    launchedBrowser = chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    cleanups.push(closeBrowser);
  }
  return launchedBrowser;
};

/** Closes the benchmark's Chromium, if one was launched. */
export async function closeBrowser(): Promise<void> {
  const launched = launchedBrowser;
  launchedBrowser = undefined;
  if (launched) await (await launched).close();
}

/** The share link of a project's questionnaire step. */
export const shareUrl = (base: string, project: DemoProject, slug: string) =>
  `${base}/share/${encodeURIComponent(project.token)}/projekte/${project.id}/fragebogen/${slug}`;

/**
 * Logs in through the server's /login form (as the demo account unless told otherwise); returns
 * the session cookie (`name=value`).
 */
export async function loginCookie(
  base: string,
  account = { email: DEMO_EMAIL, password: DEMO_PASSWORD },
): Promise<string> {
  const page = await fetch(`${base}/login`);
  const cookie = page.headers.get('set-cookie')?.split(';')[0] ?? '';
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ ...account, _csrf: csrf }),
  });
  await response.arrayBuffer();
  if (response.status !== 303) throw new Error(`Anmeldung fehlgeschlagen: ${response.status}`);
  // Every cookie the login sets (the session's and the browser's device cookie), as a browser
  // would send them back.
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]!);
  return cookies.length > 0 ? cookies.join('; ') : cookie;
}

/** A `Cookie` header (as `loginCookie` returns it) as the cookies a browser is given for `url`. */
export function cookiesOf(
  header: string,
  url: string,
): { name: string; value: string; url: string }[] {
  return header
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
}

export { DEMO_EMAIL, DEMO_PASSWORD };

/** Ends everything the benchmarks started, newest first. */
export async function closeContext(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`Aufräumen fehlgeschlagen: ${(error as Error).message}`);
    }
  }
}
