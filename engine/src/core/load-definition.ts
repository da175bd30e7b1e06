import type { ValidateFunction } from 'ajv';
import { createAjv, TRUSTED_SCHEMAS } from './create-ajv.ts';
import {
  messagesMetaSchema,
  migrationMetaSchema,
  presetFileMetaSchema,
  proseMetaSchema,
  questionnaireMetaSchema,
  stepMetaSchema,
  stepProseMetaSchema,
  stepSchemaMetaSchema,
  uiMetaSchema,
} from './definition-meta-schemas.ts';
import {
  formatProblem,
  metaSchemaProblems,
  pointer,
  type DefinitionProblem,
} from './definition-problems.ts';
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
import { PROJECT_FIELDS, PROJECT_ROUTES } from './project-fields.ts';

/** Thrown when the definition files are not usable; `problems` names every file and fault. */
export class DefinitionError extends Error {
  readonly problems: DefinitionProblem[];

  constructor(problems: DefinitionProblem[]) {
    super(
      `Die Fragebogen-Definition ist fehlerhaft:\n- ${problems.map(formatProblem).join('\n- ')}`,
    );
    this.problems = problems;
    this.name = 'DefinitionError';
  }
}

type Check = (schema: JsonSchema, value: unknown, file: string) => boolean;

/** The meta-schema checks, compiled once per process (the studio loads on every save). */
const metaChecks = new Map<JsonSchema, ValidateFunction>();
const metaAjv = createAjv({ ...TRUSTED_SCHEMAS, verbose: true });
/**
 * Schemas (by their JSON) that compiled before: loading again after one file changed (the
 * studio) compiles only what changed.
 */
const compiledSchemas = new Set<string>();
const COMPILED_LIMIT = 500;

/**
 * Checks the raw definition files and turns them into a resolved {@link Definition}: preset
 * references become enums, every schema compiles, every step named by the questionnaire exists.
 * Throws a {@link DefinitionError} listing all problems at once.
 */
export function loadDefinition(raw: RawDefinition): Definition {
  const { definition, problems } = inspectDefinition(raw);
  if (problems.length > 0) throw new DefinitionError(problems);
  return definition;
}

/**
 * Checks and resolves like {@link loadDefinition}, but returns what loaded together with every
 * problem instead of throwing: the definition lint and the studio check the rest of it, too.
 * With problems, `definition` lacks what failed (a step, a preset file, a map).
 */
export function inspectDefinition(raw: RawDefinition): {
  definition: Definition;
  problems: DefinitionProblem[];
} {
  const problems: DefinitionProblem[] = [];
  let compiler: ReturnType<typeof createAjv> | undefined;
  const check: Check = (schema, value, file) => {
    let validate = metaChecks.get(schema);
    if (!validate) {
      validate = metaAjv.compile(schema);
      metaChecks.set(schema, validate);
    }
    if (validate(value)) return true;
    problems.push(...metaSchemaProblems(validate.errors, file));
    return false;
  };

  const base = raw.files?.folder ?? 'schemas';
  const presets: Presets = {};
  /** Preset files that failed their check: references into them are not reported again. */
  const brokenSections = new Set<string>();
  for (const [section, file] of Object.entries(raw.presets)) {
    if (
      check(presetFileMetaSchema, file, raw.files?.presets[section] ?? `presets/${section}.de.json`)
    ) {
      presets[section] = file as Presets[string];
    } else brokenSections.add(section);
  }

  const messages = check(messagesMetaSchema, raw.messages, `${base}/messages.de.json`)
    ? (raw.messages as Record<string, string>)
    : {};
  const prose = check(proseMetaSchema, raw.prose, `${base}/prose.de.json`)
    ? (raw.prose as ProseResources)
    : {};

  const compiles = (schema: JsonSchema, file: string): boolean => {
    const text = JSON.stringify(schema);
    if (compiledSchemas.has(text)) return true;
    try {
      (compiler ??= createAjv()).compile(schema);
      if (compiledSchemas.size >= COMPILED_LIMIT) compiledSchemas.clear();
      compiledSchemas.add(text);
      return true;
    } catch (error) {
      problems.push({
        file,
        path: '',
        message: `lässt sich nicht als JSON Schema übersetzen: ${(error as Error).message}`,
      });
      return false;
    }
  };

  const questionnaire = raw.questionnaire;
  const stages: StageDefinition[] = [];
  const steps: StepDefinition[] = [];
  if (check(questionnaireMetaSchema, questionnaire, `${base}/questionnaire.json`)) {
    const { stages: rawStages } = questionnaire as { stages: StageDefinition[] };
    const slugs = new Map<string, string>();
    const seen = new Set<string>();
    rawStages.forEach((stage, stageIndex) => {
      stages.push(stage);
      stage.steps.forEach((key, stepIndex) => {
        const at = pointer('stages', stageIndex, 'steps', stepIndex);
        if (seen.has(key)) {
          problems.push({
            file: `${base}/questionnaire.json`,
            path: at,
            message: `Der Schritt „${key}“ steht mehrfach darin.`,
          });
          return;
        }
        seen.add(key);
        if (PROJECT_FIELDS.has(key)) {
          problems.push({
            file: `${base}/questionnaire.json`,
            path: at,
            message: `„${key}“ ist ein Feld jedes Projekts; die Antworten eines Schritts stehen unter seinem Schlüssel daneben. Der Schritt braucht einen anderen Schlüssel.`,
          });
          return;
        }
        if (PROJECT_ROUTES.has(key)) {
          problems.push({
            file: `${base}/questionnaire.json`,
            path: at,
            message: `„${key}“ ist eine Adresse jedes Projekts (/api/projects/{id}/${key}); die Antworten eines Schritts stehen unter seinem Schlüssel. Der Schritt braucht einen anderen Schlüssel.`,
          });
          return;
        }
        const step = loadStep(
          key,
          stage.key,
          at,
          raw,
          { presets, brokenSections },
          problems,
          check,
          compiles,
        );
        if (!step) return;
        const other = slugs.get(step.meta.slug);
        if (other)
          problems.push({
            file: `${base}/steps/${key}/step.json`,
            path: '/slug',
            message: `Den Slug „${step.meta.slug}“ hat schon der Schritt „${other}“.`,
          });
        slugs.set(step.meta.slug, key);
        steps.push(step);
      });
    });
  }

  const forms: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(raw.forms)) {
    const file = `schemas/forms/${name}.schema.json`;
    if (!check(stepSchemaMetaSchema, schema, file)) continue;
    const resolved = resolvePresets(schema as JsonSchema, presets, problems, file, brokenSections);
    if (compiles(resolved, file)) forms[name] = resolved;
  }

  const { id, version, title, description } = (questionnaire ?? {}) as {
    id?: string;
    version: number;
    title: string;
    description?: string;
  };
  const migrations = loadMigrations(raw.migrations ?? {}, version, problems, check, base);
  const definition: Definition = {
    // Only when the manifest names them: a definition without them hashes as it did before.
    ...(id === undefined ? {} : { id }),
    version,
    title,
    ...(description === undefined ? {} : { description }),
    stages,
    steps,
    forms,
    presets,
    messages,
    prose,
    // Only when there are any: a definition without maps hashes as it did before maps existed.
    ...(Object.keys(migrations).length > 0 ? { migrations } : {}),
  };
  return { definition, problems };
}

