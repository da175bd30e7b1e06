import { rm } from 'node:fs/promises';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { afterAll, describe, expect, it } from 'vitest';
import { proseProblems, proseSamples } from '../../engine/src/core/prose-samples.ts';
import { createFixtureDefinitionDir, FIXTURE_STEP } from './fixture-definition.ts';

const dir = await createFixtureDefinitionDir();
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the prose check of a step added as files', () => {
  it('renders every option of the new step, with no code for it, and finds nothing wrong', async () => {
    const definition = await loadDefinitionFromDisk(dir);
    const { samples, rejected, uncovered } = proseSamples(definition);
    const own = samples.filter((sample) => sample.step === FIXTURE_STEP);
    expect(rejected).toEqual([]);
    expect(uncovered).toEqual([]);
    expect(own.map((sample) => sample.title)).toEqual(
      expect.arrayContaining(['Website', 'Newsletter', 'Social Media', 'Messe', 'Printanzeige']),
    );
    expect(own.flatMap((sample) => proseProblems(sample, definition))).toEqual([]);
  });
});
