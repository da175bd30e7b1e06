import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { login, PASSWORD, register, uniqueEmail, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/** Every bidirectional control character Fragewerk keeps out of stored text. */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
const BIDI_PATTERN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe.each(DATABASES)('security basics (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server)).client;
    const created = await owner.api<{ data: { id: string } }>('POST', '/projects/create', {
      project_name: 'Relaunch',
      customer_firm: 'Tischlerei Berger',
    });
    projectId = created.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('Cache-Control: no-store on every API response', () => {
    const cases: [name: string, run: () => Promise<{ status: number; headers: Headers }>][] = [
      ['200 with data', () => owner.api('GET', `/projects/${projectId}`)],
      ['200 without login', () => new HttpClient(server.url).api('GET', '/user/current')],
      ['401', () => new HttpClient(server.url).api('GET', '/projects')],
      [
        '403 without X-Requested-With',
        () => new HttpClient(server.url).raw('POST', '/api/projects/create'),
      ],
      [
        '404 of a project',
        () => owner.api('GET', '/projects/00000000-0000-4000-8000-000000000000'),
      ],
      ['404 of an unknown route', () => owner.api('GET', '/gibt-es-nicht')],
      [
        '400 for broken JSON',
        () =>
          owner.raw('PATCH', `/api/projects/${projectId}`, {
            headers: {
              'content-type': 'application/json',
              'x-requested-with': 'XMLHttpRequest',
              'x-csrf-token': owner.csrfToken ?? '',
            },
            body: '{"project_name":',
          }),
      ],
      [
        '413 for a body over the limit',
        () => owner.api('PATCH', `/projects/${projectId}`, { project_name: 'x'.repeat(300_000) }),
      ],
      ['422', () => owner.api('PATCH', `/projects/${projectId}`, { project_name: '' })],
    ];

    it.each(cases)('%s', async (_name, run) => {
      const response = await run();
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it.each([
      '/login',
      '/register',
      '/passwort-vergessen',
      '/aktivierung-erneut-senden',
      `/verify/${'x'.repeat(43)}`,
      `/passwort-zuruecksetzen/${'x'.repeat(43)}`,
      '/gibt-es-nicht',
    ])(
      'also on the server’s page %s (its form holds a CSRF token, its address maybe a one-time token)',
      async (path) => {
        const response = await new HttpClient(server.url).page(path);
        expect(response.headers.get('cache-control')).toBe('no-store');
      },
    );

    it('lets the pages’ stylesheet be cached', async () => {
      const response = await new HttpClient(server.url).page('/assets/pages.css');
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('still lets the public definition be revalidated (no-cache with an ETag)', async () => {
      const response = await owner.api('GET', '/config/definition');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    });
  });

  describe('bidirectional control characters never reach the database', () => {
    it('strips them from project settings', async () => {
      const patched = await owner.api('PATCH', `/projects/${projectId}`, {
        project_name: `Re${BIDI}launch\u202E gpj.exe`,
        customer_firm: `\u2067Tischlerei Berger\u2069`,
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const read = await owner.api<{ data: { project_name: string; customer_firm: string } }>(
        'GET',
        `/projects/${projectId}`,
      );
      expect(read.body.data.project_name).toBe('Relaunch gpj.exe');
      expect(read.body.data.customer_firm).toBe('Tischlerei Berger');
    });

    it('strips them from a new project and from questionnaire items and forms', async () => {
      const created = await owner.api<{ data: { id: string } }>('POST', '/projects/create', {
        project_name: `\u202DNeu${BIDI}`,
        customer_firm: 'Kunde',
      });
      const id = created.body.data.id;
      const item = await owner.api('POST', `/projects/${id}/ideas`, {
        idea: 'Wochenmarkt',
        details: `Klare${BIDI} Ziele`,
        priority: 'high',
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      const form = await owner.api('PATCH', `/projects/${id}/frame`, {
        contact: `Tisch\u200Flerin\u061C`,
        team_size: 3,
        version: 0,
      });
      expect(form.status, JSON.stringify(form.body)).toBe(200);
      const project = await owner.api<{ data: Record<string, unknown> }>('GET', `/projects/${id}`);
      const stored = JSON.stringify(project.body.data);
      expect(stored).toContain('Klare Ziele');
      expect(stored).toContain('Tischlerin');
      expect(project.body.data.project_name).toBe('Neu');
      expect(stored).not.toMatch(BIDI_PATTERN);
    });

    it('strips them from account fields, also from the registration form', async () => {
      const email = uniqueEmail('bidi');
      const link = await register(server, email, `Agentur\u202E Nord${BIDI}`);
      await new HttpClient(server.url).page(new URL(link).pathname);
      const client = await login(server, email, PASSWORD);
      const current = await client.api<{ data: { id: string; company: string } }>(
        'GET',
        '/user/current',
      );
      expect(current.body.data.company).toBe('Agentur Nord');
      const patched = await client.api<{ data: { contact_name: string } }>(
        'PATCH',
        `/user/${current.body.data.id}`,
        { company: 'Agentur Nord', email, contact_name: `Jana\u2066 Berg\u2069` },
      );
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const again = await client.api<{ data: Record<string, unknown> }>('GET', '/user/current');
      expect(again.body.data.contact_name).toBe('Jana Berg');
      expect(JSON.stringify(again.body.data)).not.toMatch(BIDI_PATTERN);
    });
  });
});
