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
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

const definition = await loadFixture(FIXTURE_WIDGETS);
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

const rival = { name: 'Holz & Co', explanation: 'Gleiche Region', importance: 3 };
const internal = { is_external: false, type: 'management', expectations: 'Umsatz', importance: 5 };
const external = { is_external: true, type: 'customers', expectations: 'Service', importance: 4 };
const statement = {
  promises: ['quality'],
  appeal: 'Handwerk',
  distinction: 'Regional',
  mission_statement: 'Gutes Holz',
  version: 1,
};

describe('completeness of a list step without groups (rivals, default minimum 1)', () => {
  it('is empty without entries, complete with one valid entry', () => {
    expect(state('rivals', [])).toBe('empty');
    expect(state('rivals', undefined)).toBe('empty');
    expect(state('rivals', [entry(rival)])).toBe('complete');
  });

  it('needs a look when a stored entry does not validate any more, however many others are valid', () => {
    const broken = entry({ name: 'Ohne Erläuterung', importance: 2 }, 3);
    expect(stepProgress(step('rivals'), [entry(rival), broken], isValid)).toEqual({
      state: 'review',
      invalid: [{ id: broken.id, version: 3 }],
    });
  });

  it('ignores stored fields the definition does not know any more', () => {
    expect(state('rivals', [entry({ ...rival, founded: 1920 })])).toBe('complete');
  });
});

describe('completeness of a list step with groups', () => {
  it('without a minimum per group, one entry of any group completes the step', () => {
    const contacts = step('contacts');
    const open: StepDefinition = {
      ...contacts,
      meta: { ...contacts.meta, completeness: undefined },
    };
    const held = (fields: Record<string, unknown>) =>
      stepProgress(open, [entry(fields)], isValid).state;
    expect(held(internal)).toBe('complete');
    expect(held(external)).toBe('complete');
  });

  it('one per group declared: started until an internal and an external contact are there', () => {
    expect(step('contacts').meta.completeness).toEqual({
      minItemsPerGroup: { internal: 1, external: 1 },
    });
    expect(state('contacts', [entry(internal)])).toBe('started');
    expect(state('contacts', [entry(internal), entry(internal)])).toBe('started');
    expect(state('contacts', [entry(internal), entry(external)])).toBe('complete');
    expect(state('contacts', [entry(external), entry(internal)])).toBe('complete');
  });

  it('counts a group by the value of the groupBy field, booleans included', () => {
    const contacts = step('contacts');
    const bothGroups: StepDefinition = {
      ...contacts,
      meta: { ...contacts.meta, completeness: { minItemsPerGroup: { external: 2 } } },
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
    const rivals = step('rivals');
    const three: StepDefinition = {
      ...rivals,
      meta: { ...rivals.meta, completeness: { minItems: 3 } },
    };
    const held = (count: number) =>
      stepProgress(
        three,
        Array.from({ length: count }, () => entry(rival)),
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
    expect(state('statement', { version: 0 })).toBe('empty');
    expect(state('statement', undefined)).toBe('empty');
    expect(state('statement', { promises: [], mission_statement: ' ', version: 2 })).toBe('empty');
  });

  it('is complete when the stored answers validate', () => {
    expect(state('statement', statement)).toBe('complete');
  });

  it('needs a look when they do not, e.g. after a new required field or a removed option', () => {
    const { mission_statement: _dropped, ...withoutMission } = statement;
    expect(stepProgress(step('statement'), withoutMission, isValid)).toEqual({
      state: 'review',
      invalid: [{ version: 1 }],
    });
    expect(state('statement', { ...statement, promises: ['aliens'] })).toBe('review');
  });

  it('a polarity scale has no required field: one set row completes it, none leaves it empty', () => {
    expect(state('scale', { attribute_traditional_modern: null, version: 1 })).toBe('empty');
    expect(state('scale', { attribute_traditional_modern: 0, version: 1 })).toBe('complete');
    expect(state('scale', { attribute_traditional_modern: 7, version: 1 })).toBe('review');
  });
});

describe('projectProgress', () => {
  it('counts complete steps of the definition and lists the incomplete ones in order', () => {
    const progress = projectProgress(
      definition,
      {
        rivals: [entry({ name: 'Ohne Erläuterung', importance: 2 })],
        contacts: [entry(internal)],
        people: [entry({ name: 'Anna Berger' })],
        statement,
        scale: { version: 0 },
        retired_step: [entry(rival)],
      },
      isValid,
    );
    expect(progress.complete).toBe(2);
    expect(progress.total).toBe(6);
    expect(Object.keys(progress.steps)).toEqual(definition.steps.map((s) => s.meta.key));
    expect(Object.values(progress.steps).map((s) => s.state)).toEqual([
      'review',
      'started',
      'complete',
      'empty',
      'empty',
      'complete',
    ]);
    expect(incompleteSteps(definition, progress).map((s) => s.meta.title)).toEqual([
      'Mitbewerber',
      'Kontakte',
      'Profil',
      'Skala',
    ]);
  });
});

describe('checkedDocuments remembering verdicts', () => {
  const checks = compileChecks(definition);
  const rivals = step('rivals');

  it('checks an entry once per id and version; a new version is checked again', () => {
    const remembering = checkedDocuments(checks, 10);
    const stored = entry(rival, 1);
    expect(remembering(rivals, stored)).toBe(true);
    // The same id and version cannot hold other data: the verdict stands without a check.
    expect(remembering(rivals, { ...stored, explanation: undefined })).toBe(true);
    expect(remembering(rivals, { ...stored, explanation: undefined, version: 2 })).toBe(false);
    expect(checkedDocuments(checks)(rivals, { ...stored, explanation: undefined })).toBe(false);
  });

  it('forgets everything when full, then checks again', () => {
    const remembering = checkedDocuments(checks, 2);
    const first = entry(rival);
    remembering(rivals, first);
    remembering(rivals, entry(rival));
    remembering(rivals, entry(rival));
    expect(remembering(rivals, { ...first, explanation: undefined })).toBe(false);
  });
});

describe('judgedDocuments (the browser, from the API’s verdict)', () => {
  const broken = entry({ name: 'Ohne Erläuterung', importance: 2 }, 4);
  const judged = projectProgress(
    definition,
    { rivals: [broken], statement: { mission_statement: 'x', version: 2 } },
    isValid,
  );
  const again = (answers: Record<string, unknown>) =>
    projectProgress(definition, answers, judgedDocuments(judged)).steps;

  it('keeps a document the API named invalid while its version stays', () => {
    expect(judged.steps.rivals!.state).toBe('review');
    const steps = again({
      rivals: [broken, entry(rival)],
      statement: { mission_statement: 'x', version: 2 },
    });
    expect(steps.rivals!.state).toBe('review');
    expect(steps.statement!.state).toBe('review');
  });

  it('takes a document saved since (a new version) as valid, as the API stores only valid ones', () => {
    const steps = again({
      rivals: [{ ...broken, ...rival, version: 5 }],
      statement: { ...statement, version: 3 },
    });
    expect(steps.rivals!.state).toBe('complete');
    expect(steps.statement!.state).toBe('complete');
  });

  it('without a verdict takes every stored document as valid', () => {
    const steps = projectProgress(
      definition,
      { rivals: [broken] },
      judgedDocuments(undefined),
    ).steps;
    expect(steps.rivals!.state).toBe('complete');
  });
});
