import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createValidator,
  displayValues,
  fieldKinds,
  formatProblem,
  ProseRenderer,
  type Definition,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { definitionDirsAbove, loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { afterAll, describe, expect, it } from 'vitest';
import {
  missingSentenceForms,
  proseProblems,
  proseSampleDocument,
  proseSamples,
  type ProseSample,
} from '../../engine/src/core/prose-samples.ts';
import { PROJECT_FIELDS } from '../../engine/src/core/project-fields.ts';
import { lintDefinition } from '../../tools/src/lint-definition.ts';
import { sampleAnswers, type Answers } from '../../tools/src/sample-answers.ts';
import { catalogueFolder, composeCatalogueDefinition } from './catalogue-definition.ts';
import { genderProblems } from './gender-problems.ts';

/*
 * The content contract of the second briefing, „Website-Relaunch“ (definitions/website-relaunch,
 * issue #36): it loads and lints like the brand briefing, its generated answers pass its own
 * rules, its prose reads like an editor's for every combination, and its texts are gender-fair.
 */

const ID = 'website-relaunch';
const { root, dirs, manifest } = await composeCatalogueDefinition(ID);
afterAll(() => rm(root, { recursive: true, force: true }));
const definition = await loadDefinitionFromDisk(root);
const prose = new ProseRenderer(definition);
const validators = createValidator(definition);

/** Written for proofreading, beside the brand briefing's test-results/prose-samples.md. */
const SAMPLE_FILE = path.resolve(
  import.meta.dirname,
  '../../test-results/website-relaunch-prose-samples.md',
);

/**
 * The prose check makes its texts from the fields' placeholders; a date field has none (the
 * browser's date input shows its own), so the check gets an ISO date as the example.
 */
function withDateExamples(source: Definition): Definition {
  return {
    ...source,
    steps: source.steps.map((step) => {
      const dates = [...fieldKinds(step.schema)].filter(([, { kind }]) => kind === 'date');
      if (!dates.length) return step;
      const ui = { ...step.ui };
      for (const [name] of dates)
        ui[name] = { ...(ui[name] as object), 'ui:placeholder': 'z. B. 2027-03-15' };
      return { ...step, ui };
    }),
  };
}

/** A rendered answer in the form the prose check reads. */
function rendered(step: StepDefinition, label: string, data: Answers): ProseSample {
  const { title, lines } =
    step.meta.kind === 'list'
      ? prose.describeItem(step.meta.key, data)
      : {
          title: '',
          lines: [
            ...prose.describeForm(step.meta.key, data),
            ...(prose.describeProfile(step.meta.key, data)?.sentences ?? []),
          ],
        };
  const singles = Object.values(displayValues(definition, step, data, { sentence: true }))
    .filter((value): value is string[] => Array.isArray(value) && value.length === 1)
    .map((value) => value[0]!);
  return { step: step.meta.key, label, data, title, lines, singles };
}

const step = (key: string) => definition.steps.find((candidate) => candidate.meta.key === key)!;
const linesOf = (key: string, data: Answers) => rendered(step(key), 'Prüfung', data).lines;

describe('the questionnaire „Website-Relaunch“', () => {
  it('has a catalogue manifest and at least 7 steps in at least 2 stages, keyed apart from the brand briefing and the project', async () => {
    expect(manifest).toMatchObject({ id: ID, title: 'Website-Relaunch', version: 1 });
    expect(manifest.description).toMatch(/^\p{Lu}[^.!?]*\.$/u);
    expect(definition.stages.length).toBeGreaterThanOrEqual(2);
    expect(definition.steps.length).toBeGreaterThanOrEqual(7);
    const brandKeys = await readdir(
      path.join(definitionDirsAbove(process.cwd()).schemasDir, 'steps'),
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

  it('passes the definition lint of `npm run definition:lint` without a problem', async () => {
    expect((await lintDefinition(dirs)).map(formatProblem)).toEqual([]);
  });

  it('accepts the studio’s sample answers of every step, with one entry, several and „Sonstiges“', () => {
    let checked = 0;
    for (const candidate of definition.steps) {
      const validate = validators(`step:${candidate.meta.key}`);
      const counts = candidate.meta.kind === 'list' ? [1, 3, 6] : [undefined];
      for (const count of counts) {
        const answers = [sampleAnswers(candidate, { count, definition })].flat();
        for (const answer of answers) {
          expect(validate(answer), `${candidate.meta.key}: ${JSON.stringify(answer)}`).toEqual(
            expect.objectContaining({ valid: true }),
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('renders prose an editor would sign for every generated combination, every option and every context', async () => {
    const generated = proseSamples(withDateExamples(definition));
    expect(generated.rejected).toEqual([]);
    expect(generated.uncovered).toEqual([]);
    for (const { meta } of definition.steps)
      expect(generated.samples.filter((sample) => sample.step === meta.key).length).toBeGreaterThan(
        1,
      );
    // The studio's answers, and the widgets the generator leaves out (a range on one side).
    const studio = definition.steps.flatMap((candidate) =>
      (candidate.meta.kind === 'list' ? [1, 3, 6] : [undefined]).flatMap((count) =>
        [sampleAnswers(candidate, { count, definition })]
          .flat()
          .map((answer, index) => rendered(candidate, `Studio ${count ?? 1}/${index}`, answer)),
      ),
    );
    const frame = step('project_frame');
    const ranges = [{ min: 20000 }, { max: 40000 }, { min: 20000, max: 40000 }].map((budget) =>
      rendered(frame, `budget = ${JSON.stringify(budget)}`, { budget, launch: '2027-03-15' }),
    );
    const samples = [...generated.samples, ...studio, ...ranges];
    const problems = samples.flatMap((sample) =>
      proseProblems(sample, definition).map(
        (problem) => `${sample.step} (${sample.label}): ${problem}`,
      ),
    );
    expect([...new Set(problems)]).toEqual([]);
    expect(missingSentenceForms(definition)).toEqual([]);
    await mkdir(path.dirname(SAMPLE_FILE), { recursive: true });
    await writeFile(SAMPLE_FILE, proseSampleDocument(definition, samples));
    expect(samples.length).toBeGreaterThan(300);
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
    ).toEqual([
      'Die heutige Website ist unter https://www.beispiel.de und https://shop.beispiel.de zu erreichen.',
    ]);
  });

  it('names no prose template like the start of another one (`launch` beside `launch_reason`)', () => {
    // The renderer gathers the variables of a template's variants by the prefix `<key>_`, so
    // `launch` would wait for `launch_reason`'s value, too, and vanish without it.
    const clashes = definition.steps.flatMap(({ meta, prose: resources }) => {
      const block = resources[meta.kind === 'list' ? 'item' : 'form'];
      const keys = Object.keys(typeof block === 'object' ? block : {}).map((key) =>
        key.replace(/_(?:one|other)$/u, ''),
      );
      return keys.flatMap((key) =>
        keys
          .filter((other) => other !== key && other.startsWith(`${key}_`))
          .map((other) => `${meta.key}: ${key} / ${other}`),
      );
    });
    expect([...new Set(clashes)]).toEqual([]);
  });

  it('agrees in number: one decision maker decides, several decide', () => {
    expect(linesOf('project_frame', { decision_makers: ['management'] })).toEqual([
      'Über die Website entscheidet die Geschäftsführung.',
    ]);
    expect(linesOf('project_frame', { decision_makers: ['management', 'marketing'] })).toEqual([
      'Über die Website entscheiden die Geschäftsführung und das Marketing.',
    ]);
  });

  it('uses gender-fair language in every file of the folder', async () => {
    const folder = catalogueFolder(ID);
    const files = (await readdir(folder, { recursive: true })).filter((file) =>
      /\.(?:json|md)$/u.test(file),
    );
    const texts: [string, string][] = [];
    const strings = (node: unknown, at: string): void => {
      if (typeof node === 'string') texts.push([at, node]);
      else if (Array.isArray(node))
        node.forEach((value, index) => strings(value, `${at}/${index}`));
      else if (typeof node === 'object' && node !== null)
        for (const [key, value] of Object.entries(node)) strings(value, `${at}/${key}`);
    };
    for (const file of files) {
      const text = await readFile(path.join(folder, file), 'utf8');
      if (file.endsWith('.md')) texts.push([file, text]);
      else strings(JSON.parse(text), file);
    }
    expect(files.length).toBeGreaterThan(40);
    const problems = texts
      .filter(([, text]) => !/^[\w.:$/#-]*$/u.test(text))
      .flatMap(([at, text]) =>
        genderProblems(text).map((problem) => `${at}: ${problem} in „${text}“`),
      );
    expect(problems).toEqual([]);
  });
});
