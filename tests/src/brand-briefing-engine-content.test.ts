import {
  answersOf,
  briefingMinutes,
  checkedDocuments,
  compileChecks,
  ProseRenderer,
  stepProgress,
} from '@fragewerk/engine/core';
import {
  catalogueIds,
  DEFAULT_QUESTIONNAIRE,
  loadDefinitionFromDisk,
  repositoryRoot,
} from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';
import { proseSamples } from '../../engine/src/core/prose-samples.ts';

/*
 * Facts of the shipped brand briefing the engine's unit tests once asserted while exercising
 * the mechanics; those now run on fixture questionnaires (tests/fixtures/catalogue), so what is
 * particular to definitions/markenbriefing is pinned here: its completeness, its time estimate,
 * how far its generated answers reach, and that its compiled templates write what i18next does.
 */

const definition = await loadDefinitionFromDisk(undefined, DEFAULT_QUESTIONNAIRE);
const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;

describe('the brand briefing’s completeness', () => {
  it('stakeholders declare no minimum per group: one internal or external entry completes the step', () => {
    const isValid = checkedDocuments(compileChecks(definition));
    expect(step('stakeholders').meta.completeness).toBeUndefined();
    const entry = (is_external: boolean, type: string) => ({
      id: `00000000-0000-4000-8000-00000000000${is_external ? 1 : 2}`,
      version: 1,
      is_external,
      type,
      expectations: 'Klare Ziele',
      importance: 3,
    });
    for (const single of [entry(false, 'management'), entry(true, 'customers')])
      expect(stepProgress(step('stakeholders'), [single], isValid).state).toBe('complete');
  });
});

describe('the brand briefing’s time estimate', () => {
  it('counts its form steps’ fields without the „Sonstiges“ texts', () => {
    // gender, age, industry, job_definition, character_traits (custom_age, custom_industry not)
    expect(answersOf(step('brandpersonality'))).toBe(5);
    expect(answersOf(step('brandpositioning'))).toBe(6);
  });

  it('counts its list steps once per entry they need, without the group’s field', () => {
    // type, expectations, importance (is_external is set by the group, custom_type only for „Sonstiges“)
    expect(answersOf(step('stakeholders'))).toBe(3);
    // goal, goal_definition, importance – three times: one goal of each kind completes the step
    expect(answersOf(step('goals'))).toBe(9);
  });

  it('adds up to a multiple of five minutes', () => {
    const answers = definition.steps.reduce((sum, candidate) => sum + answersOf(candidate), 0);
    expect(briefingMinutes(definition)).toBe(Math.ceil(answers / 2 / 5) * 5);
  });
});

describe('the brand briefing’s generated answers', () => {
  it('reach every step with several combinations and every gender of its contexts', () => {
    const { samples } = proseSamples(definition);
    for (const candidate of definition.steps)
      expect(
        samples.filter((sample) => sample.step === candidate.meta.key).length,
        candidate.meta.key,
      ).toBeGreaterThan(1);
    for (const gender of ['male', 'female', 'diverse'])
      expect(samples.some((sample) => sample.data.gender === gender)).toBe(true);
    expect(samples.length).toBeGreaterThan(1000);
  });
});

describe.each(await catalogueIds(repositoryRoot))('the compiled prose templates of „%s“', (id) => {
  it('write the same prose as i18next for every generated answer combination', async () => {
    const shipped = await loadDefinitionFromDisk(undefined, id);
    const fast = new ProseRenderer(shipped);
    const slow = new ProseRenderer(shipped, { compiled: false });
    const { samples } = proseSamples(shipped);
    expect(samples.length).toBeGreaterThan(shipped.steps.length * 5);
    const render = (prose: ProseRenderer, key: string, data: Record<string, unknown>) => {
      const kind = shipped.steps.find((candidate) => candidate.meta.key === key)!.meta.kind;
      return kind === 'list'
        ? prose.describeItem(key, data)
        : { form: prose.describeForm(key, data), profile: prose.describeProfile(key, data) };
    };
    for (const sample of samples)
      expect(render(fast, sample.step, sample.data), `${sample.step}: ${sample.label}`).toEqual(
        render(slow, sample.step, sample.data),
      );
  });
});
