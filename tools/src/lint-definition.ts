/**
 * The definition lint of docs/architecture.md#die-definition: everything the loader checks, plus
 * what a content editor most easily gets wrong — widget names, field names in ui.json and
 * step.json, prose variables.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  baseKeys,
  findPresetList,
  inspectDefinition,
  pointer,
  templateVariables,
  type Definition,
  type DefinitionProblem,
  type JsonSchema,
  type ProseResources,
  type RawDefinition,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { readDefinitionFiles, type DefinitionDirs } from '@fragewerk/engine/core/node';
import { lintMigrations } from './lint-migrations.ts';
import { lintPatterns } from './lint-patterns.ts';
import { lintWidgetSchemas } from './lint-widget-schemas.ts';
import { ownSamples } from './sample-answers.ts';

type Problems = DefinitionProblem[];

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

/** Every template of a prose block with the path where it stands. */
function templates(block: ProseResources | string | undefined, at: string[]): [string[], string][] {
  if (typeof block === 'string') return [[at, block]];
  if (!isObject(block)) return [];
  return Object.entries(block).flatMap(([key, value]) =>
    templates(value as ProseResources | string, [...at, key]),
  );
}

/** Where a preset list stands: its file and the list's name there. */
function presetFile(reference: string): { file: string; list: string } {
  const [section, list = ''] = reference.split('.');
  return { file: `presets/${section}.de.json`, list };
}

/** The avatar widget draws every entry of its list as a picture: each needs an `image`. */
function lintAvatarImages(
  step: StepDefinition,
  field: string,
  definition: Definition,
  problems: Problems,
  folder: string,
) {
  for (const property of propertySchemas(step.schema, field)) {
    const reference = property['x-presets'];
    if (typeof reference !== 'string') continue;
    const { file, list } = presetFile(reference);
    (findPresetList(definition.presets, reference) ?? []).forEach((entry, index) => {
      if (typeof entry.image !== 'string')
        problems.push({
          file,
          path: pointer(list, index),
          message: `„${entry.key}“ hat kein Bild („image“); das Avatar-Widget bei „${field}“ in ${folder} braucht eines.`,
        });
    });
  }
}

/** A question or an unfinished phrase as `ui:title` („Als …“) does not read as a field's name. */
export function needsErrorLabel(settings: Record<string, unknown>): boolean {
  const title = settings['ui:title'];
  return (
    typeof title === 'string' &&
    /\?|…\s*$/.test(title) &&
    typeof settings['ui:errorLabel'] !== 'string'
  );
}

function fieldTitle(schema: JsonSchema, name: string): string {
  const title = propertySchemas(schema, name)
    .map((node) => node.title)
    .find((value) => typeof value === 'string');
  return typeof title === 'string' ? title : name;
}

/** `base` is how the questionnaire's folder is named in problems (`definitions/<id>`). */
function lintStep(step: StepDefinition, definition: Definition, problems: Problems, base: string) {
  const folder = `${base}/steps/${step.meta.key}`;
  const fields = propertyNames(step.schema);
  const known = (name: string | undefined, file: string, at: (string | number)[]) => {
    if (name !== undefined && !fields.has(name))
      problems.push({
        file: `${folder}/${file}`,
        path: pointer(...at),
        message: `Das Feld „${name}“ gibt es im Schema nicht.`,
      });
  };

  for (const [name, settings] of Object.entries(step.ui)) {
    if (name.startsWith('ui:')) continue;
    known(name, 'ui.json', [name]);
    if (isObject(settings) && needsErrorLabel(settings))
      problems.push({
        file: `${folder}/ui.json`,
        path: pointer(name, 'ui:title'),
        message: `„${String(settings['ui:title'])}“ ist eine Frage; Meldungen brauchen ein Label dafür: „ui:errorLabel“ (z. B. „${fieldTitle(step.schema, name)}“ ist ein Pflichtfeld).`,
      });
    if (isObject(settings) && settings['ui:widget'] === 'avatar')
      lintAvatarImages(step, name, definition, problems, folder);
  }
  const order = step.ui['ui:order'];
  if (Array.isArray(order))
    order.forEach((name, index) => {
      if (name !== '*') known(String(name), 'ui.json', ['ui:order', index]);
    });

  const { list } = step.meta;
  if (list) {
    known(list.groupBy, 'step.json', ['list', 'groupBy']);
    if (list.groupBy && !list.groups)
      problems.push({
        file: `${folder}/step.json`,
        path: '/list/groupBy',
        message: 'groupBy braucht „groups“: die Gruppen mit ihren Werten und Überschriften.',
      });
    const { title, text = [], rating, link, badge, avatar } = list.card;
    known(title, 'step.json', ['list', 'card', 'title']);
    text.forEach((name, index) => known(name, 'step.json', ['list', 'card', 'text', index]));
    for (const [name, value] of Object.entries({ rating, link, badge, avatar }))
      known(value, 'step.json', ['list', 'card', name]);
  }
  lintWidgetSchemas(step, problems, folder);
  lintCompleteness(step, folder, problems);
  known(step.meta.prose?.context, 'step.json', ['prose', 'context']);

  const prose = `${folder}/prose.de.json`;
  if (typeof step.prose.heading !== 'string')
    problems.push({ file: prose, path: '/heading', message: '„heading“ fehlt.' });
  const block = step.meta.kind === 'list' ? 'item' : 'form';
  const texts = step.prose[block];
  if (!isObject(texts) || Object.keys(texts).length === 0) {
    problems.push({
      file: prose,
      path: pointer(block),
      message: `Der Block „${block}“ mit den Sätzen fehlt oder ist leer.`,
    });
  } else if (block === 'item' && typeof texts.title !== 'string') {
    problems.push({ file: prose, path: '/item/title', message: '„item.title“ fehlt.' });
  }
  for (const [at, template] of templates(texts as ProseResources | undefined, [block])) {
    for (const name of templateVariables(template)) known(name, 'prose.de.json', at);
  }
  for (const group of ['values', 'phrase'] as const) {
    const entries = step.prose[group];
    if (isObject(entries))
      for (const name of Object.keys(entries)) known(name, 'prose.de.json', [group, name]);
  }
  lintProseSettings(step, isObject(texts) ? texts : {}, fields, problems, folder);
}

