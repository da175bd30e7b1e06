import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleagueOf, PASSWORD, verifiedAccount } from './accounts.ts';
import type { Body, Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * Projects belong to the agency (docs/product.md#agentur): every member works on all of them,
 * each has a responsible member; a member's account goes without the agency's projects, the last
 * owner's account takes the agency with it, an owner's export covers the agency's projects.
 */

type Project = Json & { id: string; edit_token: string; responsible: string; user: Json };
type Person = Awaited<ReturnType<typeof verifiedAccount>>;

describe.each(DATABASES)('projects of an agency (%s database)', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  async function createProject(client: HttpClient, name: string): Promise<Project> {
    const created = await client.api<Body<Project>>('POST', '/projects/create', {
      project_name: name,
      customer_firm: 'Bäckerei Groß',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  const listIds = async (client: HttpClient) =>
    (await client.api<Body<Project[]>>('GET', '/projects')).body.data.map((project) => project.id);

  /** An agency: its owner and a member with their contact names set, each with a project. */
  async function agency(company = 'Agentur Süd') {
    const owner = await verifiedAccount(server, company);
    await owner.client.api('PATCH', `/user/${owner.user.id}`, { contact_name: 'Olga Inhaberin' });
    const member = await colleagueOf(server, owner.user.id);
    const ownersProject = await createProject(owner.client, 'Relaunch');
    const membersProject = await createProject(member.client, 'Kampagne');
    return { owner, member, ownersProject, membersProject };
  }

  const deleteAccount = (person: Person) =>
    person.client.api('DELETE', `/user/${person.user.id}`, { password: PASSWORD });

  it('lets every member see and change all projects of the agency, with the creator responsible', async () => {
    const { owner, member, ownersProject, membersProject } = await agency();
    expect(ownersProject.responsible).toBe(owner.user.id);
    expect(membersProject.responsible).toBe(member.user.id);
    for (const person of [owner, member])
      expect((await listIds(person.client)).sort()).toEqual(
        [ownersProject.id, membersProject.id].sort(),
      );
    const renamed = await member.client.api<Body<Project>>(
      'PATCH',
      `/projects/${ownersProject.id}`,
      {
        project_name: 'Relaunch 2027',
      },
    );
    expect(renamed.status).toBe(200);
    // The member sees the share link too: they send it to the customer.
    expect(renamed.body.data.edit_token).toBe(ownersProject.edit_token);
    expect(renamed.body.data.agency).toMatchObject({ name: 'Agentur Süd', logo_url: null });
  });

  it("keeps another agency's projects out of sight: 404, and not in the list", async () => {
    const { ownersProject } = await agency();
    const stranger = await verifiedAccount(server, 'Andere Agentur');
    expect(await listIds(stranger.client)).toEqual([]);
    for (const [method, path] of [
      ['GET', `/projects/${ownersProject.id}`],
      ['PATCH', `/projects/${ownersProject.id}`],
      ['DELETE', `/projects/${ownersProject.id}`],
    ] as const)
      expect(
        (await stranger.client.api(method, path, method === 'GET' ? undefined : {})).status,
      ).toBe(404);
  });

  it("shows the customer the responsible member's contact, and changes it with the setting", async () => {
    const { owner, member, ownersProject } = await agency();
    const customer = new HttpClient(server.url);
    customer.editToken = ownersProject.edit_token;
    const before = (await customer.api<Body<Project>>('GET', `/projects/${ownersProject.id}`)).body
      .data;
    expect(before.user).toEqual({
      company: 'Agentur Süd',
      contact_name: 'Olga Inhaberin',
      contact_email: null,
    });
    const moved = await owner.client.api<Body<Project>>('PATCH', `/projects/${ownersProject.id}`, {
      responsible: member.user.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.responsible).toBe(member.user.id);
    expect(moved.body.data.user).toMatchObject({ contact_name: 'Kim Kollegin' });
    const after = (await customer.api<Body<Project>>('GET', `/projects/${ownersProject.id}`)).body
      .data;
    expect(after.user).toMatchObject({ contact_name: 'Kim Kollegin' });
  });

  it('refuses a responsible person outside the agency with a German message, and changes nothing', async () => {
    const { owner, ownersProject } = await agency();
    const stranger = await verifiedAccount(server, 'Andere Agentur');
    for (const responsible of [
      stranger.user.id,
      'jemand',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const refused = await owner.client.api<Json>('PATCH', `/projects/${ownersProject.id}`, {
        responsible,
      });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toMatch(/Mitglied Ihrer Agentur|Verantwortlich/);
    }
    const project = (await owner.client.api<Body<Project>>('GET', `/projects/${ownersProject.id}`))
      .body.data;
    expect(project.responsible).toBe(owner.user.id);
    expect(project.version).toBe(ownersProject.version);
  });

  it('mails a customer approval to the responsible member', async () => {
    const { member, membersProject } = await agency();
    const customer = new HttpClient(server.url);
    customer.editToken = membersProject.edit_token;
    expect((await customer.api('PUT', `/projects/${membersProject.id}/approve`)).status).toBe(200);
    const mails = (await server.mails()).filter((mail) => mail.link?.includes(membersProject.id));
    expect(mails.map((mail) => mail.to)).toEqual([member.email]);
  });

  it("exports the agency's projects for an owner and the member's own for a member", async () => {
    const { owner, member, ownersProject, membersProject } = await agency();
    const exported = async (person: Person) =>
      (
        JSON.parse((await person.client.raw('GET', `/api/user/${person.user.id}/export`)).text) as {
          projects: { id: string }[];
        }
      ).projects
        .map((project) => project.id)
        .sort();
    expect(await exported(owner)).toEqual([ownersProject.id, membersProject.id].sort());
    expect(await exported(member)).toEqual([membersProject.id]);
  });

  it("deletes a member's account without the agency's projects; the owner takes over", async () => {
    const { owner, member, ownersProject, membersProject } = await agency();
    expect((await deleteAccount(member)).status).toBe(200);
    expect((await member.client.api('GET', '/projects')).status).toBe(401);
    expect((await listIds(owner.client)).sort()).toEqual(
      [ownersProject.id, membersProject.id].sort(),
    );
    const kept = (await owner.client.api<Body<Project>>('GET', `/projects/${membersProject.id}`))
      .body.data;
    expect(kept.responsible).toBe(owner.user.id);
  });

  it('deletes one of two owners without the agency', async () => {
    const { owner, ownersProject } = await agency();
    const second = await colleagueOf(server, owner.user.id, 'owner');
    expect((await deleteAccount(owner)).status).toBe(200);
    const kept = (await second.client.api<Body<Project>>('GET', `/projects/${ownersProject.id}`))
      .body.data;
    expect(kept.responsible).toBe(second.user.id);
  });

  it("deletes the agency with every member and project when its last owner's account goes", async () => {
    const { owner, member, ownersProject, membersProject } = await agency();
    expect((await deleteAccount(owner)).status).toBe(200);
    // The member's session ended with the agency.
    expect((await member.client.api('GET', '/projects')).status).toBe(401);
    const rows = await server.orm.em.fork().execute<{ n: string }[]>(
      `select (select count(*) from project where id in (?, ?))
              + (select count(*) from app_user where id in (?, ?)) as n`,
      [ownersProject.id, membersProject.id, owner.user.id, member.user.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
