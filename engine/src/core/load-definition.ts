import type { ErrorObject } from 'ajv';
import { createAjv } from './create-ajv.ts';
import {
  messagesMetaSchema,
  migrationMetaSchema,
  presetFileMetaSchema,
  proseMetaSchema,
  questionnaireMetaSchema,
  stepMetaSchema,
  stepProseMetaSchema,
} from './definition-meta-schemas.ts';
import type {
  Definition,
  JsonSchema,
  MigrationMap,
  Presets,
  ProseResources,
  RawDefinition,
  StageDefinition,
  StepDefinition,
  StepMeta,
  UiSchema,
} from './definition-types.ts';
import { resolvePresets, resolveUiPresets } from './resolve-presets.ts';
import { isObject } from './is-object.ts';

/** Thrown when the definition files are not usable; `problems` names every file and fault. */
export class DefinitionError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Die Fragebogen-Definition ist fehlerhaft:\n- ${problems.join('\n- ')}`);
    this.problems = problems;
    this.name = 'DefinitionError';
  }
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`)
    .join('; ');
}

/**
 * Checks the raw definition files and turns them into a resolved {@link Definition}: preset
 * references become enums, every schema compiles, every step named by the questionnaire exists.
 * Throws a {@link DefinitionError} listing all problems at once.
 */
export function loadDefinition(raw: RawDefinition): Definition {
  const problems: string[] = [];
  const meta = createAjv();
  const check = (schema: JsonSchema, value: unknown, file: string): boolean => {
    const validate = meta.compile(schema);
    if (validate(value)) return true;
    problems.push(`${file}: ${describe(validate.errors)}`);
    return false;
  };

  const presets: Presets = {};
  for (const [section, file] of Object.entries(raw.presets)) {
    if (check(presetFileMetaSchema, file, `presets/${section}.de.json`)) {
      presets[section] = file as Presets[string];
    }
  }

  const messages = check(messagesMetaSchema, raw.messages, 'schemas/messages.de.json')
    ? (raw.messages as Record<string, string>)
    : {};
  const prose = check(proseMetaSchema, raw.prose, 'schemas/prose.de.json')
    ? (raw.prose as ProseResources)
    : {};

  const compiler = createAjv();
  const compiles = (schema: JsonSchema, file: string): boolean => {
    try {
      compiler.compile(schema);
      return true;
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      return false;
    }
  };

  const questionnaire = raw.questionnaire;
  const stages: StageDefinition[] = [];
  const steps: StepDefinition[] = [];
  if (check(questionnaireMetaSchema, questionnaire, 'schemas/questionnaire.json')) {
    const { stages: rawStages } = questionnaire as { stages: StageDefinition[] };
    const slugs = new Set<string>();
    for (const stage of rawStages) {
      stages.push(stage);
      for (const key of stage.steps) {
        const step = loadStep(key, stage.key, raw, presets, problems, check, compiles);
        if (!step) continue;
        if (slugs.has(step.meta.slug)) {
          problems.push(`schemas/steps/${key}/step.json: slug „${step.meta.slug}“ ist doppelt.`);
        }
        slugs.add(step.meta.slug);
        steps.push(step);
      }
    }
    const keys = rawStages.flatMap((stage) => stage.steps);
    for (const duplicate of keys.filter((key, index) => keys.indexOf(key) !== index)) {
      problems.push(`schemas/questionnaire.json: Schritt „${duplicate}“ steht mehrfach darin.`);
    }
  }

  const forms: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(raw.forms)) {
    const file = `schemas/forms/${name}.schema.json`;
    if (!isObject(schema)) {
      problems.push(`${file}: kein JSON-Objekt.`);
      continue;
    }
    const resolved = resolvePresets(schema, presets, problems, file);
    if (compiles(resolved, file)) forms[name] = resolved;
  }

  const { version, title } = (questionnaire ?? {}) as { version: number; title: string };
  const migrations = loadMigrations(raw.migrations ?? {}, version, problems, check);
  if (problems.length > 0) throw new DefinitionError(problems);
  return {
    version,
    title,
    stages,
    steps,
    forms,
    presets,
    messages,
    prose,
    // Only when there are any: a definition without maps hashes as it did before maps existed.
    ...(Object.keys(migrations).length > 0 ? { migrations } : {}),
  };
}

/**
 * The migration maps by version, in version order. A map belongs to the version that brings it,
 * so it may not name a version beyond the manifest's.
 */
function loadMigrations(
  raw: Record<string, unknown>,
  version: number,
  problems: string[],
  check: (schema: JsonSchema, value: unknown, file: string) => boolean,
): Record<string, MigrationMap> {
  const migrations: Record<string, MigrationMap> = {};
  const names = Object.keys(raw).sort((a, b) => Number(a) - Number(b));
  for (const name of names) {
    const file = `schemas/migrations/${name}.json`;
    if (!/^[1-9][0-9]*$/.test(name)) {
      problems.push(
        `${file}: der Dateiname muss die Version sein, die die Änderung bringt (z. B. 2.json).`,
      );
      continue;
    }
    if (Number.isInteger(version) && Number(name) > version) {
      problems.push(
        `${file}: Version ${name} ist größer als die Version ${version} in schemas/questionnaire.json.`,
      );
      continue;
    }
    if (check(migrationMetaSchema, raw[name], file)) migrations[name] = raw[name] as MigrationMap;
  }
  return migrations;
}

function loadStep(
  key: string,
  stage: string,
  raw: RawDefinition,
  presets: Presets,
  problems: string[],
  check: (schema: JsonSchema, value: unknown, file: string) => boolean,
  compiles: (schema: JsonSchema, file: string) => boolean,
): StepDefinition | undefined {
  const folder = `schemas/steps/${key}`;
  const files = Object.hasOwn(raw.steps, key) ? raw.steps[key] : undefined;
  if (!files) {
    problems.push(`${folder}: der Ordner des Schritts fehlt.`);
    return undefined;
  }
  const before = problems.length;
  for (const name of ['step', 'schema', 'ui', 'prose'] as const) {
    if (files[name] === undefined)
      problems.push(`${folder}/${name === 'prose' ? 'prose.de' : name}.json fehlt.`);
  }
  if (!files.help?.trim()) problems.push(`${folder}/help.de.md fehlt oder ist leer.`);
  if (problems.length > before) return undefined;

  if (!check(stepMetaSchema, files.step, `${folder}/step.json`)) return undefined;
  const meta = files.step as StepMeta;
  if (meta.key !== key)
    problems.push(`${folder}/step.json: key „${meta.key}“ passt nicht zum Ordner.`);
  if (!isObject(files.schema) || files.schema.type !== 'object') {
    problems.push(`${folder}/schema.json: muss ein Schema vom Typ „object“ sein.`);
    return undefined;
  }
  if (!isObject(files.ui)) {
    problems.push(`${folder}/ui.json: kein JSON-Objekt.`);
    return undefined;
  }
  if (!check(stepProseMetaSchema, files.prose, `${folder}/prose.de.json`)) return undefined;

  const schema = resolvePresets(files.schema, presets, problems, `${folder}/schema.json`);
  if (!compiles(schema, `${folder}/schema.json`)) return undefined;
  const ui = resolveUiPresets(files.ui as UiSchema, schema);
  return {
    meta,
    stage,
    schema,
    ui,
    prose: files.prose as ProseResources,
    help: files.help ?? '',
  };
}
