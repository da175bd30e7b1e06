import { describe, expect, it } from 'vitest';
import { answersOf, briefingMinutes } from './briefing-estimate.ts';
import type { Definition } from './definition-types.ts';
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

const definition = await loadFixture(FIXTURE_WIDGETS);

const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;

describe('how long the questionnaire takes (docs/product.md#willkommensseite-und-dank)', () => {
  it('counts a form step’s fields without the „Sonstiges“ texts', () => {
    // gender, job_definition, character_traits (custom_gender not)
    expect(answersOf(step('profile'))).toBe(3);
    expect(answersOf(step('statement'))).toBe(4);
  });

  it('counts a list step’s fields once per entry it needs, without the group’s field', () => {
    // name, url, explanation, importance: one entry completes the step
    expect(answersOf(step('rivals'))).toBe(4);
    // type, expectations, importance (is_external is set by the group, custom_type only for
    // „Sonstiges“) – twice: one contact of each group completes the step
    expect(answersOf(step('contacts'))).toBe(6);
  });

  it('gives half a minute per answer, rounded up to five minutes', () => {
    const answers = definition.steps.reduce((sum, candidate) => sum + answersOf(candidate), 0);
    expect(briefingMinutes(definition)).toBe(Math.ceil(answers / 2 / 5) * 5);
    expect(briefingMinutes(definition) % 5).toBe(0);
  });

  it('follows the definition: a step more or a list asking for more entries takes longer', () => {
    const before = briefingMinutes(definition);
    const people = step('people');
    const moreEntries: Definition = {
      ...definition,
      steps: definition.steps.map((candidate) =>
        candidate === people
          ? { ...people, meta: { ...people.meta, completeness: { minItems: 3 } } }
          : candidate,
      ),
    };
    expect(briefingMinutes(moreEntries)).toBeGreaterThan(before);
    const fewer: Definition = { ...definition, steps: [step('rivals')] };
    expect(briefingMinutes(fewer)).toBe(5);
  });
});
