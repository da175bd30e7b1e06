import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_QUESTIONNAIRE,
  DEFINITIONS_FOLDER,
  definitionDirsAbove,
} from '@fragewerk/engine/core/node';

/** The fixture step: it exists only as files below `tests/fixtures/definition/`. */
export const FIXTURE_STEP = 'channels';

/**
 * Copies the repository's catalogue (every questionnaire of `definitions/` and the shared
 * `presets/` with the illustrations the presets name, not the package's code) into a new temporary
 * folder, usable as `DEFINITION_DIR`; returns the folder.
 */
export async function copyRepositoryDefinition(prefix = 'fragewerk-definition-'): Promise<string> {
  const defaultDefinitionDirs = definitionDirsAbove(process.cwd());
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(path.dirname(defaultDefinitionDirs.folder), path.join(root, DEFINITIONS_FOLDER), {
    recursive: true,
  });
  await cp(defaultDefinitionDirs.presetsDir, path.join(root, 'presets'), {
    recursive: true,
    filter: (source) =>
      source === defaultDefinitionDirs.presetsDir ||
      source.endsWith('.de.json') ||
      source.startsWith(path.join(defaultDefinitionDirs.presetsDir, 'avatars')),
  });
  return root;
}

/** The brand briefing's folder in a catalogue copied by {@link copyRepositoryDefinition}. */
export const brandBriefingIn = (root: string) =>
  path.join(root, DEFINITIONS_FOLDER, DEFAULT_QUESTIONNAIRE);

/**
 * Builds a content editor's copy of the catalogue in a temporary folder (usable as
 * `DEFINITION_DIR`): our `definitions/` and `presets/`, plus the fixture step's folder and preset
 * file, plus the one line in the brand briefing's `questionnaire.json` that names the step.
 */
export async function createFixtureDefinitionDir(): Promise<string> {
  // Found from the working directory: test environments such as jsdom give modules no file URL.
  const defaultDefinitionDirs = definitionDirsAbove(process.cwd());
  // The questionnaire folder is `<root>/definitions/markenbriefing`: two levels below the root.
  const fixtureRoot = path.join(
    path.dirname(path.dirname(defaultDefinitionDirs.folder)),
    'tests',
    'fixtures',
    'definition',
  );
  const root = await copyRepositoryDefinition('fragewerk-definition-');
  await cp(fixtureRoot, root, { recursive: true });

  const questionnaireFile = path.join(brandBriefingIn(root), 'questionnaire.json');
  const questionnaire = JSON.parse(await readFile(questionnaireFile, 'utf8')) as {
    stages: { key: string; steps: string[] }[];
  };
  questionnaire.stages.find((stage) => stage.key === 'business')!.steps.push(FIXTURE_STEP);
  await writeFile(questionnaireFile, JSON.stringify(questionnaire, null, 2));
  return root;
}