/** step.json `completeness`: lists only, and minimums per group only for groups the list has. */
function lintCompleteness(step: StepDefinition, folder: string, problems: Problems) {
  const { completeness, list } = step.meta;
  if (!completeness) return;
  const file = `${folder}/step.json`;
  if (!list) {
    problems.push({
      file,
      path: '/completeness',
      message:
        '„completeness“ gilt nur für Listenschritte; ein Formular ist vollständig, sobald seine Antworten gültig sind.',
    });
    return;
  }
  const groups = new Set((list.groups ?? []).map((group) => group.key));
  for (const key of Object.keys(completeness.minItemsPerGroup ?? {})) {
    if (!groups.has(key))
      problems.push({
        file,
        path: pointer('completeness', 'minItemsPerGroup', key),
        message: `Die Gruppe „${key}“ gibt es in list.groups nicht.`,
      });
  }
}

/** step.json `prose.count` and `prose.normalize` against the templates and the schema. */
function lintProseSettings(
  step: StepDefinition,
  texts: ProseResources,
  fields: Set<string>,
  problems: Problems,
  folder: string,
) {
  const stepFile = `${folder}/step.json`;
  const block = step.meta.kind === 'list' ? 'item' : 'form';
  const counts = step.meta.prose?.count ?? {};
  const context = step.meta.prose?.context;
  const contexts = context
    ? propertySchemas(step.schema, context).flatMap((property) =>
        Array.isArray(property.enum) ? property.enum.map(String) : [],
      )
    : [];
  /** Each template with plural forms by its base key, with the first key that has them. */
  const pluralBases = new Map<string, string>();
  for (const key of Object.keys(texts).filter((name) => PLURAL_SUFFIX.test(name)))
    for (const base of baseKeys({ [key]: '' }, contexts))
      if (!pluralBases.has(base)) pluralBases.set(base, key);
  for (const [base, key] of pluralBases)
    if (!Object.hasOwn(counts, base))
      problems.push({
        file: `${folder}/prose.de.json`,
        path: pointer(block, key),
        message: `„${base}“ hat Pluralformen, aber step.json nennt unter prose.count kein Feld dafür.`,
      });
  for (const [key, field] of Object.entries(counts)) {
    const path = pointer('prose', 'count', key);
    if (!fields.has(field))
      problems.push({
        file: stepFile,
        path,
        message: `Das Feld „${field}“ gibt es im Schema nicht.`,
      });
    else if (!hasType(step.schema, field, ['array', 'integer', 'number']))
      problems.push({
        file: stepFile,
        path,
        message: `„${field}“ ist weder eine Liste noch eine Zahl.`,
      });
    if (!pluralBases.has(key))
      problems.push({
        file: stepFile,
        path,
        message: `Die Vorlage „${key}“ hat keine Pluralformen (${key}_one, ${key}_other).`,
      });
  }
  for (const field of Object.keys(step.meta.prose?.normalize ?? {})) {
    const path = pointer('prose', 'normalize', field);
    if (!fields.has(field))
      problems.push({
        file: stepFile,
        path,
        message: `Das Feld „${field}“ gibt es im Schema nicht.`,
      });
    else if (
      !propertySchemas(step.schema, field).some(
        (property) =>
          property['x-custom'] === true ||
          (hasType({ properties: { [field]: property } }, field, ['string']) &&
            property['x-presets'] === undefined),
      )
    )
      problems.push({
        file: stepFile,
        path,
        message: `„${field}“ ist kein Textfeld und hat kein „Sonstiges“.`,
      });
  }
}

