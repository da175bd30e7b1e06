import { loadDefinitionFromDisk, readDefinitionDir, defaultDefinitionDirs } from './node/index.ts';
import { describe, expect, it } from 'vitest';
import type { DefinitionProblem } from './definition-problems.ts';
import type { RawDefinition } from './definition-types.ts';
import { DefinitionError, loadDefinition } from './load-definition.ts';

const raw = await readDefinitionDir(defaultDefinitionDirs);
const copy = (): RawDefinition => structuredClone(raw);

function problemsOf(broken: RawDefinition): DefinitionProblem[] {
  try {
    loadDefinition(broken);
  } catch (error) {
    if (error instanceof DefinitionError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadDefinition', () => {
  it('loads the eight steps in the order of docs/product.md#überblick with their German slugs and stages', async () => {
    const definition = await loadDefinitionFromDisk(undefined);
    expect(definition.version).toBeGreaterThanOrEqual(1);
    expect(definition.stages.map((stage) => stage.title)).toEqual([
      'Business Insights',
      'Brand Insights',
      'User Insights',
    ]);
    expect(definition.steps.map((step) => [step.meta.key, step.meta.slug, step.stage])).toEqual([
      ['stakeholders', 'stakeholder', 'business'],
      ['competitors', 'wettbewerber', 'business'],
      ['goals', 'ziele', 'business'],
      ['brandpersonality', 'markenpersoenlichkeit', 'brand'],
      ['polarityprofile', 'polaritaetenprofil', 'brand'],
      ['brandpositioning', 'markenpositionierung', 'brand'],
      ['userstories', 'userstories', 'user'],
      ['personas', 'personas', 'user'],
    ]);
  });

  it('resolves preset references into enums, with "custom" where Sonstiges is allowed', async () => {
    const definition = await loadDefinitionFromDisk(undefined);
    const personality = definition.steps.find((step) => step.meta.key === 'brandpersonality')!;
    const properties = personality.schema.properties as Record<string, { enum?: string[] }>;
    expect(properties.gender!.enum).toEqual(['male', 'female', 'diverse']);
    expect(properties.age!.enum).toContain('custom');
    expect(properties.age!.enum).toContain('age_26_35');
  });

  it('turns the polarity presets into one property per attribute pair', async () => {
    const definition = await loadDefinitionFromDisk(undefined);
    const polarity = definition.steps.find((step) => step.meta.key === 'polarityprofile')!;
    const properties = polarity.schema.properties as Record<string, { title: string }>;
    const attributes = definition.presets.polarityprofile!.attributes!;
    expect(Object.keys(properties)).toEqual(attributes.map((entry) => entry.key));
    expect(Object.keys(properties).every((name) => name.startsWith('attribute'))).toBe(true);
    expect(properties.attribute_traditional_modern!.title).toBe('traditionell – modern');
    expect(polarity.ui.attribute_traditional_modern).toEqual({ 'ui:widget': 'polarity' });
  });

  it('reports an unknown preset list, a missing step folder and a broken step.json together', () => {
    const broken = copy();
    (
      broken.steps.goals!.schema as {
        allOf: { then: { properties: { goal: { 'x-presets': string } } } }[];
      }
    ).allOf[0]!.then.properties.goal['x-presets'] = 'goals.nonexistent';
    (broken.questionnaire as { stages: { steps: string[] }[] }).stages[0]!.steps.push('missing');
    (broken.steps.personas!.step as { kind: string }).kind = 'table';
    const problems = problemsOf(broken);
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/steps/goals/schema.json',
      path: '/allOf/0/then/properties/goal/x-presets',
      message: 'Die Preset-Liste „goals.nonexistent“ gibt es nicht.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/questionnaire.json',
      path: '/stages/0/steps/3',
      message: 'Zum Schritt „missing“ fehlt der Ordner definitions/markenbriefing/steps/missing.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/steps/personas/step.json',
      path: '/kind',
      message: '„table“ ist nicht möglich. Möglich sind: „list“, „form“.',
    });
  });

  it('rejects a duplicate slug, a missing help text and a schema that does not compile', () => {
    const broken = copy();
    (broken.steps.goals!.step as { slug: string }).slug = 'wettbewerber';
    broken.steps.userstories!.help = '  ';
    (
      broken.steps.personas!.schema as { properties: { age: { minimum: string } } }
    ).properties.age.minimum = 'eins';
    const problems = problemsOf(broken);
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/steps/goals/step.json',
      path: '/slug',
      message: 'Den Slug „wettbewerber“ hat schon der Schritt „competitors“.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/steps/userstories/help.de.md',
      path: '',
      message: 'Die Datei fehlt oder ist leer.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/markenbriefing/steps/personas/schema.json',
      path: '/properties/age/minimum',
      message: 'muss eine Zahl sein.',
    });
  });

  it('rejects a step keyed like a field of the project, beside which its answers would stand', () => {
    const broken = copy();
    broken.steps.progress = { ...structuredClone(raw.steps.goals!) };
    (broken.steps.progress.step as { key: string; slug: string }).key = 'progress';
    (broken.steps.progress.step as { key: string; slug: string }).slug = 'fortschritt';
    (broken.questionnaire as { stages: { steps: string[] }[] }).stages[0]!.steps.push('progress');
    expect(problemsOf(broken)).toEqual([
      {
        file: 'definitions/markenbriefing/questionnaire.json',
        path: '/stages/0/steps/3',
        message:
          '„progress“ ist ein Feld jedes Projekts; die Antworten eines Schritts stehen unter seinem Schlüssel daneben. Der Schritt braucht einen anderen Schlüssel.',
      },
    ]);
  });

  it('rejects a completeness setting asking for no entry or a negative one per group', () => {
    const broken = copy();
    (broken.steps.competitors!.step as Record<string, unknown>).completeness = { minItems: 0 };
    (broken.steps.goals!.step as Record<string, unknown>).completeness = {
      minItemsPerGroup: { company: -1 },
    };
    expect(problemsOf(broken)).toEqual([
      {
        file: 'definitions/markenbriefing/steps/competitors/step.json',
        path: '/completeness/minItems',
        message: 'muss mindestens 1 sein.',
      },
      {
        file: 'definitions/markenbriefing/steps/goals/step.json',
        path: '/completeness/minItemsPerGroup/company',
        message: 'muss mindestens 0 sein.',
      },
    ]);
  });

  it('rejects a preset entry keyed "custom", which is reserved for Sonstiges', () => {
    const broken = copy();
    (broken.presets.goals as { company: { key: string }[] }).company[0]!.key = 'custom';
    expect(problemsOf(broken)).toContainEqual({
      file: 'presets/goals.de.json',
      path: '/company/0/key',
      message: '„custom“ ist für „Sonstiges“ reserviert.',
    });
  });
});
