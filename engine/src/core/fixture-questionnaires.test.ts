import { describe, expect, it } from 'vitest';
import { answersOf, briefingMinutes } from './briefing-estimate.ts';
import { checkedDocuments, projectProgress } from './completeness.ts';
import { compileChecks } from './create-validator.ts';
import type { Definition } from './definition-types.ts';
import { ProseRenderer } from './prose.ts';
import { FIXTURE_BRIEF, FIXTURE_SURVEY, loadFixture } from './test/fixture-catalogue.ts';
import { validatorFromChecks } from './validator-runtime.ts';
import { visibleDefinition } from './visible-steps.ts';

/*
 * The engine's generic behaviour on the fixture catalogue (tests/fixtures/catalogue/), not on the
 * shipped questionnaires: a reworded heading in definitions/ breaks the content contract, never
 * these tests.
 */
const brief = await loadFixture(FIXTURE_BRIEF);
const survey = await loadFixture(FIXTURE_SURVEY);

/** The messages of a rejected value (none for an accepted one). */
const errorsOf = (result: { valid: boolean }) =>
  'errors' in result ? (result as { errors: unknown }).errors : undefined;

const validators = (definition: Definition) =>
  validatorFromChecks(definition, compileChecks(definition));
const progressOf = (definition: Definition, answers: Record<string, unknown>) =>
  projectProgress(definition, answers, checkedDocuments(compileChecks(definition)));

