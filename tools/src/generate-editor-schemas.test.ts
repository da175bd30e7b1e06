import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createAjv } from '@fragewerk/engine/core';
import { repositoryRoot } from '@fragewerk/engine/core/node';
import { glob } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EDITOR_SCHEMAS, generateEditorSchemas } from './generate-editor-schemas.ts';

const root = repositoryRoot;
const definitionFolders = [root, path.join(root, 'tests', 'fixtures', 'definition')];

/** The committed editor schema of a file type, compiled as an editor would read it. */
async function compiled(name: string) {
  const text = await readFile(
    path.join(root, 'schemas', 'editor-schemas', `${name}.schema.json`),
    'utf8',
  );
  const { $schema: _draft, ...schema } = JSON.parse(text) as Record<string, unknown>;
  // Not strict: VS Code's own keywords (patternErrorMessage) are annotations to any validator.
  return createAjv({ strict: false }).compile(schema);
}

describe('editor schemas', () => {
  it('match the committed files in schemas/editor-schemas/ and .vscode/settings.json', async () => {
    const files = await generateEditorSchemas();
    expect(files.size).toBe(EDITOR_SCHEMAS.length + 1);
    for (const [file, text] of files)
      expect(await readFile(path.join(root, file), 'utf8'), file).toBe(text);
  });

  it('accept every definition file of the repository and of the fixture', async () => {
    let checked = 0;
    for (const { name, files } of EDITOR_SCHEMAS) {
      const validate = await compiled(name);
      for (const folder of definitionFolders)
        for (const pattern of files)
          for await (const file of glob(pattern, { cwd: folder })) {
            const data = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as unknown;
            expect(validate(data) ? [] : validate.errors, file).toEqual([]);
            checked += 1;
          }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('underline what the loader rejects: an unknown widget, a typo in step.json, a preset key', async () => {
    const ui = await compiled('ui');
    expect(ui({ name: { 'ui:widget': 'text' } })).toBe(true);
    expect(ui({ name: { 'ui:widget': 'rainbow' } })).toBe(false);
    expect(ui({ name: { 'ui:widgte': 'text' } })).toBe(false);
    // `$schema` names the editor schema in the file itself; the loader ignores it.
    expect(ui({ $schema: '../../../../schemas/editor-schemas/ui.schema.json' })).toBe(true);

    const step = await compiled('step');
    const goals = JSON.parse(
      await readFile(
        path.join(root, 'definitions', 'markenbriefing', 'steps', 'goals', 'step.json'),
        'utf8',
      ),
    ) as Record<string, unknown>;
    expect(step(goals)).toBe(true);
    expect(step({ ...goals, heading: undefined, haeding: 'Ziele' })).toBe(false);

    const presets = await compiled('presets');
    expect(presets({ $schema: 'x', list: [{ key: 'a', label: 'A' }] })).toBe(true);
    expect(presets({ list: [{ key: 'custom', label: 'Sonstiges' }] })).toBe(false);
    expect(presets({ list: [{ key: 'Groß', label: 'Groß' }] })).toBe(false);
  });
});
