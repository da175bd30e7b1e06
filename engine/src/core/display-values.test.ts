import { describe, expect, it } from 'vitest';
import { displayValues } from './display-values.ts';
import { proseSamples } from './prose-samples.ts';
import { FIXTURE_BRIEF, FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

describe('displayValues with `fields`', () => {
  it.each([FIXTURE_WIDGETS, FIXTURE_BRIEF])(
    'gives the same values for the named fields as for all of them (%s)',
    async (id) => {
      const definition = await loadFixture(id);
      const { samples } = proseSamples(definition);
      for (const sample of samples) {
        const step = definition.steps.find((candidate) => candidate.meta.key === sample.step)!;
        const all = displayValues(definition, step, sample.data);
        const names = Object.keys(sample.data).filter((_, index) => index % 2 === 0);
        const picked = Object.fromEntries(
          Object.entries(all).filter(([name]) => names.includes(name)),
        );
        expect(displayValues(definition, step, sample.data, { fields: names })).toEqual(picked);
        expect(
          displayValues(definition, step, sample.data, { fields: [...names, 'gibt_es_nicht'] }),
        ).toEqual(picked);
      }
    },
  );
});
