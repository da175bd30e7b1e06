import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDefinition, type Definition } from '@fragewerk/engine/core';
import { defaultDefinitionDirs, readDefinitionDir } from '@fragewerk/engine/core/node';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem } from '@fragewerk/engine/core';
import { lintDefinition as lintProblems } from './lint-definition.ts';

/** The problems as `npm run definition:lint` prints them. */
const lintDefinition = async (dirs: Parameters<typeof lintProblems>[0]) =>
  (await lintProblems(dirs)).map(formatProblem);
import { lintMigrations as migrationProblems } from './lint-migrations.ts';

const lintMigrations = (...args: Parameters<typeof migrationProblems>) =>
  migrationProblems(...args).map(formatProblem);

const raw = await readDefinitionDir(defaultDefinitionDirs);
type PresetFile = Record<string, { key: string; label: string }[]>;

/** Version 2 of our definition: „mutig“ is gone, goal_definition is called description. */
function version2(migrations: Record<string, unknown>): Definition {
  const copy = structuredClone(raw);
  (copy.questionnaire as { version: number }).version = 2;
  const traits = (copy.presets.brandpersonality as PresetFile).character_traits!;
  traits.splice(
    traits.findIndex((entry) => entry.key === 'brave'),
    1,
  );
  copy.migrations = migrations;
  return loadDefinition(copy);
}
const previous = loadDefinition(structuredClone(raw));

describe('migration map lint', () => {
  it('accepts a map whose new names exist and whose old names are gone', () => {
    const definition = version2({
      2: {
        steps: { brandpersonality: { renameOptions: { character_traits: { brave: 'curious' } } } },
      },
    });
    expect(lintMigrations(definition)).toEqual([]);
    expect(lintMigrations(definition, previous)).toEqual([]);
  });

  it('names every name that does not fit the new revision, and with the old one, what never was', () => {
    const definition = version2({
      2: {
        steps: {
          nowhere: { dropFields: ['x'] },
          brandpersonality: {
            renameFields: { job: 'occupation', gender: 'job_definition' },
            renameOptions: {
              character_traits: { brave: 'fearless', honest: 'curious', bold: 'curious' },
              job_definition: { a: 'b' },
            },
            dropFields: ['age', 'hobby'],
          },
        },
      },
    });
    const at = 'definitions/markenbriefing/migrations/2.json /steps/brandpersonality';
    expect(lintMigrations(definition)).toEqual([
      'definitions/markenbriefing/migrations/2.json /steps/nowhere: Den Schritt „nowhere“ gibt es in definitions/markenbriefing/questionnaire.json nicht.',
      `${at}/renameFields/job: Das Feld „occupation“ gibt es nicht.`,
      `${at}/renameFields/gender: Das Feld „gender“ gibt es noch; umbenennen lässt sich nur ein Feld, das es nicht mehr gibt.`,
      `${at}/renameOptions/character_traits/brave: Den Schlüssel „fearless“ gibt es nicht.`,
      `${at}/renameOptions/character_traits/honest: „honest“ steht noch in der Auswahl; ersetzen lässt sich nur ein Schlüssel, den es nicht mehr gibt.`,
      `${at}/renameOptions/job_definition: „job_definition“ ist kein Auswahlfeld.`,
      `${at}/dropFields/0: Das Feld „age“ gibt es noch; entfernen lässt sich nur ein Feld, das es nicht mehr gibt.`,
    ]);
    const withPrevious = lintMigrations(definition, previous);
    expect(withPrevious).toContain(`${at}/renameFields/job: Das Feld „job“ gab es bisher nicht.`);
    expect(withPrevious).toContain(
      `${at}/renameOptions/character_traits/bold: Den Schlüssel „bold“ gab es bisher nicht.`,
    );
    expect(withPrevious).toContain(`${at}/dropFields/1: Das Feld „hobby“ gab es bisher nicht.`);
  });

  it('leaves the maps of earlier versions alone: they are history', () => {
    const definition = version2({
      1: { steps: { nowhere: { dropFields: ['x'] } } },
    });
    expect(lintMigrations(definition)).toEqual([]);
  });

  describe('in npm run definition:lint', () => {
    let root: string;
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it("reports a map from the questionnaire folder's migrations/", async () => {
      root = await mkdtemp(path.join(tmpdir(), 'fragewerk-lint-migrations-'));
      const dirs = {
        folder: path.join(root, 'definitions', 'markenbriefing'),
        presetsDir: path.join(root, 'presets'),
      };
      await cp(defaultDefinitionDirs.folder, dirs.folder, { recursive: true });
      await cp(defaultDefinitionDirs.presetsDir, dirs.presetsDir, { recursive: true });
      const manifest = path.join(dirs.folder, 'questionnaire.json');
      const json = JSON.parse(await readFile(manifest, 'utf8')) as { version: number };
      json.version = 2;
      await writeFile(manifest, JSON.stringify(json));
      await mkdir(path.join(dirs.folder, 'migrations'));
      await writeFile(
        path.join(dirs.folder, 'migrations', '2.json'),
        JSON.stringify({ steps: { goals: { renameFields: { aim: 'goal_definition' } } } }),
      );
      expect(await lintDefinition(dirs)).toEqual([]);
      await writeFile(
        path.join(dirs.folder, 'migrations', '2.json'),
        JSON.stringify({ steps: { goals: { renameFields: { aim: 'target' } } } }),
      );
      expect(await lintDefinition(dirs)).toEqual([
        'definitions/markenbriefing/migrations/2.json /steps/goals/renameFields/aim: Das Feld „target“ gibt es nicht.',
      ]);
    });
  });
});
