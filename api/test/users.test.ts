import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { login, PASSWORD, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Json = Record<string, unknown>;
interface User extends Json {
  id: string;
  email: string;
  created_at: string;
  updated_at: string;
}
interface Project extends Json {
  id: string;
  edit_token: string;
  user: { company: string; contact_name: string | null; contact_email: string | null };
}
/** A response body; by default one with a user. */
interface Body<T = User> {
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
}

const USER_FIELDS = [
  'agency_role',
  'company',
  'contact_email',
  'contact_name',
  'created_at',
  'email',
  'id',
  'show_welcome_box',
  'updated_at',
  'verified',
];
const WRONG_PASSWORD =
  'Das aktuelle Passwort wurde nicht korrekt eingegeben. Bitte korrigieren Sie das Passwort um sich zu verifizieren.';

describe.each(DATABASES)('user account API (%s database)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function current(client: HttpClient) {
    const response = await client.api<Body<User | null>>('GET', '/user/current');
    expect(response.status).toBe(200);
    return response.body.data;
  }

  it('GET /user/current is {data: null} when logged out', async () => {
    const response = await new HttpClient(server.url).api<Body>('GET', '/user/current');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null });
  });

  it('GET /user/current shows the documented fields of the logged-in user', async () => {
    const { client, email, user } = await verifiedAccount(server, 'Tischlerei Berger');
    const data = (await current(client))!;
    expect(Object.keys(data).sort()).toEqual(USER_FIELDS);
    expect(data).toMatchObject({
      id: user.id,
      company: 'Tischlerei Berger',
      email,
      contact_name: null,
      contact_email: null,
      agency_role: 'owner',
      verified: true,
      show_welcome_box: true,
    });
    expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(data.updated_at))).toBe(false);
  });

  it('saves contact_name and contact_email; the response holds company', async () => {
    const { client, user, email } = await verifiedAccount(server, 'Agentur Nord');
    const response = await client.api<Body>('PATCH', `/user/${user.id}`, {
      contact_name: ' Jana Kühn ',
      contact_email: 'Jana@Agentur-Nord.de',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: user.id,
      company: 'Agentur Nord',
      email,
      contact_name: 'Jana Kühn',
      contact_email: 'jana@agentur-nord.de',
    });
    expect(await current(client)).toEqual(response.body.data);

    const cleared = await client.api<Body>('PATCH', `/user/${user.id}`, {
      contact_name: '',
      contact_email: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ contact_name: null, contact_email: null });
  });

  it('refuses an invalid contact_email with 422 and changes nothing', async () => {
    const { client, user } = await verifiedAccount(server);
    const before = await current(client);
    const response = await client.api<Body>('PATCH', `/user/${user.id}`, {
      contact_name: 'Jana',
      contact_email: 'jana@',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      contact_email: ['E-Mail der Ansprechperson muss eine gültige E-Mail-Adresse sein.'],
    });
    for (const [body, errors] of [
      [{ company: '  ' }, { company: ['Firma ist ein Pflichtfeld'] }],
      [{ email: 'kein-at' }, { email: ['E-Mail muss eine gültige E-Mail-Adresse sein.'] }],
      [{ nickname: 'x' }, { nickname: ['Das Feld nickname ist nicht vorgesehen.'] }],
      [{ password_hash: 'x' }, { password_hash: ['Das Feld password_hash ist nicht vorgesehen.'] }],
    ] as const) {
      const invalid = await client.api<Body>('PATCH', `/user/${user.id}`, body);
      expect(invalid.status, JSON.stringify(body)).toBe(422);
      expect(invalid.body.errors).toEqual(errors);
    }
    expect(await current(client)).toEqual(before);
  });

  it('does not change the e-mail address at once: it needs the password and waits for its link', async () => {
    const { client, user, email } = await verifiedAccount(server);
    const before = await current(client);
    const wanted = `neu-${email}`;
    const withoutPassword = await client.api<Body>('PATCH', `/user/${user.id}`, { email: wanted });
    expect(withoutPassword.status).toBe(422);
    expect(withoutPassword.body.errors).toEqual({
      current_password: ['Bitte bestätigen Sie die Änderung mit Ihrem aktuellen Passwort.'],
    });
    expect(await current(client)).toEqual(before);

    // With the password: pending until the link mailed to the new address is confirmed
    // (api/test/email-change.test.ts).
    const requested = await client.api<Body>('PATCH', `/user/${user.id}`, {
      email: wanted,
      current_password: PASSWORD,
    });
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({ email, pending_email: wanted });
    expect((await current(client))?.email).toBe(email);
  });

  it('hides the welcome box when the whole user is sent back with show_welcome_box false', async () => {
    const { client, user } = await verifiedAccount(server);
    const before = (await current(client))!;
    const response = await client.api<Body>('PATCH', `/user/${user.id}`, {
      ...before,
      show_welcome_box: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      ...before,
      show_welcome_box: false,
      updated_at: expect.any(String),
    });
    const after = (await current(client))!;
    expect(after.show_welcome_box).toBe(false);
    expect({ ...after, updated_at: undefined }).toEqual({
      ...before,
      show_welcome_box: false,
      updated_at: undefined,
    });

    // Read-only fields in the echo are ignored.
    const echo = await client.api<Body>('PATCH', `/user/${user.id}`, {
      ...after,
      verified: false,
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(echo.status).toBe(200);
    expect(echo.body.data).toMatchObject({ verified: true, created_at: before.created_at });
  });

  it("refuses to change another user's account (403)", async () => {
    const victim = await verifiedAccount(server, 'Opfer GmbH');
    const { client } = await verifiedAccount(server);
    const before = await current(victim.client);

    const update = await client.api<Body>('PATCH', `/user/${victim.user.id}`, {
      company: 'Gekapert',
      contact_email: 'angreifer@example.de',
    });
    expect(update.status).toBe(403);
    const password = await client.api<Body>('PATCH', `/user/${victim.user.id}/change-password`, {
      old_password: PASSWORD,
      new_password: 'gekapert-123',
      confirm_password: 'gekapert-123',
    });
    expect(password.status).toBe(403);
    expect(await current(victim.client)).toEqual(before);
    await expect(login(server, victim.email, PASSWORD)).resolves.toBeDefined();
  });

  it('refuses account changes when logged out (401)', async () => {
    const { user } = await verifiedAccount(server);
    const anonymous = new HttpClient(server.url);
    const update = await anonymous.api<Body>('PATCH', `/user/${user.id}`, { company: 'X' });
    expect(update.status).toBe(401);
    const password = await anonymous.api<Body>('PATCH', `/user/${user.id}/change-password`, {
      old_password: PASSWORD,
      new_password: 'neues-passwort',
      confirm_password: 'neues-passwort',
    });
    expect(password.status).toBe(401);
  });

  it('password change: wrong old password is a 401, short or mismatched new ones a 422', async () => {
    const { client, user, email } = await verifiedAccount(server);
    const wrong = await client.api<Body>('PATCH', `/user/${user.id}/change-password`, {
      old_password: 'falsches-passwort',
      new_password: 'neues-passwort',
      confirm_password: 'neues-passwort',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(WRONG_PASSWORD);
    expect(wrong.body.errors).toEqual({ old_password: [WRONG_PASSWORD] });
    // Still logged in: the overlay stays open.
    expect((await current(client))?.id).toBe(user.id);

    const short = await client.api<Body>('PATCH', `/user/${user.id}/change-password`, {
      old_password: PASSWORD,
      new_password: 'kurz',
      confirm_password: 'kurz',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      new_password: ['Neues Passwort muss mindestens 8 Zeichen lang sein.'],
    });

    const mismatch = await client.api<Body>('PATCH', `/user/${user.id}/change-password`, {
      old_password: PASSWORD,
      new_password: 'neues-passwort',
      confirm_password: 'anderes-passwort',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({
      confirm_password: ['Passwortbestätigung stimmt nicht mit Passwort überein'],
    });

    const empty = await client.api<Body>('PATCH', `/user/${user.id}/change-password`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      old_password: ['Aktuelles Passwort ist ein Pflichtfeld'],
      new_password: ['Neues Passwort ist ein Pflichtfeld'],
      confirm_password: ['Passwortbestätigung ist ein Pflichtfeld'],
    });

    expect((await current(client))?.id).toBe(user.id);
    await expect(login(server, email, PASSWORD)).resolves.toBeDefined();
  });

  it('a successful password change logs out every session; the new password works', async () => {
    const { client, user, email } = await verifiedAccount(server);
    const otherSession = await login(server, email);
    const newPassword = 'ganz-neues-passwort';
    const response = await client.api<Body>('PATCH', `/user/${user.id}/change-password`, {
      old_password: PASSWORD,
      new_password: newPassword,
      confirm_password: newPassword,
    });
    expect(response.status).toBe(200);
    expect(await current(client)).toBeNull();
    expect(await current(otherSession)).toBeNull();

    await expect(login(server, email, PASSWORD)).rejects.toThrow();
    const fresh = await login(server, email, newPassword);
    expect((await current(fresh))?.id).toBe(user.id);
  });

  it("shows the owner's contact to a share-token customer in GET /projects/:id", async () => {
    const { client, user } = await verifiedAccount(server, 'Agentur Süd');
    const saved = await client.api<Body>('PATCH', `/user/${user.id}`, {
      contact_name: 'Jana Kühn',
      contact_email: 'jana@agentur-sued.de',
    });
    expect(saved.status).toBe(200);
    const created = await client.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Relaunch',
      customer_firm: 'Tischlerei Berger',
    });
    expect(created.status).toBe(201);

    const customer = new HttpClient(server.url);
    customer.editToken = created.body.data.edit_token;
    const project = await customer.api<Body<Project>>('GET', `/projects/${created.body.data.id}`);
    expect(project.status).toBe(200);
    expect(project.body.data.user).toEqual({
      company: 'Agentur Süd',
      contact_name: 'Jana Kühn',
      contact_email: 'jana@agentur-sued.de',
    });

    // A later change of the contact shows at once.
    await client.api<Body>('PATCH', `/user/${user.id}`, { contact_name: 'Tom Weber' });
    const again = await customer.api<Body<Project>>('GET', `/projects/${created.body.data.id}`);
    expect(again.body.data.user.contact_name).toBe('Tom Weber');
  });
});
