import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MikroORM, wrap } from '@mikro-orm/postgresql';
import { executePrepared, prepareStatementsOn } from '../src/common/prepared-statement.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { ormConfig } from '../src/data-model.ts';
import { ProjectSchema } from '../src/projects/project.entity.ts';
import { findProject } from '../src/projects/projects.repository.ts';
import { AgencySchema } from '../src/agency/agency.entity.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { EVERY_DATABASE } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

describe.each(EVERY_DATABASE)(
  'prepared statements of the busiest reads and writes (%s database)',
  (database) => {
    let db: TestDatabase;

    beforeAll(async () => {
      db = await openTestDatabase(database);
      await db.orm.em.execute('create table prepared_probe (id int primary key, word text)');
      await db.orm.em.execute("insert into prepared_probe values (1, 'Grüße'), (2, 'Straße')");
    });
    afterAll(() => db?.close());

    const read = () =>
      executePrepared<{ id: number; word: string }>(
        db.orm.em.fork(),
        'select id, word from prepared_probe where id = ? or word = ? order by id',
        [1, 'Straße'],
      );

    it('answers with its parameters apart, many times and from many connections at once', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, read));
      for (const rows of answers) {
        expect(rows).toEqual([
          { id: 1, word: 'Grüße' },
          { id: 2, word: 'Straße' },
        ]);
      }
    });

    it('still answers after another process changed a column under the prepared plan', async () => {
      await Promise.all(Array.from({ length: 10 }, read));
      await db.orm.em.execute('alter table prepared_probe alter column id type bigint');
      const answers = await Promise.all(Array.from({ length: 10 }, read));
      for (const rows of answers) expect(rows.map((row) => row.word)).toEqual(['Grüße', 'Straße']);
    });

    it('reads a project with its agency and responsible member as plain rows holding what the entities hold', async () => {
      const em = db.orm.em.fork();
      const agency = em.create(AgencySchema, { name: 'Agentur Süd', primary_color: '#1d4ed8' });
      const responsible = em.create(UserSchema, {
        agency,
        company: 'Agentur Süd',
        email: `plain-${database}@example.de`,
        password_hash: 'geheim',
        contact_name: 'Jörg Müller',
        verified_at: new Date('2026-05-04T03:02:01.123Z'),
      });
      const project = em.create(ProjectSchema, {
        agency,
        responsible,
        customer_firm: 'Bäckerei Groß',
        project_name: 'Relaunch',
        edit_token: `token-${database}`,
        definition_version: 1,
        approved_at: new Date('2026-06-07T08:09:10.456Z'),
      });
      await em.flush();

      const record = await findProject(db.orm.em.fork(), project.id);
      const entity = await db.orm.em
        .fork()
        .findOneOrFail(ProjectSchema, { id: project.id }, { populate: ['responsible'] });
      const {
        responsible: entityResponsible,
        agency: _agency,
        definition_revision,
        ...fields
      } = wrap(entity).toObject();
      expect(record).toEqual({
        ...fields,
        created_at: entity.created_at,
        updated_at: entity.updated_at,
        approved_at: new Date('2026-06-07T08:09:10.456Z'),
        edit_token: `token-${database}`,
        definition_revision,
        // The „geprüft“ marks come along with the row.
        reviews: [],
        agency: {
          id: agency.id,
          name: 'Agentur Süd',
          primary_color: '#1d4ed8',
          impressum_url: null,
          privacy_url: null,
          logo_hash: null,
        },
        responsible: {
          id: entity.responsible.id,
          agency: { id: agency.id },
          role: 'owner',
          company: 'Agentur Süd',
          email: `plain-${database}@example.de`,
          contact_name: 'Jörg Müller',
          contact_email: null,
          verified_at: new Date('2026-05-04T03:02:01.123Z'),
          show_welcome_box: true,
          created_at: entity.responsible.created_at,
          updated_at: entity.responsible.updated_at,
        },
      });
      expect(entityResponsible).toBeDefined();
      expect(record!.responsible).not.toHaveProperty('password_hash');
    });

    it('runs inside a transaction on the transaction’s connection', async () => {
      await db.orm.em.fork().transactional(async (tx) => {
        await tx.execute("insert into prepared_probe values (3, 'Fuß')");
        const rows = await executePrepared<{ word: string }>(
          tx,
          'select word from prepared_probe where id = ?',
          [3],
        );
        expect(rows).toEqual([{ word: 'Fuß' }]);
      });
    });
  },
);

describe('prepared statements on PGlite behind a DATABASE_URL', () => {
  let embedded: EmbeddedPostgres;
  const orms: MikroORM[] = [];

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres({ maxConnections: 8 });
    // Two processes on PGlite's socket server, as the tests of several processes run them: every
    // connection lands in PGlite's one session, where their names would collide.
    for (let index = 0; index < 2; index += 1) {
      const orm = await MikroORM.init({ ...ormConfig(embedded.url, false), logger: () => {} });
      await prepareStatementsOn(orm);
      orms.push(orm);
    }
    await orms[0]!.em.execute('create table shared_probe (id int primary key, word text)');
    await orms[0]!.em.execute("insert into shared_probe values (1, 'Grüße')");
  });
  afterAll(async () => {
    for (const orm of orms) await orm.close();
    await embedded?.stop();
  });

  it('prepares nothing there and answers from every process', async () => {
    const read = (orm: MikroORM) =>
      executePrepared<{ word: string }>(
        orm.em.fork(),
        'select word from shared_probe where id = ?',
        [1],
      );
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(orms.flatMap((orm) => [read(orm), read(orm)]));
      for (const rows of answers) expect(rows).toEqual([{ word: 'Grüße' }]);
    }
    const [{ count }] = await orms[0]!.em.execute<[{ count: number }]>(
      'select count(*)::int as count from pg_prepared_statements',
    );
    expect(count).toBe(0);
  });
});
