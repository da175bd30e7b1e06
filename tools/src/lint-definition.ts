/**
 * The definition lint of docs/architecture.md#die-definition: everything the loader checks, plus
 * what a content editor most easily gets wrong — widget names, field names in ui.json and
 * step.json, prose variables.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  baseKeys,
  DefinitionError,
  findPresetList,
  WIDGET_NAMES,
  loadDefinition,
  templateVariables,
  type Definition,
  type JsonSchema,
  type ProseResources,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { readDefinitionDir, type DefinitionDirs } from '@fragewerk/engine/core/node';
import { lintMigrations } from './lint-migrations.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every property name declared anywhere in a schema's branches (top level of the document). */
export function propertyNames(schema: JsonSchema): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.properties)) Object.keys(node.properties).forEach((name) => names.add(name));
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(node[keyword])) (node[keyword] as unknown[]).forEach(visit);
    }
    visit(node.then);
    visit(node.else);
  };
  visit(schema);
  return names;
}

/** The schemas of a property in every branch of a schema that declares it. */
function propertySchemas(schema: JsonSchema, name: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.properties) && isObject(node.properties[name]))
      found.push(node.properties[name]);
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword])) (node[keyword] as unknown[]).forEach(visit);
    visit(node.then);
    visit(node.else);
  };
  visit(schema);
  return found;
}

/** Whether any branch gives the property one of `types` (`array`, `integer`, …). */
function hasType(schema: JsonSchema, name: string, types: string[]): boolean {
  return propertySchemas(schema, name).some((property) =>
    (Array.isArray(property.type) ? property.type : [property.type]).some((type) =>
      types.includes(String(type)),
    ),
  );
}

const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/** Every `ui:widget` value in a uiSchema, with the path where it stands. */
function widgets(ui: unknown, at: string[] = []): [string[], unknown][] {
  if (!isObject(ui)) return [];
  return Object.entries(ui).flatMap(([key, value]) =>
    key === 'ui:widget' ? [[at, value] as [string[], unknown]] : widgets(value, [...at, key]),
  );
}

function templates(block: ProseResources | string | undefined): string[] {
  if (typeof block === 'string') return [block];
  if (!isObject(block)) return [];
  return Object.values(block).flatMap((value) => templates(value as ProseResources | string));
}

/** The avatar widget draws every entry of its list as a picture: each needs an `image`. */
function lintAvatarImages(
  step: StepDefinition,
  field: string,
  definition: Definition,
  problems: string[],
) {
  for (const property of propertySchemas(step.schema, field)) {
    const reference = property['x-presets'];
    if (typeof reference !== 'string') continue;
    for (const entry of findPresetList(definition.presets, reference) ?? [])
      if (typeof entry.image !== 'string')
        problems.push(
          `presets ${reference}: „${entry.key}“ hat kein Bild („image“), das Avatar-Widget bei „${field}“ in schemas/steps/${step.meta.key} braucht eines.`,
        );
  }
}

function lintStep(step: StepDefinition, definition: Definition, problems: string[]) {
  const folder = `schemas/steps/${step.meta.key}`;
  const fields = propertyNames(step.schema);
  const known = (name: string | undefined, where: string) => {
    if (name !== undefined && !fields.has(name))
      problems.push(`${where}: Feld „${name}“ gibt es im Schema nicht.`);
  };

  for (const [at, widget] of widgets(step.ui)) {
    if (!(WIDGET_NAMES as readonly unknown[]).includes(widget)) {
      problems.push(
        `${folder}/ui.json: Widget „${String(widget)}“ bei „${at.join('.') || '/'}“ ist nicht registriert.`,
      );
    }
    if (widget === 'avatar' && at.length === 1)
      lintAvatarImages(step, at[0]!, definition, problems);
  }
  for (const key of Object.keys(step.ui)) {
    if (!key.startsWith('ui:')) known(key, `${folder}/ui.json`);
  }
  const order = step.ui['ui:order'];
  if (Array.isArray(order))
    for (const name of order) if (name !== '*') known(String(name), `${folder}/ui.json ui:order`);

  const { list } = step.meta;
  if (list) {
    known(list.groupBy, `${folder}/step.json groupBy`);
    if (list.groupBy && !list.groups) problems.push(`${folder}/step.json: groupBy ohne groups.`);
    const { title, text = [], rating, link, badge, avatar } = list.card;
    for (const name of [title, ...text, rating, link, badge, avatar])
      known(name, `${folder}/step.json card`);
  }
  const context = step.meta.prose?.context;
  known(context, `${folder}/step.json prose.context`);

  if (typeof step.prose.heading !== 'string')
    problems.push(`${folder}/prose.de.json: „heading“ fehlt.`);
  const block = step.meta.kind === 'list' ? 'item' : 'form';
  const texts = step.prose[block];
  if (!isObject(texts) || Object.keys(texts).length === 0) {
    problems.push(`${folder}/prose.de.json: Block „${block}“ fehlt oder ist leer.`);
  } else if (block === 'item' && typeof texts.title !== 'string') {
    problems.push(`${folder}/prose.de.json: „item.title“ fehlt.`);
  }
  for (const template of templates(texts as ProseResources | undefined)) {
    for (const name of templateVariables(template)) known(name, `${folder}/prose.de.json`);
  }
  if (isObject(step.prose.values)) {
    for (const name of Object.keys(step.prose.values))
      known(name, `${folder}/prose.de.json values`);
  }
  if (isObject(step.prose.phrase)) {
    for (const name of Object.keys(step.prose.phrase))
      known(name, `${folder}/prose.de.json phrase`);
  }
  lintProseSettings(step, isObject(texts) ? texts : {}, fields, problems);
}

