import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../src/common/prepared-statement.ts';
import { DATABASES } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

describe.each(DATABASES)(
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
