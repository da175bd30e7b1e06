import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { standaloneChecks } from '@fragewerk/engine/core/node';
import { defaultDefinition } from './definition/definition.module.ts';
import { loadCatalogue } from './definition/load-catalogue.ts';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import session from 'express-session';
import passport from 'passport';
import type { DestinationStream, Logger } from 'pino';
import { AppModule } from './app.module.ts';
import { type AppConfig, sessionSecretIn } from './config/app-config.ts';
import { startupWarnings } from './config/startup-warnings.ts';
import { checkDataFolder } from './config/data-folder-check.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './database/embedded-postgres.ts';
import { ormConfig } from './data-model.ts';
import { ADVISORY_LOCKS, withAdvisoryLock } from './database/advisory-lock.ts';
import { PgSessionStore } from './accounts/pg-session-store.ts';
import { isLogoUpload } from './agency/logo-upload.ts';
import { SESSION_COOKIE, withSessionOnly } from './accounts/session-scope.ts';
import { useCsrf } from './common/csrf.ts';
import { prepareStatementsOn } from './common/prepared-statement.ts';
import { requestChecks } from './common/request-checks.middleware.ts';
import { noStore } from './common/no-store.ts';
import { securityHeaders } from './common/security-headers.ts';
import { gracefulHttp } from './health/graceful-http.ts';
import { healthRoutes } from './health/health-routes.ts';
import { httpLogger } from './logging/http-logger.ts';
import { workerScrape } from './metrics/cluster-metrics.ts';
import {
  httpMetrics,
  metricsRoute,
  type Scrape,
  serveMetricsPort,
} from './metrics/metrics-http.ts';
import { MetricsService } from './metrics/metrics.service.ts';
import { createLogger } from './logging/logger.ts';
import { PinoNestLogger } from './logging/nest-logger.ts';

/**
 * Whether a path's percent escapes decode. No file has a path that does not (the file middleware
 * would answer such a path with its own English 400; the app's 404 page answers it instead).
 */
function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A running Fragewerk server and how to stop it. */
export interface RunningApp {
  app: NestExpressApplication;
  orm: MikroORM;
  logger: Logger;
  url: string;
  /** `METRICS_PORT`'s server, when this process serves it. */
  metricsPort?: number;
  close(): Promise<void>;
}

/** Bodies larger than this are refused with 413 (a persona is a few kilobytes). */
const JSON_LIMIT = '256kb';

/**
 * Starts the whole server: the database (embedded unless `databaseUrl` is set), the migrations,
 * the definition, and the Nest app with sessions, passport and the body parsers. Used by
 * `run-server.ts` and by the tests, so both run exactly the same thing.
 */