/** step.json `prose.count` and `prose.normalize` against the templates and the schema. */
function lintProseSettings(
  step: StepDefinition,
  texts: ProseResources,
  fields: Set<string>,
  problems: string[],
) {
  const folder = `schemas/steps/${step.meta.key}`;
  const counts = step.meta.prose?.count ?? {};
  const context = step.meta.prose?.context;
  const contexts = context
    ? propertySchemas(step.schema, context).flatMap((property) =>
        Array.isArray(property.enum) ? property.enum.map(String) : [],
      )
    : [];
  const pluralBases = new Set(
    Object.keys(texts)
      .filter((key) => PLURAL_SUFFIX.test(key))
      .flatMap((key) => baseKeys({ [key]: '' }, contexts)),
  );
  for (const base of pluralBases)
    if (!Object.hasOwn(counts, base))
      problems.push(
        `${folder}/prose.de.json: „${base}“ hat Pluralformen, aber step.json nennt unter prose.count kein Feld dafür.`,
      );
  for (const [key, field] of Object.entries(counts)) {
    if (!fields.has(field))
      problems.push(`${folder}/step.json prose.count: Feld „${field}“ gibt es im Schema nicht.`);
    else if (!hasType(step.schema, field, ['array', 'integer', 'number']))
      problems.push(
        `${folder}/step.json prose.count: „${field}“ ist weder eine Liste noch eine Zahl.`,
      );
    if (!pluralBases.has(key))
      problems.push(
        `${folder}/step.json prose.count: die Vorlage „${key}“ hat keine Pluralformen (${key}_one, ${key}_other).`,
      );
  }
  for (const field of Object.keys(step.meta.prose?.normalize ?? {})) {
    if (!fields.has(field))
      problems.push(
        `${folder}/step.json prose.normalize: Feld „${field}“ gibt es im Schema nicht.`,
      );
    else if (
      !propertySchemas(step.schema, field).some(
        (property) =>
          property['x-custom'] === true ||
          (hasType({ properties: { [field]: property } }, field, ['string']) &&
            property['x-presets'] === undefined),
      )
    )
      problems.push(
        `${folder}/step.json prose.normalize: „${field}“ ist kein Textfeld und hat kein „Sonstiges“.`,
      );
  }
}

function lintPresets(definition: Definition, presetsDir: string, problems: string[]) {
  for (const [section, lists] of Object.entries(definition.presets)) {
    for (const [list, entries] of Object.entries(lists)) {
      for (const entry of entries) {
        if (typeof entry.image === 'string' && !existsSync(path.join(presetsDir, entry.image)))
          problems.push(
            `presets/${section}.de.json ${list}: Bild „${entry.image}“ von „${entry.key}“ fehlt (erwartet unter presets/${entry.image}).`,
          );
        if (entry.prose === entry.label)
          problems.push(
            `presets/${section}.de.json ${list}: „${entry.key}“ hat dieselbe Satzform wie sein Label; „prose“ nur angeben, wo sie abweicht.`,
          );
      }
      for (const field of ['key', 'label'] as const) {
        const seen = new Set<string>();
        for (const entry of entries) {
          if (seen.has(entry[field]))
            problems.push(
              `presets/${section}.de.json ${list}: ${field} „${entry[field]}“ ist doppelt.`,
            );
          seen.add(entry[field]);
        }
      }
    }
  }
}

/** Lints the definition in `dirs`; returns every problem found (empty when all is well). */
export async function lintDefinition(dirs: DefinitionDirs): Promise<string[]> {
  let raw;
  try {
    raw = await readDefinitionDir(dirs);
  } catch (error) {
    if (error instanceof DefinitionError) return error.problems;
    throw error;
  }
  let definition: Definition;
  try {
    definition = loadDefinition(raw);
  } catch (error) {
    if (error instanceof DefinitionError) return error.problems;
    throw error;
  }
  const problems: string[] = [];
  const used = new Set(definition.steps.map((step) => step.meta.key));
  for (const folder of Object.keys(raw.steps)) {
    if (!used.has(folder))
      problems.push(`schemas/steps/${folder}: in questionnaire.json nicht eingetragen.`);
  }
  for (const step of definition.steps) lintStep(step, definition, problems);
  lintPresets(definition, dirs.presetsDir, problems);
  problems.push(...lintMigrations(definition));
  for (const key of ['empty', 'rating']) {
    if (typeof definition.prose[key] !== 'string')
      problems.push(`schemas/prose.de.json: „${key}“ fehlt.`);
  }
  return problems;
}
