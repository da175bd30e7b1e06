import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createValidator,
  inspectDefinition,
  type Definition,
  type StepDefinition,
} from '@fragewerk/engine/core';
import {
  defaultDefinitionDirs,
  loadDefinitionFromDisk,
  readDefinitionFiles,
} from '@fragewerk/engine/core/node';
import { afterAll, describe, expect, it } from 'vitest';
import { continuing, demoAnswers } from './demo-answers.ts';
import { ownSamples, SAMPLE_TEXTS, sampleAnswers, type Answers } from './sample-answers.ts';

const definition = await loadDefinitionFromDisk(undefined);
const validators = createValidator(definition);

/** The options of a step's context field (the genders), or none. */
function contexts(step: StepDefinition): unknown[] {
  const field = step.meta.prose?.context;
  const property = field
    ? (step.schema.properties as Record<string, { enum?: unknown[] }>)[field]
    : undefined;
  return property?.enum ?? [];
}

/** Every answer of a step's samples, checked by the product's validator (German messages). */
export function invalidSamples(definition: Definition, step: StepDefinition, samples: unknown) {
  const validate = createValidator(definition)(`step:${step.meta.key}`);
  return (Array.isArray(samples) ? samples : [samples]).flatMap((answers: Answers, index) => {
    const result = validate(answers);
    return result.valid ? [] : [{ index, answers, errors: result.errors }];
  });
}

describe('sample answers', () => {
  it.each(definition.steps.map((step) => [step.meta.key, step] as const))(
    'of %s are valid against its schema, in every context and size',
    (_key, step) => {
      const validate = validators(`step:${step.meta.key}`);
      const variants = [
        sampleAnswers(step),
        ...contexts(step).map((context) => sampleAnswers(step, { context, definition })),
        ...(step.meta.kind === 'list'
          ? [1, 2, 7].map((count) => sampleAnswers(step, { count }))
          : []),
      ];
      for (const samples of variants)
        for (const answers of [samples].flat()) {
          const result = validate(answers);
          expect(result.valid ? {} : result.errors, JSON.stringify(answers)).toEqual({});
        }
    },
  );

  it('are the same on every run and differ between steps', () => {
    for (const step of definition.steps)
      expect(JSON.stringify(sampleAnswers(step))).toBe(JSON.stringify(sampleAnswers(step)));
    const [first, second] = definition.steps;
    expect(sampleAnswers(first!)).not.toEqual(sampleAnswers(second!));
  });

  it('fill every group of a list, show Sonstiges with its own text, and read German', () => {
    const goals = definition.steps.find((step) => step.meta.key === 'goals')!;
    const items = sampleAnswers(goals) as Answers[];
    expect(items.map((item) => item.type)).toEqual(['company', 'brand', 'user']);
    expect(items.at(-1)).toMatchObject({
      goal: 'custom',
      custom_goal: 'Mehr Auszubildende gewinnen',
    });

    const competitors = definition.steps.find((step) => step.meta.key === 'competitors')!;
    const [competitor] = sampleAnswers(competitors) as Answers[];
    expect(competitor!.url).toBe(
      `https://www.${String(competitor!.name)
        .toLowerCase()
        .replace(/ö/g, 'oe')
        .replace(/ä/g, 'ae')
        .replace(/ü/g, 'ue')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.de`,
    );
  });

  it('give names and jobs of the chosen gender', () => {
    const personas = definition.steps.find((step) => step.meta.key === 'personas')!;
    for (const [context, names] of [
      ['female', SAMPLE_TEXTS.names.female],
      ['male', SAMPLE_TEXTS.names.male],
    ] as const) {
      const items = sampleAnswers(personas, { context, definition }) as Answers[];
      expect(items.every((item) => item.gender === context)).toBe(true);
      // The pictures fit, too: their labels name the gender.
      const word = context === 'female' ? /\bFrau\b/ : /\bMann\b/;
      const avatars = definition.presets.personas!.avatars!;
      for (const item of items)
        expect(avatars.find((entry) => entry.key === item.avatar)?.label).toMatch(word);
      expect(items.every((item) => (names as readonly string[]).includes(String(item.name)))).toBe(
        true,
      );
      expect(new Set(items.map((item) => item.name)).size).toBe(items.length);
    }
  });

  it('keep the demo project valid (it draws on the same texts and sequence)', () => {
    const { lists, forms } = demoAnswers(definition);
    for (const [key, items] of Object.entries(lists))
      for (const item of items) expect(validators(`step:${key}`)(item).valid, key).toBe(true);
    for (const [key, answers] of Object.entries(forms))
      expect(validators(`step:${key}`)(answers).valid, key).toBe(true);
  });

  it('write the demo texts in German capitals: only the phrase after a colon or dash starts small', () => {
    const { lists } = demoAnswers(definition);
    const phrases = SAMPLE_TEXTS.expectations.map(continuing);
    const texts = lists.competitors!.map((item) => String((item as Answers).explanation));
    for (const text of texts) {
      const phrase = text.replace(/^.*?(?:: | – )/, '').replace(/\.$/, '');
      expect(phrases, text).toContain(phrase);
    }
    expect(
      texts.some((text) => text.includes('klare Prioritäten und regelmäßige Abstimmung')),
    ).toBe(true);
    // A goal's definition follows „Das Unternehmen versteht darunter:“ – a capital, no label of
    // its own before another colon.
    for (const item of lists.goals!) {
      expect(String((item as Answers).goal_definition)).toMatch(/^\p{Lu}[^:]*\.$/u);
    }
  });
});

