import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitionFromDisk } from './node/index.ts';
import {
  missingSentenceForms,
  proseProblems,
  proseSampleDocument,
  proseSamples,
} from './prose-samples.ts';

const definition = await loadDefinitionFromDisk(undefined);
const { samples, rejected, uncovered } = proseSamples(definition);

/** Written for the editors to proofread: every distinct title and sentence of every step. */
const SAMPLE_FILE = path.resolve(import.meta.dirname, '../../../test-results/prose-samples.md');

describe('prose of generated answer combinations', () => {
  it('covers every step, every preset option of every prose field and every context', async () => {
    await mkdir(path.dirname(SAMPLE_FILE), { recursive: true });
    await writeFile(SAMPLE_FILE, proseSampleDocument(definition, samples));
    expect(rejected).toEqual([]);
    expect(uncovered).toEqual([]);
    for (const step of definition.steps)
      expect(samples.filter((sample) => sample.step === step.meta.key).length).toBeGreaterThan(1);
    for (const gender of ['male', 'female', 'diverse'])
      expect(samples.some((sample) => sample.data.gender === gender)).toBe(true);
    expect(samples.length).toBeGreaterThan(1000);
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
      step: 'userstories',
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
