import { availableParallelism } from 'node:os';
import type { AppConfig } from './app-config.ts';

/** `WEB_CONCURRENCY`'s range (environment.ts checks it with the other variables). */
export const MAX_WORKERS = 256;

/**
 * How many worker processes serve requests: `WEB_CONCURRENCY`, else one per core, on a PostgreSQL
 * server. The embedded database belongs to one process (its data-folder lock), so there it is
 * always one (`startupWarnings` says so when more were asked for).
 */
export function workerCount(
  config: Pick<AppConfig, 'databaseUrl' | 'webConcurrency'>,
  cores = availableParallelism(),
): number {
  return config.databaseUrl ? (config.webConcurrency ?? cores) : 1;
}

/**
 * `workerCount` straight from the environment, without the full check of `configFromEnv` (Ajv
 * and the engine, ~65 MB that the primary of run-cluster.ts, which serves no request, would keep
 * for its whole life). A `WEB_CONCURRENCY` that is not a number in range counts as one: the
 * single process then checks the configuration and refuses it in German.
 */
export function workerCountFromEnv(env: NodeJS.ProcessEnv, cores = availableParallelism()): number {
  const raw = env.WEB_CONCURRENCY;
  const asked = raw ? (/^\d+$/.test(raw) ? Number(raw) : Number.NaN) : undefined;
  if (asked !== undefined && !(asked >= 1 && asked <= MAX_WORKERS)) return 1;
  return workerCount({ databaseUrl: env.DATABASE_URL || undefined, webConcurrency: asked }, cores);
}
