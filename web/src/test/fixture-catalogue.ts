import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Definition, loadDefinition } from '@fragewerk/engine/core';
import {
  DEFINITIONS_FOLDER,
  questionnaireDirs,
  readDefinitionDir,
} from '@fragewerk/engine/core/node';

/** Where the fixture catalogue lies, relative to the repository's root. */
const CATALOGUE = path.join('tests', 'fixtures', 'catalogue');

/**
 * The repository's root, found upward from the working directory: jsdom gives modules no file
 * URL, so the web tests cannot locate files from their own address.
 */
function repositoryAbove(start: string): string {
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, CATALOGUE, DEFINITIONS_FOLDER))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${CATALOGUE} liegt nicht über ${start}.`);
    dir = parent;
  }
  return dir;
}

const REPOSITORY = repositoryAbove(process.cwd());

/** The fixture catalogue (tests/fixtures/catalogue/), usable as `DEFINITION_DIR`. */
export const FIXTURE_CATALOGUE = path.join(REPOSITORY, CATALOGUE);

/** The platform's forms (schemas/forms/) of the same repository. */
const FORMS_DIR = path.join(REPOSITORY, 'schemas', 'forms');

/**
 * Questionnaire `id` of the fixture catalogue as the server would send it; the platform's forms
 * come from the repository found the same way (not from a module address, and not through a
 * shipped questionnaire's folder).
 */
export async function loadFixtureQuestionnaire(id: string): Promise<Definition> {
  return loadDefinition(
    await readDefinitionDir({ ...questionnaireDirs(FIXTURE_CATALOGUE, id), formsDir: FORMS_DIR }),
  );
}
