import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { definitionDirsAbove, type DefinitionDirs } from '@fragewerk/engine/core/node';

/**
 * A questionnaire of the catalogue (issue #36) lives in `definitions/<id>/`: its manifest
 * `questionnaire.json` (with `id` and `description` beside `version`, `title` and `stages`),
 * `steps/`, `prose.de.json`, `messages.de.json`, `presets/` and `migrations/`. Until the runtime
 * reads such a folder, this composes it into today's layout (`schemas/` and `presets/`) with the
 * platform's forms, so that the loader, the definition lint and the studio read it unchanged.
 */

/** The repository's `definitions/<id>/` folder. */
export function catalogueFolder(id: string): string {
  const { schemasDir } = definitionDirsAbove(process.cwd());
  return path.join(path.dirname(schemasDir), 'definitions', id);
}

/**
 * Writes the folder of questionnaire `id` in today's layout into a new temporary folder (usable
 * as `DEFINITION_DIR`) and returns its definition folders and its manifest as written.
 */
export async function composeCatalogueDefinition(
  id: string,
): Promise<{ root: string; dirs: DefinitionDirs; manifest: Record<string, unknown> }> {
  const platform = definitionDirsAbove(process.cwd());
  const folder = catalogueFolder(id);
  const root = await mkdtemp(path.join(tmpdir(), `fragewerk-${id}-`));
  const schemasDir = path.join(root, 'schemas');
  const presetsDir = path.join(root, 'presets');
  await mkdir(schemasDir, { recursive: true });
  await cp(path.join(folder, 'steps'), path.join(schemasDir, 'steps'), { recursive: true });
  await cp(path.join(folder, 'presets'), presetsDir, { recursive: true });
  await cp(path.join(folder, 'migrations'), path.join(schemasDir, 'migrations'), {
    recursive: true,
  }).catch(() => undefined);
  // The account, project and settings forms belong to the platform, not to a questionnaire.
  await cp(path.join(platform.schemasDir, 'forms'), path.join(schemasDir, 'forms'), {
    recursive: true,
  });
  for (const file of ['prose.de.json', 'messages.de.json'])
    await cp(path.join(folder, file), path.join(schemasDir, file));
  const manifest = JSON.parse(
    await readFile(path.join(folder, 'questionnaire.json'), 'utf8'),
  ) as Record<string, unknown>;
  const today = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== '$schema'));
  await writeFile(path.join(schemasDir, 'questionnaire.json'), JSON.stringify(today, null, 2));
  return { root, dirs: { schemasDir, presetsDir }, manifest };
}
