/**
 * A second agency for the dashboard list (`GET /api/projects`): 10 members sharing 200 projects
 * (each member responsible for every tenth), made with a few
 * plain SQL statements (cloning demo project 1) instead of 200 × createDemoProject, which would take
 * minutes. A third of them get the demo's form answers, a third also its list entries, a third
 * nothing, and every tenth is archived, so the figures and fields of the list differ.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEMO_EMAIL, DEMO_PASSWORD, type DemoProject } from './support.ts';

export const LIST_PROJECTS = 200;
/** Members of the list's agency, the logged-in owner among them. */
export const LIST_MEMBERS = 10;
/** Logs in with the demo password: its hash is copied from the demo account. */
export const LIST_ACCOUNT = { email: 'liste@fragewerk.de', password: DEMO_PASSWORD };

/** Creates the agency, its members and projects in one transaction; returns the owner's id. */
export async function fillListAccount(databaseUrl: string, source: DemoProject): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const memberIds = await insertAgency(client);
    const ownerId = memberIds[0]!;
    const projects = Array.from({ length: LIST_PROJECTS }, (_, index) => ({
      id: randomUUID(),
      token: randomBytes(32).toString('base64url'),
      n: index + 1,
    }));
    await insertProjects(client, memberIds, source.id, projects);
    const withAnswers = projects.filter((project) => project.n % 3 !== 0).map(({ id }) => id);
    const withItems = projects.filter((project) => project.n % 3 === 2).map(({ id }) => id);
    await client.query(
      `insert into answer (id, project_id, step_key, data, version, created_at, updated_at)
       select gen_random_uuid(), t.id, a.step_key, a.data, 1, now(), now()
         from unnest($1::uuid[]) as t(id) join answer a on a.project_id = $2`,
      [withAnswers, source.id],
    );
    await client.query(
      `insert into item (id, project_id, step_key, position, data, version, created_at, updated_at)
       select gen_random_uuid(), t.id, i.step_key, i.position, i.data, 1, now(), now()
         from unnest($1::uuid[]) as t(id) join item i on i.project_id = $2`,
      [withItems, source.id],
    );
    await client.query('commit');
    return ownerId;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/** The agency with its owner (the list's login) and nine members; returns their ids, owner first. */
async function insertAgency(client: pg.Client): Promise<string[]> {
  const agencyId = randomUUID();
  await client.query(
    `insert into agency (id, name, created_at, updated_at)
     values ($1, 'Agentur Vielzahl', now(), now())`,
    [agencyId],
  );
  const members = Array.from({ length: LIST_MEMBERS }, (_, index) => ({
    id: randomUUID(),
    email: index === 0 ? LIST_ACCOUNT.email : `mitglied-${index}@vielzahl.example`,
    role: index === 0 ? 'owner' : 'member',
  }));
  const { rowCount } = await client.query(
    `insert into app_user (id, agency_id, role, company, email, password_hash, contact_name,
                           contact_email, verified_at, show_welcome_box, created_at, updated_at)
     select m.id, $4, m.role, 'Agentur Vielzahl', m.email, d.password_hash, 'Lena Voß',
            'lena.voss@vielzahl.example', now(), false, now(), now()
       from unnest($1::uuid[], $2::text[], $3::text[]) as m(id, email, role)
       join app_user d on d.email = $5`,
    [
      members.map((member) => member.id),
      members.map((member) => member.email),
      members.map((member) => member.role),
      agencyId,
      DEMO_EMAIL,
    ],
  );
  if (rowCount !== LIST_MEMBERS)
    throw new Error('Demo-Konto fehlt: erst die Demo-Projekte anlegen.');
  return members.map((member) => member.id);
}

/** The projects, one minute apart (the list is ordered by creation), on the source's revision. */
async function insertProjects(
  client: pg.Client,
  memberIds: string[],
  sourceId: string,
  projects: { id: string; token: string; n: number }[],
) {
  await client.query(
    `insert into project (id, agency_id, responsible_id, customer_firm, project_name, edit_token,
                          definition_version, definition_revision_id, is_approved, is_archived,
                          is_niceview_enabled, version, created_at, updated_at)
     select t.id, (select agency_id from app_user where id = ($4::uuid[])[1]),
            ($4::uuid[])[1 + t.n % cardinality($4::uuid[])],
            'Kunde ' || t.n || ' GmbH', 'Projekt ' || t.n, t.token,
            s.definition_version, s.definition_revision_id, false, t.n % 10 = 0, t.n % 2 = 0, 1,
            now() - t.n * interval '1 minute', now() - t.n * interval '1 minute'
       from unnest($1::uuid[], $2::text[], $3::int[]) as t(id, token, n)
       join project s on s.id = $5`,
    [
      projects.map((project) => project.id),
      projects.map((project) => project.token),
      projects.map((project) => project.n),
      memberIds,
      sourceId,
    ],
  );
}
