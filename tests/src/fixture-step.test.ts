import { rm } from 'node:fs/promises';
import { createValidator, ProseRenderer } from '@fragewerk/engine/core';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintDefinition } from '../../tools/src/lint-definition.ts';
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

  it('passes the definition lint', async () => {
    expect(
      await lintDefinition({ schemasDir: `${dir}/schemas`, presetsDir: `${dir}/presets` }),
    ).toEqual([]);
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

  it('does not change the product’s own definition', async () => {
    const definition = await loadDefinitionFromDisk(undefined);
    expect(definition.steps.map((step) => step.meta.key)).not.toContain(FIXTURE_STEP);
  });
});
