import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueIds, DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserChecks,
  folderTextProblems,
  lintProblems,
  loadQuestionnaire,
  projectAnswers,
  proseContractProblems,
  resultsProblems,
  sampleValidationProblems,
  type Questionnaire,
} from './content-contract.ts';
import { copyRepositoryDefinition } from './fixture-definition.ts';

/*
 * A content editor adds a questionnaire by adding a folder (docs/editors-guide.md): a copy of the
 * website relaunch as „Kurzbriefing“ with only some of its steps is found in the catalogue, loads,
 * and passes the content contract – with no code and no fixture for it.
 */

const ID = 'kurzbriefing';

interface Manifest {
  id: string;
  title: string;
  description?: string;
  stages: { key: string; title: string; steps: string[] }[];
}

describe('a questionnaire added as a folder', () => {
  let root: string;
  let manifest: Manifest;
  let questionnaire: Questionnaire;
  beforeAll(async () => {
    root = await copyRepositoryDefinition('fragewerk-kurzbriefing-');
    const folder = path.join(root, DEFINITIONS_FOLDER, ID);
    await cp(path.join(root, DEFINITIONS_FOLDER, 'website-relaunch'), folder, { recursive: true });
    const file = path.join(folder, 'questionnaire.json');
    const relaunch = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    // The first step of each stage only; the other steps' folders are removed, as the lint
    // reports a folder the manifest does not name.
    const stages = relaunch.stages.map((stage) => ({ ...stage, steps: stage.steps.slice(0, 1) }));
    manifest = {
      ...relaunch,
      id: ID,
      title: 'Kurzbriefing',
      description: 'Das Wichtigste für eine neue Website in wenigen Schritten.',
      stages,
    };
    await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
    const kept = new Set(stages.flatMap((stage) => stage.steps));
    for (const stage of relaunch.stages)
      for (const step of stage.steps)
        if (!kept.has(step)) await rm(path.join(folder, 'steps', step), { recursive: true });
    questionnaire = await loadQuestionnaire(root, ID);
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is listed in the catalogue beside the shipped questionnaires', async () => {
    expect(await catalogueIds(root)).toEqual([
      'kurzbriefing',
      'markenbriefing',
      'website-relaunch',
    ]);
  });

  it('loads with its own id, title and only the steps its manifest names', () => {
    const { definition } = questionnaire;
    expect(definition).toMatchObject({ id: ID, title: 'Kurzbriefing' });
    expect(definition.steps.map((step) => step.meta.key)).toEqual(
      manifest.stages.flatMap((stage) => stage.steps),
    );
    expect(definition.steps.length).toBeLessThan(7);
  });

  it('passes the content contract', async () => {
    expect(await lintProblems(questionnaire)).toEqual([]);
    const { definition } = questionnaire;
    expect(sampleValidationProblems(definition, await browserChecks(definition)).problems).toEqual(
      [],
    );
    expect(proseContractProblems(definition).problems).toEqual([]);
    expect((await folderTextProblems(questionnaire)).problems).toEqual([]);
    expect(resultsProblems(definition, projectAnswers(definition)).problems).toEqual([]);
  }, 60_000);

  it('fails the contract when its manifest names a step that has no folder', async () => {
    const file = path.join(root, DEFINITIONS_FOLDER, ID, 'questionnaire.json');
    const broken = { ...manifest, stages: [{ ...manifest.stages[0]!, steps: ['gibt_es_nicht'] }] };
    await writeFile(file, JSON.stringify(broken));
    try {
      expect((await lintProblems(questionnaire)).length).toBeGreaterThan(0);
    } finally {
      await writeFile(file, JSON.stringify(manifest));
    }
  });

  it('fails the contract when a prose template has a doubled space and an ASCII umlaut', async () => {
    const key = manifest.stages[0]!.steps[0]!;
    const file = path.join(root, DEFINITIONS_FOLDER, ID, 'steps', key, 'prose.de.json');
    const original = await readFile(file, 'utf8');
    const texts = JSON.parse(original) as Record<string, Record<string, string>>;
    const block = texts.item ?? texts.form!;
    const [name, template] = Object.entries(block).find(([name]) => name !== 'title')!;
    block[name] = `${template} Das gilt fuer  alle.`;
    await writeFile(file, JSON.stringify(texts));
    try {
      const { problems } = proseContractProblems((await loadQuestionnaire(root, ID)).definition);
      expect(problems.some((problem) => problem.includes('„fuer“ mit Ersatz'))).toBe(true);
      expect(problems.some((problem) => problem.includes('doppeltes Leerzeichen'))).toBe(true);
    } finally {
      await writeFile(file, original);
    }
  });
});
