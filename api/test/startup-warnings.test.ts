import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config/app-config.ts';
import { ConfigError } from '../src/config/environment.ts';
import { startupWarnings } from '../src/config/startup-warnings.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { HttpClient } from './http-client.ts';
import { PASSWORD, uniqueEmail } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

const TRUST_PROXY_WARNING = /^TRUST_PROXY=true glaubt jedem Client .* Zahl der Proxys/;
const SECRET_WARNING =
  /^SESSION_SECRET ist nicht gesetzt, obwohl DATABASE_URL gesetzt ist: .* zufällig abgemeldet/;

/** The JSON log lines a server writes while it starts. */
function logCollector() {
  const lines: { level: string; msg: string; context?: string }[] = [];
  return {
    lines,
    destination: {
      write: (chunk: string) => {
        for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      },
    },
  };
}

describe('start-up warnings', () => {
  const base = { DATA_DIR: '/tmp/fragewerk-warnings-unused' };

  it('warns about TRUST_PROXY=true, not about a number of proxies or addresses', () => {
    expect(startupWarnings(configFromEnv({ ...base, TRUST_PROXY: 'true' }))).toEqual([
      expect.stringMatching(TRUST_PROXY_WARNING),
    ]);
    for (const value of ['1', 'loopback', '10.0.0.0/8', 'false'])
      expect(startupWarnings(configFromEnv({ ...base, TRUST_PROXY: value }))).toEqual([]);
  });

  it('warns about a generated session secret with DATABASE_URL only', () => {
    const server = { ...base, DATABASE_URL: 'postgres://fragewerk@db/fragewerk' };
    expect(startupWarnings(configFromEnv(server))).toEqual([expect.stringMatching(SECRET_WARNING)]);
    expect(startupWarnings(configFromEnv(server))[0]).toContain(
      '/tmp/fragewerk-warnings-unused/session-secret',
    );
    expect(
      startupWarnings(
        configFromEnv({ ...server, SESSION_SECRET: 'ein-langes-gemeinsames-geheimnis' }),
      ),
    ).toEqual([]);
    // The embedded database belongs to one process: its own secret is right there.
    expect(startupWarnings(configFromEnv(base))).toEqual([]);
  });

  it('writes them to the JSON log as warnings when the server starts', async () => {
    const log = logCollector();
    const server = await startTestServer(
      'embedded',
      { trustProxy: true },
      { logs: log.destination },
    );
    await server.close();
    const warnings = log.lines.filter((line) => line.level === 'warn');
    expect(warnings).toEqual([
      expect.objectContaining({
        context: 'Konfiguration',
        msg: expect.stringMatching(TRUST_PROXY_WARNING),
      }),
    ]);
  });

  it.runIf(DATABASES.includes('server'))(
    'warns in the log of a server on DATABASE_URL with a generated secret',
    async () => {
      const log = logCollector();
      const server = await startTestServer(
        'server',
        { sessionSecret: undefined },
        { logs: log.destination },
      );
      await server.close();
      expect(log.lines.filter((line) => line.level === 'warn').map((line) => line.msg)).toEqual([
        expect.stringMatching(SECRET_WARNING),
      ]);
    },
  );
});

describe('REGISTRATION', () => {
  it('is open by default and takes open or closed', () => {
    expect(configFromEnv({}).registration).toBe('open');
    expect(configFromEnv({ REGISTRATION: 'open' }).registration).toBe('open');
    expect(configFromEnv({ REGISTRATION: 'closed' }).registration).toBe('closed');
  });

  it('refuses any other value with a German line', () => {
    expect(() => configFromEnv({ REGISTRATION: 'zu' })).toThrow(ConfigError);
    try {
      configFromEnv({ REGISTRATION: 'zu' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'REGISTRATION muss open (jeder darf unter /register einen Account anlegen, Standard) oder closed (keine neuen Accounts) sein (gesetzt ist „zu“).',
      ]);
    }
  });
});

describe.each(DATABASES)('closed registration (%s database)', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database, { registration: 'closed' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a German notice instead of the form at /register', async () => {
    const page = await new HttpClient(server.url).page('/register');
    expect(page.text).toContain('Registrierung geschlossen');
    expect(page.text).toContain('können keine neuen Accounts angelegt werden');
    expect(page.text).not.toContain('name="password"');
  });

  it('refuses a registration post with 403 and creates nothing', async () => {
    const client = new HttpClient(server.url);
    await client.page('/login');
    const email = uniqueEmail('geschlossen');
    const response = await client.form('/register', {
      company: 'Agentur Nord',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(response.status).toBe(403);
    expect(response.text).toContain('Registrierung geschlossen');
    expect(await server.mails()).toEqual([]);
    expect(await server.orm.em.fork().count(UserSchema, { email })).toBe(0);
  });

  it('hides the „Registrieren“ link on the login page', async () => {
    const page = await new HttpClient(server.url).page('/login');
    expect(page.text).not.toContain('href="/register"');
    expect(page.text).toContain('href="/passwort-vergessen"');
  });

  it('keeps the link while registration is open', async () => {
    const open = await startTestServer(database);
    try {
      const page = await new HttpClient(open.url).page('/login');
      expect(page.text).toContain('href="/register"');
    } finally {
      await open.close();
    }
  });
});
