import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { login, PASSWORD, register, uniqueEmail, verifiedAccount } from './accounts.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

describe.each(EVERY_DATABASE)('accounts (%s database)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('register → activation mail → verify → login works end to end', async () => {
    const email = uniqueEmail();
    const link = await register(server, email, 'Tischlerei Berger');
    const mail = (await server.mails()).at(-1)!;
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    // The company is what the registrant typed: it stays out of the mail (mail-user-text.test.ts).
    expect(mail.text).not.toContain('Tischlerei Berger');
    expect(link).toMatch(/^http:\/\/fragewerk\.test\/verify\/[\w-]{43}$/);

    const client = await login(server, email);
    let current = await client.api<{ data: { verified: boolean; email: string; company: string } }>(
      'GET',
      '/user/current',
    );
    expect(current.body.data).toMatchObject({
      email,
      company: 'Tischlerei Berger',
      verified: false,
    });
    expect((await client.api('GET', '/projects')).status).toBe(403);

    const verify = await new HttpClient(server.url).page(new URL(link).pathname);
    expect(verify.status).toBe(200);
    expect(verify.text).toContain('Ihr Account ist aktiviert.');
    current = await client.api('GET', '/user/current');
    expect(current.body.data.verified).toBe(true);
    expect((await client.api('GET', '/projects')).status).toBe(200);

    // The same link again: the account is active, and the page says so with the way to log in.
    const again = await new HttpClient(server.url).page(new URL(link).pathname);
    expect(again.status).toBe(200);
    expect(again.text).toContain('Account bereits aktiviert');
    expect(again.text).toContain('Ihr Account ist bereits aktiviert.');
    expect(again.text).toContain('href="/login"');
    expect(again.text).not.toContain('Link ungültig');
  });

  it('returns after the login to the page asked for, on this server only', async () => {
    const { email } = await verifiedAccount(server);
    const target = '/projekte/7b2e/ergebnisse?x=1';
    const client = new HttpClient(server.url);
    const page = await client.page(`/login?weiter=${encodeURIComponent(target)}`);
    // The form sends the return along, escaped for the attribute.
    expect(page.text).toContain('action="/login?weiter=%2Fprojekte%2F7b2e%2Fergebnisse%3Fx%3D1"');
    const done = await client.form(`/login?weiter=${encodeURIComponent(target)}`, {
      email,
      password: PASSWORD,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(target);
    // Logged in already: /login goes straight on.
    expect(
      (await client.page(`/login?weiter=${encodeURIComponent('/account')}`)).headers.get(
        'location',
      ),
    ).toBe('/account');

    for (const foreign of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
      const other = new HttpClient(server.url);
      const form = await other.page(`/login?weiter=${encodeURIComponent(foreign)}`);
      expect(form.text).toContain('action="/login"');
      const response = await other.form(`/login?weiter=${encodeURIComponent(foreign)}`, {
        email,
        password: PASSWORD,
      });
      expect(response.headers.get('location')).toBe('/dashboard');
    }
  });

  it('calls an unknown activation link invalid, and a used one of an inactive account too', async () => {
    const unknown = await new HttpClient(server.url).page(`/verify/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Link ungültig');
    expect(unknown.text).toContain('Der Aktivierungslink ist ungültig oder abgelaufen.');
    expect(unknown.text).not.toContain('bereits aktiviert');

    // A used token whose account is not (or no longer) verified tells nothing either.
    const email = uniqueEmail();
    const link = await register(server, email, 'Bäckerei Sommer');
    const token = new URL(link).pathname.split('/').at(-1)!;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await server.orm.em
      .fork()
      .getConnection()
      .execute(`update one_time_token set used_at = now() where token_hash = ?`, [tokenHash]);
    const used = await new HttpClient(server.url).page(new URL(link).pathname);
    expect(used.status).toBe(400);
    expect(used.text).toContain('Link ungültig');
  });

  it('shows German validation messages on the registration form', async () => {
    const client = new HttpClient(server.url);
    await client.page('/register');
    const response = await client.form('/register', {
      company: '',
      email: 'kein-at',
      password: 'kurz',
      confirm_password: 'anders',
    });
    expect(response.status).toBe(422);
    expect(response.text).toContain('Firma ist ein Pflichtfeld');
    expect(response.text).toContain('E-Mail muss eine gültige E-Mail-Adresse sein.');
    expect(response.text).toContain('Passwort muss mindestens 8 Zeichen lang sein.');
    expect(response.text).toContain('Passwortbestätigung stimmt nicht mit Passwort überein');
  });

  it('does not reveal whether an address is registered', async () => {
    const { email } = await verifiedAccount(server);
    const client = new HttpClient(server.url);
    await client.page('/register');
    const response = await client.form('/register', {
      company: 'Andere',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Fast geschafft!');
    const mail = (await server.mails()).at(-1)!;
    expect(mail.subject).toBe('Registrierung bei Fragewerk');
  });

  it('registering an address that is not yet activated mails a new activation link, answering the same', async () => {
    const email = uniqueEmail('nicht-aktiviert');
    const first = await register(server, email, 'Tischlerei Berger');
    const client = new HttpClient(server.url);
    await client.page('/register');
    const response = await client.form('/register', {
      company: 'Andere',
      email,
      password: 'ein-anderes-passwort',
      confirm_password: 'ein-anderes-passwort',
    });
    // The page says what it says for a new address: nothing about the account.
    expect(response.status).toBe(200);
    expect(response.text).toContain('Fast geschafft!');
    const fresh = uniqueEmail('neu');
    const other = new HttpClient(server.url);
    await other.page('/register');
    const answer = await other.form('/register', {
      company: 'Andere',
      email: fresh,
      password: 'ein-anderes-passwort',
      confirm_password: 'ein-anderes-passwort',
    });
    const page = (text: string, address: string) =>
      text.replaceAll(address, '…').replace(/name="_csrf" value="[^"]*"/g, '');
    expect(page(response.text, email)).toBe(page(answer.text, fresh));
    const mail = (await server.mails()).filter((candidate) => candidate.to.includes(email)).at(-1)!;
    expect(mail.subject).toBe('Ihr Account ist noch nicht aktiviert');
    expect(mail.text).toContain('noch nicht aktiviert');
    expect(mail.text).not.toContain('Sie haben bereits einen Account');
    expect(mail.text).toContain('Aktivierungslink erneut senden');
    expect(mail.link).toMatch(/^http:\/\/fragewerk\.test\/verify\/[\w-]{43}$/);
    expect(mail.link).not.toBe(first);
    // The new link activates the account; its password stays the one of the first registration.
    const verified = await new HttpClient(server.url).page(new URL(mail.link!).pathname);
    expect(verified.status).toBe(200);
    const current = await (
      await login(server, email)
    ).api<{ data: { verified: boolean; company: string } }>('GET', '/user/current');
    expect(current.body.data).toMatchObject({ verified: true, company: 'Tischlerei Berger' });
  });

  it('answers two parallel registrations of one new address alike, with one account', async () => {
    const email = `parallel-${Date.now()}@example.de`;
    const attempt = async () => {
      const client = new HttpClient(server.url);
      await client.page('/register');
      return client.form('/register', {
        company: 'Parallel',
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
    };
    const responses = await Promise.all([attempt(), attempt()]);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.text).toContain('Fast geschafft!');
    }
    const rows = await server.orm.em
      .getConnection()
      .execute<{ count: number }[]>('select count(*)::int as count from app_user where email = ?', [
        email,
      ]);
    expect(rows[0]!.count).toBe(1);
  });

  it('changes the session id at login (no session fixation)', async () => {
    const { email } = await verifiedAccount(server);
    // Before a login there is no session id at all that someone could have planted …
    const anonymous = new HttpClient(server.url);
    await anonymous.page('/login');
    expect(anonymous.sessionId()).toBeUndefined();
    // … and one that the browser already has is replaced at login.
    const client = await login(server, email);
    const before = client.sessionId();
    expect(before).toBeDefined();
    await client.form('/login', { email, password: PASSWORD });
    expect(client.sessionId()).toBeDefined();
    expect(client.sessionId()).not.toBe(before);
  });

  it('rejects a wrong password with a German message, then slows guessing down with 429', async () => {
    const { email } = await verifiedAccount(server);
    const client = new HttpClient(server.url);
    await client.page('/login');
    const first = await client.form('/login', { email, password: 'falsch' });
    expect(first.status).toBe(401);
    expect(first.text).toContain('E-Mail-Adresse oder Passwort ist nicht korrekt.');
    for (let attempt = 2; attempt <= 5; attempt += 1)
      await client.form('/login', { email, password: 'falsch' });
    // After five, each further check waits for a delay that doubles; guesses sent at once are
    // refused without a check.
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => client.form('/login', { email, password: 'falsch' })),
    );
    const blocked = burst.filter((response) => response.status === 429);
    expect(blocked.length).toBeGreaterThanOrEqual(5);
    expect(blocked[0]!.text).toMatch(/Zu viele Versuche\. Bitte warten Sie \d+ Sekunden?/);
  });

  it('resets a forgotten password through the mailed link and ends old sessions', async () => {
    const { email, client: oldSession } = await verifiedAccount(server);
    const anonymous = new HttpClient(server.url);
    await anonymous.page('/passwort-vergessen');
    const requested = await anonymous.form('/passwort-vergessen', { email });
    expect(requested.text).toContain('haben wir einen Link zum Zurücksetzen geschickt');
    const mail = (await server.mails()).at(-1)!;
    expect(mail.subject).toBe('Passwort zurücksetzen');
    const path = new URL(mail.link!).pathname;
    await anonymous.page(path);
    const mismatch = await anonymous.form(path, {
      new_password: 'neues-passwort',
      confirm_password: 'anderes',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.text).toContain('Passwortbestätigung stimmt nicht mit Passwort überein');
    const done = await anonymous.form(path, {
      new_password: 'neues-passwort',
      confirm_password: 'neues-passwort',
    });
    expect(done.text).toContain('Ihr Passwort wurde geändert.');
    expect((await oldSession.api('GET', '/user/current')).body.data).toBeNull();
    await expect(login(server, email, PASSWORD)).rejects.toThrow();
    expect(
      (await (await login(server, email, 'neues-passwort')).api('GET', '/user/current')).body.data,
    ).toMatchObject({ email });
  });

  it('answers an unknown address for a reset exactly like a known one', async () => {
    const client = new HttpClient(server.url);
    await client.page('/passwort-vergessen');
    const before = (await server.mails()).length;
    const response = await client.form('/passwort-vergessen', { email: 'niemand@example.de' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Falls es zu niemand@example.de einen Account gibt');
    expect((await server.mails()).length).toBe(before);
  });

  it('logs out through /logout', async () => {
    const { client } = await verifiedAccount(server);
    const response = await client.page('/logout');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
    expect((await client.api('GET', '/user/current')).body.data).toBeNull();
  });
});