describe("a step's own samples (samples.de.json)", () => {
  let root: string | undefined;
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function withSamples(files: Record<string, unknown>) {
    root ??= await mkdtemp(path.join(tmpdir(), 'fragewerk-samples-'));
    const dirs = {
      folder: path.join(root, 'definitions', 'markenbriefing'),
      presetsDir: path.join(root, 'presets'),
    };
    await rm(dirs.folder, { recursive: true, force: true });
    await cp(defaultDefinitionDirs.folder, dirs.folder, { recursive: true });
    await cp(defaultDefinitionDirs.presetsDir, dirs.presetsDir, { recursive: true, force: true });
    for (const [step, content] of Object.entries(files))
      await writeFile(
        path.join(dirs.folder, 'steps', step, 'samples.de.json'),
        JSON.stringify(content),
      );
    const { raw } = await readDefinitionFiles(dirs);
    const { definition } = inspectDefinition(raw);
    const stepOf = (key: string) => definition.steps.find((step) => step.meta.key === key)!;
    return { raw, definition, stepOf };
  }

  it('take precedence when they fit the schema', async () => {
    const stories = [
      { role: 'new_customer', priority: 'must', text: 'eine Rechnung herunterladen' },
    ];
    const { raw, definition, stepOf } = await withSamples({
      userstories: { $schema: '../../editor-schemas/samples.schema.json', items: stories },
      brandpositioning: { answers: { mission_statement: 'Wir bauen Möbel.' } },
    });
    expect(ownSamples(stepOf('userstories'), raw, definition)).toEqual({
      samples: stories,
      problems: [],
    });
    expect(ownSamples(stepOf('goals'), raw, definition)).toEqual({ problems: [] });
    // Incomplete answers are a problem like any other: the studio shows them, not the file.
    const { problems } = ownSamples(stepOf('brandpositioning'), raw, definition);
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/steps/brandpositioning/samples.de.json',
      path: '/answers/target_audience',
      message: 'Zielgruppe ist ein Pflichtfeld',
    });
  });

  it('are reported with file, path and the German message when they do not', async () => {
    const { raw, definition, stepOf } = await withSamples({
      userstories: { items: [{ role: 'nobody', priority: 'must', text: '' }] },
      goals: { answers: {} },
      competitors: { itmes: [] },
    });
    const file = (key: string) => `definitions/markenbriefing/steps/${key}/samples.de.json`;
    expect(ownSamples(stepOf('userstories'), raw, definition).problems).toEqual([
      {
        file: file('userstories'),
        path: '/items/0/role',
        message: 'Rolle: Bitte wählen Sie einen Eintrag aus der Liste.',
      },
      {
        file: file('userstories'),
        path: '/items/0/text',
        message: 'Ziel / Wunsch ist ein Pflichtfeld',
      },
    ]);
    expect(ownSamples(stepOf('goals'), raw, definition).problems).toEqual([
      {
        file: file('goals'),
        path: '',
        message: 'Ein Listen-Schritt bekommt seine Beispiele als „items“: [ {…}, {…} ].',
      },
    ]);
    expect(ownSamples(stepOf('competitors'), raw, definition).problems).toEqual([
      {
        file: file('competitors'),
        path: '/itmes',
        message: '„itmes“ ist hier nicht vorgesehen. Meinten Sie „items“?',
      },
    ]);
  });
});
