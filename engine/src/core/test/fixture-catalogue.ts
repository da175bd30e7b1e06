import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Definition, RawDefinition } from '../definition-types.ts';
import {
  DEFINITIONS_FOLDER,
  loadDefinitionFromDisk,
  questionnaireDirs,
  readDefinitionDir,
  type DefinitionDirs,
} from '../node/index.ts';

/*
 * The fixture catalogue (tests/fixtures/catalogue/) for the engine's tests: they exercise the
 * mechanics on fixture questionnaires, so rewording a shipped questionnaire never breaks them.
 * The engine may not import tests/src (one-way dependencies), so the catalogue is found here
 * the way tests/src/fixture-catalogue.ts finds it: upward from the working directory.
 */
const CATALOGUE = path.join('tests', 'fixtures', 'catalogue');

/** The questionnaire with a list and a form step (tests/fixtures/catalogue/definitions/fixture-brief). */
export const FIXTURE_BRIEF = 'fixture-brief';
/** The questionnaire of two form steps and a shared preset list. */
export const FIXTURE_SURVEY = 'fixture-survey';
/** The questionnaire with every widget and shape the component tests drive. */
export const FIXTURE_WIDGETS = 'fixture-widgets';

function catalogueAbove(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, CATALOGUE, DEFINITIONS_FOLDER))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${CATALOGUE} liegt nicht über ${start}.`);
    dir = parent;
  }
  return path.join(dir, CATALOGUE);
}

/** The catalogue root (DEFINITION_DIR-shaped: definitions/ and presets/). */
export const FIXTURE_CATALOGUE = catalogueAbove(process.cwd());

/** The folders of one fixture questionnaire. */
export const fixtureDirs = (id: string): DefinitionDirs => questionnaireDirs(FIXTURE_CATALOGUE, id);

/** One fixture questionnaire's files as read from disk. */
export const readFixture = (id: string): Promise<RawDefinition> =>
  readDefinitionDir(fixtureDirs(id));

/** One fixture questionnaire, loaded. */
export const loadFixture = (id: string): Promise<Definition> =>
  loadDefinitionFromDisk(FIXTURE_CATALOGUE, id);
