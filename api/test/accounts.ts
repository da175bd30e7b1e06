import { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

export const PASSWORD = 'sicheres-passwort';

let counter = 0;
/** A fresh e-mail address per call. */
export function uniqueEmail(name = 'agentur'): string {
  counter += 1;
  return `${name}-${counter}-${Date.now()}@example.de`;
}

/** Registers through the form and returns the activation link from the outbox. */
export async function register(
  server: TestServer,
  email: string,
  company = 'Agentur Nord',
): Promise<string> {
  const client = new HttpClient(server.url);
  await client.page('/register');
  const response = await client.form('/register', {
    company,
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  if (response.status !== 200) throw new Error(`Registrierung fehlgeschlagen: ${response.status}`);
  const mail = (await server.mails()).filter((candidate) => candidate.to.includes(email)).at(-1);
  if (!mail?.link) throw new Error(`Keine Aktivierungsmail an ${email}`);
  return mail.link;
}

/** Logs a client in through the login form and loads the app page for its CSRF token. */
export async function login(
  server: TestServer,
  email: string,
  password = PASSWORD,
): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  await client.page('/login');
  const response = await client.form('/login', { email, password });
  if (response.status !== 303) throw new Error(`Anmeldung fehlgeschlagen: ${response.status}`);
  await client.page('/dashboard');
  return client;
}

/** A registered, activated and logged-in account. */
export async function verifiedAccount(server: TestServer, company = 'Agentur Nord') {
  const email = uniqueEmail();
  const link = await register(server, email, company);
  await new HttpClient(server.url).page(new URL(link).pathname);
  const client = await login(server, email);
  const user = (await client.api<{ data: { id: string } }>('GET', '/user/current')).body.data;
  return { client, email, user };
}

/** The contact person of „Agentur Nord“ in the tests of the customer loop. */
export const JANA = { contact_name: 'Jana Kühn', contact_email: 'jana@agentur-nord.de' };

/**
 * The owner of „Agentur Nord“ with Jana Kühn as the contact person the customer sees (sender of the
 * agency's mails to its customers, named in the history).
 */
export async function agencyNord(server: TestServer) {
  const owner = await verifiedAccount(server, 'Agentur Nord');
  const named = await owner.client.api('PATCH', `/user/${owner.user.id}`, JANA);
  if (named.status !== 200) throw new Error(`Ansprechperson nicht gespeichert: ${named.status}`);
  return owner;
}

/** A new project of the logged-in member's agency: „Relaunch 2027“ for „Bäckerei Groß“. */
export async function bakeryProject<T>(client: HttpClient): Promise<T> {
  const created = await client.api<{ data: T }>('POST', '/projects/create', {
    project_name: 'Relaunch 2027',
    customer_firm: 'Bäckerei Groß',
  });
  if (created.status !== 201) throw new Error(`Projekt nicht angelegt: ${created.status}`);
  return created.body.data;
}

/** A registered and logged-in account that never used its activation link. */
export async function unverifiedAccount(server: TestServer) {
  const email = uniqueEmail('ungeprueft');
  await register(server, email);
  const client = await login(server, email);
  const user = (await client.api<{ data: { id: string } }>('GET', '/user/current')).body.data;
  return { client, email, user };
}

/**
 * A verified, logged-in colleague in the agency of `ownerId` with `role`, written directly (the
 * invitation's own tests go through the mail: agency-invitations.test.ts). For tests of what
 * members may do, not of how they join.
 */
export async function colleagueOf(
  server: TestServer,
  ownerId: string,
  role: 'owner' | 'member' = 'member',
) {
  const email = uniqueEmail(role === 'owner' ? 'inhaberin' : 'mitglied');
  // The owner's password hash: hashing anew would cost each test a second.
  await server.orm.em.fork().execute(
    `insert into app_user (id, agency_id, role, company, email, password_hash, contact_name,
                           verified_at, show_welcome_box, created_at, updated_at)
     select gen_random_uuid(), agency_id, ?, company, ?, password_hash, 'Kim Kollegin', now(),
            false, now(), now()
       from app_user where id = ?`,
    [role, email, ownerId],
  );
  const client = await login(server, email);
  const user = (await client.api<{ data: { id: string } }>('GET', '/user/current')).body.data;
  return { client, email, user };
}
