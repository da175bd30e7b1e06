import {
  stepResultsMarkup,
  type CardTexts,
  type Definition,
  type ProseRenderer,
} from '@fragewerk/engine/core';
import type { ResultsJson } from '@fragewerk/schemas/types';
import { t } from '../common/messages.ts';

/** The card texts that do not come from the definition, from the server's locale. */
const CARD_TEXTS: CardTexts = {
  rating: (value, max) => t('results.rating', { value, max }),
  openLink: t('results.openLink'),
};

/**
 * GET /projects/{id}/results (`schemas/api/results.schema.json`): each step's part of the results
 * view as markup, from `answers` (the project's answers by step key) and the definition and prose
 * of the revision the project is on – what the browser otherwise makes with the same function,
 * there cold and on its main thread.
 */
export function resultsJson(
  definition: Definition,
  prose: ProseRenderer,
  answers: Record<string, unknown>,
): ResultsJson {
  const steps: Record<string, string> = {};
  for (const step of definition.steps)
    steps[step.meta.key] = stepResultsMarkup(
      definition,
      step,
      answers[step.meta.key],
      prose,
      CARD_TEXTS,
    );
  return { steps };
}
