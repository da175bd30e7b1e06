/**
 * A second account for the dashboard list (`GET /api/projects`): 200 projects, made with a few
 * plain SQL statements (cloning demo project 1) instead of 200 × createDemoProject, which would take
 * minutes. A third of them get the demo's form answers, a third also its list entries, a third
 * nothing, and every tenth is archived, so the figures and fields of the list differ.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEMO_EMAIL, DEMO_PASSWORD, type DemoProject } from './support.ts';

export const LIST_PROJECTS = 200;
/** Logs in with the demo password: its hash is copied from the demo account. */
export const LIST_ACCOUNT = { email: 'liste@fragewerk.de', password: DEMO_PASSWORD };

/** Creates the account and its projects in one transaction; returns the account's id. */
export async function fillListAccount(databaseUrl: string, source: DemoProject): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const ownerId = await insertAccount(client);
    const projects = Array.from({ length: LIST_PROJECTS }, (_, index) => ({
      id: randomUUID(),
      token: randomBytes(32).toString('base64url'),
      n: index + 1,
    }));
    await insertProjects(client, ownerId, source.id, projects);
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

async function insertAccount(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into app_user (id, company, email, password_hash, contact_name, contact_email,
                           verified_at, show_welcome_box, created_at, updated_at)
     select gen_random_uuid(), 'Agentur Vielzahl', $1, password_hash, 'Lena Voß',
            'lena.voss@vielzahl.example', now(), false, now(), now()
       from app_user where email = $2
     returning id`,
    [LIST_ACCOUNT.email, DEMO_EMAIL],
  );
  if (!rows[0]) throw new Error('Demo-Konto fehlt: erst die Demo-Projekte anlegen.');
  return rows[0].id;
}

/** The projects, one minute apart (the list is ordered by creation), on the source's revision. */
async function insertProjects(
  client: pg.Client,
  ownerId: string,
  sourceId: string,
  projects: { id: string; token: string; n: number }[],
) {
  await client.query(
    `insert into project (id, owner_id, customer_firm, project_name, edit_token,
                          definition_version, definition_revision_id, is_approved, is_archived,
                          is_niceview_enabled, version, created_at, updated_at)
     select t.id, $4, 'Kunde ' || t.n || ' GmbH', 'Projekt ' || t.n, t.token,
            s.definition_version, s.definition_revision_id, false, t.n % 10 = 0, t.n % 2 = 0, 1,
            now() - t.n * interval '1 minute', now() - t.n * interval '1 minute'
       from unnest($1::uuid[], $2::text[], $3::int[]) as t(id, token, n)
       join project s on s.id = $5`,
    [
      projects.map((project) => project.id),
      projects.map((project) => project.token),
      projects.map((project) => project.n),
      ownerId,
      sourceId,
    ],
  );
}
