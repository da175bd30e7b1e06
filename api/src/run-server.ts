// Starts the server from the environment and stops it on SIGINT/SIGTERM (entry: main.ts). With a
// PostgreSQL server and more than one worker (`workerCountFromEnv`), this process becomes the
// primary of `run-cluster.ts` and each worker it forks runs this file again. Everything a worker
// needs is imported in `serve` only: the primary, which serves no request, keeps ~50 MB instead of
// a worker's ~160 MB.
import cluster from 'node:cluster';
import { workerCountFromEnv } from './config/worker-count.ts';
import { runCluster, type WorkerReady, WORKER_READY } from './run-cluster.ts';

const workers = cluster.isPrimary ? workerCountFromEnv(process.env) : 1;
if (workers > 1) await runCluster(workers);
else await serve();

/** One process serving requests: the only one, or a worker of run-cluster.ts. */
async function serve() {
  const worker = cluster.isWorker;
  const [
    { configFromEnv },
    { ConfigError },
    { DataFolderError, dataFolderErrorOf },
    { databaseServerErrorOf },
    { createApp },
    { DataFolderInUseError },
    { releaseStartMemory },
    { SHUTDOWN_DEADLINE_MS, shutDownWithin },
  ] = await Promise.all([
    import('./config/app-config.ts'),
    import('./config/environment.ts'),
    import('./config/data-folder-check.ts'),
    import('./config/database-server-error.ts'),
    import('./create-app.ts'),
    import('./database/data-folder-lock.ts'),
    import('./health/release-start-memory.ts'),
    import('./health/shutdown.ts'),
  ]);
  let config: ReturnType<typeof configFromEnv> | undefined;
  let running: Awaited<ReturnType<typeof createApp>>;
  try {
    config = configFromEnv();
    // The primary forks the first worker alone (id 1): its warnings stand for all workers.
    running = await createApp(config, { worker, warnings: !worker || cluster.worker!.id === 1 });
  } catch (error) {
    // Refusals say in German what is wrong; a stack trace would only bury that. A full or
    // read-only data folder that only shows while the database starts is such a refusal too, and
    // so is a PostgreSQL server that cannot be reached or refuses the login.
    const refusal =
      error instanceof ConfigError ||
      error instanceof DataFolderInUseError ||
      error instanceof DataFolderError
        ? error
        : config &&
          (dataFolderErrorOf(error, config.dataDir) ??
            databaseServerErrorOf(error, config.databaseUrl));
    if (!refusal) throw error;
    console.error(refusal.message);
    process.exit(1);
  }
  if (worker) {
    // The primary says „Fragewerk läuft unter …“ once for all, and serves METRICS_PORT.
    const ready: WorkerReady = {
      type: WORKER_READY,
      appUrl: config.appUrl,
      metricsPort: config.metricsPort,
      metricsToken: config.metricsToken,
    };
    process.send!(ready);
  } else {
    console.log(`Fragewerk läuft unter ${config.appUrl}`);
  }
  setImmediate(releaseStartMemory);

  // The one shutdown path: HTTP drains, Nest's shutdown hooks run, the databases close.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void shutDownWithin(SHUTDOWN_DEADLINE_MS, () => running.close());
  };
  process.once('SIGTERM', stop);
  if (worker) {
    // Ctrl+C reaches the whole process group; the primary passes it on as SIGTERM, once.
    process.on('SIGINT', () => {});
    // The primary is gone (killed): nobody hands out connections any more.
    process.once('disconnect', stop);
  } else {
    process.once('SIGINT', stop);
  }
}
