// Starts the server from the environment and stops it on SIGINT/SIGTERM (entry: main.ts).
import { type AppConfig, configFromEnv } from './config/app-config.ts';
import { ConfigError } from './config/environment.ts';
import { DataFolderError, dataFolderErrorOf } from './config/data-folder-check.ts';
import { createApp, type RunningApp } from './create-app.ts';
import { DataFolderInUseError } from './database/data-folder-lock.ts';
import { releaseStartMemory } from './health/release-start-memory.ts';
import { SHUTDOWN_DEADLINE_MS, shutDownWithin } from './health/shutdown.ts';

let config: AppConfig;
let running: RunningApp;
/** The data folder, once the configuration is read (to recognise its errors below). */
let dataDir: string | undefined;
try {
  config = configFromEnv();
  dataDir = config.dataDir;
  running = await createApp(config);
} catch (error) {
  // Refusals say in German what is wrong; a stack trace would only bury that. A full or
  // read-only data folder that only shows while the database starts is such a refusal too.
  const refusal =
    error instanceof ConfigError ||
    error instanceof DataFolderInUseError ||
    error instanceof DataFolderError
      ? error
      : dataDir && dataFolderErrorOf(error, dataDir);
  if (!refusal) throw error;
  console.error(refusal.message);
  process.exit(1);
}
console.log(`Fragewerk läuft unter ${config.appUrl}`);
setImmediate(releaseStartMemory);

// The one shutdown path: HTTP drains, Nest's shutdown hooks run, the databases close.
const stop = () => void shutDownWithin(SHUTDOWN_DEADLINE_MS, () => running.close());
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
