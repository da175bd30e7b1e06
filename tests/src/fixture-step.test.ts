import { rm } from 'node:fs/promises';
import {
  checkedDocuments,
  compileChecks,
  createValidator,
  projectProgress,
  ProseRenderer,
} from '@fragewerk/engine/core';
import {
  DEFAULT_QUESTIONNAIRE,
  loadDefinitionFromDisk,
  questionnaireDirs,
} from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintDefinition } from '../../tools/src/lint-definition.ts';
import { sampleAnswers } from '../../tools/src/sample-answers.ts';
import { createFixtureDefinitionDir, FIXTURE_STEP } from './fixture-definition.ts';

describe('a step added only as files (DEFINITION_DIR)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await createFixtureDefinitionDir();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is loaded in questionnaire order with its own presets resolved', async () => {
    const definition = await loadDefinitionFromDisk(dir);
    expect(definition.steps.map((step) => step.meta.key)).toEqual([
      'stakeholders',
      'competitors',
      'goals',
      FIXTURE_STEP,
      'brandpersonality',
      'polarityprofile',
      'brandpositioning',
      'userstories',
      'personas',
    ]);
    const step = definition.steps.find((candidate) => candidate.meta.key === FIXTURE_STEP)!;
    expect(step.stage).toBe('business');
    expect(step.meta.slug).toBe('kanaele');
    expect((step.schema.properties as Record<string, { enum: string[] }>).channel!.enum).toEqual([
      'website',
      'newsletter',
      'social_media',
      'trade_fair',
      'print',
      'custom',
    ]);
  });

  it('gets sample answers for the studio that its schema accepts', async () => {
    const definition = await loadDefinitionFromDisk(dir);
    const step = definition.steps.find((candidate) => candidate.meta.key === FIXTURE_STEP)!;
    const validate = createValidator(definition)(`step:${FIXTURE_STEP}`);
    const items = [sampleAnswers(step), sampleAnswers(step, { count: 6 })].flat();
    expect(items.length).toBeGreaterThanOrEqual(9);
    for (const item of items) expect(validate(item)).toMatchObject({ valid: true });
    expect(
      items.some((item) => item.channel === 'custom' && item.custom_channel === 'Podcast'),
    ).toBe(true);
  });

  it('passes the definition lint', async () => {
    expect(await lintDefinition(questionnaireDirs(dir, DEFAULT_QUESTIONNAIRE))).toEqual([]);
  });

  it('validates with German messages and renders its prose', async () => {
    const definition = await loadDefinitionFromDisk(dir);
    const validate = createValidator(definition)(`step:${FIXTURE_STEP}`);
    expect(validate({ channel: 'custom', purpose: '' })).toEqual({
      valid: false,
      errors: {
        custom_channel: ['Eigener Kanal ist ein Pflichtfeld'],
        purpose: ['Zweck ist ein Pflichtfeld'],
        importance: ['Bitte auswählen'],
      },
    });
    expect(validate({ channel: 'fax', purpose: 'Bestellungen', importance: 2 })).toEqual({
      valid: false,
      errors: { channel: ['Kanal: Bitte wählen Sie einen Eintrag aus der Liste.'] },
    });
    const item = {
      channel: 'custom',
      custom_channel: 'Hausmesse',
      purpose: 'Neukunden',
      importance: 4,
    };
    expect(validate(item)).toEqual({ valid: true, value: item });
    expect(new ProseRenderer(definition).describeItem(FIXTURE_STEP, item)).toEqual({
      title: 'Hausmesse',
      lines: ['Zweck: Neukunden'],
    });
  });

  it('counts towards progress as its step.json declares: complete from two valid channels', async () => {
    const definition = await loadDefinitionFromDisk(dir);
    const isValid = checkedDocuments(compileChecks(definition));
    const channel = (id: string, fields: Record<string, unknown>) => ({
      id,
      version: 1,
      ...fields,
    });
    const website = channel('c1', { channel: 'website', purpose: 'Neukunden', importance: 4 });
    const fair = channel('c2', { channel: 'trade_fair', purpose: 'Händler', importance: 3 });
    const progressOf = (channels: unknown[]) =>
      projectProgress(definition, { [FIXTURE_STEP]: channels }, isValid);

    expect(progressOf([]).steps[FIXTURE_STEP]).toEqual({ state: 'empty' });
    expect(progressOf([website]).steps[FIXTURE_STEP]).toEqual({ state: 'started' });
    expect(progressOf([website, fair]).steps[FIXTURE_STEP]).toEqual({ state: 'complete' });
    expect(progressOf([website, fair])).toMatchObject({ complete: 1, total: 9 });
    const unknownChannel = channel('c3', {
      channel: 'fax',
      purpose: 'Bestellungen',
      importance: 2,
    });
    expect(progressOf([website, fair, unknownChannel]).steps[FIXTURE_STEP]).toEqual({
      state: 'review',
      invalid: [{ id: 'c3', version: 1 }],
    });
  });

  it('does not change the product’s own definition', async () => {
    const definition = await loadDefinitionFromDisk(undefined);
    expect(definition.steps.map((step) => step.meta.key)).not.toContain(FIXTURE_STEP);
  });
});
