import { describe, expect, it } from 'vitest';
import { databaseServerErrorOf } from './database-server-error.ts';

const URL_WITH_SECRET = 'postgres://fragewerk:geheim@db.intern:5433/briefings';

describe('databaseServerErrorOf', () => {
  it.each([
    ['ECONNREFUSED', 'der Server antwortet dort nicht (ECONNREFUSED).'],
    ['ETIMEDOUT', 'der Server antwortet dort nicht (ETIMEDOUT).'],
    ['ENOTFOUND', 'den Rechner gibt es nicht (ENOTFOUND).'],
    ['28P01', 'der Server hat die Anmeldung abgelehnt (28P01).'],
    ['3D000', 'es gibt sie auf dem Server nicht (3D000).'],
    ['57P03', 'der Server nimmt gerade keine Verbindungen an (57P03).'],
    ['42501', 'die Rolle aus DATABASE_URL darf dort nicht anlegen, was Fragewerk braucht (42501).'],
  ])('%s: names database, server and reason, never the password', (code, reason) => {
    const refusal = databaseServerErrorOf(Object.assign(new Error('x'), { code }), URL_WITH_SECRET);
    expect(refusal?.message).toContain(
      `Fragewerk startet nicht: Die Datenbank „briefings“ auf db.intern:5433 (DATABASE_URL) ist nicht nutzbar – ${reason}`,
    );
    expect(refusal?.message).not.toContain('geheim');
    expect(refusal?.message).not.toContain('fragewerk:');
  });

  it('leaves other errors, and every error of the embedded database, to the stack trace', () => {
    const refused = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    expect(databaseServerErrorOf(refused, undefined)).toBeUndefined();
    expect(
      databaseServerErrorOf(Object.assign(new Error('x'), { code: '42P01' }), URL_WITH_SECRET),
    ).toBeUndefined();
    expect(databaseServerErrorOf(new Error('x'), URL_WITH_SECRET)).toBeUndefined();
    expect(databaseServerErrorOf(undefined, URL_WITH_SECRET)).toBeUndefined();
  });

  it('names the default database and port the way the URL leaves them out', () => {
    const refusal = databaseServerErrorOf(
      Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
      'postgres://db.intern',
    );
    expect(refusal?.message).toContain('Die Datenbank „postgres“ auf db.intern (DATABASE_URL)');
  });
});
