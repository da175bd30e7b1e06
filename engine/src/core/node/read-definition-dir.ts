import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RawDefinition, RawStepFiles } from '../definition-types.ts';
import { DefinitionError } from '../load-definition.ts';

/** Where the definition lives: the `schemas/` and `presets/` folders. */
export interface DefinitionDirs {
  schemasDir: string;
  presetsDir: string;
}

/** The folders `DEFINITION_DIR` names (it holds `schemas/` and `presets/`), or the defaults. */
export function definitionDirsFrom(
  definitionDir: string | undefined,
  defaults: DefinitionDirs,
): DefinitionDirs {
  if (!definitionDir) return defaults;
  const root = path.resolve(definitionDir);
  return { schemasDir: path.join(root, 'schemas'), presetsDir: path.join(root, 'presets') };
}

async function readJson(file: string, problems: string[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.push(`${file}: kein gültiges JSON (${(error as Error).message}).`);
    return null;
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** Reads every definition file from disk; malformed JSON is reported as a {@link DefinitionError}. */
export async function readDefinitionDir({
  schemasDir,
  presetsDir,
}: DefinitionDirs): Promise<RawDefinition> {
  const problems: string[] = [];
  const steps: Record<string, RawStepFiles> = {};
  for (const key of await listDir(path.join(schemasDir, 'steps'))) {
    const folder = path.join(schemasDir, 'steps', key);
    const [step, schema, ui, prose, help] = await Promise.all([
      readJson(path.join(folder, 'step.json'), problems),
      readJson(path.join(folder, 'schema.json'), problems),
      readJson(path.join(folder, 'ui.json'), problems),
      readJson(path.join(folder, 'prose.de.json'), problems),
      readText(path.join(folder, 'help.de.md')),
    ]);
    steps[key] = { step, schema, ui, prose, help };
  }

  const forms: Record<string, unknown> = {};
  for (const file of await listDir(path.join(schemasDir, 'forms'))) {
    if (file.endsWith('.schema.json')) {
      forms[file.slice(0, -'.schema.json'.length)] = await readJson(
        path.join(schemasDir, 'forms', file),
        problems,
      );
    }
  }

  const presets: Record<string, unknown> = {};
  for (const file of await listDir(presetsDir)) {
    if (file.endsWith('.de.json')) {
      presets[file.slice(0, -'.de.json'.length)] = await readJson(
        path.join(presetsDir, file),
        problems,
      );
    }
  }

  const migrations: Record<string, unknown> = {};
  for (const file of await listDir(path.join(schemasDir, 'migrations'))) {
    if (file.endsWith('.json')) {
      migrations[file.slice(0, -'.json'.length)] = await readJson(
        path.join(schemasDir, 'migrations', file),
        problems,
      );
    }
  }

  const [questionnaire, messages, prose] = await Promise.all([
    readJson(path.join(schemasDir, 'questionnaire.json'), problems),
    readJson(path.join(schemasDir, 'messages.de.json'), problems),
    readJson(path.join(schemasDir, 'prose.de.json'), problems),
  ]);
  if (questionnaire === undefined) problems.push(`${schemasDir}/questionnaire.json fehlt.`);
  if (problems.length > 0) throw new DefinitionError(problems);
  return { questionnaire, messages, prose, steps, forms, presets, migrations };
}

/**
 * The repository's definition folders, found upward from `start` (for test environments such as
 * jsdom, where modules have no usable file URL).
 */
export function definitionDirsAbove(start: string): DefinitionDirs {
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, 'schemas', 'questionnaire.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new DefinitionError([`Kein schemas/questionnaire.json über ${start}`]);
    dir = parent;
  }
  return { schemasDir: path.join(dir, 'schemas'), presetsDir: path.join(dir, 'presets') };
}
