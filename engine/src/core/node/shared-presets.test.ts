import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalDefinitionJson } from '../definition-revision.ts';
import { loadDefinition } from '../load-definition.ts';
import {
  DEFINITIONS_FOLDER,
  questionnaireDirs,
  readDefinitionDir,
  repositoryRoot,
} from './read-definition-dir.ts';

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

describe('shared preset lists belong to the questionnaires that name them', () => {
  it('a change to a list only the brand briefing names makes a revision of it alone', async () => {
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
    const [list] = Object.keys(goals);
    goals[list!]![0]!.label = 'Ein anderes Ziel';
    await writeFile(file, JSON.stringify(goals));
    expect(await canonical(root, 'markenbriefing')).not.toBe(before.brand);
    expect(await canonical(root, 'website-relaunch')).toBe(before.relaunch);
  });

  it('takes no shared list into a questionnaire whose schemas do not name it', async () => {
    const dirs = questionnaireDirs(repositoryRoot, 'website-relaunch');
    const raw = await readDefinitionDir(dirs);
    expect(Object.keys(raw.presets)).not.toContain('goals');
    expect(Object.keys(raw.presets)).not.toContain('polarityprofile');
  });
});
