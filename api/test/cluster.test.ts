import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServer, freePort, freePorts, startServerProcess } from './server-process.ts';
import { createServerDatabase } from './test-server.ts';

/*
 * All cores (docs/architecture.md#betrieb): with DATABASE_URL the built server runs
 * WEB_CONCURRENCY worker processes under one primary (run-cluster.ts). Two workers serve requests
 * (their pids in the request log lines), the primary says „Fragewerk läuft unter …“ once, a
 * killed worker is replaced, METRICS_PORT aggregates the workers' metrics, and SIGTERM ends
 * every process with exit code 0. Needs a PostgreSQL server (TEST_DATABASE_URL).
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET on a connection of its own: the primary hands each new connection to the next worker. */
function getOnNewConnection(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      })
      .once('error', reject);
  });
}

/** The worker processes of `primary`, from /proc. */
function childrenOf(primary: number): number[] {
  const text = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8');
  return text.split(' ').filter(Boolean).map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`wartete vergeblich: ${what}`);
    await sleep(200);
  }
}

/**
 * The built server with two workers on a database of its own on `port`, plus `env`: the database,
 * the data folder and the primary, whose output goes to `onOutput`.
 */
async function startCluster(
  databasePrefix: string,
  port: number,
  env: Record<string, string>,
  onOutput: (text: string) => void,
) {
  const buildDir = await builtServer();
  const database = await createServerDatabase(databasePrefix);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-cluster-'));
  const primary = await startServerProcess(
    buildDir,
    {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      SMTP_URL: '',
      ...env,
    },
    onOutput,
  );
  return { database, dataDir, primary };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'WEB_CONCURRENCY workers on a PostgreSQL server',
  () => {
    let database: Awaited<ReturnType<typeof createServerDatabase>>;
    let dataDir: string;
    let port: number;
    let metricsPort: number;
    let primary: ChildProcess;
    let output = '';

    beforeAll(async () => {
      [port, metricsPort] = (await freePorts(2)) as [number, number];
      ({ database, dataDir, primary } = await startCluster(
        'fragewerk_cluster',
        port,
        {
          METRICS_PORT: String(metricsPort),
          SESSION_SECRET: 'ein-gemeinsames-geheimnis-der-tests',
          LOG_LEVEL: 'info',
          METRICS_TOKEN: '',
        },
        (text) => (output += text),
      ));
    }, 240_000);

    afterAll(async () => {
      if (primary && primary.exitCode === null && primary.signalCode === null) {
        primary.kill('SIGKILL');
      }
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const metrics = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const figure = (text: string, series: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.split(' ')[1],
      );

    /** The pids in the log lines of requests for `marker`, from `from` on in the output. */
    const servingPids = (marker: string, from = 0) =>
      new Set(
        output
          .slice(from)
          .split('\n')
          .filter((line) => line.startsWith('{') && line.includes(marker))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );

    it('says „Fragewerk läuft unter …“ once and serves requests from two worker processes', async () => {
      expect(output.match(/Fragewerk läuft unter/g)).toHaveLength(1);
      expect(output).toContain(
        `Fragewerk läuft unter http://127.0.0.1:${port} (2 Arbeitsprozesse)`,
      );
      const workers = childrenOf(primary.pid!);
      expect(workers).toHaveLength(2);
      for (let index = 0; index < 10; index += 1) {
        expect(await getOnNewConnection(port, '/api/config/presets')).toBe(200);
      }
      // Log lines are written asynchronously; a moment for the last ones.
      await until('die Log-Zeilen', () => servingPids('/api/config/presets').size >= 2, 5_000);
      const pids = servingPids('/api/config/presets');
      expect([...pids].sort()).toEqual([...workers].sort());
      expect(pids.has(primary.pid!)).toBe(false);

      // One installation in the metrics: the workers' requests add up, the primary counts them.
      const text = await metrics();
      expect(figure(text, 'fragewerk_cluster_workers')).toBe(2);
      expect(
        figure(
          text,
          'fragewerk_http_requests_total{method="GET",route="/api/config/presets",status="200"}',
        ),
      ).toBe(10);
      // The app's port has no metrics when METRICS_PORT is set.
      expect(await getOnNewConnection(port, '/metrics')).toBe(404);
    });

    it('starts a worker again when one dies, after a short back-off', async () => {
      const [victim, survivor] = childrenOf(primary.pid!) as [number, number];
      process.kill(victim, 'SIGKILL');
      await until('die Meldung des Primärprozesses', () =>
        output.includes(`Arbeitsprozess ${victim} hat sich unerwartet beendet (Signal SIGKILL)`),
      );
      // Meanwhile the other worker serves.
      expect(await getOnNewConnection(port, '/healthz')).toBe(200);
      await until('zwei Arbeitsprozesse', async () => {
        const text = await metrics();
        return figure(text, 'fragewerk_cluster_workers') === 2;
      });
      const workers = childrenOf(primary.pid!);
      expect(workers).toHaveLength(2);
      expect(workers).toContain(survivor);
      expect(workers).not.toContain(victim);
      expect(figure(await metrics(), 'fragewerk_cluster_worker_restarts_total')).toBe(1);
      const from = output.length;
      for (let index = 0; index < 6; index += 1) {
        expect(await getOnNewConnection(port, '/api/config/presets')).toBe(200);
      }
      const served = () => servingPids('/api/config/presets', from);
      await until('die Log-Zeilen', () => served().size >= 2, 5_000);
      expect([...served()].sort()).toEqual([...workers].sort());
      expect(output.match(/Fragewerk läuft unter/g)).toHaveLength(1);
    });

    it('ends every process on SIGTERM, exit code 0', async () => {
      const workers = childrenOf(primary.pid!);
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        primary.once('exit', (code, signal) => resolve({ code, signal })),
      );
      primary.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      for (const pid of workers) expect(alive(pid), `Arbeitsprozess ${pid}`).toBe(false);
      await expect(getOnNewConnection(port, '/healthz')).rejects.toThrow();
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)('METRICS_TOKEN with several workers', () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let dataDir: string;
  let port: number;
  let primary: ChildProcess;
  let output = '';
  const token = 'ein-langes-metrik-token-der-tests';

  beforeAll(async () => {
    port = await freePort();
    ({ database, dataDir, primary } = await startCluster(
      'fragewerk_cluster_token',
      port,
      {
        METRICS_TOKEN: token,
        METRICS_PORT: '',
        // Without SESSION_SECRET: the workers share the one kept in DATA_DIR, with a warning.
        SESSION_SECRET: '',
      },
      (text) => (output += text),
    ));
  }, 240_000);

  it('logs a startup warning once, not once per worker', () => {
    expect(output.match(/SESSION_SECRET ist nicht gesetzt/g)).toHaveLength(1);
  });

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      primary.kill('SIGTERM');
      await new Promise((resolve) => primary.once('exit', resolve));
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A scrape on a connection of its own (so that each lands on the next worker). */
  function scrape(authorization?: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/metrics',
            agent: false,
            headers: authorization ? { authorization } : {},
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        )
        .once('error', reject);
    });
  }

  it('answers on the app port from whichever worker with the aggregate of all', async () => {
    expect((await scrape()).status).toBe(401);
    for (let index = 0; index < 8; index += 1) {
      expect(await getOnNewConnection(port, '/api/config/presets')).toBe(200);
    }
    const series =
      'fragewerk_http_requests_total{method="GET",route="/api/config/presets",status="200"} 8';
    // Two scrapes in a row land on the two workers; each answers with the sum of both.
    for (let index = 0; index < 2; index += 1) {
      const { status, body } = await scrape(`Bearer ${token}`);
      expect(status).toBe(200);
      expect(body).toContain(series);
      expect(body).toContain('fragewerk_cluster_workers 2');
    }
  });
});
