import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { PASSWORD, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Json = Record<string, unknown>;
interface Body<T = Json & { id: string; edit_token?: string }> {
  data: T;
  message?: string;
  contact?: { name: string; email: string | null };
}

const GONE = 'Dieser Link ist nicht mehr gültig';
const NOT_FOUND = 'Projekt nicht gefunden';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** docs/product.md#der-freigabelink: a renewed link says so and whom to ask, nothing else. */
describe.each(DATABASES)('former share links (%s database)', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function agency(company: string, contact: Json = {}) {
    const account = await verifiedAccount(server, company);
    if (Object.keys(contact).length > 0) {
      const saved = await account.client.api('PATCH', `/user/${account.user.id}`, contact);
      expect(saved.status).toBe(200);
    }
    return account;
  }

  async function project(owner: HttpClient) {
    const created = await owner.api<Body>('POST', '/projects/create', {
      project_name: 'Geheimer Relaunch',
      customer_firm: 'Tischlerei Berger',
    });
    expect(created.status).toBe(201);
    return created.body.data;
  }

  async function renew(owner: HttpClient, id: string) {
    const response = await owner.api<Body>('PUT', `/projects/${id}/edit-token`);
    expect(response.status).toBe(200);
    return response.body.data.edit_token!;
  }

  const visitor = (token: string) => {
    const client = new HttpClient(server.url);
    client.editToken = token;
    return client;
  };

  const hashesOf = async (projectId: string) =>
    (
      await server.orm.em
        .fork()
        .execute<{ token_hash: string }[]>(
          'select token_hash from project_former_token where project_id = ? order by token_hash',
          [projectId],
        )
    ).map((row) => row.token_hash);

  it('answers an old token with 410, the contact person and nothing of the project', async () => {
    const { client: owner } = await agency('Agentur Nord', {
      contact_name: 'Jana Kühn',
      contact_email: 'jana@agentur-nord.de',
    });
    const created = await project(owner);
    const first = created.edit_token!;
    const second = await renew(owner, created.id);
    await renew(owner, created.id);

    // Only hashes are kept, one per replaced token.
    expect(await hashesOf(created.id)).toEqual([sha256(first), sha256(second)].sort());
    const stored = JSON.stringify(
      await server.orm.em
        .fork()
        .execute('select * from project_former_token where project_id = ?', [created.id]),
    );
    expect(stored).not.toContain(first);
    expect(stored).not.toContain(second);

    for (const token of [first, second]) {
      const read = await visitor(token).api<Body>('GET', `/projects/${created.id}`);
      expect(read.status).toBe(410);
      expect(read.body).toEqual({
        message: GONE,
        contact: { name: 'Jana Kühn', email: 'jana@agentur-nord.de' },
      });
      expect(read.text).not.toContain('Geheimer Relaunch');
      expect(read.text).not.toContain('Tischlerei Berger');
      // Every route of the project says the same, and an old token changes nothing.
      const write = await visitor(token).api<Body>('POST', `/projects/${created.id}/ideas`, {
        idea: 'Erika',
      });
      expect(write.status).toBe(410);
      expect(Object.keys(write.body).sort()).toEqual(['contact', 'message']);
      const results = await visitor(token).api<Body>('GET', `/projects/${created.id}/results`);
      expect(results.status).toBe(410);
    }
  });

  it('falls back to the company, never to the login address, without a contact person', async () => {
    const { client: owner, email } = await agency('Agentur Süd');
    const created = await project(owner);
    await renew(owner, created.id);
    const read = await visitor(created.edit_token!).api<Body>('GET', `/projects/${created.id}`);
    expect(read.status).toBe(410);
    expect(read.body.contact).toEqual({ name: 'Agentur Süd', email: null });
    expect(read.text).not.toContain(email);
  });

  it('keeps the spec 404 for a token nobody issued and for an old token of another project', async () => {
    const { client: owner } = await agency('Agentur West');
    const mine = await project(owner);
    const other = await project(owner);
    const old = mine.edit_token!;
    await renew(owner, mine.id);

    const unknown = await visitor('x'.repeat(43)).api<Body>('GET', `/projects/${mine.id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: NOT_FOUND });
    // The old token only counts for its own project: elsewhere it is just a wrong token.
    const elsewhere = await visitor(old).api<Body>('GET', `/projects/${other.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ message: NOT_FOUND });
    // The hash itself is no token.
    const hash = await visitor(sha256(old)).api<Body>('GET', `/projects/${mine.id}`);
    expect(hash.status).toBe(404);
  });

  it('names the contact person when the project is archived or approved', async () => {
    const { client: owner } = await agency('Agentur Ost', {
      contact_name: 'Ole Brandt',
      contact_email: 'ole@agentur-ost.de',
    });
    const approved = await project(owner);
    const customer = visitor(approved.edit_token!);
    expect((await customer.api('PUT', `/projects/${approved.id}/approve`)).status).toBe(200);
    const save = await customer.api<Body>('POST', `/projects/${approved.id}/ideas`, {
      idea: 'Erika',
    });
    expect(save.status).toBe(403);
    expect(save.body.contact).toEqual({ name: 'Ole Brandt', email: 'ole@agentur-ost.de' });

    const archived = await project(owner);
    const archive = await owner.api('PATCH', `/projects/${archived.id}`, { is_archived: true });
    expect(archive.status).toBe(200);
    const read = await visitor(archived.edit_token!).api<Body>('GET', `/projects/${archived.id}`);
    expect(read.status).toBe(403);
    expect(read.body).toEqual({
      message: 'Das Projekt wurde archiviert.',
      contact: { name: 'Ole Brandt', email: 'ole@agentur-ost.de' },
    });
    // The owner gets the plain message.
    const own = await owner.api<Body>('POST', `/projects/${archived.id}/ideas`, {
      idea: 'Erika',
    });
    expect(own.status).toBe(403);
    expect(own.body).not.toHaveProperty('contact');
  });

  it('removes the old hashes with the project and with the account', async () => {
    const account = await agency('Agentur Mitte');
    const doomed = await project(account.client);
    await renew(account.client, doomed.id);
    expect(await hashesOf(doomed.id)).toHaveLength(1);
    expect((await account.client.api('DELETE', `/projects/${doomed.id}`)).status).toBe(200);
    expect(await hashesOf(doomed.id)).toEqual([]);
    const gone = await visitor(doomed.edit_token!).api<Body>('GET', `/projects/${doomed.id}`);
    expect(gone.status).toBe(404);

    const kept = await project(account.client);
    await renew(account.client, kept.id);
    expect(await hashesOf(kept.id)).toHaveLength(1);
    const deleted = await account.client.api('DELETE', `/user/${account.user.id}`, {
      password: PASSWORD,
    });
    expect(deleted.status).toBe(200);
    expect(await hashesOf(kept.id)).toEqual([]);
  });

  it('tells a visitor sent to /login from unreleased results whom to ask', async () => {
    const { client: owner } = await agency('Agentur Nord-Ost', {
      contact_name: 'Jana <Kühn>',
      contact_email: 'jana@agentur-nordost.de',
    });
    const created = await project(owner);
    const login = (query: string) => new HttpClient(server.url).page(`/login${query}`);
    const notice = await login(`?grund=ergebnisse-nicht-freigegeben&projekt=${created.id}`);
    expect(notice.status).toBe(200);
    expect(notice.text).toContain('Die Ergebnisse dieses Projekts sind noch nicht freigegeben.');
    expect(notice.text).toContain(
      'Bei Fragen wenden Sie sich an <a href="mailto:jana@agentur-nordost.de">Jana &lt;Kühn&gt;</a>.',
    );
    expect(notice.text).not.toContain('Geheimer Relaunch');
    // Once the results are released, or for an id that is no project, no name is given.
    const shared = await owner.api('PATCH', `/projects/${created.id}`, {
      is_niceview_enabled: true,
    });
    expect(shared.status).toBe(200);
    for (const query of [
      `?grund=ergebnisse-nicht-freigegeben&projekt=${created.id}`,
      '?grund=ergebnisse-nicht-freigegeben&projekt=kein-projekt',
    ]) {
      const plain = await login(query);
      expect(plain.text).toContain('Bei Fragen wenden Sie sich bitte an Ihre Ansprechperson');
      expect(plain.text).not.toContain('Jana');
    }
    // Without the reason the login page is as before.
    expect((await login('')).text).not.toContain('noch nicht freigegeben');
  });
});
