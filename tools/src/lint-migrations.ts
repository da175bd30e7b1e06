/**
 * The lint of the migration maps (`definitions/<id>/migrations/<version>.json`,
 * docs/editors-guide.md#änderungen-veröffentlichen): the map of the definition's own version is
 * what the next start brings, so it has to fit this definition – renamed fields and mapped keys
 * exist, dropped fields and replaced keys do not. Maps of earlier versions are history and are
 * left alone. With the revision the change starts from (`definition:diff`), the old names are
 * checked against it, too.
 */
import {
  pointer,
  type Definition,
  type DefinitionProblem,
  type JsonSchema,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every property of a step's schema, in any branch, with the option keys it allows (if any). */
export function stepFields(schema: JsonSchema): Map<string, Set<string> | undefined> {
  const fields = new Map<string, Set<string> | undefined>();
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (!isObject(property)) continue;
        const source = isObject(property.items) ? property.items : property;
        const keys = Array.isArray(source.enum) ? source.enum.map(String) : undefined;
        const known = fields.get(name);
        if (keys) fields.set(name, new Set([...(known ?? []), ...keys]));
        else if (!fields.has(name)) fields.set(name, undefined);
      }
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword])) (node[keyword] as unknown[]).forEach(visit);
    visit(node.then);
    visit(node.else);
  };
  visit(schema);
  return fields;
}

const stepOf = (definition: Definition | undefined, key: string): StepDefinition | undefined =>
  definition?.steps.find((step) => step.meta.key === key);

/**
 * Problems of the migration map that `definition` brings (the one named by its version), each
 * at its place in the file; `previous` is the revision it starts from, where known. `folder` names
 * the questionnaire's folder in problems (default: `definitions/<id>` by the manifest's id).
 */
export function lintMigrations(
  definition: Definition,
  previous?: Definition,
  folder = definition.id ? `${DEFINITIONS_FOLDER}/${definition.id}` : 'schemas',
): DefinitionProblem[] {
  const version = String(definition.version);
  const map = definition.migrations?.[version];
  if (!map) return [];
  const file = `${folder}/migrations/${version}.json`;
  const problems: DefinitionProblem[] = [];
  const report = (at: (string | number)[], message: string) =>
    problems.push({ file, path: pointer(...at), message });
  for (const [key, migration] of Object.entries(map.steps)) {
    const step = stepOf(definition, key);
    if (!step) {
      report(['steps', key], `Den Schritt „${key}“ gibt es in ${folder}/questionnaire.json nicht.`);
      continue;
    }
    const fields = stepFields(step.schema);
    const before = stepOf(previous, key);
    const oldFields = before ? stepFields(before.schema) : undefined;
    for (const [from, to] of Object.entries(migration.renameFields ?? {})) {
      const at = ['steps', key, 'renameFields', from];
      if (!fields.has(to)) report(at, `Das Feld „${to}“ gibt es nicht.`);
      if (fields.has(from))
        report(
          at,
          `Das Feld „${from}“ gibt es noch; umbenennen lässt sich nur ein Feld, das es nicht mehr gibt.`,
        );
      if (oldFields && !oldFields.has(from)) report(at, `Das Feld „${from}“ gab es bisher nicht.`);
    }
    const renamedFrom = new Map(
      Object.entries(migration.renameFields ?? {}).map(([from, to]) => [to, from]),
    );
    for (const [field, options] of Object.entries(migration.renameOptions ?? {})) {
      const keys = fields.get(field);
      const fieldAt = ['steps', key, 'renameOptions', field];
      if (!fields.has(field)) {
        report(fieldAt, `Das Feld „${field}“ gibt es nicht.`);
        continue;
      }
      if (!keys) {
        report(fieldAt, `„${field}“ ist kein Auswahlfeld.`);
        continue;
      }
      const oldKeys = oldFields?.get(renamedFrom.get(field) ?? field);
      for (const [from, to] of Object.entries(options)) {
        const at = [...fieldAt, from];
        if (to !== null && !keys.has(to)) report(at, `Den Schlüssel „${to}“ gibt es nicht.`);
        if (keys.has(from))
          report(
            at,
            `„${from}“ steht noch in der Auswahl; ersetzen lässt sich nur ein Schlüssel, den es nicht mehr gibt.`,
          );
        if (oldFields && !oldKeys?.has(from))
          report(at, `Den Schlüssel „${from}“ gab es bisher nicht.`);
      }
    }
    (migration.dropFields ?? []).forEach((field, index) => {
      const at = ['steps', key, 'dropFields', index];
      if (fields.has(field))
        report(
          at,
          `Das Feld „${field}“ gibt es noch; entfernen lässt sich nur ein Feld, das es nicht mehr gibt.`,
        );
      if (oldFields && !oldFields.has(field))
        report(at, `Das Feld „${field}“ gab es bisher nicht.`);
    });
  }
  return problems;
}
