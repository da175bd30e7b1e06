import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  defaultDefinitionDirs,
  platformFormsDir,
  type DefinitionDirs,
} from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absolutePath, buildState } from './build-state.ts';

describe("the studio's view of a definition", () => {
  let root: string;
  let dirs: DefinitionDirs;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fragewerk-studio-state-'));
    dirs = {
      folder: path.join(root, 'definitions', 'markenbriefing'),
      presetsDir: path.join(root, 'presets'),
      formsDir: path.join(root, 'schemas', 'forms'),
    };
    await cp(defaultDefinitionDirs.folder, dirs.folder, { recursive: true });
    await cp(defaultDefinitionDirs.presetsDir, dirs.presetsDir, { recursive: true });
    await cp(platformFormsDir, dirs.formsDir!, { recursive: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('has samples for every step (by gender or group where the prose has variants) and every preset list with its uses', async () => {
    const { state, definition } = await buildState(dirs, 1, root);
    expect(state.problems).toEqual([]);
    expect(definition).toBeDefined();
    expect(Object.keys(state.samples)).toEqual(definition!.steps.map((step) => step.meta.key));
    expect(state.samples.personas!.context).toEqual({
      field: 'gender',
      title: 'Geschlecht',
      choices: [
        { value: 'male', label: 'männlich' },
        { value: 'female', label: 'weiblich' },
        { value: 'diverse', label: 'divers' },
      ],
    });
    // The goals' prose reads by group (its context is the goal's type): samples per group.
    expect(state.samples.goals).toMatchObject({
      source: 'generated',
      variants: {
        company: expect.any(Array),
        brand: expect.any(Array),
        user: expect.any(Array),
      },
    });
    const goals = state.presetLists.find((list) => list.reference === 'goals.company')!;
    expect(goals.file).toBe('presets/goals.de.json');
    expect(goals.usedBy).toEqual([
      { owner: 'goals', ownerTitle: 'Ziele', kind: 'step', field: 'goal', fieldTitle: 'Ziel' },
    ]);
    const avatar = state.presetLists.find((list) => list.reference === 'personas.avatars')!;
    expect(avatar.entries[0]!.image).toBe('/assets/presets/avatars/woman_office.svg?v=1');
    expect(
      state.presetLists.find((list) => list.reference === 'polarityprofile.attributes')!.usedBy,
    ).toEqual([
      {
        owner: 'polarityprofile',
        ownerTitle: 'Polaritätenprofil',
        kind: 'step',
        field: '*',
        fieldTitle: 'ein Feld je Eintrag',
      },
    ]);
  });

  it('keeps the checks of a revision whose schemas did not change, and has no preview for a broken one', async () => {
    const before = (await buildState(dirs, 1, root)).state;
    const step = path.join(dirs.folder, 'steps', 'goals', 'step.json');
    const text = await readFile(step, 'utf8');
    await writeFile(step, text.replace('Wohin soll die Reise gehen?', 'Wohin geht es?'));
    const relabelled = (await buildState(dirs, 2, root)).state;
    expect(relabelled.checksUrl).toBe(before.checksUrl);
    expect(
      relabelled.definition!.steps.find((candidate) => candidate.meta.key === 'goals')!.meta
        .heading,
    ).toBe('Wohin geht es?');

    await writeFile(step, '{ "key": "goals", ');
    const broken = await buildState(dirs, 3, root);
    expect(broken.state.definition).toBeNull();
    expect(broken.state.checksUrl).toBeNull();
    expect(broken.definition).toBeUndefined();
    expect(broken.state.problems).toEqual([
      {
        file: 'definitions/markenbriefing/steps/goals/step.json',
        path: '',
        message:
          'Kein gültiges JSON (Zeile 1, Spalte 19): Die Datei endet mitten im JSON – fehlt eine schließende Klammer?',
      },
    ]);
    expect(broken.state.paths).toEqual({
      'definitions/markenbriefing/steps/goals/step.json': step,
    });
    await writeFile(step, text);
  });

  it('finds the file of a problem in the questionnaire folder, the shared presets or the platform', () => {
    const { folder, presetsDir } = dirs;
    const forms = path.join(root, 'schemas', 'forms');
    expect(absolutePath('definitions/markenbriefing/steps/goals/ui.json', dirs)).toBe(
      path.join(folder, 'steps', 'goals', 'ui.json'),
    );
    expect(absolutePath('definitions/markenbriefing/presets/goals.de.json', dirs)).toBe(
      path.join(folder, 'presets', 'goals.de.json'),
    );
    expect(absolutePath('presets/goals.de.json', dirs)).toBe(
      path.join(presetsDir, 'goals.de.json'),
    );
    expect(absolutePath('schemas/forms/account.schema.json', dirs)).toBe(
      path.join(forms, 'account.schema.json'),
    );
    expect(absolutePath('schemas/api/user.schema.json', dirs)).toBe(
      path.join(root, 'schemas', 'api', 'user.schema.json'),
    );
  });
});
