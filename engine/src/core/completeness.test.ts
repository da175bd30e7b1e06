import { describe, expect, it } from 'vitest';
import {
  checkedDocuments,
  incompleteSteps,
  judgedDocuments,
  projectProgress,
  stepProgress,
} from './completeness.ts';
import { compileChecks } from './create-validator.ts';
import type { StepDefinition } from './definition-types.ts';
import { loadDefinitionFromDisk } from './node/index.ts';

const definition = await loadDefinitionFromDisk(undefined);
const isValid = checkedDocuments(compileChecks(definition));
const step = (key: string): StepDefinition =>
  definition.steps.find((candidate) => candidate.meta.key === key)!;
const state = (key: string, answers: unknown) => stepProgress(step(key), answers, isValid).state;

let nextId = 0;
/** An entry as the API shows it: id and version beside the fields. */
const entry = (fields: Record<string, unknown>, version = 1) => ({
  id: `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`,
  version,
  ...fields,
});

const competitor = { name: 'Holz & Co', explanation: 'Gleiche Region', importance: 3 };
const internal = { is_external: false, type: 'management', expectations: 'Umsatz', importance: 5 };
const external = { is_external: true, type: 'customers', expectations: 'Service', importance: 4 };
const goal = (type: string, key: string) => ({ type, goal: key, goal_definition: 'messbar' });
const positioning = {
  performance_promise: ['highest_quality'],
  target_audience: ['families_with_children'],
  brand_attractiveness: 'Handwerk',
  brand_strenghts: 'Erfahrung',
  competitor_distinction: 'Regional',
  mission_statement: 'Gutes Holz',
  version: 1,
};

describe('completeness of a list step without groups (competitors, default minimum 1)', () => {
  it('is empty without entries, complete with one valid entry', () => {
    expect(state('competitors', [])).toBe('empty');
    expect(state('competitors', undefined)).toBe('empty');
    expect(state('competitors', [entry(competitor)])).toBe('complete');
  });

  it('needs a look when a stored entry does not validate any more, however many others are valid', () => {
    const broken = entry({ name: 'Ohne Erläuterung', importance: 2 }, 3);
    expect(stepProgress(step('competitors'), [entry(competitor), broken], isValid)).toEqual({
      state: 'review',
      invalid: [{ id: broken.id, version: 3 }],
    });
  });

  it('ignores stored fields the definition does not know any more', () => {
    expect(state('competitors', [entry({ ...competitor, founded: 1920 })])).toBe('complete');
  });
});

describe('completeness of a list step with groups', () => {
  it('stakeholders declare no minimum per group: one internal entry completes the step', () => {
    expect(step('stakeholders').meta.completeness).toBeUndefined();
    expect(state('stakeholders', [entry(internal)])).toBe('complete');
    expect(state('stakeholders', [entry(external)])).toBe('complete');
  });

  it('goals declare one per group: started until company, brand and user goals are there', () => {
    expect(step('goals').meta.completeness).toEqual({
      minItemsPerGroup: { company: 1, brand: 1, user: 1 },
    });
    const company = entry(goal('company', 'increase_revenue'));
    const brand = entry(goal('brand', 'build_trust'));
    const user = entry(goal('user', 'find_information_quickly'));
    expect(state('goals', [company])).toBe('started');
    expect(state('goals', [company, brand])).toBe('started');
    expect(state('goals', [company, brand, user])).toBe('complete');
    expect(state('goals', [user, brand, company])).toBe('complete');
  });

  it('counts a group by the value of the groupBy field, booleans included', () => {
    const stakeholders = step('stakeholders');
    const bothGroups: StepDefinition = {
      ...stakeholders,
      meta: { ...stakeholders.meta, completeness: { minItemsPerGroup: { external: 2 } } },
    };
    const held = (...entries: Record<string, unknown>[]) =>
      stepProgress(
        bothGroups,
        entries.map((fields) => entry(fields)),
        isValid,
      ).state;
    expect(held(internal, internal, external)).toBe('started');
    expect(held(internal, external, external)).toBe('complete');
  });

  it('applies minItems to the whole list', () => {
    const competitors = step('competitors');
    const three: StepDefinition = {
      ...competitors,
      meta: { ...competitors.meta, completeness: { minItems: 3 } },
    };
    const held = (count: number) =>
      stepProgress(
        three,
        Array.from({ length: count }, () => entry(competitor)),
        isValid,
      ).state;
    expect([held(0), held(1), held(2), held(3), held(4)]).toEqual([
      'empty',
      'started',
      'started',
      'complete',
      'complete',
    ]);
  });
});