export async function createApp(
  config: AppConfig,
  options: {
    logger?: false;
    logDestination?: DestinationStream;
    /** A worker of run-cluster.ts: its primary aggregates the metrics and serves METRICS_PORT. */
    worker?: boolean;
    /** false: a further worker of run-cluster.ts; the first has logged the startup warnings. */
    warnings?: boolean;
  } = {},
): Promise<RunningApp> {
  const logger = createLogger(
    options.logger === false ? 'silent' : config.logLevel,
    options.logDestination,
  );
  if (options.warnings !== false) {
    for (const warning of startupWarnings(config))
      logger.warn({ context: 'Konfiguration' }, warning);
  }
  // Before anything opens a file there: a wrong DATA_DIR is one German sentence (run-server.ts).
  checkDataFolder(config);
  let embedded: EmbeddedPostgres | undefined;
  const databaseUrl =
    config.databaseUrl ??
    (embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      maxConnections: Math.max(8, (config.databasePoolMax ?? 0) + 4),
    })).url;
  const orm = await MikroORM.init({
    ...ormConfig(databaseUrl, Boolean(embedded), config.databasePoolMax),
    logger: (message) => logger.info({ context: 'MikroORM' }, message),
  });
  if (!embedded) await prepareStatementsOn(orm);
  // Processes starting at the same moment on one database migrate one after the other.
  await withAdvisoryLock(orm, ADVISORY_LOCKS.migrations, () => orm.migrator.up());
  // The kept session secret is read or created only now that the data folder is this process's.
  const sessionSecret = config.sessionSecret ?? sessionSecretIn(config.dataDir);
  const catalogue = await loadCatalogue(config.definitionDir);
  const checks = await standaloneChecks(defaultDefinition(catalogue));

  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register({ config, orm, catalogue, checks }),
    { bodyParser: false, logger: new PinoNestLogger(logger) },
  );
  const sessions = app.get(PgSessionStore);
  app.disable('x-powered-by');
  // No ETag over every response body (a SHA-1 of each project read, which is never the same twice
  // while anyone edits): the routes a browser revalidates set their own (common/etag.ts).
  app.set('etag', false);
  // CSRF tokens are HMACs under a key from the session secret; nothing is stored per visitor.
  useCsrf(app, { secret: sessionSecret, https: config.appUrl.startsWith('https://') });
  // First, so that every request is logged, also those a later middleware answers.
  app.use(httpLogger(logger));
  const metrics = app.get(MetricsService);
  if (metrics.enabled) app.use(httpMetrics(metrics));
  app.use(securityHeaders({ https: config.appUrl.startsWith('https://') }));
  app.use(noStore);
  // Health checks before sessions, CSRF and the request context: polling them stores nothing.
  const http = gracefulHttp(app.getHttpServer());
  app.use(healthRoutes({ orm, http }));
  let metricsServer: Awaited<ReturnType<typeof serveMetricsPort>> | undefined;
  if (metrics.enabled) {
    const scrape = options.worker
      ? workerScrape(metrics.registry)
      : async (): Promise<Scrape> => ({
          contentType: metrics.registry.contentType,
          body: await metrics.registry.metrics(),
        });
    // METRICS_PORT keeps the metrics off the app's port entirely.
    if (config.metricsPort === undefined) app.use(metricsRoute(config.metricsToken!, scrape));
    else if (!options.worker) {
      metricsServer = await serveMetricsPort(config.metricsPort, config.metricsToken, scrape);
    }
  }
  app.set('trust proxy', config.trustProxy ?? false);
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    RequestContext.create(orm.em, next),
  );
  app.use(
    withSessionOnly(
      session({
        name: SESSION_COOKIE,
        secret: sessionSecret,
        store: sessions,
        resave: false,
        saveUninitialized: false,
        // A session lasts 14 days from login; not renewing it on every request saves a write per request.
        rolling: false,
        cookie: {
          httpOnly: true,
          sameSite: 'lax',
          secure: config.appUrl.startsWith('https://'),
          maxAge: 14 * 24 * 60 * 60 * 1000,
        },
      }),
    ),
  );
  app.use(passport.initialize());
  app.use(withSessionOnly(passport.session()));
  // The header and CSRF checks come before any body is read: a refused request costs no parsing.
  app.use('/api', requestChecks);
  const json = express.json({ limit: JSON_LIMIT, type: () => true, strict: false });
  // A logo upload is an image of up to 1 MB, read by its route (agency/logo-upload.ts).
  app.use(
    '/api',
    (request: express.Request, response: express.Response, next: express.NextFunction) =>
      isLogoUpload(request) ? next() : json(request, response, next),
  );
  app.use(express.urlencoded({ extended: false, limit: '20kb' }));
  if (config.webDir) {
    // The app's files never live under /api: API requests skip the file lookup (a stat per request).
    // Scripts and stylesheets go out as the build compressed them (`.br`, `.gz` beside each file),
    // in the encoding the browser accepts; the rest, and to a browser that accepts neither, as is.
    const files = expressStaticGzip(config.webDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      // The file's own caching, over the `no-store` every response starts with (serve-static's
      // `maxAge` would not replace a header that is already set).
      serveStatic: {
        index: false,
        setHeaders: (response) => response.setHeader('Cache-Control', 'public, max-age=3600'),
      },
    });
    app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
      request.path.startsWith('/api/') || !decodablePath(request.path)
        ? next()
        : files(request, response, next),
    );
  }

  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    orm,
    logger,
    url: `http://127.0.0.1:${address.port}`,
    metricsPort: metricsServer?.port,
    /**
     * Stops accepting, finishes the requests in flight, then runs Nest's shutdown hooks (workers
     * flush in `beforeApplicationShutdown`/`onApplicationShutdown`, with the database still
     * open), closes the pool and the embedded database and releases its data-folder lock.
     */
    async close() {
      await Promise.all([http.drain(), metricsServer?.close()]);
      await app.close();
      await orm.close();
      await embedded?.stop();
    },
  };
}
