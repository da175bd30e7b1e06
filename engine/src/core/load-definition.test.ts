import { describe, expect, it } from 'vitest';
import type { DefinitionProblem } from './definition-problems.ts';
import type { RawDefinition } from './definition-types.ts';
import { DefinitionError, loadDefinition } from './load-definition.ts';
import { FIXTURE_SURVEY, FIXTURE_WIDGETS, readFixture } from './test/fixture-catalogue.ts';

/*
 * The loader on the fixture questionnaire fixture-widgets and broken copies of it; the brand
 * briefing's own steps, slugs and stages are pinned in tests/src/brand-briefing-content.test.ts.
 */
const raw = await readFixture(FIXTURE_WIDGETS);
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
  it('loads the steps in questionnaire order with their German slugs and stages', () => {
    const definition = loadDefinition(copy());
    expect(definition.version).toBeGreaterThanOrEqual(1);
    expect(definition.id).toBe(FIXTURE_WIDGETS);
    expect(definition.stages.map((stage) => stage.title)).toEqual(['Listen', 'Formulare']);
    expect(definition.steps.map((step) => [step.meta.key, step.meta.slug, step.stage])).toEqual([
      ['rivals', 'mitbewerber', 'lists'],
      ['contacts', 'kontakte', 'lists'],
      ['people', 'personen', 'lists'],
      ['profile', 'profil', 'forms'],
      ['scale', 'skala', 'forms'],
      ['statement', 'leitsatz', 'forms'],
    ]);
  });

  it('resolves preset references into enums, with "custom" where Sonstiges is allowed', () => {
    const definition = loadDefinition(copy());
    const properties = (key: string) =>
      definition.steps.find((step) => step.meta.key === key)!.schema.properties as Record<
        string,
        { enum?: string[] }
      >;
    expect(properties('people').gender!.enum).toEqual(['male', 'female', 'diverse']);
    expect(properties('profile').gender!.enum).toEqual(['male', 'female', 'diverse', 'custom']);
  });

  it('turns the polarity presets into one property per attribute pair', () => {
    const definition = loadDefinition(copy());
    const polarity = definition.steps.find((step) => step.meta.key === 'scale')!;
    const properties = polarity.schema.properties as Record<string, { title: string }>;
    const attributes = definition.presets.widgets!.attributes!;
    expect(Object.keys(properties)).toEqual(attributes.map((entry) => entry.key));
    expect(Object.keys(properties).every((name) => name.startsWith('attribute'))).toBe(true);
    expect(properties.attribute_traditional_modern!.title).toBe('traditionell – modern');
    expect(polarity.ui.attribute_traditional_modern).toEqual({ 'ui:widget': 'polarity' });
  });

  it('reports an unknown preset list, a missing step folder and a broken step.json together', () => {
    const broken = copy();
    (
      broken.steps.contacts!.schema as {
        allOf: { then: { properties: { type: { 'x-presets': string } } } }[];
      }
    ).allOf[0]!.then.properties.type['x-presets'] = 'widgets.nonexistent';
    (broken.questionnaire as { stages: { steps: string[] }[] }).stages[0]!.steps.push('missing');
    (broken.steps.people!.step as { kind: string }).kind = 'table';
    const problems = problemsOf(broken);
    expect(problems).toContainEqual({
      file: 'definitions/fixture-widgets/steps/contacts/schema.json',
      path: '/allOf/0/then/properties/type/x-presets',
      message: 'Die Preset-Liste „widgets.nonexistent“ gibt es nicht.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/fixture-widgets/questionnaire.json',
      path: '/stages/0/steps/3',
      message: 'Zum Schritt „missing“ fehlt der Ordner definitions/fixture-widgets/steps/missing.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/fixture-widgets/steps/people/step.json',
      path: '/kind',
      message: '„table“ ist nicht möglich. Möglich sind: „list“, „form“.',
    });
  });

  it('rejects a duplicate slug, a missing help text and a schema that does not compile', () => {
    const broken = copy();
    (broken.steps.contacts!.step as { slug: string }).slug = 'mitbewerber';
    broken.steps.statement!.help = '  ';
    (
      broken.steps.people!.schema as { properties: { age: { minimum: string } } }
    ).properties.age.minimum = 'eins';
    const problems = problemsOf(broken);
    expect(problems).toContainEqual({
      file: 'definitions/fixture-widgets/steps/contacts/step.json',
      path: '/slug',
      message: 'Den Slug „mitbewerber“ hat schon der Schritt „rivals“.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/fixture-widgets/steps/statement/help.de.md',
      path: '',
      message: 'Die Datei fehlt oder ist leer.',
    });
    expect(problems).toContainEqual({
      file: 'definitions/fixture-widgets/steps/people/schema.json',
      path: '/properties/age/minimum',
      message: 'muss eine Zahl sein.',
    });
  });

  it('rejects a step keyed like a field of the project, beside which its answers would stand', () => {
    const broken = copy();
    broken.steps.progress = { ...structuredClone(raw.steps.contacts!) };
    (broken.steps.progress.step as { key: string; slug: string }).key = 'progress';
    (broken.steps.progress.step as { key: string; slug: string }).slug = 'fortschritt';
    (broken.questionnaire as { stages: { steps: string[] }[] }).stages[0]!.steps.push('progress');
    expect(problemsOf(broken)).toEqual([
      {
        file: 'definitions/fixture-widgets/questionnaire.json',
        path: '/stages/0/steps/3',
        message:
          '„progress“ ist ein Feld jedes Projekts; die Antworten eines Schritts stehen unter seinem Schlüssel daneben. Der Schritt braucht einen anderen Schlüssel.',
      },
    ]);
  });

  it('rejects a step keyed like an address of every project (the route of its answers)', () => {
    const broken = copy();
    broken.steps.invitations = { ...structuredClone(raw.steps.contacts!) };
    (broken.steps.invitations.step as { key: string; slug: string }).key = 'invitations';
    (broken.steps.invitations.step as { key: string; slug: string }).slug = 'einladungen';
    (broken.questionnaire as { stages: { steps: string[] }[] }).stages[0]!.steps.push(
      'invitations',
    );
    expect(problemsOf(broken)).toEqual([
      {
        file: 'definitions/fixture-widgets/questionnaire.json',
        path: '/stages/0/steps/3',
        message:
          '„invitations“ ist eine Adresse jedes Projekts (/api/projects/{id}/invitations); die Antworten eines Schritts stehen unter seinem Schlüssel. Der Schritt braucht einen anderen Schlüssel.',
      },
    ]);
  });

  it('rejects a completeness setting asking for no entry or a negative one per group', () => {
    const broken = copy();
    (broken.steps.rivals!.step as Record<string, unknown>).completeness = { minItems: 0 };
    (broken.steps.contacts!.step as Record<string, unknown>).completeness = {
      minItemsPerGroup: { internal: -1 },
    };
    expect(problemsOf(broken)).toEqual([
      {
        file: 'definitions/fixture-widgets/steps/rivals/step.json',
        path: '/completeness/minItems',
        message: 'muss mindestens 1 sein.',
      },
      {
        file: 'definitions/fixture-widgets/steps/contacts/step.json',
        path: '/completeness/minItemsPerGroup/internal',
        message: 'muss mindestens 0 sein.',
      },
    ]);
  });

  it('rejects a preset entry keyed "custom", which is reserved for Sonstiges', async () => {
    const broken = copy();
    (broken.presets.widgets as { internal: { key: string }[] }).internal[0]!.key = 'custom';
    expect(problemsOf(broken)).toContainEqual({
      file: 'definitions/fixture-widgets/presets/widgets.de.json',
      path: '/internal/0/key',
      message: '„custom“ ist für „Sonstiges“ reserviert.',
    });
    // A list of the catalogue's shared presets is named by its place there.
    const survey = await readFixture(FIXTURE_SURVEY);
    (survey.presets.topics as { topics: { key: string }[] }).topics[0]!.key = 'custom';
    expect(problemsOf(survey)).toContainEqual({
      file: 'presets/topics.de.json',
      path: '/topics/0/key',
      message: '„custom“ ist für „Sonstiges“ reserviert.',
    });
  });
});