function lintPresets(definition: Definition, presetsDir: string, problems: Problems) {
  for (const [section, lists] of Object.entries(definition.presets)) {
    const file = `presets/${section}.de.json`;
    for (const [list, entries] of Object.entries(lists)) {
      entries.forEach((entry, index) => {
        if (typeof entry.image === 'string' && !existsSync(path.join(presetsDir, entry.image)))
          problems.push({
            file,
            path: pointer(list, index, 'image'),
            message: `Das Bild „${entry.image}“ von „${entry.key}“ fehlt (erwartet unter presets/${entry.image}).`,
          });
        if (entry.prose === entry.label)
          problems.push({
            file,
            path: pointer(list, index, 'prose'),
            message: `„${entry.key}“ hat dieselbe Satzform wie sein Label; „prose“ nur angeben, wo sie abweicht.`,
          });
      });
      for (const field of ['key', 'label'] as const) {
        const seen = new Set<string>();
        entries.forEach((entry, index) => {
          if (seen.has(entry[field]))
            problems.push({
              file,
              path: pointer(list, index, field),
              message: `${field === 'key' ? 'Der Schlüssel' : 'Das Label'} „${entry[field]}“ ist doppelt.`,
            });
          seen.add(entry[field]);
        });
      }
    }
  }
}

/** How the questionnaire's folder is named in problems: `definitions/<id>` (as the reader names it). */
export function questionnaireFolder(raw: RawDefinition): string {
  return raw.files?.folder ?? 'schemas';
}

/** What `npm run definition:lint` finds, with what could be read and loaded (for the studio). */
export interface DefinitionCheck {
  problems: Problems;
  raw: RawDefinition;
  /** The loaded definition; with loader problems only what loaded (see `loads`). */
  definition: Definition;
  /** Whether the loader accepted the files: the product would start with them. */
  loads: boolean;
}

/**
 * Lints the definition in `dirs`: what the files' JSON, the loader and the checks above find, all
 * in one run. A file that is no valid JSON is reported once, not again by the checks that then
 * miss its content.
 */
export async function checkDefinition(dirs: DefinitionDirs): Promise<DefinitionCheck> {
  const { raw, problems: unreadable } = await readDefinitionFiles(dirs);
  const broken = new Set(unreadable.map((problem) => problem.file));
  const { definition, problems: loading } = inspectDefinition(raw);
  const problems: Problems = [
    ...unreadable,
    ...loading.filter((problem) => !broken.has(problem.file)),
  ];
  const loads = problems.length === 0;
  const base = questionnaireFolder(raw);
  const failed = new Set(problems.map((problem) => problem.file));

  // Without a usable manifest every folder would look unreferenced.
  if (!failed.has(`${base}/questionnaire.json`)) {
    const listed = new Set(definition.stages.flatMap((stage) => stage.steps));
    for (const folder of Object.keys(raw.steps)) {
      if (!listed.has(folder))
        problems.push({
          file: `${base}/steps/${folder}`,
          path: '',
          message: `Der Ordner ist in ${base}/questionnaire.json nicht eingetragen.`,
        });
    }
  }
  for (const step of definition.steps) {
    lintStep(step, definition, problems, base);
    problems.push(...ownSamples(step, raw, definition).problems);
  }
  lintPresets(definition, dirs.presetsDir, problems);
  problems.push(...lintMigrations(definition, undefined, base));
  problems.push(...(await lintPatterns(raw, dirs, broken)));
  if (!failed.has(`${base}/prose.de.json`))
    for (const key of ['empty', 'rating']) {
      if (typeof definition.prose[key] !== 'string')
        problems.push({
          file: `${base}/prose.de.json`,
          path: pointer(key),
          message: `„${key}“ fehlt.`,
        });
    }
  return { problems, raw, definition, loads };
}

/** Lints the definition in `dirs`; returns every problem found (empty when all is well). */
export async function lintDefinition(dirs: DefinitionDirs): Promise<Problems> {
  return (await checkDefinition(dirs)).problems;
}
