import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Response } from 'express';
import { t } from '../common/messages.ts';
import type { GracefulHttp } from './graceful-http.ts';

/** The paths of the health checks; they bypass sessions, CSRF and the request context. */
export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;

/** How long readiness waits for the database before it says no. */
const DATABASE_TIMEOUT_MS = 2000;

function answer(response: Response, status: number, body: Record<string, string>) {
  response.status(status).set('Cache-Control', 'no-store').json(body);
}

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The readiness write: one row, upserted on every check. A database that still answers but cannot
 * commit a write (disk full, switched to read-only, a replica after a failover) would take every
 * request that saves and fail it; only a committed write finds that out.
 */
const PROBE_WRITE =
  'insert into health_probe (id, checked_at) values (1, now()) ' +
  'on conflict (id) do update set checked_at = excluded.checked_at';

/**
 * `GET /healthz`: the process is alive and serves HTTP (200). `GET /readyz`: it can serve
 * requests – the database answers `select 1` within two seconds, no migration is pending and it
 * commits a write (`PROBE_WRITE`, also within two seconds) (200), else 503 with a German reason;
 * also 503 once a shutdown has begun. Both answer JSON
 * without touching sessions: this router comes before express-session, passport, the CSRF
 * checks and MikroORM's request context in `create-app.ts`, so a load balancer polling every
 * second creates no session and sets no cookie.
 */
export function healthRoutes(options: { orm: MikroORM; http: GracefulHttp }): express.Router {
  const { orm, http } = options;
  // Migrations never go back while the process runs: once none is pending, that stays true.
  let migrated = false;
  const router = express.Router();

  router.get('/healthz', (_request, response) => answer(response, 200, { status: 'ok' }));

  router.get('/readyz', async (_request, response) => {
    const notReady = (message: string) =>
      answer(response, 503, { status: t('health.notReady'), message });
    if (http.draining) return notReady(t('health.shuttingDown'));
    try {
      await within(DATABASE_TIMEOUT_MS, orm.em.getConnection().execute('select 1'));
    } catch {
      return notReady(t('health.databaseDown'));
    }
    if (!migrated) {
      try {
        migrated = (await within(DATABASE_TIMEOUT_MS, orm.migrator.getPending())).length === 0;
      } catch {
        return notReady(t('health.databaseDown'));
      }
      if (!migrated) return notReady(t('health.migrationsPending'));
    }
    try {
      await within(DATABASE_TIMEOUT_MS, orm.em.getConnection().execute(PROBE_WRITE));
    } catch {
      return notReady(t('health.databaseReadOnly'));
    }
    answer(response, 200, { status: 'ok' });
  });

  return router;
}
