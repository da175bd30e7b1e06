// The primary of several worker processes (run-server.ts with DATABASE_URL and more than one
// worker): it serves no requests itself, so it loads neither Nest nor the ORM nor the check of the
// configuration – the first worker checks it and reports what the primary needs.
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config/app-config.ts';
import { t } from './common/messages.ts';
import { SHUTDOWN_DEADLINE_MS } from './health/shutdown.ts';
import type { PrimaryMetrics } from './metrics/cluster-metrics.ts';
import { serveMetricsPort } from './metrics/metrics-http.ts';
import { metricsEnabled } from './metrics/metrics-options.ts';

/** A worker sends this once it listens (run-server.ts). */
export const WORKER_READY = 'fragewerk:worker-ready';

/** The ready message, with what the primary needs of the configuration the worker checked. */
export interface WorkerReady extends Pick<AppConfig, 'appUrl' | 'metricsPort' | 'metricsToken'> {
  type: typeof WORKER_READY;
}

type Start =
  { ok: true; ready: WorkerReady } | { ok: false; code: number | null; signal: string | null };

/** Unexpected ends within this window count towards the back-off before the next restart. */
const CRASH_WINDOW_MS = 60_000;
const FIRST_RESTART_MS = 500;
const LONGEST_RESTART_MS = 30_000;

const reasonOf = (code: number | null, signal: string | null) =>
  signal ? `Signal ${signal}` : `Exit-Code ${code ?? '?'}`;

/** Resolves when `worker` listens, or ends before that. */
function started(worker: Worker): Promise<Start> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: string } | null)?.type !== WORKER_READY) return;
      worker.off('exit', onExit);
      worker.off('message', onMessage);
      resolve({ ok: true, ready: message as WorkerReady });
    };
    const onExit = (code: number | null, signal: string | null) => {
      worker.off('message', onMessage);
      resolve({ ok: false, code, signal });
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

/**
 * Runs `count` workers of the server (Node's `cluster`: they share the port, the primary hands
 * out the connections in turn). The first starts alone – it checks the configuration, applies the
 * migrations, stores the questionnaires' revisions and creates a kept session secret – and the
 * others follow once it listens (migrations and revisions also hold advisory locks, for several
 * hosts on one database). A worker that ends unexpectedly is started again after a back-off that
 * doubles with each end within a minute (0.5 s up to 30 s), so a worker that cannot start does
 * not spin. SIGTERM and SIGINT go to every worker, which drains and closes like a single process
 * (health/shutdown.ts); the primary ends when they all have (exit code 1 if any shutdown failed
 * or missed its deadline).
 */
export async function runCluster(count: number): Promise<void> {
  /** The workers that listen: these serve requests and report metrics. */
  const serving = new Set<Worker>();
  let metrics: PrimaryMetrics | undefined;
  let stopping = false;
  let failedShutdown = false;
  let crashes: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    const start = started(worker);
    void start.then((result) => result.ok && !stopping && serving.add(worker));
    return start;
  };

  const first = await fork();
  if (!first.ok) {
    // A refusal (configuration, data folder, database) the worker has printed itself; a signal
    // it could not.
    if (first.signal) {
      console.error(t('cluster.firstWorkerFailed', { reason: reasonOf(first.code, first.signal) }));
    }
    process.exit(first.code || 1);
  }
  const config = first.ready;
  if (metricsEnabled(config)) {
    // prom-client only when the metrics are on.
    const { primaryMetrics } = await import('./metrics/cluster-metrics.ts');
    metrics = primaryMetrics(() => [...serving]);
  }
  cluster.on('exit', (worker, code, signal) => {
    serving.delete(worker);
    if (stopping) {
      if (code !== 0) failedShutdown = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedShutdown ? 1 : 0);
      return;
    }
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    const delay = Math.min(FIRST_RESTART_MS * 2 ** (crashes.length - 1), LONGEST_RESTART_MS);
    console.error(
      t('cluster.workerDied', {
        pid: String(worker.process.pid),
        reason: reasonOf(code, signal),
        seconds: String(delay / 1000).replace('.', ','),
      }),
    );
    setTimeout(() => {
      if (stopping) return;
      void fork();
      metrics?.restarted();
    }, delay).unref();
  });
  await Promise.all(Array.from({ length: count - 1 }, fork));

  const metricsServer =
    metrics && config.metricsPort !== undefined
      ? await serveMetricsPort(config.metricsPort, config.metricsToken, metrics.scrape)
      : undefined;
  console.log(t('cluster.running', { url: config.appUrl, count: String(count) }));

  const stop = () => {
    if (stopping) return;
    stopping = true;
    void metricsServer?.close();
    // The workers have their own deadline (SHUTDOWN_DEADLINE_MS); this one catches a worker
    // that hangs beyond it.
    setTimeout(() => {
      console.error(
        t('health.shutdownDeadline', { seconds: String(Math.round(SHUTDOWN_DEADLINE_MS / 1000)) }),
      );
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS + 5_000).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
