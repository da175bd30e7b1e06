import type { Definition } from './definition-types.ts';

const cache = new WeakMap<Definition, Map<string, Definition>>();

/**
 * The questionnaire as one project shows it: without the steps the agency switched off for it
 * (`hidden_steps` of the project), and without stages that lose all their steps. Navigation,
 * progress, approval checks, results and print work on this; the stored answers of hidden steps
 * stay untouched. Keys the definition does not have are ignored (a step renamed or removed by a
 * later revision). The same definition and keys give the same object, so memoised views stay
 * valid.
 */
export function visibleDefinition(definition: Definition, hidden: readonly string[]): Definition {
  const keys = hidden.filter((key) => definition.steps.some((step) => step.meta.key === key));
  if (keys.length === 0) return definition;
  const id = [...keys].sort().join('\u0000');
  let views = cache.get(definition);
  if (!views) cache.set(definition, (views = new Map()));
  let view = views.get(id);
  if (!view) {
    const gone = new Set(keys);
    view = {
      ...definition,
      steps: definition.steps.filter((step) => !gone.has(step.meta.key)),
      stages: definition.stages
        .map((stage) => ({ ...stage, steps: stage.steps.filter((key) => !gone.has(key)) }))
        .filter((stage) => stage.steps.length > 0),
    };
    views.set(id, view);
  }
  return view;
}
