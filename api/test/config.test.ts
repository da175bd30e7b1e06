import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config/app-config.ts';
import { ConfigError } from '../src/config/environment.ts';
import { startupWarnings } from '../src/config/startup-warnings.ts';
import { workerCount, workerCountFromEnv } from '../src/config/worker-count.ts';
import { ormConfig } from '../src/data-model.ts';

/** `configFromEnv` (README, „Umgebungsvariablen“); the refusals run as processes in server-processes.test.ts. */
describe('configuration from the environment', () => {
  it('takes the defaults for unset and empty variables and writes nothing', () => {
    const dataDir = path.join(tmpdir(), `fragewerk-config-${Date.now()}`);
    const config = configFromEnv({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      databasePoolMax: undefined,
      smtpUrl: undefined,
      dataDir,
      sessionSecret: undefined,
      trustProxy: false,
    });
    // The kept session secret is created later, by the process that holds the data folder.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('types what it reads', async () => {
    const webDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html>');
    try {
      const config = configFromEnv({
        PORT: '8080',
        HOST: '0.0.0.0',
        APP_URL: 'https://briefing.example.de/',
        DATABASE_URL: 'postgresql:///fragewerk?host=/var/run/postgresql',
        DATABASE_POOL_MAX: '25',
        SMTP_URL: 'smtps://user:pass@smtp.example.de:465',
        MAIL_FROM: '"Fragewerk" <briefing@example.de>',
        SESSION_SECRET: 'ein-langes-gemeinsames-geheimnis',
        TRUST_PROXY: '1',
        WEB_DIR: webDir,
        LOG_LEVEL: 'debug',
      });
      expect(config).toMatchObject({
        port: 8080,
        host: '0.0.0.0',
        appUrl: 'https://briefing.example.de',
        databaseUrl: 'postgresql:///fragewerk?host=/var/run/postgresql',
        databasePoolMax: 25,
        smtpUrl: 'smtps://user:pass@smtp.example.de:465',
        sessionSecret: 'ein-langes-gemeinsames-geheimnis',
        // Express's `trust proxy` counts hops only for a number; the string '1' would be an address.
        trustProxy: 1,
        webDir,
      });
    } finally {
      await rm(webDir, { recursive: true, force: true });
    }
  });

  it('sizes the pool by DATABASE_POOL_MAX, else 10 on a server and 4 embedded', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/fragewerk';
    expect(ormConfig(url, false, 25).pool?.max).toBe(25);
    expect(ormConfig(url, true, 25).pool?.max).toBe(25);
    expect(ormConfig(url, false).pool?.max).toBe(10);
    expect(ormConfig(url, true).pool?.max).toBe(4);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8, fd00::/8', 'loopback, 10.0.0.0/8, fd00::/8'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(configFromEnv({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('runs WEB_CONCURRENCY workers, else one per core, on a server; one on the embedded database', () => {
    const server = 'postgres://postgres@127.0.0.1:5432/fragewerk';
    expect(workerCount(configFromEnv({ DATABASE_URL: server }), 6)).toBe(6);
    expect(workerCount(configFromEnv({ DATABASE_URL: server, WEB_CONCURRENCY: '3' }), 6)).toBe(3);
    const embedded = configFromEnv({ WEB_CONCURRENCY: '3', DATA_DIR: '/tmp/fragewerk-unused' });
    expect(workerCount(embedded, 6)).toBe(1);
    expect(workerCount(configFromEnv({}), 6)).toBe(1);
    // Asking for more than one on the embedded database is said, in German, at start.
    expect(startupWarnings(embedded)).toEqual([
      expect.stringMatching(/^WEB_CONCURRENCY=3 gilt nur mit DATABASE_URL: .*einem Arbeitsprozess/),
    ]);
    expect(startupWarnings(configFromEnv({ WEB_CONCURRENCY: '1' }))).toEqual([]);
  });

  it('counts the workers from the environment alone for the primary; a wrong WEB_CONCURRENCY is one process, which refuses it', () => {
    const server = 'postgres://postgres@127.0.0.1:5432/fragewerk';
    expect(workerCountFromEnv({ DATABASE_URL: server }, 6)).toBe(6);
    expect(workerCountFromEnv({ DATABASE_URL: server, WEB_CONCURRENCY: '3' }, 6)).toBe(3);
    expect(workerCountFromEnv({ DATABASE_URL: '', WEB_CONCURRENCY: '3' }, 6)).toBe(1);
    expect(workerCountFromEnv({}, 6)).toBe(1);
    for (const wrong of ['0', '257', 'viele', '2.5', '-2'])
      expect(workerCountFromEnv({ DATABASE_URL: server, WEB_CONCURRENCY: wrong }, 6)).toBe(1);
  });

  it('reads METRICS_TOKEN and METRICS_PORT; the metrics are closed without either', () => {
    expect(configFromEnv({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    expect(
      configFromEnv({ METRICS_TOKEN: 'ein-langes-metrik-token', METRICS_PORT: '9464' }),
    ).toMatchObject({ metricsToken: 'ein-langes-metrik-token', metricsPort: 9464 });
  });

  it.each([
    ['WEB_CONCURRENCY', '0', /WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 256 sein/],
    ['WEB_CONCURRENCY', 'viele', /WEB_CONCURRENCY muss eine ganze Zahl/],
    ['METRICS_TOKEN', 'kurz', /METRICS_TOKEN muss mindestens 16 Zeichen lang sein/],
    ['METRICS_TOKEN', 'mit leerzeichen darin', /sichtbare ASCII-Zeichen ohne Leerzeichen/],
    ['METRICS_PORT', '70000', /METRICS_PORT muss eine ganze Zahl von 1 bis 65535 sein/],
    ['METRICS_PORT', '3000', /und sich von PORT unterscheiden \(gesetzt ist „3000“\)/],
  ])('refuses %s=%s in German', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(message);
  });

  it('never shows METRICS_TOKEN in its message', () => {
    expect(() => configFromEnv({ METRICS_TOKEN: 'geheim mit leerzeichen' })).toThrow(
      /der Wert wird nicht gezeigt/,
    );
    expect(() => configFromEnv({ METRICS_TOKEN: 'geheim mit leerzeichen' })).not.toThrow(/geheim/);
  });

  it('collects every wrong variable in one ConfigError', () => {
    let error: unknown;
    try {
      configFromEnv({ PORT: '-1', TRUST_PROXY: 'loopback,999.1.1.1', LOG_LEVEL: 'INFO' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(' ')[0])).toEqual([
      'PORT',
      'TRUST_PROXY',
      'LOG_LEVEL',
    ]);
  });
});
