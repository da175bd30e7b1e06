import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDefinitionDirs } from '@fragewerk/engine/core/node';
import { afterEach, describe, expect, it } from 'vitest';
import { lintDefinition } from './lint-definition.ts';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A copy of our definition that a test may break. */
async function copyDefinition() {
  root = await mkdtemp(path.join(tmpdir(), 'fragewerk-lint-'));
  const dirs = { schemasDir: path.join(root, 'schemas'), presetsDir: path.join(root, 'presets') };
  await cp(defaultDefinitionDirs.schemasDir, dirs.schemasDir, { recursive: true });
  await cp(defaultDefinitionDirs.presetsDir, dirs.presetsDir, { recursive: true });
  return dirs;
}

async function edit(file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  change(json);
  await writeFile(file, JSON.stringify(json));
}

describe('definition lint', () => {
  it('finds nothing wrong with our definition', async () => {
    expect(await lintDefinition(defaultDefinitionDirs)).toEqual([]);
  });

  it('rejects an unregistered widget, a ui.json typo and an unknown prose variable', async () => {
    const dirs = await copyDefinition();
    const step = path.join(dirs.schemasDir, 'steps', 'competitors');
    await edit(path.join(step, 'ui.json'), (ui) => {
      (ui.importance as Record<string, string>)['ui:widget'] = 'rainbow';
      ui.nmae = { 'ui:widget': 'text' };
    });
    await edit(path.join(step, 'prose.de.json'), (prose) => {
      (prose.item as Record<string, string>).extra = 'Gegründet {{founded}}';
    });
    expect(await lintDefinition(dirs)).toEqual([
      'schemas/steps/competitors/ui.json: Widget „rainbow“ bei „importance“ ist nicht registriert.',
      'schemas/steps/competitors/ui.json: Feld „nmae“ gibt es im Schema nicht.',
      'schemas/steps/competitors/prose.de.json: Feld „founded“ gibt es im Schema nicht.',
    ]);
  });

  it('rejects a missing prose key the results view uses, and an unreferenced step folder', async () => {
    const dirs = await copyDefinition();
    await edit(path.join(dirs.schemasDir, 'steps', 'personas', 'prose.de.json'), (prose) => {
      delete (prose.item as Record<string, string>).title;
    });
    await cp(
      path.join(dirs.schemasDir, 'steps', 'goals'),
      path.join(dirs.schemasDir, 'steps', 'orphan'),
      {
        recursive: true,
      },
    );
    const problems = await lintDefinition(dirs);
    expect(problems).toContain('schemas/steps/personas/prose.de.json: „item.title“ fehlt.');
    expect(problems).toContain('schemas/steps/orphan: in questionnaire.json nicht eingetragen.');
  });

  it('rejects a preset reference that does not resolve and duplicate preset labels', async () => {
    const dirs = await copyDefinition();
    await edit(path.join(dirs.schemasDir, 'steps', 'userstories', 'schema.json'), (schema) => {
      (schema.properties as Record<string, Record<string, string>>).priority!['x-presets'] =
        'userstories.prio';
    });
    await edit(path.join(dirs.presetsDir, 'goals.de.json'), (presets) => {
      const company = presets.company as { label: string }[];
      company[1]!.label = company[0]!.label;
    });
    const problems = await lintDefinition(dirs);
    expect(problems).toEqual([
      'schemas/steps/userstories/schema.json: die Preset-Liste „userstories.prio“ existiert nicht.',
    ]);
    await edit(path.join(dirs.schemasDir, 'steps', 'userstories', 'schema.json'), (schema) => {
      (schema.properties as Record<string, Record<string, string>>).priority!['x-presets'] =
        'userstories.priorities';
    });
    expect(await lintDefinition(dirs)).toEqual([
      'presets/goals.de.json company: label „Umsatz steigern“ ist doppelt.',
    ]);
  });

  it('reports malformed JSON with the file name', async () => {
    const dirs = await copyDefinition();
    await writeFile(path.join(dirs.schemasDir, 'steps', 'goals', 'ui.json'), '{ "type": ');
    const [problem] = await lintDefinition(dirs);
    expect(problem).toMatch(/steps\/goals\/ui\.json: kein gültiges JSON/);
  });
});
