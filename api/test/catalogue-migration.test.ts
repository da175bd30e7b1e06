import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/** The last migration before the catalogue: the data of that time is written against it. */
const BEFORE_CATALOGUE = 'Migration20261127223625';
const CATALOGUE = 'Migration20261128005213';

type Row = Record<string, unknown>;

/*
 * Migration20261128005213: before it there was one questionnaire, so every project and every
 * stored revision becomes the brand briefing's – and nothing else of them changes.
 */
describe.each(DATABASES)('the migration to the catalogue (%s database)', (database) => {
  let db: TestDatabase;
  const sql = <T = Row>(statement: string, params: unknown[] = []) =>
    db.orm.em.fork().execute<T[]>(statement, params);
  const agencyId = randomUUID();
  const ownerId = randomUUID();
  /** Two revisions of that time, as the server stored them (the id is the hash of the text). */
  const revisions = [1, 2].map((version) => {
    const definition = JSON.stringify({ version, title: 'Markenbriefing', steps: [] });
    return {
      id: createHash('sha256').update(definition).digest('hex'),
      version,
      definition,
    };
  });
  const projects = [
    { id: randomUUID(), name: 'Relaunch', revision: revisions[0]!.id, approved: true },
    { id: randomUUID(), name: 'Kampagne', revision: revisions[1]!.id, approved: false },
    { id: randomUUID(), name: 'Markenbuch', revision: null, approved: false },
  ];
  let projectsBefore: Row[];
  let revisionsBefore: Row[];

  const allProjects = () => sql('select * from project order by id');
  const allRevisions = () => sql('select * from definition_revision order by id');

  beforeAll(async () => {
    db = await openTestDatabase(database, { migrateTo: BEFORE_CATALOGUE });
    await sql(
      `insert into agency (id, name, created_at, updated_at) values (?, 'Agentur Süd', now(), now())`,
      [agencyId],
    );
    await sql(
      `insert into app_user (id, agency_id, role, company, email, password_hash, contact_name,
                             verified_at, show_welcome_box, created_at, updated_at)
       values (?, ?, 'owner', 'Agentur Süd', 'sued@example.de', 'hash', 'Jörg Müller', now(),
               false, now(), now())`,
      [ownerId, agencyId],
    );
    for (const revision of revisions)
      await sql(
        `insert into definition_revision (id, version, definition, created_at, activated_at)
         values (?, ?, ?, now(), now())`,
        [revision.id, revision.version, revision.definition],
      );
    for (const project of projects)
      await sql(
        `insert into project (id, agency_id, responsible_id, customer_firm, project_name,
                              edit_token, definition_version, definition_revision_id,
                              is_approved, is_archived, is_niceview_enabled, version,
                              created_at, updated_at)
         values (?, ?, ?, 'Bäckerei Groß', ?, ?, 1, ?, ?, false, true, 3, now(), now())`,
        [
          project.id,
          agencyId,
          ownerId,
          project.name,
          randomUUID(),
          project.revision,
          project.approved,
        ],
      );
    projectsBefore = await allProjects();
    revisionsBefore = await allRevisions();
    // Up to the catalogue's migration: later ones add columns of their own.
    await db.orm.migrator.up({ to: CATALOGUE });
  });
  afterAll(() => db?.close());

  it('had no questionnaire column before', () => {
    expect(projectsBefore).toHaveLength(projects.length);
    expect(revisionsBefore).toHaveLength(revisions.length);
    for (const row of [...projectsBefore, ...revisionsBefore])
      expect(row).not.toHaveProperty('questionnaire');
  });

  it('makes every project the brand briefing’s and changes nothing else of it', async () => {
    expect(await allProjects()).toEqual(
      projectsBefore.map((row) => ({ ...row, questionnaire: 'markenbriefing' })),
    );
  });

  it('makes every stored revision the brand briefing’s and changes nothing else of it', async () => {
    expect(await allRevisions()).toEqual(
      revisionsBefore.map((row) => ({ ...row, questionnaire: 'markenbriefing' })),
    );
  });

  it('leaves the projects on their revisions', async () => {
    const rows = await sql<{ id: string; definition_revision_id: string | null }>(
      'select id, definition_revision_id from project',
    );
    expect(new Map(rows.map((row) => [row.id, row.definition_revision_id]))).toEqual(
      new Map(projects.map((project) => [project.id, project.revision])),
    );
  });
});
