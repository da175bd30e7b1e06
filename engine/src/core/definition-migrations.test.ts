import { describe, expect, it } from 'vitest';
import {
  migrateAnswers,
  migrateDocument,
  pendingMigrations,
  type StoredDocument,
} from './definition-migrations.ts';
import type { Definition, MigrationMap } from './definition-types.ts';
import { formatProblem } from './definition-problems.ts';
import { DefinitionError, loadDefinition } from './load-definition.ts';
import { FIXTURE_WIDGETS, readFixture } from './test/fixture-catalogue.ts';

const raw = await readFixture(FIXTURE_WIDGETS);
const withMaps = (version: number, migrations: Record<string, unknown>): Definition => {
  const copy = structuredClone(raw);
  (copy.questionnaire as { version: number }).version = version;
  copy.migrations = migrations;
  return loadDefinition(copy);
};

const renameBrave: MigrationMap = {
  description: '„mutig“ heißt jetzt „gelassen“',
  steps: { profile: { renameOptions: { character_traits: { brave: 'calm' } } } },
};
const renameExpectations: MigrationMap = {
  steps: {
    contacts: { renameFields: { expectations: 'wishes' } },
    rivals: { dropFields: ['url'] },
  },
};

describe('migrateDocument', () => {
  it('renames a field with its Sonstiges text, maps option keys and drops fields', () => {
    expect(
      migrateDocument(
        { goal: 'custom', custom_goal: 'Mehr Umsatz', note: 'x', keep: 1 },
        { renameFields: { goal: 'aim' }, dropFields: ['note'] },
      ),
    ).toEqual({ aim: 'custom', custom_aim: 'Mehr Umsatz', keep: 1 });
    expect(
      migrateDocument(
        { traits: ['brave', 'honest', 'curious'], gender: 'm' },
        { renameOptions: { traits: { brave: 'curious', honest: null }, gender: { m: 'male' } } },
      ),
    ).toEqual({ traits: ['curious'], gender: 'male' });
  });

  it('never overwrites: a new name that is taken keeps both values', () => {
    const data = { old: 'a', new: 'b' };
    expect(migrateDocument(data, { renameFields: { old: 'new' } })).toBe(data);
  });

  it('changes nothing the second time (an edited map may run again)', () => {
    const migration = { renameFields: { a: 'b' }, renameOptions: { b: { x: 'y' } } };
    const once = migrateDocument({ a: 'x' }, migration);
    expect(once).toEqual({ b: 'y' });
    expect(migrateDocument(once, migration)).toBe(once);
  });

  it('removes a field whose only value a map removed', () => {
    expect(migrateDocument({ a: 'x' }, { renameOptions: { a: { x: null } } })).toEqual({});
    expect(migrateDocument({ a: ['x'] }, { renameOptions: { a: { x: null } } })).toEqual({});
  });
});

describe('pendingMigrations and migrateAnswers', () => {
  const v1 = withMaps(1, {});
  const v2 = withMaps(2, { 2: renameBrave });
  const v3 = withMaps(3, { 2: renameBrave, 3: renameExpectations });

  it('run the maps the new revision brings, in version order, and none for a project without a revision', () => {
    expect(pendingMigrations(v1, v3).map((pending) => pending.version)).toEqual(['2', '3']);
    expect(pendingMigrations(v2, v3).map((pending) => pending.version)).toEqual(['3']);
    expect(pendingMigrations(v3, v3)).toEqual([]);
    expect(pendingMigrations(undefined, v3)).toEqual([]);
    // An edited map runs again.
    const edited = withMaps(3, {
      2: { ...renameBrave, description: 'neu' },
      3: renameExpectations,
    });
    expect(pendingMigrations(v3, edited).map((pending) => pending.version)).toEqual(['2']);
  });

  it('is pure: returns new documents, leaves the given ones and those without a map alone', () => {
    const answers: StoredDocument[] = [
      { step: 'profile', data: { character_traits: ['brave', 'honest'], gender: 'male' } },
      { step: 'contacts', id: 'k1', data: { is_external: true, type: 'press', expectations: 'x' } },
      { step: 'rivals', id: 'r1', data: { name: 'A', url: 'https://a.de' } },
      { step: 'people', id: 'p1', data: { name: 'Kundin' } },
    ];
    const frozen = structuredClone(answers);
    const moved = migrateAnswers(answers, v1, v3);
    expect(answers).toEqual(frozen);
    expect(moved).toEqual([
      { step: 'profile', data: { character_traits: ['calm', 'honest'], gender: 'male' } },
      { step: 'contacts', id: 'k1', data: { is_external: true, type: 'press', wishes: 'x' } },
      { step: 'rivals', id: 'r1', data: { name: 'A' } },
      answers[3],
    ]);
    expect(moved[3]).toBe(answers[3]);
    expect(migrateAnswers(answers, v3, v3)).toEqual(answers);
  });
});

describe('migration maps in the definition', () => {
  const problems = (migrations: Record<string, unknown>, version = 2): string[] => {
    try {
      withMaps(version, migrations);
    } catch (error) {
      if (error instanceof DefinitionError) return error.problems.map(formatProblem);
      throw error;
    }
    return [];
  };

  it('are loaded by version and checked against their meta-schema', () => {
    expect(problems({ 2: renameBrave })).toEqual([]);
    expect(problems({ 3: renameBrave })).toEqual([
      'definitions/fixture-widgets/migrations/3.json: Version 3 ist größer als die Version 2 in definitions/fixture-widgets/questionnaire.json.',
    ]);
    expect(problems({ neu: renameBrave })[0]).toContain('Der Dateiname muss die Version sein');
    expect(problems({ 2: { steps: { contacts: { rename: {} } } } })).toEqual([
      'definitions/fixture-widgets/migrations/2.json /steps/contacts/rename: „rename“ ist hier nicht vorgesehen. Möglich sind: „renameFields“, „renameOptions“, „dropFields“.',
    ]);
  });
});
