import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvironment, type RegistrationMode } from './environment.ts';

/** The web app as `npm run build -w web` leaves it (from `api/src/config` and `api/dist/config`). */
const builtWebApp = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The sender when `MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = '"Fragewerk" <no-reply@fragewerk.local>';

/** Injection token of the server configuration (provided by `AppConfigModule`). */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Everything the server reads from its environment, resolved once at start. */
export interface AppConfig {
  port: number;
  /** Interface to listen on; 127.0.0.1 unless `HOST` says otherwise (e.g. 0.0.0.0 in a container). */
  host: string;
  /** Public origin of the app, used in mails and for the Secure cookie flag. */
  appUrl: string;
  /** PostgreSQL server; undefined means the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Most connections of the pool (`DATABASE_POOL_MAX`); undefined: 10 on a server, 4 embedded. */
  databasePoolMax?: number;
  smtpUrl: string | undefined;
  /** Sender of every mail (`MAIL_FROM`). */
  mailFrom: string;
  /** pino level (`LOG_LEVEL`): fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  dataDir: string;
  /**
   * `SESSION_SECRET`; undefined means the one kept in `dataDir/session-secret`, which `createApp`
   * reads or creates once it holds the data folder (`sessionSecretIn`).
   */
  sessionSecret: string | undefined;
  /** Folder with `schemas/` and `presets/` (a content editor's copy), else the repository's. */
  definitionDir: string | undefined;
  /** Folder of the built web app, served on the same origin; undefined serves a placeholder. */
  webDir: string | undefined;
  /** Express's `trust proxy` (`TRUST_PROXY`): false, true, a number of hops or an address list. */
  trustProxy?: boolean | number | string;
  /** `REGISTRATION`: 'closed' refuses new accounts at /register; undefined means open. */
  registration?: RegistrationMode;
  /** `LEGAL_DIR`: the operator's `impressum.md` and `datenschutz.md`; default `dataDir/legal`. */
  legalDir?: string;
  /**
   * Whether this process runs the rounds of Rückfrage mails and reminders every 30 seconds
   * (default). The API tests switch them off and run a round when they mean to.
   */
  clientLoopRounds?: boolean;
  /** `WEB_CONCURRENCY`: worker processes asked for; see `workerCount` (worker-count.ts). */
  webConcurrency?: number;
  /** `METRICS_TOKEN`: `/metrics` on the app's port answers a request with this bearer token. */
  metricsToken?: string;
  /** `METRICS_PORT`: `/metrics` on 127.0.0.1 at this port only, not on the app's port. */
  metricsPort?: number;
}

/** The session secret kept in the data folder, created on first start. */
export function sessionSecretIn(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Reads the configuration from environment variables (documented in the README), checked first:
 * wrong variables throw a `ConfigError` with one German line each, before anything is written.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const checked = readEnvironment(env);
  env = checked.values;
  const port = checked.port ?? 3000;
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: checked.databasePoolMax,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    logLevel: env.LOG_LEVEL || 'info',
    dataDir,
    sessionSecret: env.SESSION_SECRET || undefined,
    definitionDir: env.DEFINITION_DIR || undefined,
    webDir:
      env.WEB_DIR || (existsSync(path.join(builtWebApp, 'index.html')) ? builtWebApp : undefined),
    trustProxy: checked.trustProxy,
    registration: env.REGISTRATION === 'closed' ? 'closed' : 'open',
    legalDir: path.resolve(env.LEGAL_DIR || path.join(dataDir, 'legal')),
    webConcurrency: checked.webConcurrency,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: checked.metricsPort,
  };
}
