import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDefinitionDirs } from '@fragewerk/engine/core/node';
import { afterEach, describe, expect, it } from 'vitest';
import { chosenQuestionnaire, lintCatalogue } from './lint-definition-cli.ts';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A catalogue of two questionnaires: the brand briefing and a copy of it named `zweiter`. */
async function twoQuestionnaires() {
  root = await mkdtemp(path.join(tmpdir(), 'fragewerk-lint-cli-'));
  const definitions = path.join(root, 'definitions');
  await cp(defaultDefinitionDirs.folder, path.join(definitions, 'markenbriefing'), {
    recursive: true,
  });
  await cp(defaultDefinitionDirs.folder, path.join(definitions, 'zweiter'), { recursive: true });
  await cp(defaultDefinitionDirs.presetsDir, path.join(root, 'presets'), { recursive: true });
  const manifest = path.join(definitions, 'zweiter', 'questionnaire.json');
  const json = JSON.parse(await readFile(manifest, 'utf8')) as Record<string, unknown>;
  await writeFile(manifest, JSON.stringify({ ...json, id: 'zweiter' }));
  return { root, definitions };
}

/** Runs the lint on `catalogue`; returns the exit code and what it printed, line by line. */
async function run(catalogue: string, args: string[] = []) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await lintCatalogue(
    args,
    { DEFINITION_DIR: catalogue },
    (text) => out.push(text),
    (text) => errors.push(text),
  );
  return { code, out, errors };
}

describe('definition:lint over the catalogue', () => {
  it('names every questionnaire that is in order', async () => {
    const { root } = await twoQuestionnaires();
    expect(await run(root)).toEqual({
      code: 0,
      out: ['Fragebogen „markenbriefing“ in Ordnung.', 'Fragebogen „zweiter“ in Ordnung.'],
      errors: [],
    });
  });

  it('fails when one questionnaire is broken and names it with its problem', async () => {
    const { root, definitions } = await twoQuestionnaires();
    await writeFile(path.join(definitions, 'zweiter', 'steps', 'goals', 'ui.json'), '{ "type": ');
    const { code, out, errors } = await run(root);
    expect(code).toBe(1);
    expect(out).toEqual(['Fragebogen „markenbriefing“ in Ordnung.']);
    expect(errors).toEqual([
      'Fragebogen „zweiter“ fehlerhaft (ein Problem):\n- definitions/zweiter/steps/goals/ui.json: Kein gültiges JSON (Zeile 1, Spalte 11): Die Datei endet mitten im JSON – fehlt eine schließende Klammer?',
    ]);
  });

  it('lints only the questionnaire --fragebogen names', async () => {
    const { root, definitions } = await twoQuestionnaires();
    await writeFile(path.join(definitions, 'zweiter', 'steps', 'goals', 'ui.json'), '{ "type": ');
    expect(await run(root, ['--fragebogen', 'markenbriefing'])).toEqual({
      code: 0,
      out: ['Fragebogen „markenbriefing“ in Ordnung.'],
      errors: [],
    });
    const broken = await run(root, ['--fragebogen', 'zweiter']);
    expect(broken.code).toBe(1);
    expect(broken.errors[0]).toMatch(/^Fragebogen „zweiter“ fehlerhaft/);
  });

  it('names the questionnaires there are when --fragebogen names none of them', async () => {
    const { root } = await twoQuestionnaires();
    const { code, errors } = await run(root, ['--fragebogen', 'relaunch']);
    expect(code).toBe(1);
    expect(errors).toEqual([
      `Den Fragebogen „relaunch“ gibt es in ${root} nicht. Vorhanden: „markenbriefing“, „zweiter“.`,
    ]);
  });

  it('reads the option and its value', () => {
    expect(chosenQuestionnaire([])).toBeUndefined();
    expect(chosenQuestionnaire(['--fragebogen', 'markenbriefing'])).toBe('markenbriefing');
    expect(chosenQuestionnaire(['--fragebogen'])).toBe('');
  });
});
