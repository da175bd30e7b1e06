/**
 * One look at the definition for the studio: the lint's problems (the same checks as
 * `npm run definition:lint`), the definition as the browser gets it, each step's sample answers
 * and every preset list with the fields that use it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  conditionSchemas,
  fieldLabel,
  presetEntry,
  schemaFor,
  validatorNames,
  type Definition,
  type JsonSchema,
  type Presets,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { folderName, platformFormsDir, type DefinitionDirs } from '@fragewerk/engine/core/node';
import { checkDefinition } from '../src/lint-definition.ts';
import { ownSamples, sampleAnswers } from '../src/sample-answers.ts';
import type { Answers, PresetList, PresetUse, StepSamples, StudioState } from './studio-state.ts';

/** Where the studio serves the illustrations of preset entries (the avatars). */
export const PRESET_ASSETS = '/assets/presets/';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The step's samples in every variant of its context field (the genders). */
function stepSamples(
  step: StepDefinition,
  definition: Definition,
  own: Answers[] | Answers | undefined,
): StepSamples {
  const field = step.meta.prose?.context;
  const property =
    field && isObject(step.schema.properties) ? step.schema.properties[field] : undefined;
  const values =
    isObject(property) && Array.isArray(property.enum) ? property.enum.map(String) : [];
  const withContext = (value: string): Answers[] | Answers => {
    if (!own) return sampleAnswers(step, { context: value, definition });
    const set = (answers: Answers) => ({ ...answers, [field!]: value });
    return Array.isArray(own) ? own.map(set) : set(own);
  };
  const source = own ? 'file' : 'generated';
  if (!field || values.length === 0)
    return { source, variants: { '': own ?? sampleAnswers(step, { definition }) } };
  return {
    source,
    context: {
      field,
      title: isObject(property) && typeof property.title === 'string' ? property.title : field,
      choices: values.map((value) => ({
        value,
        label: presetEntry(definition, step, field, value)?.label ?? value,
      })),
    },
    variants: Object.fromEntries(values.map((value) => [value, withContext(value)])),
  };
}

/** Every field of a schema that takes its options from a preset list, with the list. */
function presetFields(schema: JsonSchema) {
  const found: { reference: string; field: string; fieldTitle: string }[] = [];
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.properties))
      for (const [name, property] of Object.entries(node.properties)) {
        if (!isObject(property)) continue;
        const source = isObject(property.items) ? property.items : property;
        if (typeof source['x-presets'] === 'string')
          found.push({
            reference: source['x-presets'],
            field: name,
            fieldTitle: fieldLabel(schema, [name]),
          });
      }
    const generated = node['x-preset-properties'];
    if (isObject(generated) && typeof generated.presets === 'string')
      found.push({ reference: generated.presets, field: '*', fieldTitle: 'ein Feld je Eintrag' });
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword])) (node[keyword] as unknown[]).forEach(visit);
    visit(node.then);
    visit(node.else);
  };
  visit(schema);
  return found;
}

/** Every preset list in file order, with the steps' and forms' fields that offer it. */
function presetLists(definition: Definition, presets: Presets): PresetList[] {
  const uses = new Map<string, PresetUse[]>();
  const add = (reference: string, use: PresetUse) => {
    const list = uses.get(reference) ?? [];
    if (!list.some((known) => known.owner === use.owner && known.field === use.field))
      list.push(use);
    uses.set(reference, list);
  };
  for (const step of definition.steps)
    for (const { reference, field, fieldTitle } of presetFields(step.schema))
      add(reference, {
        owner: step.meta.key,
        ownerTitle: step.meta.title,
        kind: 'step',
        field,
        fieldTitle,
      });
  for (const [name, schema] of Object.entries(definition.forms))
    for (const { reference, field, fieldTitle } of presetFields(schema))
      add(reference, {
        owner: name,
        ownerTitle: `schemas/forms/${name}.schema.json`,
        kind: 'form',
        field,
        fieldTitle,
      });
  return Object.entries(presets).flatMap(([section, lists]) =>
    Object.entries(lists).map(([list, entries]) => ({
      reference: `${section}.${list}`,
      file: `presets/${section}.de.json`,
      list,
      entries,
      usedBy: uses.get(`${section}.${list}`) ?? [],
    })),
  );
}

/** Preset images as the URLs the studio serves them at (the revision refreshes a changed one). */
function withImageUrls(presets: Presets, revision: number): Presets {
  return Object.fromEntries(
    Object.entries(presets).map(([section, lists]) => [
      section,
      Object.fromEntries(
        Object.entries(lists).map(([list, entries]) => [
          list,
          entries.map((entry) =>
            typeof entry.image === 'string'
              ? { ...entry, image: `${PRESET_ASSETS}${entry.image}?v=${revision}` }
              : entry,
          ),
        ]),
      ),
    ]),
  );
}

/**
 * What the checks module is made of (every step's and form's schema and the `if` conditions): a
 * changed label or sentence keeps it, so the page keeps its loaded checks and shows at once.
 */
export function checksKey(definition: Definition): string {
  const content = JSON.stringify([
    validatorNames(definition).map((name) => [name, schemaFor(definition, name)]),
    conditionSchemas(definition),
  ]);
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/**
 * The absolute path of a problem's file, named as the reader names it: `definitions/<id>/…` (the
 * questionnaire's folder), `presets/…` (the shared lists), `schemas/forms/…` and `schemas/api/…`
 * (the platform's).
 */
export function absolutePath(file: string, dirs: DefinitionDirs): string {
  const { folder, presetsDir, formsDir = platformFormsDir } = dirs;
  const below = (dir: string, prefix: string) =>
    path.join(dir, ...file.slice(prefix.length).split('/'));
  if (file.startsWith('presets/')) return below(presetsDir, 'presets/');
  if (file.startsWith('schemas/forms/')) return below(formsDir, 'schemas/forms/');
  if (file.startsWith('schemas/api/'))
    return below(path.join(path.dirname(formsDir), 'api'), 'schemas/api/');
  const own = `${folderName(folder)}/`;
  if (file.startsWith(own)) return below(folder, own);
  return path.join(folder, ...file.split('/').slice(1));
}

/**
 * Reads and checks the definition once. Returns the state for the page and, when the loader
 * accepts the files, the definition itself (for the checks module).
 */
export async function buildState(
  dirs: DefinitionDirs,
  revision: number,
  definitionDir: string,
): Promise<{ state: StudioState; definition?: Definition }> {
  const { problems, raw, definition, loads } = await checkDefinition(dirs);
  const samples: Record<string, StepSamples> = {};
  if (loads)
    for (const step of definition.steps)
      samples[step.meta.key] = stepSamples(
        step,
        definition,
        ownSamples(step, raw, definition).samples,
      );
  const presets = withImageUrls(definition.presets, revision);
  const state: StudioState = {
    revision,
    updatedAt: new Date().toISOString(),
    definitionDir,
    problems,
    paths: Object.fromEntries(problems.map(({ file }) => [file, absolutePath(file, dirs)])),
    definition: loads
      ? { ...definition, presets: withImageUrls(definition.presets, revision) }
      : null,
    checksUrl: loads ? `/checks/${checksKey(definition)}.js` : null,
    samples,
    presetLists: presetLists(definition, presets),
  };
  return { state, ...(loads ? { definition } : {}) };
}