describe('completeness of a form step', () => {
  it('is empty when never saved or saved without any value', () => {
    expect(state('brandpositioning', { version: 0 })).toBe('empty');
    expect(state('brandpositioning', undefined)).toBe('empty');
    expect(
      state('brandpositioning', { performance_promise: [], mission_statement: ' ', version: 2 }),
    ).toBe('empty');
  });

  it('is complete when the stored answers validate', () => {
    expect(state('brandpositioning', positioning)).toBe('complete');
  });

  it('needs a look when they do not, e.g. after a new required field or a removed option', () => {
    const { mission_statement: _dropped, ...withoutMission } = positioning;
    expect(stepProgress(step('brandpositioning'), withoutMission, isValid)).toEqual({
      state: 'review',
      invalid: [{ version: 1 }],
    });
    expect(state('brandpositioning', { ...positioning, target_audience: ['aliens'] })).toBe(
      'review',
    );
  });

  it('the polarity profile has no required field: one set row completes it, none leaves it empty', () => {
    expect(state('polarityprofile', { attribute_traditional_modern: null, version: 1 })).toBe(
      'empty',
    );
    expect(state('polarityprofile', { attribute_traditional_modern: 0, version: 1 })).toBe(
      'complete',
    );
    expect(state('polarityprofile', { attribute_traditional_modern: 7, version: 1 })).toBe(
      'review',
    );
  });
});

describe('projectProgress', () => {
  it('counts complete steps of the definition and lists the incomplete ones in order', () => {
    const progress = projectProgress(
      definition,
      {
        stakeholders: [entry(internal)],
        competitors: [entry({ name: 'Ohne Erläuterung', importance: 2 })],
        goals: [entry(goal('company', 'increase_revenue'))],
        brandpositioning: positioning,
        polarityprofile: { version: 0 },
        retired_step: [entry(competitor)],
      },
      isValid,
    );
    expect(progress.complete).toBe(2);
    expect(progress.total).toBe(8);
    expect(Object.keys(progress.steps)).toEqual(definition.steps.map((s) => s.meta.key));
    expect(Object.values(progress.steps).map((s) => s.state)).toEqual([
      'complete',
      'review',
      'started',
      'empty',
      'empty',
      'complete',
      'empty',
      'empty',
    ]);
    expect(incompleteSteps(definition, progress).map((s) => s.meta.title)).toEqual([
      'Wettbewerber-Analyse',
      'Ziele',
      'Markenpersönlichkeit',
      'Polaritätenprofil',
      'User Stories',
      'Personas',
    ]);
  });
});

describe('checkedDocuments remembering verdicts', () => {
  const checks = compileChecks(definition);
  const competitors = step('competitors');

  it('checks an entry once per id and version; a new version is checked again', () => {
    const remembering = checkedDocuments(checks, 10);
    const stored = entry(competitor, 1);
    expect(remembering(competitors, stored)).toBe(true);
    // The same id and version cannot hold other data: the verdict stands without a check.
    expect(remembering(competitors, { ...stored, explanation: undefined })).toBe(true);
    expect(remembering(competitors, { ...stored, explanation: undefined, version: 2 })).toBe(false);
    expect(checkedDocuments(checks)(competitors, { ...stored, explanation: undefined })).toBe(
      false,
    );
  });

  it('forgets everything when full, then checks again', () => {
    const remembering = checkedDocuments(checks, 2);
    const first = entry(competitor);
    remembering(competitors, first);
    remembering(competitors, entry(competitor));
    remembering(competitors, entry(competitor));
    expect(remembering(competitors, { ...first, explanation: undefined })).toBe(false);
  });
});

describe('judgedDocuments (the browser, from the API’s verdict)', () => {
  const broken = entry({ name: 'Ohne Erläuterung', importance: 2 }, 4);
  const judged = projectProgress(
    definition,
    { competitors: [broken], brandpositioning: { mission_statement: 'x', version: 2 } },
    isValid,
  );
  const again = (answers: Record<string, unknown>) =>
    projectProgress(definition, answers, judgedDocuments(judged)).steps;

  it('keeps a document the API named invalid while its version stays', () => {
    expect(judged.steps.competitors!.state).toBe('review');
    const steps = again({
      competitors: [broken, entry(competitor)],
      brandpositioning: { mission_statement: 'x', version: 2 },
    });
    expect(steps.competitors!.state).toBe('review');
    expect(steps.brandpositioning!.state).toBe('review');
  });

  it('takes a document saved since (a new version) as valid, as the API stores only valid ones', () => {
    const steps = again({
      competitors: [{ ...broken, ...competitor, version: 5 }],
      brandpositioning: { ...positioning, version: 3 },
    });
    expect(steps.competitors!.state).toBe('complete');
    expect(steps.brandpositioning!.state).toBe('complete');
  });

  it('without a verdict takes every stored document as valid', () => {
    const steps = projectProgress(
      definition,
      { competitors: [broken] },
      judgedDocuments(undefined),
    ).steps;
    expect(steps.competitors!.state).toBe('complete');
  });
});
