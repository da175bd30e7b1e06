import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CompiledChecks } from '@fragewerk/engine/core';
import { catalogueIds, repositoryRoot } from '@fragewerk/engine/core/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProseRenderer, type Definition } from '@fragewerk/engine/core';
import { joinList } from '../../engine/src/core/prose.ts';
import { proseSampleDocument } from '../../engine/src/core/prose-samples.ts';
import {
  asciiUmlautWords,
  isLabelLine,
  layoutProblems,
  browserChecks,
  folderTextProblems,
  lintProblems,
  loadQuestionnaire,
  projectAnswers,
  profileProblems,
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
    // Thousands of combinations, each text also with doubled marks: seconds on a busy machine.
  }, 30_000);

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

  it('finds the layout faults of issue #38 in the brand briefing’s former prose', async () => {
    const { definition } = await loadQuestionnaire(repositoryRoot, 'markenbriefing');
    // The templates as they were, in a copy of the shipped briefing.
    const former: Record<string, Record<string, string>> = {
      stakeholders: {
        title: '{{type}}',
        expectations: 'Erwartungen der Stakeholder-Gruppe „{{type}}“: {{expectations}}',
      },
      competitors: { title: '{{name}}', url: 'Website: {{url}}', explanation: '{{explanation}}' },
      userstories: {
        title: '{{role}}',
        story: 'Als {{role}} möchte ich {{text}}.',
        priority: 'Priorität: {{priority}}',
      },
      personas: {
        title: '{{name}}',
        about: '{{name}} ist {{age}} Jahre alt.',
        family: '{{name}} {{family_status}} und {{children}}.',
        media_usage: '{{name}} nutzt vor allem {{media_usage, list}}.',
        education: 'Höchster Bildungsabschluss: {{education}}',
      },
    };
    const copy: Definition = {
      ...definition,
      steps: definition.steps.map((step) => {
        const item = former[step.meta.key];
        if (item) return { ...step, prose: { ...step.prose, item } };
        if (step.meta.key !== 'polarityprofile') return step;
        return {
          ...step,
          prose: {
            ...step.prose,
            profile: {
              strong: 'Die Marke ist {{statements, list}}.',
              mild: 'Sie wirkt {{statements, list}}.',
              strength_2: 'deutlich eher {{pole}} als {{other}}',
              strength_3: 'ganz klar {{pole}} statt {{other}}',
              strength_1: 'eher {{pole}} als {{other}}',
            },
          },
        };
      }),
    };
    const prose = new ProseRenderer(copy);
    const problems = (step: string, data: Record<string, unknown>) => {
      const rendered =
        step === 'polarityprofile'
          ? { title: '', lines: prose.describeProfile(step, data)!.sentences }
          : prose.describeItem(step, data);
      return layoutProblems({ step, label: 'alt', data, singles: [], ...rendered }, copy, prose);
    };
    expect(
      problems('stakeholders', {
        is_external: false,
        type: 'sales',
        expectations: 'Mehr Anfragen',
      }),
    ).toEqual([
      'wiederholt den Titel „Vertrieb“: „Erwartungen der Stakeholder-Gruppe „Vertrieb“: Mehr Anfragen“',
      '„Label: Wert“ statt eines Satzes: „Erwartungen der Stakeholder-Gruppe „Vertrieb“: Mehr Anfragen“',
    ]);
    expect(
      problems('competitors', {
        name: 'Muster GmbH',
        url: 'https://muster.de',
        explanation: 'Stark.',
      }),
    ).toEqual([
      'wiederholt den Link „https://muster.de“: „Website: https://muster.de“',
      '„Label: Wert“ statt eines Satzes: „Website: https://muster.de“',
    ]);
    expect(
      problems('userstories', {
        role: 'custom',
        custom_role: 'Pendler',
        priority: 'must',
        text: 'x',
      }),
    ).toEqual([
      'wiederholt die Plakette „Muss“: „Priorität: Muss“',
      '„Label: Wert“ statt eines Satzes: „Priorität: Muss“',
    ]);
    const persona = {
      name: 'Alex Schulz',
      gender: 'diverse',
      age: 40,
      family_status: 'single',
      children: 'none',
      media_usage: ['radio'],
      education: 'abitur',
    };
    expect(problems('personas', persona)).toEqual([
      'nennt „Alex Schulz“ in 3 Sätzen statt höchstens zwei',
      '„Label: Wert“ statt eines Satzes: „Höchster Bildungsabschluss: das Abitur“',
      'mehr als zwei Sätze beginnen mit „Alex“',
      'zwei Sätze nacheinander beginnen mit „Alex“: „Alex Schulz ist ledig und hat keine Kinder.“',
      'zwei Sätze nacheinander beginnen mit „Alex“: „Alex Schulz nutzt vor allem das Radio.“',
    ]);
    const attributes = definition.steps.find(({ meta }) => meta.key === 'polarityprofile')!.schema
      .properties as Record<string, unknown>;
    const [first, second] = Object.keys(attributes);
    expect(problems('polarityprofile', { [first!]: 3, [second!]: -2 })).toEqual([
      expect.stringMatching(/^Profil in 1 Absätzen statt einem je Stärke \(2\)/u),
    ]);
  });

  it('finds a profile told in one long sentence, and further sentences that open alike', () => {
    const poles = [
      ['traditionell', 'modern'],
      ['verspielt', 'sachlich'],
      ['locker', 'seriös'],
      ['laut', 'leise'],
      ['rational', 'emotional'],
      ['exklusiv', 'zugänglich'],
      ['günstig', 'hochpreisig'],
      ['regional', 'international'],
      ['rund', 'eckig'],
      ['jung', 'erfahren'],
      ['warm', 'kühl'],
    ];
    const rows = poles.map(([left, right], index) => ({
      key: `row_${index}`,
      left: left!,
      right: right!,
      value: 3,
    }));
    const all = (from: number, to: number, word: 'left' | 'right') =>
      joinList(
        rows.slice(from, to).map((row) => row[word]),
        'und',
      );
    // The profile as it was before #38: every row of a strength in one sentence.
    const one = `Die Marke ist ganz klar ${all(0, 11, 'right')} statt ${all(0, 11, 'left')}.`;
    expect(profileProblems({ rows, sentences: [one] })).toEqual([
      `Satz des Profils mit 11 Paaren (höchstens 4): „${one}“`,
    ]);
    const long = `${one.slice(0, -1)}, und das bleibt auch so, wie es immer war und immer sein wird.`;
    expect(profileProblems({ rows, sentences: [long] })).toEqual([
      `Satz des Profils mit 11 Paaren (höchstens 4): „${long}“`,
      `Satz des Profils mit 43 Wörtern (höchstens 35): „${long}“`,
    ]);
    const alike = [
      `Die Marke ist ganz klar ${all(0, 4, 'right')} statt ${all(0, 4, 'left')}.`,
      `Die Marke ist ganz klar ${all(4, 8, 'right')} statt ${all(4, 8, 'left')}.`,
      `Die Marke ist ganz klar ${all(8, 11, 'right')} statt ${all(8, 11, 'left')}.`,
    ];
    expect(profileProblems({ rows, sentences: [alike.join(' ')] })).toEqual([
      `mehr als zwei Sätze des Profils beginnen mit „Die“: „${alike.join(' ')}“`,
      `zwei Sätze des Profils nacheinander beginnen mit „Die“: „${alike[1]}“`,
      `zwei Sätze des Profils nacheinander beginnen mit „Die“: „${alike[2]}“`,
    ]);
    expect(
      profileProblems({
        rows: rows.slice(0, 2),
        sentences: ['Die Marke ist ganz klar modern.', 'Sie auch.'],
      }),
    ).toEqual([
      'Profil in 2 Absätzen statt einem je Stärke (1): „Die Marke ist ganz klar modern. Sie auch.“',
    ]);
  });

  it('tells a label line from a sentence with a colon', () => {
    for (const line of [
      'Priorität: Muss',
      'Website: https://muster.de',
      'Höchster Bildungsabschluss: Abitur',
      'Anforderungen an das Produkt: Einfach bestellen',
      'Erwartungen der internen Stakeholder-Gruppe „Vertrieb“: Mehr Anfragen',
      'Mission Statement: „Möbel fürs Leben“',
    ])
      expect(isLabelLine(line), line).toBe(true);
    for (const line of [
      'Das macht die Marke attraktiv: Nähe.',
      'Was gut funktioniert: die Suche.',
      'Diese Gruppe erwartet: Mehr Anfragen',
      'Vom Produkt erwartet sie: Einfach bestellen',
      'Die Marke ist ganz klar leise.',
    ])
      expect(isLabelLine(line), line).toBe(false);
  });

  it('leaves words alone whose „ae“, „oe“ or „ue“ is no umlaut', () => {
    const vocabulary = vocabularyOf(['Für die neue Steuer', 'Israel', 'aktuell']);
    expect(
      asciiUmlautWords('Die neue Steuer, aktuelle Quellen, Poesie und Feuer.', vocabulary),
    ).toEqual([]);
  });
});
