import { DefinitionError, loadDefinition } from '@fragewerk/engine/core';
import {
  catalogueIds,
  catalogueRootFrom,
  DEFAULT_QUESTIONNAIRE,
  DEFINITIONS_FOLDER,
  questionnaireDirs,
  readDefinitionFiles,
} from '@fragewerk/engine/core/node';
import type { DefinitionProblem } from '@fragewerk/engine/core';
import type { LoadedQuestionnaire } from './definition-revisions.ts';

/** The catalogue as loaded at start: every questionnaire, and the one projects get by default. */
export interface LoadedCatalogue {
  questionnaires: LoadedQuestionnaire[];
  defaultId: string;
}

/**
 * Reads every questionnaire of the catalogue `DEFINITION_DIR` names (or the repository's):
 * each folder of `definitions/` with a manifest (docs/editors-guide.md#einen-neuen-fragebogen-anlegen).
 * Throws one {@link DefinitionError} with the problems of all of them: a server does not start
 * on a broken questionnaire. The default is the brand briefing, or the first one where the
 * catalogue has no brand briefing (an editor's folder with a single questionnaire).
 */
export async function loadCatalogue(definitionDir: string | undefined): Promise<LoadedCatalogue> {
  const root = catalogueRootFrom(definitionDir);
  const ids = await catalogueIds(root);
  if (ids.length === 0)
    throw new DefinitionError([
      {
        file: DEFINITIONS_FOLDER,
        path: '',
        message: `In ${root} liegt kein Fragebogen (${DEFINITIONS_FOLDER}/<id>/questionnaire.json).`,
      },
    ]);
  const problems: DefinitionProblem[] = [];
  const questionnaires: LoadedQuestionnaire[] = [];
  for (const id of ids) {
    const { raw, problems: unreadable } = await readDefinitionFiles(questionnaireDirs(root, id));
    problems.push(...unreadable);
    if (unreadable.length > 0) continue;
    try {
      const definition = loadDefinition(raw);
      const retired = (raw.questionnaire as { retired?: unknown }).retired === true;
      questionnaires.push({ definition, retired });
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new DefinitionError(problems);
  return {
    questionnaires,
    defaultId: ids.includes(DEFAULT_QUESTIONNAIRE) ? DEFAULT_QUESTIONNAIRE : ids[0]!,
  };
}
