import { presetsDir } from '@fragewerk/presets';
import { schemasDir } from '@fragewerk/schemas';
import type { Definition } from '../definition-types.ts';
import { loadDefinition } from '../load-definition.ts';
import {
  definitionDirsFrom,
  readDefinitionDir,
  type DefinitionDirs,
} from './read-definition-dir.ts';

/** The repository's own `schemas/` and `presets/`. */
export const defaultDefinitionDirs: DefinitionDirs = { schemasDir, presetsDir };

/**
 * Reads and loads the definition the product runs on: the folder `DEFINITION_DIR` names, or the
 * repository's own definition.
 */
export async function loadDefinitionFromDisk(
  definitionDir: string | undefined = process.env.DEFINITION_DIR,
): Promise<Definition> {
  return loadDefinition(
    await readDefinitionDir(definitionDirsFrom(definitionDir, defaultDefinitionDirs)),
  );
}
