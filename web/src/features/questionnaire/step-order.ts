import type { Definition, StepDefinition } from '@fragewerk/engine/core';

/** The step of a URL slug, or undefined. */
export function stepBySlug(
  definition: Definition,
  slug: string | undefined,
): StepDefinition | undefined {
  return definition.steps.find((step) => step.meta.slug === slug);
}

/**
 * The steps before and after a step in questionnaire order (footer links,
 * docs/product.md#routen-und-screens).
 */
export function neighbours(
  definition: Definition,
  key: string,
): { previous?: StepDefinition; next?: StepDefinition } {
  const index = definition.steps.findIndex((step) => step.meta.key === key);
  return { previous: definition.steps[index - 1], next: definition.steps[index + 1] };
}
