/**
 * Generates the JSON Schemas with which editors (VS Code and every JSON-Schema-aware editor)
 * complete and underline the definition files while they are typed: one per file type, from the
 * meta-schemas the loader checks the files with (`engine/src/core/definition-meta-schemas.ts`),
 * into `schemas/editor-schemas/`, plus the mapping of `.vscode/settings.json`. Both are committed;
 * with `--check` it writes nothing and fails when they are stale (`npm run check`).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  messagesMetaSchema,
  migrationMetaSchema,
  presetFileMetaSchema,
  proseMetaSchema,
  questionnaireMetaSchema,
  samplesMetaSchema,
  stepMetaSchema,
  stepProseMetaSchema,
  stepSchemaMetaSchema,
  uiMetaSchema,
  type JsonSchema,
} from '@fragewerk/engine/core';
import { schemasDir } from '@fragewerk/schemas';
import { format, resolveConfig } from 'prettier';

/** The repository: the platform's `schemas/` stands in it beside `definitions/` and `presets/`. */
const root = path.dirname(path.resolve(schemasDir));
export const EDITOR_SCHEMAS_DIR = path.join(schemasDir, 'editor-schemas');

/** A file type of the definition: its editor schema, the files it is for, the meta-schema. */
export interface EditorSchema {
  name: string;
  title: string;
  /** Globs relative to a definition folder (a repository, DEFINITION_DIR, a test fixture). */
  files: string[];
  schema: JsonSchema;
}

export const EDITOR_SCHEMAS: EditorSchema[] = [
  {
    name: 'questionnaire',
    title: 'Fragewerk: Fragebogen (questionnaire.json)',
    files: ['definitions/*/questionnaire.json'],
    schema: questionnaireMetaSchema,
  },
  {
    name: 'step',
    title: 'Fragewerk: Schritt (step.json)',
    files: ['definitions/*/steps/*/step.json'],
    schema: stepMetaSchema,
  },
  {
    name: 'step-schema',
    title: 'Fragewerk: Felder und Regeln eines Schritts (schema.json)',
    files: ['definitions/*/steps/*/schema.json', 'schemas/forms/*.schema.json'],
    schema: stepSchemaMetaSchema,
  },
  {
    name: 'ui',
    title: 'Fragewerk: Aussehen der Felder (ui.json)',
    files: ['definitions/*/steps/*/ui.json'],
    schema: uiMetaSchema,
  },
  {
    name: 'step-prose',
    title: 'Fragewerk: Sätze der Ergebnisansicht eines Schritts (prose.de.json)',
    files: ['definitions/*/steps/*/prose.de.json'],
    schema: stepProseMetaSchema,
  },
  {
    name: 'samples',
    title: 'Fragewerk: eigene Beispielantworten für das Studio (samples.de.json)',
    files: ['definitions/*/steps/*/samples.de.json'],
    schema: samplesMetaSchema,
  },
  {
    name: 'prose',
    title: 'Fragewerk: gemeinsame Texte der Ergebnisansicht eines Fragebogens (prose.de.json)',
    files: ['definitions/*/prose.de.json'],
    schema: proseMetaSchema,
  },
  {
    name: 'messages',
    title: 'Fragewerk: Meldungen der Validierung (messages.de.json)',
    files: ['definitions/*/messages.de.json'],
    schema: messagesMetaSchema,
  },
  {
    name: 'presets',
    title: 'Fragewerk: Preset-Listen (presets/*.de.json)',
    files: ['presets/*.de.json', 'definitions/*/presets/*.de.json'],
    schema: presetFileMetaSchema,
  },
  {
    name: 'migration',
    title: 'Fragewerk: Migration (migrations/<version>.json)',
    files: ['definitions/*/migrations/*.json'],
    schema: migrationMetaSchema,
  },
];

const DOLLAR_SCHEMA = {
  type: 'string',
  description:
    'Das JSON Schema, mit dem der Editor diese Datei prüft (z. B. "../../../../schemas/editor-schemas/step.schema.json"); Fragewerk selbst ignoriert die Angabe.',
};

/**
 * A meta-schema as editors read it: draft-07 (`definitions` instead of `$defs`), ajv-errors'
 * messages as VS Code's `patternErrorMessage`/`errorMessage`, and `$schema` allowed at the top.
 */
function forEditors(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forEditors);
  if (typeof node !== 'object' || node === null) return node;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'errorMessage') {
      if (typeof value === 'string') result.errorMessage = value;
      else if (typeof (value as { pattern?: unknown }).pattern === 'string')
        result.patternErrorMessage = (value as { pattern: string }).pattern;
      continue;
    }
    if (keyword === '$ref' && typeof value === 'string') {
      result.$ref = value.replace('#/$defs/', '#/definitions/');
      continue;
    }
    // In these the keys are names (of properties, of definitions), not keywords.
    result[keyword === '$defs' ? 'definitions' : keyword] = SCHEMA_MAPS.has(keyword)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([name, schema]) => [
            name,
            forEditors(schema),
          ]),
        )
      : forEditors(value);
  }
  return result;
}

const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);

export function editorSchema({ title, schema }: EditorSchema): JsonSchema {
  const converted = forEditors(schema) as JsonSchema;
  const properties = (converted.properties ?? {}) as JsonSchema;
  const propertyNames = converted.propertyNames;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    ...converted,
    properties: { $schema: DOLLAR_SCHEMA, ...properties },
    ...(propertyNames ? { propertyNames: { anyOf: [{ const: '$schema' }, propertyNames] } } : {}),
  };
}

/** The mapping for VS Code: every glob below any folder, so copies and fixtures are covered. */
function vscodeSettings(): unknown {
  return {
    'json.schemas': EDITOR_SCHEMAS.map(({ name, files }) => ({
      fileMatch: files.map((file) => `**/${file}`),
      url: `./schemas/editor-schemas/${name}.schema.json`,
    })),
  };
}

const BANNER =
  'Erzeugt von `npm run editor-schemas` aus engine/src/core/definition-meta-schemas.ts; nicht von Hand ändern.';

/** Every generated file by its path relative to the repository, formatted as Prettier would. */
export async function generateEditorSchemas(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const options = { ...(await resolveConfig(path.join(root, 'package.json'))), parser: 'json' };
  for (const entry of EDITOR_SCHEMAS) {
    const schema = { $comment: BANNER, ...editorSchema(entry) };
    files.set(
      `schemas/editor-schemas/${entry.name}.schema.json`,
      await format(JSON.stringify(schema), options),
    );
  }
  files.set(
    '.vscode/settings.json',
    await format(JSON.stringify(vscodeSettings()), { ...options, parser: 'json' }),
  );
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  const files = await generateEditorSchemas();
  const stale: string[] = [];
  for (const [file, text] of files) {
    const current = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
    if (current !== text) stale.push(file);
  }
  const existing = (await readdir(EDITOR_SCHEMAS_DIR).catch(() => [] as string[])).map(
    (file) => `schemas/editor-schemas/${file}`,
  );
  const extra = existing.filter((file) => !files.has(file));
  if (check) {
    if (stale.length + extra.length > 0) {
      console.error(
        `Die Editor-Schemas sind veraltet (${[...stale, ...extra].join(', ')}). Bitte \`npm run editor-schemas\` ausführen.`,
      );
      process.exit(1);
    }
    console.log(`Editor-Schemas aktuell (${files.size} Dateien).`);
    return;
  }
  for (const file of extra) await rm(path.join(root, file));
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  console.log(
    `${files.size} Dateien geschrieben (schemas/editor-schemas/, .vscode/settings.json).`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
