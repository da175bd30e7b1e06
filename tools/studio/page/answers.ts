import type { StepDefinition } from '@fragewerk/engine/core';
import type { FormData, ListItem } from '@fragewerk/engine/react';
import type { Answers, StepSamples } from '../studio-state.ts';
import type { Place } from './use-place.ts';

/** What a step shows: the entries of a list, or a form's answers. */
export type StepAnswers = ListItem[] | FormData;

/** The variant a step shows: the chosen one where the step has it, else its first. */
export function variantOf(samples: StepSamples | undefined, wanted: string | undefined): string {
  const choices = samples?.context?.choices ?? [];
  if (choices.length === 0) return '';
  return choices.some((choice) => choice.value === wanted) ? wanted! : choices[0]!.value;
}

/** The answers the switches call for: the samples (with ids, as the product's entries have) or none. */
export function baseAnswers(
  step: StepDefinition,
  samples: StepSamples | undefined,
  place: Place,
): StepAnswers {
  const list = step.meta.kind === 'list';
  if (place.answers === 'leer' || !samples) return list ? [] : {};
  const chosen = samples.variants[variantOf(samples, place.variant)];
  if (!list) return { ...(chosen as Answers) };
  return ((chosen as Answers[]) ?? []).map((answers, index) => ({
    ...answers,
    id: `beispiel-${index + 1}`,
    version: 1,
  }));
}

/**
 * The key under which the editor's own changes to a step's answers are kept: they last while the
 * step, the switches and the samples stay the same (a changed label keeps them; a changed schema
 * that changes the samples starts over).
 */
export function answersKey(step: string, samples: StepSamples | undefined, place: Place): string {
  const variant = variantOf(samples, place.variant);
  return `${step}|${variant}|${place.answers}|${JSON.stringify(samples?.variants[variant] ?? null)}`;
}
