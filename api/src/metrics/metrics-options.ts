import type { AppConfig } from '../config/app-config.ts';

// Kept apart from metrics.service.ts (Nest, the ORM): the primary of run-cluster.ts needs these
// without loading what only a worker uses.

/** The route label of a request that no route answered (files, refused requests, unknown paths). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Whether `/metrics` is served at all: with `METRICS_TOKEN` or on `METRICS_PORT`. */
export const metricsEnabled = (config: Pick<AppConfig, 'metricsToken' | 'metricsPort'>) =>
  Boolean(config.metricsToken || config.metricsPort);
