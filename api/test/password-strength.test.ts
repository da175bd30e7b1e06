import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weakPasswordMessage } from '../src/accounts/password-strength.ts';
import { HttpClient } from './http-client.ts';
import { login, PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

const WEAK =
  'Das Passwort ist zu leicht zu erraten. Nehmen Sie besser einen längeren Satz oder mehrere Wörter, die nichts mit Ihrem Namen, Ihrer Firma oder Ihrer E-Mail-Adresse zu tun haben.';

describe('weakPasswordMessage', () => {
  it.each(['12345678', 'passwort1', 'qwertzuiop', 'Passwort2026', 'hallo1234'])(
    'refuses „%s“ in German',
    async (password) => {
      expect(await weakPasswordMessage(password, [])).toBe(WEAK);
    },
  );

  it.each(['Sehr-geheim-2026', PASSWORD, 'korrekt-pferd-batterie'])(
    'accepts „%s“',
    async (password) => {
      expect(await weakPasswordMessage(password, [])).toBeUndefined();
    },
  );

  it("refuses a password made of the account's own company and address", async () => {
    expect(await weakPasswordMessage('HolzwerkQuandt', [])).toBeUndefined();
    expect(
      await weakPasswordMessage('HolzwerkQuandt', ['info@holzwerk-quandt.de', 'Holzwerk Quandt']),
    ).toBe(WEAK);
  });

  // zxcvbn's matching grows faster than linearly with the length: it sees the first 100
  // characters only, so a 1000-character password costs what a 100-character one does.
  it('judges a long password by its first 100 characters', async () => {
    const weakStart = '1234567890'.repeat(10);
    const strongEnd = 'xQ7#kP2!zR9@vM4&';
    expect(await weakPasswordMessage(`${weakStart}${strongEnd}`, [])).toBe(WEAK);
    expect(await weakPasswordMessage(`${strongEnd}${weakStart}`, [])).toBeUndefined();
  });
});

describe.each(DATABASES)('weak passwords refused (%s database)', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('at registration: 422 with the German message at the password, and no account', async () => {
    for (const password of ['12345678', 'passwort1']) {
      const email = uniqueEmail('schwach');
      const client = new HttpClient(server.url);
      await client.page('/register');
      const response = await client.form('/register', {
        company: 'Agentur Nord',
        email,
        password,
        confirm_password: password,
      });
      expect(response.status, password).toBe(422);
      expect(response.text).toContain(WEAK);
      expect((await server.mails()).some((mail) => mail.to.includes(email))).toBe(false);
    }
  });

  it('at registration: a strong password still registers', async () => {
    const client = new HttpClient(server.url);
    await client.page('/register');
    const response = await client.form('/register', {
      company: 'Agentur Nord',
      email: uniqueEmail('stark'),
      password: 'Sehr-geheim-2026',
      confirm_password: 'Sehr-geheim-2026',
    });
    expect(response.status).toBe(200);
  });

  it('at the password reset: 422 with the message; the link stays usable for a strong one', async () => {
    const { email } = await verifiedAccount(server);
    const asker = new HttpClient(server.url);
    await asker.page('/passwort-vergessen');
    await asker.form('/passwort-vergessen', { email });
    const link = (await server.mails()).filter((mail) => mail.to.includes(email)).at(-1)!.link!;
    const path = new URL(link).pathname;
    const client = new HttpClient(server.url);
    await client.page(path);
    const weak = await client.form(path, {
      new_password: 'passwort1',
      confirm_password: 'passwort1',
    });
    expect(weak.status).toBe(422);
    expect(weak.text).toContain(WEAK);
    await expect(login(server, email, PASSWORD)).resolves.toBeDefined();
    const strong = await client.form(path, {
      new_password: 'Sehr-geheim-2026',
      confirm_password: 'Sehr-geheim-2026',
    });
    expect(strong.status).toBe(200);
    await expect(login(server, email, 'Sehr-geheim-2026')).resolves.toBeDefined();
  });

  it('at the password change: 422 with errors.new_password, the password unchanged', async () => {
    const { client, email, user } = await verifiedAccount(server, 'Holzwerk Quandt');
    for (const weak of ['12345678', 'passwort1', 'HolzwerkQuandt']) {
      const response = await client.api('PATCH', `/user/${user.id}/change-password`, {
        old_password: PASSWORD,
        new_password: weak,
        confirm_password: weak,
      });
      expect(response.status, weak).toBe(422);
      expect(response.body.errors).toEqual({ new_password: [WEAK] });
    }
    await expect(login(server, email, PASSWORD)).resolves.toBeDefined();
  });
});
