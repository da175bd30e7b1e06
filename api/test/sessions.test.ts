import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { type Body, example, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Project = Json & { id: string; edit_token: string };

/**
 * No sessions for nobody (docs/architecture.md#sitzungen-und-prozesse): a session row is written
 * at login and only then. Pages, forms (their CSRF token is stateless), failed logins, share
 * links and the health checks store none.
 */
describe.each(DATABASES)('sessions (%s database)', (database) => {
  let server: TestServer;
  let project: Project;
  let email: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const owner = await verifiedAccount(server);
    email = owner.email;
    project = (
      await owner.client.api<Body<Project>>('POST', '/projects/create', {
        project_name: 'Sitzungen',
        customer_firm: 'Kunde',
      })
    ).body.data;
  });

  afterAll(() => server?.close());

  const sessionRows = async () =>
    Number(
      (
        await server.orm.em
          .fork()
          .getConnection()
          .execute<{ count: string }[]>('select count(*) as count from session')
      )[0]!.count,
    );

  it('stores no session for anonymous visits, forms, share links and failed logins; one at login', async () => {
    const before = await sessionRows();
    const visitor = new HttpClient(server.url);
    const statuses: string[] = [];
    const note = (what: string, status: number) => statuses.push(`${what} ${status}`);

    for (const path of [
      '/',
      '/dashboard',
      '/login',
      '/register',
      '/passwort-vergessen',
      '/impressum',
      '/gibt-es-nicht',
      '/healthz',
      '/readyz',
      '/logout',
    ]) {
      note(path, (await visitor.page(path)).status);
    }
    note('GET /api/user/current', (await visitor.api('GET', '/user/current')).status);
    note('GET /api/config/presets', (await visitor.api('GET', '/config/presets')).status);
    note(
      'failed login',
      (await visitor.form('/login', { email, password: 'falsches-passwort' })).status,
    );
    await visitor.page('/register');
    note(
      'registration',
      (
        await visitor.form('/register', {
          company: 'Neu',
          email: uniqueEmail('ohne-sitzung'),
          password: PASSWORD,
          confirm_password: PASSWORD,
        })
      ).status,
    );

    // A customer with the share link: the app's pages and its API calls.
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const share = `/share/${encodeURIComponent(project.edit_token)}/projekte/${project.id}`;
    note('share page', (await customer.page(`${share}/fragebogen`)).status);
    note('share results page', (await customer.page(`${share}/ergebnisse`)).status);
    note('share GET', (await customer.api('GET', `/projects/${project.id}`)).status);
    note(
      'share POST',
      (await customer.api('POST', `/projects/${project.id}/ideas`, example('ideas'))).status,
    );
    note(
      'share PATCH',
      (
        await customer.api('PATCH', `/projects/${project.id}/frame`, {
          ...example('frame'),
          version: 0,
        })
      ).status,
    );

    expect(statuses).toEqual([
      '/ 200',
      '/dashboard 200',
      '/login 200',
      '/register 200',
      '/passwort-vergessen 200',
      '/impressum 200',
      '/gibt-es-nicht 404',
      '/healthz 200',
      '/readyz 200',
      '/logout 302',
      'GET /api/user/current 200',
      'GET /api/config/presets 200',
      'failed login 401',
      'registration 200',
      'share page 200',
      'share results page 200',
      'share GET 200',
      'share POST 201',
      'share PATCH 200',
    ]);
    expect(visitor.sessionId()).toBeUndefined();
    expect(customer.sessionId()).toBeUndefined();
    expect(await sessionRows()).toBe(before);

    // A login writes exactly one.
    const owner = await login(server, email);
    expect(owner.sessionId()).toBeDefined();
    expect(await sessionRows()).toBe(before + 1);
  });

  it('still refuses a form post without the token of its page, or with another browser’s', async () => {
    const first = new HttpClient(server.url);
    await first.page('/login');
    const token = first.csrfToken!;
    // The same token from a browser that has not got the cookie that goes with it.
    const stranger = new HttpClient(server.url);
    const foreign = await stranger.raw('POST', '/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: token, email, password: PASSWORD }).toString(),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('Ihre Sitzung ist abgelaufen. Bitte versuchen Sie es erneut.');
    // Another browser's own page token does not fit the first browser's cookie either.
    await stranger.page('/login');
    first.csrfToken = stranger.csrfToken;
    expect((await first.form('/login', { email, password: PASSWORD })).status).toBe(403);
    first.csrfToken = token;
    expect((await first.form('/login', { email, password: PASSWORD })).status).toBe(303);
  });
});
