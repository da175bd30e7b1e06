import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fieldKinds, ProseRenderer } from '@fragewerk/engine/core';
import {
  DEFAULT_QUESTIONNAIRE,
  loadDefinitionFromDisk,
  questionnaireDirs,
  repositoryRoot,
} from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';
import { PROJECT_FIELDS } from '../../engine/src/core/project-fields.ts';
import type { Answers } from '../../tools/src/sample-answers.ts';
import { renderedSample } from './content-contract.ts';

/*
 * What is particular to the second briefing, „Website-Relaunch“ (definitions/website-relaunch):
 * its manifest, its widgets' exact sentences and its number agreement. What every questionnaire
 * must keep (lint, answers, prose, results, language) the content contract checks
 * (content-contract.test.ts).
 */

const ID = 'website-relaunch';
const { folder } = questionnaireDirs(repositoryRoot, ID);
const definition = await loadDefinitionFromDisk(undefined, ID);
const prose = new ProseRenderer(definition);

const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;
const linesOf = (key: string, data: Answers) =>
  renderedSample(definition, prose, step(key), 'Prüfung', data).lines;

describe('the questionnaire „Website-Relaunch“', () => {
  it('has a catalogue manifest and at least 7 steps in at least 2 stages, keyed apart from the brand briefing and the project', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(folder, 'questionnaire.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({ id: ID, title: 'Website-Relaunch', version: 1 });
    expect(manifest.description).toMatch(/^\p{Lu}[^.!?]*\.$/u);
    expect(definition).toMatchObject({ id: ID, title: 'Website-Relaunch' });
    expect(definition.stages.length).toBeGreaterThanOrEqual(2);
    expect(definition.steps.length).toBeGreaterThanOrEqual(7);
    const brandKeys = await readdir(
      path.join(questionnaireDirs(repositoryRoot, DEFAULT_QUESTIONNAIRE).folder, 'steps'),
    );
    for (const { meta } of definition.steps) {
      expect(PROJECT_FIELDS.has(meta.key)).toBe(false);
      expect(brandKeys).not.toContain(meta.key);
    }
    const kinds = definition.steps.flatMap((candidate) =>
      [...fieldKinds(candidate.schema).values()].map(({ kind }) => kind),
    );
    expect(kinds).toEqual(expect.arrayContaining(['date', 'range', 'url-list']));
  });

  it('writes the new widgets as the agency hands them on: budget, launch date, addresses', () => {
    // Intl writes a no-break space between amount and currency.
    expect(
      linesOf('project_frame', { budget: { min: 20000, max: 40000 }, launch: '2027-03-15' }),
    ).toEqual([
      'Für den Relaunch sind netto 20.000\u00a0€ bis 40.000\u00a0€ eingeplant.',
      'Die neue Website soll am 15. März 2027 online gehen.',
    ]);
    expect(linesOf('project_frame', { budget: { min: 20000 } })).toEqual([
      'Für den Relaunch sind netto ab 20.000\u00a0€ eingeplant.',
    ]);
    expect(linesOf('project_frame', { budget: { max: 40000 } })).toEqual([
      'Für den Relaunch sind netto bis 40.000\u00a0€ eingeplant.',
    ]);
    expect(
      linesOf('current_site', {
        addresses: ['https://www.beispiel.de', 'https://shop.beispiel.de'],
      }),
    ).toEqual([]);
    // The addresses are the links below the step's sentences: no sentence repeats them (#38).
  });

  it('agrees in number: one decision maker decides, several decide', () => {
    expect(linesOf('project_frame', { decision_makers: ['management'] })).toEqual([
      'Über die Website entscheidet die Geschäftsführung.',
    ]);
    expect(linesOf('project_frame', { decision_makers: ['management', 'marketing'] })).toEqual([
      'Über die Website entscheiden die Geschäftsführung und das Marketing.',
    ]);
  });
});
