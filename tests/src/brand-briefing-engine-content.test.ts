import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  answersOf,
  briefingMinutes,
  canonicalDefinitionJson,
  checkedDocuments,
  compileChecks,
  loadDefinition,
  ProseRenderer,
  stepProgress,
} from '@fragewerk/engine/core';
import {
  catalogueIds,
  DEFAULT_QUESTIONNAIRE,
  DEFINITIONS_FOLDER,
  loadDefinitionFromDisk,
  questionnaireDirs,
  readDefinitionDir,
  repositoryRoot,
} from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';
import { proseSamples } from '../../engine/src/core/prose-samples.ts';

/*
 * Facts of the shipped brand briefing the engine's unit tests once asserted while exercising
 * the mechanics; those now run on fixture questionnaires (tests/fixtures/catalogue), so what is
 * particular to the shipped catalogue is pinned here: the brand briefing's slugs, stages, enums,
 * completeness, time estimate and the reach of its generated answers; for every shipped
 * questionnaire that its compiled templates write what i18next does; and whose shared lists are whose.
 */

const definition = await loadDefinitionFromDisk(undefined, DEFAULT_QUESTIONNAIRE);
const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;

describe('the brand briefing’s steps as loaded', () => {
  it('has the stages and German slugs of docs/product.md#überblick', () => {
    expect(definition.stages.map((stage) => stage.title)).toEqual([
      'Business Insights',
      'Brand Insights',
      'User Insights',
    ]);
    expect(definition.steps.map((each) => [each.meta.key, each.meta.slug, each.stage])).toEqual([
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

  it('offers the brand personality’s genders without and its ages with „Sonstiges“', () => {
    const properties = step('brandpersonality').schema.properties as Record<
      string,
      { enum?: string[] }
    >;
    expect(properties.gender!.enum).toEqual(['male', 'female', 'diverse']);
    expect(properties.age!.enum).toContain('custom');
    expect(properties.age!.enum).toContain('age_26_35');
  });

  it('asks its polarity profile attribute by attribute, traditionell – modern among them', () => {
    const polarity = step('polarityprofile');
    const properties = polarity.schema.properties as Record<string, { title: string }>;
    expect(Object.keys(properties).every((name) => name.startsWith('attribute'))).toBe(true);
    expect(properties.attribute_traditional_modern!.title).toBe('traditionell – modern');
  });
});

describe('the brand briefing’s completeness', () => {
  it('stakeholders declare no minimum per group: one internal or external entry completes the step', () => {
    const isValid = checkedDocuments(compileChecks(definition));
    expect(step('stakeholders').meta.completeness).toBeUndefined();
    const entry = (is_external: boolean, type: string) => ({
      id: `00000000-0000-4000-8000-00000000000${is_external ? 1 : 2}`,
      version: 1,
      is_external,
      type,
      expectations: 'Klare Ziele',
      importance: 3,
    });
    for (const single of [entry(false, 'management'), entry(true, 'customers')])
      expect(stepProgress(step('stakeholders'), [single], isValid).state).toBe('complete');
  });
});

describe('the brand briefing’s time estimate', () => {
  it('counts its form steps’ fields without the „Sonstiges“ texts', () => {
    // gender, age, industry, job_definition, character_traits (custom_age, custom_industry not)
    expect(answersOf(step('brandpersonality'))).toBe(5);
    expect(answersOf(step('brandpositioning'))).toBe(6);
  });

  it('counts its list steps once per entry they need, without the group’s field', () => {
    // type, expectations, importance (is_external is set by the group, custom_type only for „Sonstiges“)
    expect(answersOf(step('stakeholders'))).toBe(3);
    // goal, goal_definition, importance – three times: one goal of each kind completes the step
    expect(answersOf(step('goals'))).toBe(9);
  });

  it('adds up to a multiple of five minutes', () => {
    const answers = definition.steps.reduce((sum, candidate) => sum + answersOf(candidate), 0);
    expect(briefingMinutes(definition)).toBe(Math.ceil(answers / 2 / 5) * 5);
  });
});

describe('the brand briefing’s generated answers', () => {
  it('reach every step with several combinations and every gender of its contexts', () => {
    const { samples } = proseSamples(definition);
    for (const candidate of definition.steps)
      expect(
        samples.filter((sample) => sample.step === candidate.meta.key).length,
        candidate.meta.key,
      ).toBeGreaterThan(1);
    for (const gender of ['male', 'female', 'diverse'])
      expect(samples.some((sample) => sample.data.gender === gender)).toBe(true);
    expect(samples.length).toBeGreaterThan(1000);
  });
});

describe.each(await catalogueIds(repositoryRoot))('the compiled prose templates of „%s“', (id) => {
  it('write the same prose as i18next for every generated answer combination', async () => {
    const shipped = await loadDefinitionFromDisk(undefined, id);
    const fast = new ProseRenderer(shipped);
    const slow = new ProseRenderer(shipped, { compiled: false });
    const { samples } = proseSamples(shipped);
    expect(samples.length).toBeGreaterThan(shipped.steps.length * 5);
    const render = (prose: ProseRenderer, key: string, data: Record<string, unknown>) => {
      const kind = shipped.steps.find((candidate) => candidate.meta.key === key)!.meta.kind;
      return kind === 'list'
        ? prose.describeItem(key, data)
        : { form: prose.describeForm(key, data), profile: prose.describeProfile(key, data) };
    };
    for (const sample of samples)
      expect(render(fast, sample.step, sample.data), `${sample.step}: ${sample.label}`).toEqual(
        render(slow, sample.step, sample.data),
      );
  });
});

describe('the shipped catalogue’s shared preset lists', () => {
  /** A copy of the repository's catalogue: `definitions/` and the shared `presets/` lists. */
  async function copiedCatalogue(): Promise<string> {
    const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-shared-presets-'));
    await cp(path.join(repositoryRoot, DEFINITIONS_FOLDER), path.join(root, DEFINITIONS_FOLDER), {
      recursive: true,
    });
    await cp(path.join(repositoryRoot, 'presets'), path.join(root, 'presets'), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}src`) && !source.endsWith('package.json'),
    });
    return root;
  }
  const canonical = async (root: string, id: string) =>
    canonicalDefinitionJson(loadDefinition(await readDefinitionDir(questionnaireDirs(root, id))));

  it('a change to the goals list makes a revision of the brand briefing alone', async () => {
    const root = await copiedCatalogue();
    const before = {
      brand: await canonical(root, 'markenbriefing'),
      relaunch: await canonical(root, 'website-relaunch'),
    };
    const file = path.join(root, 'presets', 'goals.de.json');
    const goals = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      { key: string; label: string }[]
    >;
    const [list] = Object.keys(goals).filter((key) => Array.isArray(goals[key]));
    goals[list!]![0]!.label = 'Ein anderes Ziel';
    await writeFile(file, JSON.stringify(goals));
    expect(await canonical(root, 'markenbriefing')).not.toBe(before.brand);
    expect(await canonical(root, 'website-relaunch')).toBe(before.relaunch);
  });

  it('the website relaunch takes neither the goals nor the polarity profile lists', async () => {
    const raw = await readDefinitionDir(questionnaireDirs(repositoryRoot, 'website-relaunch'));
    expect(Object.keys(raw.presets)).not.toContain('goals');
    expect(Object.keys(raw.presets)).not.toContain('polarityprofile');
  });
});
