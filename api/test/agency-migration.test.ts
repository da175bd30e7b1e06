import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/** The last migration before agencies: the data of that time is written against it. */
const BEFORE_AGENCIES = 'Migration20261127191805';

describe.each(DATABASES)('the migration to agencies (%s database)', (database) => {
  let db: TestDatabase;
  const sql = <T>(statement: string, params: unknown[] = []) =>
    db.orm.em.fork().execute<T[]>(statement, params);
  const people = [
    { id: randomUUID(), company: 'Agentur Süd', email: 'sued@example.de' },
    { id: randomUUID(), company: 'Büro Grün & Söhne', email: 'gruen@example.de' },
  ];
  const projects = [
    { id: randomUUID(), owner: people[0]!.id, name: 'Relaunch' },
    { id: randomUUID(), owner: people[0]!.id, name: 'Kampagne' },
    { id: randomUUID(), owner: people[1]!.id, name: 'Markenbuch' },
  ];

  beforeAll(async () => {
    db = await openTestDatabase(database, { migrateTo: BEFORE_AGENCIES });
    for (const person of people)
      await sql(
        `insert into app_user (id, company, email, password_hash, contact_name, verified_at,
                               show_welcome_box, created_at, updated_at)
         values (?, ?, ?, 'hash', 'Jörg Müller', now(), false, now(), now())`,
        [person.id, person.company, person.email],
      );
    for (const project of projects)
      await sql(
        `insert into project (id, owner_id, customer_firm, project_name, edit_token,
                              definition_version, is_approved, is_archived, is_niceview_enabled,
                              version, created_at, updated_at)
         values (?, ?, 'Kunde', ?, ?, 1, false, false, true, 3, now(), now())`,
        [project.id, project.owner, project.name, randomUUID()],
      );
    await db.orm.migrator.up();
  });
  afterAll(() => db?.close());

  it('makes each account the owner of an agency named after its company', async () => {
    const rows = await sql<{ email: string; role: string; name: string; company: string }>(
      `select u.email, u.role, a.name, u.company
         from app_user u join agency a on a.id = u.agency_id order by u.email`,
    );
    expect(rows).toEqual([
      {
        email: 'gruen@example.de',
        role: 'owner',
        name: 'Büro Grün & Söhne',
        company: 'Büro Grün & Söhne',
      },
      { email: 'sued@example.de', role: 'owner', name: 'Agentur Süd', company: 'Agentur Süd' },
    ]);
    expect(await sql('select * from agency')).toHaveLength(2);
  });

  it("moves each project into its owner's agency, the owner responsible, nothing else changed", async () => {
    const rows = await sql<{ id: string; agency: string; responsible: string; version: number }>(
      `select p.id, a.name as agency, u.email as responsible, p.version
         from project p join agency a on a.id = p.agency_id join app_user u on u.id = p.responsible_id`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const project of projects) {
      const owner = people.find((person) => person.id === project.owner)!;
      expect(byId.get(project.id)).toEqual({
        id: project.id,
        agency: owner.company,
        responsible: owner.email,
        version: 3,
      });
    }
  });

  it('takes an agency away with its accounts and projects when the agency goes', async () => {
    const [agency] = await sql<{ agency_id: string }>(
      'select agency_id from app_user where email = ?',
      ['sued@example.de'],
    );
    await sql('delete from agency where id = ?', [agency!.agency_id]);
    expect(await sql('select email from app_user')).toEqual([{ email: 'gruen@example.de' }]);
    expect(await sql('select project_name from project')).toEqual([{ project_name: 'Markenbuch' }]);
  });
});