/**
 * The migration maps by version, in version order. A map belongs to the version that brings it,
 * so it may not name a version beyond the manifest's.
 */
function loadMigrations(
  raw: Record<string, unknown>,
  version: number,
  problems: DefinitionProblem[],
  check: Check,
  base: string,
): Record<string, MigrationMap> {
  const migrations: Record<string, MigrationMap> = {};
  const names = Object.keys(raw).sort((a, b) => Number(a) - Number(b));
  for (const name of names) {
    const file = `${base}/migrations/${name}.json`;
    if (!/^[1-9][0-9]*$/.test(name)) {
      problems.push({
        file,
        path: '',
        message: 'Der Dateiname muss die Version sein, die die Änderung bringt (z. B. 2.json).',
      });
      continue;
    }
    if (Number.isInteger(version) && Number(name) > version) {
      problems.push({
        file,
        path: '',
        message: `Version ${name} ist größer als die Version ${version} in ${base}/questionnaire.json.`,
      });
      continue;
    }
    if (check(migrationMetaSchema, raw[name], file)) migrations[name] = raw[name] as MigrationMap;
  }
  return migrations;
}

function loadStep(
  key: string,
  stage: string,
  at: string,
  raw: RawDefinition,
  { presets, brokenSections }: { presets: Presets; brokenSections: ReadonlySet<string> },
  problems: DefinitionProblem[],
  check: Check,
  compiles: (schema: JsonSchema, file: string) => boolean,
): StepDefinition | undefined {
  const base = raw.files?.folder ?? 'schemas';
  const folder = `${base}/steps/${key}`;
  const files = Object.hasOwn(raw.steps, key) ? raw.steps[key] : undefined;
  if (!files) {
    problems.push({
      file: `${base}/questionnaire.json`,
      path: at,
      message: `Zum Schritt „${key}“ fehlt der Ordner ${folder}.`,
    });
    return undefined;
  }
  const before = problems.length;
  for (const name of ['step', 'schema', 'ui', 'prose'] as const) {
    if (files[name] === undefined)
      problems.push({
        file: `${folder}/${name === 'prose' ? 'prose.de' : name}.json`,
        path: '',
        message: 'Die Datei fehlt.',
      });
  }
  if (!files.help?.trim())
    problems.push({
      file: `${folder}/help.de.md`,
      path: '',
      message: 'Die Datei fehlt oder ist leer.',
    });
  if (problems.length > before) return undefined;

  // Every file is checked, so that one run names every fault of the step. A fault in ui.json
  // leaves the step usable for the lint's further checks (it has problems all the same).
  const valid = [
    check(stepMetaSchema, files.step, `${folder}/step.json`),
    check(stepSchemaMetaSchema, files.schema, `${folder}/schema.json`),
    check(stepProseMetaSchema, files.prose, `${folder}/prose.de.json`),
  ].every(Boolean);
  if (!check(uiMetaSchema, files.ui, `${folder}/ui.json`) && !isObject(files.ui)) return undefined;
  if (!valid) return undefined;
  const meta = files.step as StepMeta;
  if (meta.key !== key)
    problems.push({
      file: `${folder}/step.json`,
      path: '/key',
      message: `„${meta.key}“ passt nicht zum Ordner „${key}“.`,
    });

  const schema = resolvePresets(
    files.schema as JsonSchema,
    presets,
    problems,
    `${folder}/schema.json`,
    brokenSections,
  );
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
