import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createValidator, formatProblem } from '@fragewerk/engine/core';
import {
  DEFAULT_QUESTIONNAIRE,
  loadDefinitionFromDisk,
  questionnaireDirs,
} from '@fragewerk/engine/core/node';
import { afterEach, describe, expect, it } from 'vitest';
import { RELAUNCH_STEP, relaunchStepFiles } from '../../engine/src/core/test/relaunch-step.ts';
import { lintDefinition as lintProblems } from '../../tools/src/lint-definition.ts';
import { sampleAnswers } from '../../tools/src/sample-answers.ts';
import { brandBriefingIn, copyRepositoryDefinition } from './fixture-definition.ts';

/*
 * The widgets date, range and url-list as a content editor uses them: the engine's relaunch
 * fixture step written as files into a copy of our definition, through the definition lint and
 * the studio's sample answers.
 */

const lintDefinition = async (root: string) =>
  (await lintProblems(questionnaireDirs(root, DEFAULT_QUESTIONNAIRE))).map(formatProblem);

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

async function edit(file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  change(json);
  await writeFile(file, JSON.stringify(json));
}
describe('the widgets date, range and url-list', () => {
  /** Our definition with the relaunch fixture step written as files, as an editor would. */
  async function withRelaunchStep() {
    root = await copyRepositoryDefinition('fragewerk-relaunch-');
    const folder = path.join(brandBriefingIn(root), 'steps', RELAUNCH_STEP);
    const files = relaunchStepFiles();
    await mkdir(folder);
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    await writeFile(path.join(folder, 'step.json'), json(files.step));
    await writeFile(path.join(folder, 'schema.json'), json(files.schema));
    await writeFile(path.join(folder, 'ui.json'), json(files.ui));
    await writeFile(path.join(folder, 'prose.de.json'), json(files.prose));
    await writeFile(path.join(folder, 'help.de.md'), `${files.help!}\n`);
    await edit(path.join(brandBriefingIn(root), 'questionnaire.json'), (questionnaire) => {
      (questionnaire.stages as { steps: string[] }[])[0]!.steps.push(RELAUNCH_STEP);
    });
    return { dir: root, folder };
  }

  it('accepts a step that uses them as documented, and its studio samples pass its rules', async () => {
    const { dir } = await withRelaunchStep();
    expect(await lintDefinition(dir)).toEqual([]);
    const definition = await loadDefinitionFromDisk(dir);
    const step = definition.steps.find((candidate) => candidate.meta.key === RELAUNCH_STEP)!;
    const validate = createValidator(definition)(`step:${RELAUNCH_STEP}`);
    const samples = sampleAnswers(step, { count: 4 });
    for (const answers of [samples].flat()) {
      expect(validate(answers)).toMatchObject({ valid: true });
      expect(answers).toMatchObject({
        budget: { min: expect.any(Number), max: expect.any(Number) },
        references: [expect.stringMatching(/^https:\/\/www\./), expect.any(String)],
      });
    }
  });

  it('rejects a widget on a field of another shape, and a range or address list without its widget', async () => {
    const { dir, folder } = await withRelaunchStep();
    await edit(path.join(folder, 'ui.json'), (ui) => {
      ui.launch = { 'ui:widget': 'range' };
      ui.budget = { 'ui:widget': 'text' };
      ui.references = {};
      ui.pages = { 'ui:widget': 'url-list' };
    });
    await edit(path.join(folder, 'schema.json'), (schema) => {
      const properties = schema.properties as Record<string, Record<string, unknown>>;
      properties.note = { type: 'string', title: 'Notiz' };
    });
    await edit(path.join(folder, 'ui.json'), (ui) => {
      ui.note = { 'ui:widget': 'date' };
    });
    expect(await lintDefinition(dir)).toEqual([
      'definitions/markenbriefing/steps/relaunch/ui.json /launch/ui:widget: „range“ braucht ein Objekt mit "x-range": true und den Feldern „min“ und „max“ im Schema.',
      'definitions/markenbriefing/steps/relaunch/ui.json /pages/ui:widget: „url-list“ braucht eine Liste ("type": "array"), deren Einträge "format": "uri" oder "x-normalize": "url" haben.',
      'definitions/markenbriefing/steps/relaunch/ui.json /note/ui:widget: „date“ braucht einen Text mit "format": "date" im Schema.',
      'definitions/markenbriefing/steps/relaunch/ui.json /budget: „budget“ ist eine Spanne ("x-range"): Sie braucht "ui:widget": "range".',
      'definitions/markenbriefing/steps/relaunch/ui.json /pages: „pages“ ist eine Spanne ("x-range"): Sie braucht "ui:widget": "range".',
      'definitions/markenbriefing/steps/relaunch/ui.json /references: „references“ ist eine Liste von Adressen: Sie braucht "ui:widget": "url-list".',
    ]);
  });

  it('rejects a misspelt x-range or an x-unit with spaces through the meta-schema', async () => {
    const { dir, folder } = await withRelaunchStep();
    await edit(path.join(folder, 'schema.json'), (schema) => {
      const properties = schema.properties as Record<string, Record<string, unknown>>;
      properties.budget!['x-range'] = 'ja';
      properties.pages!['x-unit'] = ' Seiten';
    });
    expect(await lintDefinition(dir)).toEqual([
      'definitions/markenbriefing/steps/relaunch/schema.json /properties/budget/x-range: „ja“: Eine Spanne wird so markiert: "x-range": true.',
      'definitions/markenbriefing/steps/relaunch/schema.json /properties/pages/x-unit: „ Seiten“: Die Einheit beginnt und endet ohne Leerzeichen.',
    ]);
  });
});
