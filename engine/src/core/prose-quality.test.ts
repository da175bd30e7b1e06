import { describe, expect, it } from 'vitest';
import {
  missingSentenceForms,
  proseProblems,
  proseSampleDocument,
  proseSamples,
} from './prose-samples.ts';
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

/*
 * The prose check's mechanics on the fixture with gender contexts, counts and presets
 * (fixture-widgets). The shipped questionnaires' prose is proofread by the content contract
 * (tests/src/content-contract.test.ts), which also writes their sample files for the editors.
 */
const definition = await loadFixture(FIXTURE_WIDGETS);
const { samples, rejected, uncovered } = proseSamples(definition);

describe('prose of generated answer combinations', () => {
  it('covers every step, every preset option of every prose field and every context', async () => {
    const document = proseSampleDocument(definition, samples);
    for (const step of definition.steps) expect(document).toContain(step.meta.title);
    expect(rejected).toEqual([]);
    expect(uncovered).toEqual([]);
    for (const step of definition.steps)
      expect(samples.filter((sample) => sample.step === step.meta.key).length).toBeGreaterThan(1);
    for (const gender of ['male', 'female', 'diverse'])
      expect(samples.some((sample) => sample.data.gender === gender)).toBe(true);
    expect(samples.length).toBeGreaterThan(definition.steps.length * 20);
  });

  it('reads like German written by an editor: no doubled words, stray punctuation, keys or gaps, number agrees', () => {
    const problems = samples.flatMap((sample) =>
      proseProblems(sample, definition).map(
        (problem) => `${sample.step} (${sample.label}): ${problem}`,
      ),
    );
    expect([...new Set(problems)]).toEqual([]);
  });

  it('gives every label that does not fit inside a sentence an in-sentence form', () => {
    expect(missingSentenceForms(definition)).toEqual([]);
  });

  it('finds the faults it is there to find', () => {
    const sample = {
      step: 'people',
      label: 'Prüfung der Prüfung',
      data: {},
      title: 'Redaktion',
      lines: [
        'Als Firmenkundin möchte ich: möchte ich eine Anfrage stellen.',
        'Wichtig sind ihm Freiheit.',
        'Max ist 1 Jahre alt .',
        'Er ist mutig, brave und {{traits}}.',
        'Priorität:  undefined',
        'als Mitglied der Redaktion möchte ich item.story lesen.',
      ],
      singles: ['Freiheit'],
    };
    expect(proseProblems(sample, definition)).toEqual([
      'doppeltes „möchte ich“: „Als Firmenkundin möchte ich: möchte ich eine Anfrage stellen.“',
      'Plural bei einem Wert („Freiheit“): „Wichtig sind ihm Freiheit.“',
      'verirrte Satzzeichen: „Max ist 1 Jahre alt .“',
      'Zahl und Nomen passen nicht: „Max ist 1 Jahre alt .“',
      'leerer Platzhalter: „Er ist mutig, brave und {{traits}}.“',
      'Preset-Schlüssel „brave“: „Er ist mutig, brave und {{traits}}.“',
      'leerer Platzhalter: „Priorität:  undefined“',
      'leerer Platzhalter: „Priorität:  undefined“',
      'beginnt nicht mit einem Großbuchstaben: „als Mitglied der Redaktion möchte ich item.story lesen.“',
      'Schlüssel statt Text: „als Mitglied der Redaktion möchte ich item.story lesen.“',
    ]);
  });
});
