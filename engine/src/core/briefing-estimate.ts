import type { Definition, StepDefinition } from './definition-types.ts';
import { schemaFields } from './schema-fields.ts';

/** How long one answer takes on average, in minutes: a click on a row or a few sentences. */
export const MINUTES_PER_ANSWER = 0.5;

/** Estimates are rounded up to whole five minutes: „etwa 35 Minuten“, never „etwa 33 Minuten“. */
const ROUND_TO = 5;

/**
 * How many answers a step asks for (docs/product.md#willkommensseite-und-dank): every field of
 * its schema except the `custom_…` text of „Sonstiges“ and the field a list's group sets; a list
 * step counts its fields once per entry it needs to be complete (`completeness` in step.json: the
 * sum of `minItemsPerGroup`, at least `minItems`, at least one).
 */
export function answersOf(step: StepDefinition): number {
  const fields = [...schemaFields(step.schema)].filter(
    (name) => !name.startsWith('custom_') && name !== step.meta.list?.groupBy,
  ).length;
  if (step.meta.kind !== 'list') return fields;
  const { minItems = 1, minItemsPerGroup = {} } = step.meta.completeness ?? {};
  const perGroup = Object.values(minItemsPerGroup).reduce((sum, count) => sum + count, 0);
  return fields * Math.max(minItems, perGroup, 1);
}

/**
 * Roughly how many minutes the questionnaire takes: half a minute per answer of every step,
 * rounded up to five minutes (at least five).
 */
export function briefingMinutes(definition: Definition): number {
  const answers = definition.steps.reduce((sum, step) => sum + answersOf(step), 0);
  return Math.max(ROUND_TO, Math.ceil((answers * MINUTES_PER_ANSWER) / ROUND_TO) * ROUND_TO);
}
