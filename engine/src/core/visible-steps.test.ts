import { describe, expect, it } from 'vitest';
import type { Definition, StepDefinition } from './definition-types.ts';
import { visibleDefinition } from './visible-steps.ts';

const step = (key: string) => ({ meta: { key } }) as unknown as StepDefinition;

/** Two stages: a with x and y, b with z alone. */
const definition = {
  version: 1,
  title: 'Fragebogen',
  stages: [
    { key: 'a', title: 'A', steps: ['x', 'y'] },
    { key: 'b', title: 'B', steps: ['z'] },
  ],
  steps: [step('x'), step('y'), step('z')],
} as unknown as Definition;

const keysOf = (view: Definition) => ({
  steps: view.steps.map((entry) => entry.meta.key),
  stages: view.stages.map((stage) => `${stage.key}:${stage.steps.join(',')}`),
});

describe('visibleDefinition', () => {
  it('is the definition itself when nothing is hidden, or only keys it does not have', () => {
    expect(visibleDefinition(definition, [])).toBe(definition);
    expect(visibleDefinition(definition, ['gibt-es-nicht'])).toBe(definition);
  });

  it('leaves out hidden steps, and a stage that loses all of its steps', () => {
    expect(keysOf(visibleDefinition(definition, ['y']))).toEqual({
      steps: ['x', 'z'],
      stages: ['a:x', 'b:z'],
    });
    expect(keysOf(visibleDefinition(definition, ['z', 'alt']))).toEqual({
      steps: ['x', 'y'],
      stages: ['a:x,y'],
    });
  });

  it('gives the same view for the same keys in any order, and leaves the definition as it was', () => {
    const view = visibleDefinition(definition, ['z', 'x']);
    expect(visibleDefinition(definition, ['x', 'z'])).toBe(view);
    expect(keysOf(definition)).toEqual({ steps: ['x', 'y', 'z'], stages: ['a:x,y', 'b:z'] });
  });
});
