// Starts the server from the environment and stops it on SIGINT/SIGTERM (entry: main.ts). With a
// PostgreSQL server and more than one worker (`workerCount`), this process becomes the primary of
// `run-cluster.ts` and each worker it forks runs this file again.
import cluster from 'node:cluster';
import { type AppConfig, configFromEnv, workerCount } from './config/app-config.ts';
import { ConfigError } from './config/environment.ts';
import { DataFolderError, dataFolderErrorOf } from './config/data-folder-check.ts';
import { DataFolderInUseError } from './database/data-folder-lock.ts';
import { SHUTDOWN_DEADLINE_MS, shutDownWithin } from './health/shutdown.ts';
import { runCluster, WORKER_READY } from './run-cluster.ts';

let config: AppConfig;
try {
  config = configFromEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (cluster.isPrimary && workerCount(config) > 1) {
  // The primary loads neither Nest nor the ORM (create-app.ts is imported by `serve` only).
  await runCluster(config, workerCount(config));
} else {
  await serve(config);
}

/** One process serving requests: the only one, or a worker of run-cluster.ts. */
async function serve(config: AppConfig) {
  const worker = cluster.isWorker;
  const { createApp } = await import('./create-app.ts');
  const { releaseStartMemory } = await import('./health/release-start-memory.ts');
  let running: Awaited<ReturnType<typeof createApp>>;
  try {
    running = await createApp(config, { worker });
  } catch (error) {
    // Refusals say in German what is wrong; a stack trace would only bury that. A full or
    // read-only data folder that only shows while the database starts is such a refusal too.
    const refusal =
      error instanceof DataFolderInUseError || error instanceof DataFolderError
        ? error
        : dataFolderErrorOf(error, config.dataDir);
    if (!refusal) throw error;
    console.error(refusal.message);
    process.exit(1);
  }
  // A worker's primary says it once for all of them.
  if (worker) process.send!({ type: WORKER_READY });
  else console.log(`Fragewerk läuft unter ${config.appUrl}`);
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
