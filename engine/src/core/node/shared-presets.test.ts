import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalDefinitionJson } from '../definition-revision.ts';
import { loadDefinition } from '../load-definition.ts';
import {
  FIXTURE_BRIEF,
  FIXTURE_CATALOGUE,
  FIXTURE_SURVEY,
  FIXTURE_WIDGETS,
} from '../test/fixture-catalogue.ts';
import { questionnaireDirs, readDefinitionDir } from './read-definition-dir.ts';

/*
 * On a copy of the fixture catalogue: fixture-survey names the shared list presets/topics,
 * fixture-brief and fixture-widgets bring their own. (The shipped catalogue's shared lists are
 * checked in tests/src/brand-briefing-engine-content.test.ts.)
 */
async function copiedCatalogue(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-shared-presets-'));
  await cp(FIXTURE_CATALOGUE, root, { recursive: true });
  return root;
}

const canonical = async (root: string, id: string) =>
  canonicalDefinitionJson(loadDefinition(await readDefinitionDir(questionnaireDirs(root, id))));

describe('shared preset lists belong to the questionnaires that name them', () => {
  it('a change to a list only one questionnaire names makes a revision of it alone', async () => {
    const root = await copiedCatalogue();
    const ids = [FIXTURE_SURVEY, FIXTURE_BRIEF, FIXTURE_WIDGETS];
    const before = await Promise.all(ids.map((id) => canonical(root, id)));
    const file = path.join(root, 'presets', 'topics.de.json');
    const topics = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      { key: string; label: string }[]
    >;
    topics.topics![0]!.label = 'Ein anderes Thema';
    await writeFile(file, JSON.stringify(topics));
    const after = await Promise.all(ids.map((id) => canonical(root, id)));
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]).toContain('Ein anderes Thema');
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it('takes no shared list into a questionnaire whose schemas do not name it', async () => {
    const survey = await readDefinitionDir(questionnaireDirs(FIXTURE_CATALOGUE, FIXTURE_SURVEY));
    expect(Object.keys(survey.presets)).toContain('topics');
    for (const id of [FIXTURE_BRIEF, FIXTURE_WIDGETS]) {
      const raw = await readDefinitionDir(questionnaireDirs(FIXTURE_CATALOGUE, id));
      expect(Object.keys(raw.presets), id).not.toContain('topics');
    }
  });
});
