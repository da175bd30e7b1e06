import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { loadDefinitionFromDisk, standaloneChecksModule } from '@fragewerk/engine/core/node';
import express from 'express';
import session from 'express-session';
import passport from 'passport';
import type { DestinationStream, Logger } from 'pino';
import { AppModule } from './app.module.ts';
import type { AppConfig } from './config/app-config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './database/embedded-postgres.ts';
import { ormConfig } from './database/orm-config.ts';
import { PgSessionStore } from './accounts/pg-session-store.ts';
import { requestChecks } from './common/request-checks.middleware.ts';
import { securityHeaders } from './common/security-headers.ts';
import { httpLogger } from './logging/http-logger.ts';
import { createLogger } from './logging/logger.ts';
import { PinoNestLogger } from './logging/nest-logger.ts';

/** A running Fragewerk server and how to stop it. */
export interface RunningApp {
  app: NestExpressApplication;
  orm: MikroORM;
  logger: Logger;
  url: string;
  close(): Promise<void>;
}

/** Bodies larger than this are refused with 413 (a persona is a few kilobytes). */
const JSON_LIMIT = '256kb';

/**
 * Starts the whole server: the database (embedded unless `databaseUrl` is set), the migrations,
 * the definition, and the Nest app with sessions, passport and the body parsers. Used by
 * `main.ts` and by the tests, so both run exactly the same thing.
 */
export async function createApp(
  config: AppConfig,
  options: { logger?: false; logDestination?: DestinationStream } = {},
): Promise<RunningApp> {
  const logger = createLogger(
    options.logger === false ? 'silent' : config.logLevel,
    options.logDestination,
  );
  let embedded: EmbeddedPostgres | undefined;
  const databaseUrl =
    config.databaseUrl ??
    (embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, maxConnections: 8 })).url;
  const orm = await MikroORM.init({
    ...ormConfig(databaseUrl, Boolean(embedded)),
    logger: (message) => logger.info({ context: 'MikroORM' }, message),
  });
  await orm.migrator.up();
  const definition = await loadDefinitionFromDisk(config.definitionDir);
  const checksModule = await standaloneChecksModule(definition);

  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register({ config, orm, definition, checksModule }),
    { bodyParser: false, logger: new PinoNestLogger(logger) },
  );
  const sessions = app.get(PgSessionStore);
  app.disable('x-powered-by');
  // First, so that every request is logged, also those a later middleware answers.
  app.use(httpLogger(logger));
  app.use(securityHeaders({ https: config.appUrl.startsWith('https://') }));
  app.set('trust proxy', process.env.TRUST_PROXY ?? false);
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    RequestContext.create(orm.em, next),
  );
  app.use(
    session({
      name: 'fragewerk.sid',
      secret: config.sessionSecret,
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
  );
  app.use(passport.initialize());
  app.use(passport.session());
  // The header and CSRF checks come before any body is read: a refused request costs no parsing.
  app.use('/api', requestChecks);
  app.use('/api', express.json({ limit: JSON_LIMIT, type: () => true, strict: false }));
  app.use(express.urlencoded({ extended: false, limit: '20kb' }));
  if (config.webDir) app.useStaticAssets(config.webDir, { index: false, maxAge: '1h' });

  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    orm,
    logger,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await orm.close();
      await embedded?.stop();
    },
  };
}
