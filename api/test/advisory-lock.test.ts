import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advisoryLockKey,
  tryWithAdvisoryLock,
  withAdvisoryLock,
} from '../src/database/advisory-lock.ts';
import { ormConfig } from '../src/data-model.ts';
import { EVERY_DATABASE } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('advisoryLockKey', () => {
  it('turns a name into a fixed signed 64-bit key', () => {
    const key = BigInt(advisoryLockKey('fragewerk:migrations'));
    expect(advisoryLockKey('fragewerk:migrations')).toBe(String(key));
    expect(key).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(key).toBeLessThan(2n ** 63n);
    expect(advisoryLockKey('fragewerk:housekeeping')).not.toBe(String(key));
    expect(advisoryLockKey(2n ** 64n - 1n)).toBe('-1');
  });
});

/**
 * `withAdvisoryLock` orders callers on one database: on a server across ORMs (as in several
 * processes), on the embedded database within the process.
 */
describe.each(EVERY_DATABASE)('withAdvisoryLock (%s database)', (database) => {
  let test: TestDatabase;
  /** A second ORM on the same database: another process, as far as PostgreSQL can tell. */
  let other: MikroORM;

  beforeAll(async () => {
    test = await openTestDatabase(database);
    other =
      database === 'server'
        ? await MikroORM.init({
            ...ormConfig(test.orm.config.get('clientUrl') as string, false),
            logger: () => {},
          })
        : test.orm;
  });

  afterAll(async () => {
    if (other !== test.orm) await other.close();
    await test.close();
  });

  it('runs the callers one after the other and returns their results', async () => {
    const events: string[] = [];
    const job = (name: string, orm: MikroORM) =>
      withAdvisoryLock(orm, 'test:order', async () => {
        events.push(`${name}:start`);
        await sleep(150);
        // The ORM works inside the lock (one more connection from the pool).
        await orm.em.fork().getConnection().execute('select 1');
        events.push(`${name}:end`);
        return name;
      });
    const results = await Promise.all([job('a', test.orm), job('b', other), job('c', test.orm)]);
    expect(results).toEqual(['a', 'b', 'c']);
    for (let index = 0; index < events.length; index += 2) {
      expect(events[index]!.split(':')[0]).toBe(events[index + 1]!.split(':')[0]);
    }
  });

  it('releases the lock when the callback fails', async () => {
    await expect(
      withAdvisoryLock(test.orm, 'test:failure', async () => {
        throw new Error('kaputt');
      }),
    ).rejects.toThrow('kaputt');
    expect(await withAdvisoryLock(other, 'test:failure', async () => 'danach')).toBe('danach');
  });

  it('tryWithAdvisoryLock skips while another caller holds the lock', async () => {
    let release = () => {};
    const held = withAdvisoryLock(
      test.orm,
      'test:try',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    await sleep(100);
    expect(await tryWithAdvisoryLock(other, 'test:try', async () => 'lief')).toEqual({
      acquired: false,
    });
    release();
    await held;
    expect(await tryWithAdvisoryLock(other, 'test:try', async () => 'lief')).toEqual({
      acquired: true,
      value: 'lief',
    });
  });
});
