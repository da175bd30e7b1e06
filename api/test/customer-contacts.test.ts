import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleagueOf, agencyNord, bakeryProject, verifiedAccount } from './accounts.ts';
import type { Body, Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The customer's people on a project and the invitation mail with the share link
 * (docs/product.md#kundschaft): members only, an address once, at most 20 contacts and 20
 * invitations an hour per project; the mail comes from the responsible member, in the agency's
 * name, with the project, the questionnaire, the time it takes and the link.
 */

type Contact = {
  id: string;
  name: string;
  email: string;
  invited_at: string | null;
  created_at: string;
};
type Project = Json & { id: string; edit_token: string; version: number };
type Refusal = { message: string; errors?: Record<string, string[]> };

describe.each(DATABASES)('customer contacts and invitations (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const owner = await agencyNord(server);
    agency = owner.client;
    ownerId = owner.user.id;
  });
  afterAll(() => server?.close());

  const newProject = () => bakeryProject<Project>(agency);

  const contacts = async (project: Project) =>
    (await agency.api<Body<Contact[]>>('GET', `/projects/${project.id}/customer-contacts`)).body
      .data;

  it('keeps a list of contacts: added, an address once, removed', async () => {
    const project = await newProject();
    expect(await contacts(project)).toEqual([]);
    const added = await agency.api<Body<Contact>>(
      'POST',
      `/projects/${project.id}/customer-contacts`,
      {
        name: '  Eva Groß ',
        email: 'Eva@Baeckerei-Gross.de',
      },
    );
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Eva Groß',
      email: 'eva@baeckerei-gross.de',
      invited_at: null,
    });
    const again = await agency.api<Refusal>('POST', `/projects/${project.id}/customer-contacts`, {
      name: 'Eva',
      email: 'eva@baeckerei-gross.de',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ email: ['Diese Adresse steht schon bei den Kontakten.'] });
    const wrong = await agency.api<Refusal>('POST', `/projects/${project.id}/customer-contacts`, {
      name: '',
      email: 'keine-adresse',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.email?.[0]).toMatch(/E-Mail/);
    expect(wrong.body.errors?.name?.[0]).toMatch(/Name/);
    expect(await contacts(project)).toHaveLength(1);

    const removed = await agency.api(
      'DELETE',
      `/projects/${project.id}/customer-contacts/${added.body.data.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await contacts(project)).toEqual([]);
    const gone = await agency.api<Refusal>(
      'DELETE',
      `/projects/${project.id}/customer-contacts/${added.body.data.id}`,
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Diesen Kontakt gibt es nicht (mehr).');
    expect(
      (await agency.api('DELETE', `/projects/${project.id}/customer-contacts/kein-id`)).status,
    ).toBe(404);
  });

  it('takes at most 20 contacts per project', async () => {
    const project = await newProject();
    for (let index = 0; index < 20; index += 1)
      expect(
        (
          await agency.api('POST', `/projects/${project.id}/customer-contacts`, {
            name: `Person ${index}`,
            email: `person${index}@kunde.de`,
          })
        ).status,
      ).toBe(201);
    const more = await agency.api<Refusal>('POST', `/projects/${project.id}/customer-contacts`, {
      name: 'Eine zu viel',
      email: 'zu-viel@kunde.de',
    });
    expect(more.status).toBe(422);
    expect(more.body.errors).toEqual({ email: ['Ein Projekt hat höchstens 20 Kontakte.'] });
  });

  it('mails the share link from the responsible member, in the agency’s name', async () => {
    const project = await newProject();
    const sent = await agency.api<Body<Contact>>('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva Groß',
      email: 'eva@baeckerei-gross.de',
      message: 'Liebe Eva,\nbis Freitag wäre schön.',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ name: 'Eva Groß', email: 'eva@baeckerei-gross.de' });
    expect(sent.body.data.invited_at).not.toBeNull();
    expect(await contacts(project)).toEqual([sent.body.data]);

    const mail = (await server.mails()).filter((candidate) => candidate.to.includes('eva@'));
    expect(mail).toHaveLength(1);
    const [invitation] = mail;
    expect(invitation!.subject).toBe('Agentur Nord: Ihr Fragebogen zum Projekt „Relaunch 2027“');
    expect(invitation!.link).toBe(
      `${server.config.appUrl}/share/${project.edit_token}/projekte/${project.id}/fragebogen`,
    );
    const text = invitation!.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Guten Tag Eva Groß,');
    expect(text).toMatch(
      /Agentur Nord bittet Sie, den Fragebogen „[^“]+“ für das Projekt „Relaunch 2027“ auszufüllen\. Er dauert etwa \d+ Minuten\./,
    );
    expect(text).toContain('Jana Kühn schreibt dazu:\n\nLiebe Eva,\nbis Freitag wäre schön.');
    expect(text).toMatch(/Viele Grüße\nJana Kühn\nAgentur Nord\n?$/);
    expect(text).not.toContain('Fragewerk-Team');
    // Sender name and replies: the member; the address stays the product's.
    expect(invitation!.from).toMatch(/^"?Jana Kühn \(Agentur Nord\)"? <[^>]+>$/);
    expect(invitation!.replyTo).toBe('jana@agentur-nord.de');

    // Inviting the same address again adds no second contact.
    const again = await agency.api<Body<Contact>>('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva',
      email: 'EVA@baeckerei-gross.de',
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(sent.body.data.id);
    expect(await contacts(project)).toHaveLength(1);
    const second = (await server.mails()).filter((candidate) => candidate.to.includes('eva@'));
    expect(second).toHaveLength(2);
    expect(second[1]!.text).not.toContain('schreibt dazu');
  });

  it('refuses bad input in German and sends nothing', async () => {
    const project = await newProject();
    const before = (await server.mails()).length;
    const long = await agency.api<Refusal>('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva',
      email: 'eva@example.de',
      message: 'x'.repeat(2001),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors?.message?.[0]).toMatch(/Persönliche Nachricht/);
    const extra = await agency.api<Refusal>('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva',
      email: 'eva@example.de',
      bcc: 'alle@example.de',
    });
    expect(extra.status).toBe(422);
    expect((await server.mails()).length).toBe(before);
    expect(await contacts(project)).toEqual([]);
  });

  it('sends at most 20 invitations an hour per project', async () => {
    const project = await newProject();
    for (let index = 0; index < 20; index += 1)
      expect(
        (
          await agency.api('POST', `/projects/${project.id}/invitations`, {
            name: 'Eva',
            email: 'eva@example.de',
          })
        ).status,
      ).toBe(201);
    const more = await agency.api<Refusal>('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva',
      email: 'eva@example.de',
    });
    expect(more.status).toBe(429);
    expect(more.body.message).toMatch(
      /^Für dieses Projekt sind in der letzten Stunde schon 20 Einladungen verschickt worden\. Bitte warten Sie \d+ Minuten? und versuchen Sie es dann erneut\.$/,
    );
  });

  it('lets only the agency’s members in: not the customer, not another agency', async () => {
    const project = await newProject();
    const colleague = await colleagueOf(server, ownerId);
    expect(
      (await colleague.client.api('GET', `/projects/${project.id}/customer-contacts`)).status,
    ).toBe(200);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    for (const [method, route] of [
      ['GET', 'customer-contacts'],
      ['POST', 'customer-contacts'],
      ['POST', 'invitations'],
    ] as const)
      expect(
        (
          await customer.api(
            method,
            `/projects/${project.id}/${route}`,
            method === 'POST' ? { name: 'Eva', email: 'eva@example.de' } : undefined,
          )
        ).status,
      ).toBe(403);
    const other = (await verifiedAccount(server, 'Agentur Süd')).client;
    expect((await other.api('GET', `/projects/${project.id}/customer-contacts`)).status).toBe(404);
    expect(
      (
        await other.api('POST', `/projects/${project.id}/invitations`, {
          name: 'Eva',
          email: 'eva@example.de',
        })
      ).status,
    ).toBe(404);
    expect(
      (await new HttpClient(server.url).api('GET', `/projects/${project.id}/customer-contacts`))
        .status,
    ).toBe(401);
  });

  it('changes nothing on an archived project, and the contacts go with a deleted one', async () => {
    const project = await newProject();
    await agency.api('POST', `/projects/${project.id}/customer-contacts`, {
      name: 'Eva',
      email: 'eva@example.de',
    });
    const archived = await agency.api<Body<Project>>('PATCH', `/projects/${project.id}`, {
      is_archived: true,
      version: project.version,
    });
    expect(archived.status).toBe(200);
    const refused = await agency.api<Refusal>('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva',
      email: 'eva@example.de',
    });
    expect(refused.status).toBe(403);
    expect((await agency.api('DELETE', `/projects/${project.id}`)).status).toBe(200);
    const [left] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from customer_contact where project_id = ?', [
        project.id,
      ]);
    expect(Number(left!.n)).toBe(0);
  });
});
