import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import {
  acceptInvitation,
  colleague,
  expectSchema,
  invitationLink,
  invite,
  type Account,
} from './agency-accounts.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * Invitations into an agency (docs/product.md#agentur): a link valid seven days and once, that
 * creates the invited person's verified account in the agency and logs them in.
 */

type Invitation = {
  id: string;
  email: string;
  role: string;
  created_at: string;
  expires_at: string;
};
type Body<T> = { data: T; message?: string; errors?: Record<string, string[]> };

const INVALID = 'Diese Einladung ist nicht mehr gültig';

describe.each(DATABASES)('agency invitations (%s database)', (database) => {
  let server: TestServer;
  let owner: Account;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = await verifiedAccount(server, 'Agentur Nord');
    const created = await owner.client.api<Body<{ id: string }>>('POST', '/projects/create', {
      project_name: 'Relaunch',
      customer_firm: 'Bäckerei Krause',
    });
    expect(created.status).toBe(201);
    projectId = created.body.data.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('mails a link that creates a verified member, logged in, who sees the agency’s projects', async () => {
    const email = uniqueEmail('neu');
    const created = await owner.client.api<Body<Invitation>>('POST', '/agency/invitations', {
      email: `  ${email.toUpperCase()} `,
      role: 'member',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, role: 'member' });
    expectSchema('agency-invitation', created.body.data);
    const days =
      (Date.parse(created.body.data.expires_at) - Date.parse(created.body.data.created_at)) /
      86_400_000;
    expect(days).toBeCloseTo(7, 5);
    // The token is only in the mail.
    expect(JSON.stringify(created.body)).not.toContain('einladung');
    const mail = (await server.mails()).filter((candidate) => candidate.to.includes(email)).at(-1)!;
    expect(mail.subject).toBe('Einladung in die Agentur „Agentur Nord“');
    expect(mail.text).toContain('Agentur „Agentur Nord“');
    expect(mail.link).toMatch(/^http:\/\/fragewerk\.test\/einladung\/[\w-]{43}$/);

    const listed = await owner.client.api<Body<Invitation[]>>('GET', '/agency/invitations');
    expect(listed.body.data.map((invitation) => invitation.email)).toContain(email);
    for (const entry of listed.body.data) expectSchema('agency-invitation', entry);

    const path = new URL(mail.link!).pathname;
    const { client, page, response } = await acceptInvitation(server, path, {
      contact_name: '  Mara Kollegin ',
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`value="${email}"`);
    expect(page.text).toMatch(/name="email"[^>]*readonly/);
    expect(page.text).toContain('Ihr Name');
    expect(page.text).toContain('Passwort wiederholen');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard');

    await client.page('/dashboard');
    const me = await client.api<Body<Record<string, unknown>>>('GET', '/user/current');
    expect(me.body.data).toMatchObject({
      email,
      contact_name: 'Mara Kollegin',
      company: 'Agentur Nord',
      agency_role: 'member',
      verified: true,
    });
    const projects = await client.api<Body<{ id: string }[]>>('GET', '/projects');
    expect(projects.body.data.map((project) => project.id)).toEqual([projectId]);
    expect((await client.api('GET', `/projects/${projectId}`)).status).toBe(200);
    // And the password works for a later login.
    expect((await login(server, email)).csrfToken).toBeDefined();
    // No longer open.
    const after = await owner.client.api<Body<Invitation[]>>('GET', '/agency/invitations');
    expect(after.body.data.map((invitation) => invitation.email)).not.toContain(email);
  });

  it('works once: a second use, and a second submission, find it no longer valid', async () => {
    const email = uniqueEmail('einmal');
    const { path } = await invite(server, owner, email);
    expect((await acceptInvitation(server, path)).response.status).toBe(303);
    const again = await acceptInvitation(server, path, { contact_name: 'Jemand Anderes' });
    expect(again.page.status).toBe(410);
    expect(again.page.text).toContain(INVALID);
    expect(again.response.status).toBe(410);
    expect(again.response.text).toContain('Bitte bitten Sie die Agentur um eine neue Einladung.');
    const count = await server.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from app_user where email = ?', [email]);
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('creates one account when the same form is submitted twice at once', async () => {
    const email = uniqueEmail('doppelt');
    const { path } = await invite(server, owner, email);
    const client = new HttpClient(server.url);
    await client.page(path);
    const fields = { contact_name: 'Doppelt', password: PASSWORD, confirm_password: PASSWORD };
    const [first, second] = await Promise.all([
      client.form(path, fields),
      client.form(path, fields),
    ]);
    expect([first.status, second.status].sort()).toEqual([303, 410]);
    const count = await server.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from app_user where email = ?', [email]);
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('expires after seven days', async () => {
    const email = uniqueEmail('abgelaufen');
    const { id, path } = await invite(server, owner, email);
    await server.orm.em
      .fork()
      .execute(
        "update agency_invitation set expires_at = now() - interval '1 second' where id = ?",
        [id],
      );
    const { page, response } = await acceptInvitation(server, path);
    expect(page.status).toBe(410);
    expect(page.text).toContain(INVALID);
    expect(response.status).toBe(410);
    const listed = await owner.client.api<Body<Invitation[]>>('GET', '/agency/invitations');
    expect(listed.body.data.map((invitation) => invitation.id)).not.toContain(id);
  });

  it('stops working when revoked, or when a newer invitation to the address replaces it', async () => {
    const email = uniqueEmail('zurueck');
    const first = await invite(server, owner, email);
    const second = await invite(server, owner, email, 'owner');
    expect(second.path).not.toBe(first.path);
    expect((await new HttpClient(server.url).page(first.path)).status).toBe(410);
    const listed = await owner.client.api<Body<Invitation[]>>('GET', '/agency/invitations');
    expect(listed.body.data.filter((invitation) => invitation.email === email)).toEqual([
      expect.objectContaining({ id: second.id, role: 'owner' }),
    ]);
    const revoked = await owner.client.api('DELETE', `/agency/invitations/${second.id}`);
    expect(revoked.status).toBe(204);
    const page = await new HttpClient(server.url).page(second.path);
    expect(page.status).toBe(410);
    expect(page.text).toContain(INVALID);
    expect(
      (await owner.client.api('DELETE', '/agency/invitations/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
  });

  it('finds unknown or mangled tokens no longer valid', async () => {
    for (const token of ['x'.repeat(43), 'kurz']) {
      const page = await new HttpClient(server.url).page(`/einladung/${token}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain(INVALID);
    }
    // A path that does not even decode is the app's own 400 page, not an error.
    expect((await new HttpClient(server.url).page('/einladung/%E0%A4%A')).status).toBe(400);
    const posted = await acceptInvitation(server, `/einladung/${'y'.repeat(43)}`);
    expect(posted.response.status).toBe(410);
  });

  it('checks name and password like the registration', async () => {
    const email = uniqueEmail('pruefen');
    const { path } = await invite(server, owner, email);
    const short = await acceptInvitation(server, path, {
      contact_name: ' ',
      password: 'kurz',
      confirm_password: 'anders',
    });
    expect(short.response.status).toBe(422);
    expect(short.response.text).toContain('Ihr Name ist ein Pflichtfeld');
    expect(short.response.text).toContain('mindestens 8 Zeichen');
    expect(short.response.text).toContain('stimmt nicht mit Passwort überein');
    const weak = await acceptInvitation(server, path, {
      password: 'passwort123',
      confirm_password: 'passwort123',
    });
    expect(weak.response.status).toBe(422);
    expect(weak.response.text).toContain('zu leicht zu erraten');
    // Still open after failed attempts.
    expect((await acceptInvitation(server, path)).response.status).toBe(303);
  });

  it('refuses a form without its CSRF token', async () => {
    const email = uniqueEmail('csrf');
    const { path } = await invite(server, owner, email);
    const client = new HttpClient(server.url);
    const response = await client.raw('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        contact_name: 'X',
        password: PASSWORD,
        confirm_password: PASSWORD,
      }).toString(),
    });
    expect(response.status).toBe(403);
    expect((await new HttpClient(server.url).page(path)).status).toBe(200);
  });

  it('refuses an address of a member of the agency at `email`', async () => {
    const member = await colleague(server, owner);
    for (const email of [owner.email, member.email.toUpperCase()]) {
      const response = await owner.client.api<Body<unknown>>('POST', '/agency/invitations', {
        email,
        role: 'member',
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        email: ['Diese Person ist schon Mitglied Ihrer Agentur.'],
      });
    }
    const bad = await owner.client.api<Body<unknown>>('POST', '/agency/invitations', {
      email: 'keine-adresse',
      role: 'chef',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'role']);
  });

  it('invites an address with an account elsewhere like any other; mail and page say it must go first', async () => {
    const elsewhere = await verifiedAccount(server, 'Agentur Süd');
    const response = await owner.client.api<Body<Invitation>>('POST', '/agency/invitations', {
      email: elsewhere.email,
      role: 'member',
    });
    expect(response.status).toBe(201);
    const mail = (await server.mails()).filter((m) => m.to.includes(elsewhere.email)).at(-1)!;
    expect(mail.text).toContain('schon einen Fragewerk-Account');
    const path = await invitationLink(server, elsewhere.email);
    const { page, response: posted } = await acceptInvitation(server, path);
    expect(page.status).toBe(409);
    expect(page.text).toContain('Sie haben schon einen Account');
    expect(posted.status).toBe(409);
    // The other account is untouched.
    const me = await elsewhere.client.api<Body<{ company: string }>>('GET', '/user/current');
    expect(me.body.data.company).toBe('Agentur Süd');
  });

  it('lets only owners see, send and revoke invitations', async () => {
    const member = await colleague(server, owner);
    expect((await member.client.api('GET', '/agency/invitations')).status).toBe(403);
    const sent = await member.client.api('POST', '/agency/invitations', {
      email: uniqueEmail(),
      role: 'owner',
    });
    expect(sent.status).toBe(403);
    const { id } = await invite(server, owner, uniqueEmail('bleibt'));
    expect((await member.client.api('DELETE', `/agency/invitations/${id}`)).status).toBe(403);
    expect((await new HttpClient(server.url).api('GET', '/agency/invitations')).status).toBe(401);
  });

  it('limits each owner to 20 invitations an hour', async () => {
    const busy = await verifiedAccount(server, 'Agentur Eilig');
    for (let index = 0; index < 20; index += 1) {
      const response = await busy.client.api('POST', '/agency/invitations', {
        email: uniqueEmail('viele'),
        role: 'member',
      });
      expect(response.status).toBe(201);
    }
    const refused = await busy.client.api<Body<unknown>>('POST', '/agency/invitations', {
      email: uniqueEmail('zuviel'),
      role: 'member',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Sie haben in der letzten Stunde schon 20 Einladungen verschickt\. Bitte warten Sie \d+ Minuten?/,
    );
  });
});
