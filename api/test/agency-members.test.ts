import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { colleague, expectSchema, type Account } from './agency-accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The agency's members (docs/product.md#agentur): the list, roles, and removal, which deletes
 * the person's account at once while the agency keeps its projects.
 */

type Member = { id: string; email: string; contact_name: string | null; role: string };
type Body<T> = { data: T; message?: string; errors?: Record<string, string[]> };

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASES)('agency members (%s database)', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  /** A project of `client`'s agency; its id. */
  async function project(client: Account['client'], name: string): Promise<string> {
    const created = await client.api<Body<{ id: string }>>('POST', '/projects/create', {
      project_name: name,
      customer_firm: 'Bäckerei Krause',
    });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  /** Who is responsible for each of the agency's projects, by project id. */
  async function responsibles(client: Account['client']): Promise<Record<string, string>> {
    const list = await client.api<Body<{ id: string; responsible: string }[]>>('GET', '/projects');
    return Object.fromEntries(list.body.data.map((entry) => [entry.id, entry.responsible]));
  }

  it('lists the members, owners first, for everyone in the agency', async () => {
    const owner = await verifiedAccount(server, 'Agentur Liste');
    const member = await colleague(server, owner);
    const second = await colleague(server, owner, 'owner');
    for (const client of [owner.client, member.client]) {
      const list = await client.api<Body<Member[]>>('GET', '/agency/members');
      expect(list.status).toBe(200);
      expect(list.body.data.map((entry) => entry.role)).toEqual(['owner', 'owner', 'member']);
      for (const entry of list.body.data) expectSchema('agency-member', entry);
      expect(list.body.data.map((entry) => entry.id).sort()).toEqual(
        [owner.user.id, member.user.id, second.user.id].sort(),
      );
    }
    const other = await verifiedAccount(server, 'Agentur Fremd');
    const theirs = await other.client.api<Body<Member[]>>('GET', '/agency/members');
    expect(theirs.body.data.map((entry) => entry.id)).toEqual([other.user.id]);
  });

  it('changes roles; the last owner cannot be demoted', async () => {
    const owner = await verifiedAccount(server, 'Agentur Rollen');
    const member = await colleague(server, owner);
    const alone = await owner.client.api<Body<Member>>(
      'PATCH',
      `/agency/members/${owner.user.id}`,
      {
        role: 'member',
      },
    );
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(
      'Die Agentur braucht mindestens eine Inhaberin oder einen Inhaber. Ernennen Sie zuerst ein anderes Mitglied dazu.',
    );
    const promoted = await owner.client.api<Body<Member>>(
      'PATCH',
      `/agency/members/${member.user.id}`,
      { role: 'owner' },
    );
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ id: member.user.id, role: 'owner' });
    expectSchema('agency-member', promoted.body.data);
    expect(
      (await member.client.api<Body<{ agency_role: string }>>('GET', '/user/current')).body.data
        .agency_role,
    ).toBe('owner');
    // Now two owners: one may step down, and then is a member.
    const down = await owner.client.api<Body<Member>>('PATCH', `/agency/members/${owner.user.id}`, {
      role: 'member',
    });
    expect(down.status).toBe(200);
    expect((await owner.client.api('PATCH', '/agency', { name: 'Nicht mehr' })).status).toBe(403);
    const bad = await member.client.api<Body<unknown>>(
      'PATCH',
      `/agency/members/${owner.user.id}`,
      {
        role: 'chef',
      },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['role']);
  });

  it('keeps roles and removal to owners, and other agencies’ people out of reach', async () => {
    const owner = await verifiedAccount(server, 'Agentur Rechte');
    const member = await colleague(server, owner);
    const other = await verifiedAccount(server, 'Agentur Fremd');
    const otherMember = await colleague(server, other);
    expect(
      (await member.client.api('PATCH', `/agency/members/${member.user.id}`, { role: 'owner' }))
        .status,
    ).toBe(403);
    expect((await member.client.api('DELETE', `/agency/members/${owner.user.id}`)).status).toBe(
      403,
    );
    for (const id of [otherMember.user.id, other.user.id, UNKNOWN, 'keine-id']) {
      expect((await owner.client.api('DELETE', `/agency/members/${id}`)).status).toBe(404);
      expect(
        (await owner.client.api('PATCH', `/agency/members/${id}`, { role: 'member' })).status,
      ).toBe(404);
    }
    // Nothing happened to them.
    expect((await otherMember.client.api('GET', '/user/current')).status).toBe(200);
  });

  it('removes a member at once: their next request is 401, their projects pass to the owner', async () => {
    const owner = await verifiedAccount(server, 'Agentur Abschied');
    const member = await colleague(server, owner);
    const theirs = await project(member.client, 'Projekt der Kollegin');
    const ours = await project(owner.client, 'Projekt der Inhaberin');
    expect(await responsibles(owner.client)).toEqual({
      [theirs]: member.user.id,
      [ours]: owner.user.id,
    });

    const removed = await owner.client.api('DELETE', `/agency/members/${member.user.id}`);
    expect(removed.status).toBe(204);
    expect((await member.client.api('GET', `/projects/${theirs}`)).status).toBe(401);
    expect((await member.client.api<Body<null>>('GET', '/user/current')).body.data).toBeNull();
    expect(await responsibles(owner.client)).toEqual({
      [theirs]: owner.user.id,
      [ours]: owner.user.id,
    });
    const members = await owner.client.api<Body<Member[]>>('GET', '/agency/members');
    expect(members.body.data.map((entry) => entry.id)).toEqual([owner.user.id]);
    const rows = await server.orm.em
      .fork()
      .execute('select id from app_user where id = ?', [member.user.id]);
    expect(rows).toEqual([]);
    // Nor does the invitation that brought them in keep their address.
    const invitations = await server.orm.em
      .fork()
      .execute('select id from agency_invitation where lower(email) = ?', [member.email]);
    expect(invitations).toEqual([]);
    const mail = (await server.mails()).filter((m) => m.to.includes(member.email)).at(-1);
    expect(mail?.subject).toBe('Ihr Zugang zur Agentur „Agentur Abschied“ wurde entfernt');
  });

  it('lets a member leave; their projects pass to the longest-standing owner', async () => {
    const owner = await verifiedAccount(server, 'Agentur Gehen');
    const secondOwner = await colleague(server, owner, 'owner');
    const member = await colleague(server, owner);
    const theirs = await project(member.client, 'Projekt vor dem Gehen');
    const left = await member.client.api('DELETE', `/agency/members/${member.user.id}`);
    expect(left.status).toBe(204);
    expect((await member.client.api('GET', '/agency')).status).toBe(401);
    expect((await responsibles(secondOwner.client))[theirs]).toBe(owner.user.id);
  });

  it('never removes the last owner; with a second owner, an owner may go', async () => {
    const owner = await verifiedAccount(server, 'Agentur Letzte');
    const alone = await owner.client.api<Body<unknown>>(
      'DELETE',
      `/agency/members/${owner.user.id}`,
    );
    expect(alone.status).toBe(409);
    expect(alone.body.message).toMatch(
      /^Die letzte Inhaberin oder der letzte Inhaber der Agentur kann nicht entfernt werden\./,
    );
    const second = await colleague(server, owner, 'owner');
    const ours = await project(owner.client, 'Projekt der Gründerin');
    const removed = await second.client.api('DELETE', `/agency/members/${owner.user.id}`);
    expect(removed.status).toBe(204);
    expect((await owner.client.api('GET', '/agency')).status).toBe(401);
    expect((await responsibles(second.client))[ours]).toBe(second.user.id);
    const last = await second.client.api('DELETE', `/agency/members/${second.user.id}`);
    expect(last.status).toBe(409);
  });
});
