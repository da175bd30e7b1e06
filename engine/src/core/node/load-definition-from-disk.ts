import type { Definition } from '../definition-types.ts';
import { loadDefinition } from '../load-definition.ts';
import {
  DEFAULT_QUESTIONNAIRE,
  definitionDirsFrom,
  questionnaireDirs,
  readDefinitionDir,
  repositoryRoot,
  type DefinitionDirs,
} from './read-definition-dir.ts';

/** The repository's own brand briefing: `definitions/markenbriefing/` and the shared `presets/`. */
export const defaultDefinitionDirs: DefinitionDirs = questionnaireDirs(
  repositoryRoot,
  DEFAULT_QUESTIONNAIRE,
);

/**
 * Reads and loads questionnaire `id` (default: the brand briefing) of the catalogue
 * `DEFINITION_DIR` names, or of the repository's own.
 */
export async function loadDefinitionFromDisk(
  definitionDir: string | undefined = process.env.DEFINITION_DIR,
  id: string = DEFAULT_QUESTIONNAIRE,
): Promise<Definition> {
  return loadDefinition(await readDefinitionDir(definitionDirsFrom(definitionDir, id)));
}
