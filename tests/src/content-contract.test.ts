import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CompiledChecks } from '@fragewerk/engine/core';
import { catalogueIds, repositoryRoot } from '@fragewerk/engine/core/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { proseSampleDocument } from '../../engine/src/core/prose-samples.ts';
import {
  asciiUmlautWords,
  browserChecks,
  folderTextProblems,
  lintProblems,
  loadQuestionnaire,
  projectAnswers,
  proofreadingProblems,
  proseContractProblems,
  resultsProblems,
  sampleValidationProblems,
  vocabularyOf,
  type Questionnaire,
} from './content-contract.ts';

/*
 * The content contract: every questionnaire of `definitions/` gets these checks by being there,
 * with no code or fixture of its own (docs/editors-guide.md). A questionnaire's own peculiarities
 * (its widgets' exact sentences) belong in a test of its own beside this one.
 */

const ids = await catalogueIds(repositoryRoot);

/** Proofread by the editors, beside the brand briefing's test-results/prose-samples.md. */
const sampleFile = (id: string) =>
  path.resolve(import.meta.dirname, `../../test-results/${id}-prose-samples.md`);

describe('the catalogue', () => {
  it('ships the brand briefing and the website relaunch at least', () => {
    expect(ids).toEqual(expect.arrayContaining(['markenbriefing', 'website-relaunch']));
  });
});

describe.each(ids)('the content contract of „%s“', (id) => {
  let questionnaire: Questionnaire;
  let browser: CompiledChecks;
  beforeAll(async () => {
    questionnaire = await loadQuestionnaire(repositoryRoot, id);
    browser = await browserChecks(questionnaire.definition);
  }, 60_000);

  it(`${id}: loads with its folder's name as id, a title and steps in every stage`, () => {
    const { definition } = questionnaire;
    expect(definition.id).toBe(id);
    expect(definition.title).toMatch(/\S/u);
    for (const stage of definition.stages)
      expect(
        definition.steps.some((step) => step.stage === stage.key),
        stage.key,
      ).toBe(true);
  });

  it(`${id}: passes the definition lint without a problem`, async () => {
    expect(await lintProblems(questionnaire)).toEqual([]);
  });

  it(`${id}: its generated answers pass the browser's precompiled checks and the server's alike`, () => {
    const { problems, checked } = sampleValidationProblems(questionnaire.definition, browser);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(questionnaire.definition.steps.length * 2);
  });

  it(`${id}: renders prose a proofreader signs for every combination, option and context`, async () => {
    const { problems, samples } = proseContractProblems(questionnaire.definition);
    await mkdir(path.dirname(sampleFile(id)), { recursive: true });
    await writeFile(sampleFile(id), proseSampleDocument(questionnaire.definition, samples));
    expect(problems).toEqual([]);
    expect(samples.length).toBeGreaterThan(questionnaire.definition.steps.length * 5);
  });

  it(`${id}: writes gender-fair German with umlauts in every file of its folder`, async () => {
    const { problems, files } = await folderTextProblems(questionnaire);
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThan(questionnaire.definition.steps.length * 3);
  });

  it(`${id}: shows and prints its results with every stage and step heading, filled and empty`, () => {
    const { definition } = questionnaire;
    for (const answers of [projectAnswers(definition, 1), projectAnswers(definition, 6), {}]) {
      const { problems, headings } = resultsProblems(definition, answers);
      expect(problems).toEqual([]);
      expect(headings).toBe(definition.steps.length * 2);
    }
  });
});

describe('the contract’s proofreading', () => {
  it('finds the faults it is there to find', () => {
    const vocabulary = vocabularyOf(['Wählen Sie für Ihre Änderung']);
    const sample = {
      step: 'probe',
      label: 'Prüfung der Prüfung',
      data: {},
      title: 'Titel',
      lines: [
        'Das passt gut.',
        'Sie wollen das!!',
        'Das ist gut. . Weiter.',
        'Sie waehlen fuer Ihre Aenderung.',
        'Ohne Punkt',
        'Ein  Zwischenraum.',
        'Wert: undefined.',
      ],
      singles: [],
    };
    expect(proofreadingProblems(sample, vocabulary)).toEqual([
      'doppelte Satzzeichen: „Sie wollen das!!“',
      'doppelte Satzzeichen: „Das ist gut. . Weiter.“',
      'leerer Satz: „Das ist gut. . Weiter.“',
      '„waehlen“ mit Ersatz für einen Umlaut: „Sie waehlen fuer Ihre Aenderung.“',
      '„fuer“ mit Ersatz für einen Umlaut: „Sie waehlen fuer Ihre Aenderung.“',
      '„Aenderung“ mit Ersatz für einen Umlaut: „Sie waehlen fuer Ihre Aenderung.“',
      'doppeltes Leerzeichen: „Ein  Zwischenraum.“',
      'leerer Platzhalter: „Wert: undefined.“',
      'Satz ohne Schlusszeichen: „Ohne Punkt“',
    ]);
  });

  it('leaves words alone whose „ae“, „oe“ or „ue“ is no umlaut', () => {
    const vocabulary = vocabularyOf(['Für die neue Steuer', 'Israel', 'aktuell']);
    expect(
      asciiUmlautWords('Die neue Steuer, aktuelle Quellen, Poesie und Feuer.', vocabulary),
    ).toEqual([]);
  });
});
