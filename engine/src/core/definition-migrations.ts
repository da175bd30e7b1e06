import type { Definition, MigrationMap, StepMigration } from './definition-types.ts';
import { isObject } from './is-object.ts';

/** One stored answer document: a form step's answers or one entry of a list step. */
export interface StoredDocument {
  step: string;
  /** The entry's id (list steps); absent for a form step's answers. */
  id?: string;
  data: Record<string, unknown>;
}

/** A migration map with the version it belongs to (its file name). */
export interface VersionedMigration {
  version: string;
  map: MigrationMap;
}

/**
 * The migration maps a project moving from `from` to `to` has to run: every map of `to` that `from`
 * does not hold in exactly this form, in version order. A project that never had a revision
 * (`from` undefined) runs none: nobody knows which names its answers used. Running a map again
 * changes nothing, so an edited map may run a second time.
 */
export function pendingMigrations(
  from: Definition | undefined,
  to: Definition,
): VersionedMigration[] {
  if (!from) return [];
  const before = from.migrations ?? {};
  return Object.entries(to.migrations ?? {})
    .filter(
      ([version, map]) =>
        !Object.hasOwn(before, version) || JSON.stringify(before[version]) !== JSON.stringify(map),
    )
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([version, map]) => ({ version, map }));
}

/** Maps one stored value through an option map: a key, or every key of a list of keys. */
function mapOptions(value: unknown, options: Record<string, string | null>): unknown {
  const mapped = (key: unknown) =>
    typeof key === 'string' && Object.hasOwn(options, key) ? options[key] : key;
  if (Array.isArray(value)) {
    const keys = value.map(mapped).filter((key) => key !== null);
    return keys.filter((key, index) => keys.indexOf(key) === index);
  }
  return mapped(value);
}

/**
 * Runs one step's part of a map over one answer document and returns the new document (the
 * given one when nothing changed): renames first (a field's `custom_` text follows it; a name
 * that is already taken keeps both values, nothing is overwritten), then option keys of the
 * fields under their new names (`null` removes a value), then the dropped fields.
 */
export function migrateDocument(
  data: Record<string, unknown>,
  migration: StepMigration,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...data };
  const move = (from: string, to: string) => {
    if (!Object.hasOwn(result, from) || Object.hasOwn(result, to)) return;
    result[to] = result[from];
    delete result[from];
  };
  for (const [from, to] of Object.entries(migration.renameFields ?? {})) {
    move(from, to);
    move(`custom_${from}`, `custom_${to}`);
  }
  for (const [field, options] of Object.entries(migration.renameOptions ?? {})) {
    if (!Object.hasOwn(result, field)) continue;
    const value = mapOptions(result[field], options);
    if (value === null || (Array.isArray(value) && value.length === 0)) delete result[field];
    else result[field] = value;
  }
  for (const field of migration.dropFields ?? []) {
    delete result[field];
    delete result[`custom_${field}`];
  }
  return JSON.stringify(result) === JSON.stringify(data) ? data : result;
}

/**
 * Moves a project's stored answers from the revision `from` to the revision `to`: a pure function
 * of its inputs. Only the migration maps change anything (by default the ones `to` brings,
 * {@link pendingMigrations}); everything else carries over as stored – also option keys and
 * fields the new revision no longer knows, and the documents of steps it left out.
 */
export function migrateAnswers(
  answers: StoredDocument[],
  from: Definition | undefined,
  to: Definition,
  maps: VersionedMigration[] = pendingMigrations(from, to),
): StoredDocument[] {
  return answers.map((document) => {
    let data = document.data;
    for (const { map } of maps) {
      const migration = Object.hasOwn(map.steps, document.step)
        ? map.steps[document.step]
        : undefined;
      if (isObject(migration)) data = migrateDocument(data, migration);
    }
    return data === document.data ? document : { ...document, data };
  });
}