let nextId = 0;
/** An entry as the API shows it: id and version beside the fields. */
const entry = (fields: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`,
  version: 1,
  ...fields,
});

const idea = { idea: 'Wochenmarkt', details: 'Samstags mit Kostproben', priority: 'high' };
const frame = { contact: 'Jana Kühn', team_size: 4, format: 'workshop' };

describe('the fixture questionnaires load with their own shape', () => {
  it('reads the brief: two stages, a list step and a form step, presets of its own folder', () => {
    expect(brief).toMatchObject({ id: 'fixture-brief', title: 'Fixture-Briefing' });
    expect(brief.stages.map((stage) => [stage.title, stage.steps])).toEqual([
      ['Sammeln', ['ideas']],
      ['Planen', ['frame']],
    ]);
    expect(brief.steps.map((step) => [step.meta.key, step.meta.slug, step.meta.kind])).toEqual([
      ['ideas', 'ideen', 'list'],
      ['frame', 'rahmen', 'form'],
    ]);
    expect(brief.steps[0]!.help).toContain('Welche Ideen bringen Sie mit?');
  });

  it('reads the survey: one stage of two form steps, a shared preset list, no list step', () => {
    expect(survey).toMatchObject({ id: 'fixture-survey', title: 'Fixture-Umfrage' });
    expect(survey.stages).toHaveLength(1);
    expect(survey.stages[0]!.steps).toEqual(['rating', 'topics']);
    expect(survey.steps.map((step) => step.meta.kind)).toEqual(['form', 'form']);
  });
});

describe('validators from the compiled checks speak the fixture’s German', () => {
  it('accepts a valid entry of the list step and rejects a broken one field by field', () => {
    const validate = validators(brief)('step:ideas');
    expect(validate(idea)).toEqual({ valid: true, value: idea });
    expect(validate({ idea: 'Markt', priority: 'high' }).valid).toBe(true);
    const rejected = validate({ details: 'ohne Titel', priority: 'urgent' });
    expect(rejected.valid).toBe(false);
    expect(errorsOf(rejected)).toEqual({
      idea: ['Idee ist ein Pflichtfeld'],
      priority: ['Priorität: Bitte wählen Sie einen Eintrag aus der Liste.'],
    });
  });

  it('checks the form step’s integer bounds with the field’s error label', () => {
    const validate = validators(brief)('step:frame');
    expect(validate({ ...frame }).valid).toBe(true);
    expect(errorsOf(validate({ contact: 'Jana Kühn', team_size: 51 }))).toEqual({
      team_size: ['Teamgröße darf höchstens 50 sein.'],
    });
    expect(errorsOf(validate({ contact: 'Jana Kühn', team_size: 0 }))).toEqual({
      team_size: ['Teamgröße muss mindestens 1 sein.'],
    });
    expect(errorsOf(validate({ team_size: 3 }))).toEqual({
      contact: ['Ansprechperson ist ein Pflichtfeld'],
    });
  });

  it('checks the survey’s scale and its multi-select of shared presets', () => {
    const rating = validators(survey)('step:rating');
    expect(rating({ satisfaction: 5 }).valid).toBe(true);
    expect(errorsOf(rating({ satisfaction: 6 }))).toEqual({
      satisfaction: ['Zufriedenheit darf höchstens 5 sein.'],
    });
    const topics = validators(survey)('step:topics');
    expect(topics({ topics: ['service', 'prices'] }).valid).toBe(true);
    expect(errorsOf(topics({ topics: [] }))).toEqual({
      topics: ['Themen muss mindestens 1 Wert(e) haben.'],
    });
    expect(errorsOf(topics({ topics: ['service', 'service'] }))).toEqual({
      topics: ['Themen darf keinen Wert doppelt enthalten.'],
    });
  });
});

describe('progress counts the steps of either shape', () => {
  it('counts the brief’s list and form step', () => {
    const empty = progressOf(brief, { ideas: [], frame: { version: 0 } });
    expect(empty).toMatchObject({ complete: 0, total: 2 });
    const half = progressOf(brief, { ideas: [entry(idea)], frame: { version: 0 } });
    expect(half.complete).toBe(1);
    expect(half.steps.ideas!.state).toBe('complete');
    expect(half.steps.frame!.state).toBe('empty');
    const done = progressOf(brief, { ideas: [entry(idea)], frame: { ...frame, version: 1 } });
    expect(done).toMatchObject({ complete: 2, total: 2 });
  });

  it('asks for a look at a stored entry that fails the checks', () => {
    const broken = progressOf(brief, {
      ideas: [entry({ idea: 'Ohne Priorität' })],
      frame: { ...frame, version: 1 },
    });
    expect(broken.steps.ideas!.state).toBe('review');
    expect(broken.complete).toBe(1);
  });

  it('counts the survey’s two form steps', () => {
    const progress = progressOf(survey, {
      rating: { satisfaction: 4, version: 1 },
      topics: { version: 0 },
    });
    expect(progress).toMatchObject({ complete: 1, total: 2 });
    expect(Object.keys(progress.steps)).toEqual(['rating', 'topics']);
  });

  it('leaves a hidden step and its emptied stage out of the view and the count', () => {
    const shown = visibleDefinition(brief, ['frame']);
    expect(shown.steps.map((step) => step.meta.key)).toEqual(['ideas']);
    expect(shown.stages.map((stage) => stage.key)).toEqual(['collect']);
    expect(progressOf(shown, { ideas: [entry(idea)] })).toMatchObject({ complete: 1, total: 1 });
    const survey1 = visibleDefinition(survey, ['rating']);
    expect(survey1.stages[0]!.steps).toEqual(['topics']);
  });
});

describe('the fixture’s prose', () => {
  it('describes an entry of the list step with the preset’s sentence form', () => {
    const prose = new ProseRenderer(brief).describeItem('ideas', idea);
    expect(prose).toEqual({
      title: 'Wochenmarkt',
      lines: ['Diese Idee hat hohe Priorität.', 'Dazu gehört: Samstags mit Kostproben'],
    });
  });

  it('describes the form steps of both questionnaires', () => {
    expect(new ProseRenderer(brief).describeForm('frame', frame)).toEqual([
      'Ansprechperson ist Jana Kühn.',
      'Im Team arbeiten 4 Personen mit.',
      'Abgestimmt wird per Workshop.',
    ]);
    const survey1 = new ProseRenderer(survey);
    expect(survey1.describeForm('topics', { topics: ['service'] })).toEqual([
      'Wichtig ist die Beratung.',
    ]);
    expect(survey1.describeForm('topics', { topics: ['service', 'delivery'] })).toEqual([
      'Wichtig sind die Beratung und die Lieferung.',
    ]);
    expect(survey1.describeForm('rating', {})).toEqual([]);
  });
});

describe('the time estimate', () => {
  it('counts every field of each step once and rounds up to five minutes', () => {
    expect(brief.steps.map(answersOf)).toEqual([3, 3]);
    expect(survey.steps.map(answersOf)).toEqual([2, 1]);
    expect(briefingMinutes(brief)).toBe(5);
    expect(briefingMinutes(survey)).toBe(5);
  });
});
