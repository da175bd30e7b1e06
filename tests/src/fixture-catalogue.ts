import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Definition } from '@fragewerk/engine/core';
import { DEFINITIONS_FOLDER, loadDefinitionFromDisk } from '@fragewerk/engine/core/node';

/** The small questionnaire of the fixture catalogue: a list stage and a form stage. */
export const FIXTURE_BRIEF = 'fixture-brief';
/** The fixture catalogue's second shape: one stage with two form steps, no list. */
export const FIXTURE_SURVEY = 'fixture-survey';

/** Where the fixture catalogue lies, relative to the repository's root. */
const CATALOGUE_PATH = path.join('tests', 'fixtures', 'catalogue');

/**
 * The fixture catalogue's folder (usable as `DEFINITION_DIR`), found upward from `start`: test
 * environments such as jsdom give modules no file URL, so the working directory is the anchor.
 */
export function fixtureCatalogueAbove(start: string): string {
  const manifest = path.join(
    CATALOGUE_PATH,
    DEFINITIONS_FOLDER,
    FIXTURE_BRIEF,
    'questionnaire.json',
  );
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, manifest))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Der Fixture-Katalog liegt nicht über ${start}.`);
    dir = parent;
  }
  return path.join(dir, CATALOGUE_PATH);
}

/** The fixture catalogue: `definitions/fixture-brief/`, `definitions/fixture-survey/`, `presets/`. */
export const FIXTURE_CATALOGUE = fixtureCatalogueAbove(process.cwd());

/** Loads questionnaire `id` of the fixture catalogue as the server would. */
export function loadFixtureQuestionnaire(id: string): Promise<Definition> {
  return loadDefinitionFromDisk(FIXTURE_CATALOGUE, id);
}
