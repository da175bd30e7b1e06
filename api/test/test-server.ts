import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { DEFAULT_MAIL_FROM, type AppConfig } from '../src/config/app-config.ts';
import { createApp, type RunningApp } from '../src/create-app.ts';
import { readMail } from '../src/mail/mail-files.ts';
import { MailOutboxWorker } from '../src/mail/mail-outbox.worker.ts';
import { FIXTURE_CATALOGUE } from '../../tests/src/fixture-catalogue.ts';

/**
 * The databases of a test whose subject behaves alike on every PostgreSQL (HTTP, validation,
 * texts, access): the embedded one. (That each route's SQL also runs on an older server version
 * is the authorization matrix's part: it calls every route on both.)
 */
export const DATABASES: ('embedded' | 'server')[] = ['embedded'];

/**
 * The databases of a test whose subject is where the two differ – parallel connections, locks,
 * `skip locked`, the pool, timeouts, an unreachable server: the embedded one and, when
 * `TEST_DATABASE_URL` names one, the PostgreSQL server (the embedded one serialises what a
 * server runs side by side).
 */
export const EVERY_DATABASE: ('embedded' | 'server')[] = process.env.TEST_DATABASE_URL
  ? ['embedded', 'server']
  : ['embedded'];

export interface TestServer extends RunningApp {
  config: AppConfig;
  /** The mails sent so far (the due ones of the outbox are sent first), oldest first. */
  mails(): Promise<
    {
      file: string;
      from: string;
      replyTo: string;
      to: string;
      subject: string;
      text: string;
      link: string | undefined;
    }[]
  >;
}

/** A database of its own on the PostgreSQL server of `TEST_DATABASE_URL`, dropped afterwards. */
export async function createServerDatabase(
  prefix = 'fragewerk_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Which catalogue a test server offers: `fixture` (tests/fixtures/catalogue) for tests of the
 * mechanics, so rewording a shipped questionnaire never breaks them; `repository` (the shipped
 * `definitions/`) only for tests about that content or the server's own catalogue handling.
 */
export type TestCatalogue = 'fixture' | 'repository';

/**
 * Starts the real server (same `createApp` as `npm start`) on a free port with a fresh database,
 * on the fixture catalogue unless `options.catalogue` or `overrides.definitionDir` says otherwise.
 */
export async function startTestServer(
  database: 'embedded' | 'server' = 'embedded',
  overrides: Partial<AppConfig> = {},
  /** `logs`: where the server's log lines go (at `info`); else `TEST_LOGS=1` prints them. */
  options: { logs?: DestinationStream; catalogue?: TestCatalogue } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-api-'));
  const serverDatabase = database === 'server' ? await createServerDatabase() : undefined;
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    appUrl: 'http://fragewerk.test',
    databaseUrl: serverDatabase?.url,
    smtpUrl: undefined,
    mailFrom: DEFAULT_MAIL_FROM,
    logLevel: options.logs
      ? 'info'
      : process.env.TEST_LOGS
        ? (process.env.LOG_LEVEL ?? 'info')
        : 'silent',
    dataDir,
    sessionSecret: 'test-secret',
    // `undefined` is the server's own default: the repository's catalogue.
    definitionDir: (options.catalogue ?? 'fixture') === 'fixture' ? FIXTURE_CATALOGUE : undefined,
    webDir: undefined,
    // A test runs a round itself (`ClientLoopRoundService.run`) with the moment it needs.
    clientLoopRounds: false,
    ...overrides,
  };
  const running = await createApp(config, { logDestination: options.logs });
  return {
    ...running,
    config,
    async mails() {
      await running.app.get(MailOutboxWorker).deliverDue();
      const folder = path.join(dataDir, 'mail');
      const files = (await readdir(folder).catch(() => [] as string[])).sort();
      return Promise.all(
        files.map(async (file) => {
          const mail = readMail(await readFile(path.join(folder, file), 'utf8'));
          return { file, ...mail, link: mail.text.match(/https?:\/\/\S+/)?.[0] };
        }),
      );
    },
    async close() {
      await running.close();
      await serverDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
