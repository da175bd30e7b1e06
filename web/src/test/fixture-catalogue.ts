import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Definition, loadDefinition } from '@fragewerk/engine/core';
import {
  definitionDirsAbove,
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

/** The fixture catalogue (tests/fixtures/catalogue/), usable as `DEFINITION_DIR`. */
export const FIXTURE_CATALOGUE = path.join(repositoryAbove(process.cwd()), CATALOGUE);

/**
 * Questionnaire `id` of the fixture catalogue as the server would send it; the platform's forms
 * come from the repository found the same way (not from a module address).
 */
export async function loadFixtureQuestionnaire(id: string): Promise<Definition> {
  const { formsDir } = definitionDirsAbove(process.cwd());
  return loadDefinition(
    await readDefinitionDir({ ...questionnaireDirs(FIXTURE_CATALOGUE, id), formsDir }),
  );
}
