import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as api from '@fragewerk/api';
import { canonicalDefinitionJson, loadDefinition, type Definition } from '@fragewerk/engine/core';
import {
  defaultDefinitionDirs,
  loadDefinitionFromDisk,
  readDefinitionDir,
  repositoryRoot,
  revisionId,
} from '@fragewerk/engine/core/node';
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionDiff } from './definition-diff-cli.ts';
import { diffDefinitions, formatDiff } from './definition-diff.ts';

const raw = await readDefinitionDir(defaultDefinitionDirs);
const current = loadDefinition(structuredClone(raw));
type PresetFile = Record<string, { key: string; label: string }[]>;
type Manifest = { version: number; stages: { key: string; steps: string[] }[] };

/** Our definition with „mutig“ gone, „ehrlich“ reworded, a required year and no user stories. */
function changed(migrations: Record<string, unknown> = {}): Definition {
  const copy = structuredClone(raw);
  const manifest = copy.questionnaire as Manifest;
  manifest.version = 2;
  manifest.stages.find((stage) => stage.key === 'user')!.steps = ['personas'];
  const traits = (copy.presets.brandpersonality as PresetFile).character_traits!;
  traits.splice(
    traits.findIndex((entry) => entry.key === 'brave'),
    1,
  );
  traits.find((entry) => entry.key === 'honest')!.label = 'aufrichtig';
  const competitors = copy.steps.competitors!.schema as {
    required: string[];
    properties: Record<string, unknown>;
  };
  competitors.properties.founded = { type: 'integer', title: 'Gründungsjahr' };
  competitors.required.push('founded');
  (copy.steps.brandpersonality!.prose as { form: Record<string, string> }).form.traits_female =
    'Man erlebt sie als {{character_traits, list}}.';
  copy.migrations = migrations;
  return loadDefinition(copy);
}

describe('diffDefinitions', () => {
  it('names steps, fields, option keys, labels and prose, and what no map covers', () => {
    const changes = diffDefinitions(current, changed());
    expect(changes.map((change) => [change.kind, change.step, Boolean(change.uncovered)])).toEqual([
      ['version', undefined, false],
      ['step-removed', 'userstories', false],
      ['field-required', 'competitors', false],
      ['option-label', 'brandpersonality', false],
      ['option-removed', 'brandpersonality', true],
      ['prose', 'brandpersonality', false],
    ]);
    expect(changes.find((change) => change.kind === 'option-removed')).toMatchObject({
      text: 'Option „mutig“ (Charaktereigenschaften: brave) entfernt',
      usage: { kind: 'option', step: 'brandpersonality', field: 'character_traits', key: 'brave' },
    });
  });

  it('counts a removed option as covered when the new revision brings a map for it', () => {
    const changes = diffDefinitions(
      current,
      changed({
        2: {
          steps: {
            brandpersonality: { renameOptions: { character_traits: { brave: 'curious' } } },
          },
        },
      }),
    );
    const option = changes.find(
      (change) => change.usage?.kind === 'option' && change.usage.key === 'brave',
    );
    expect(option?.kind).toBe('option-mapped');
    expect(option?.uncovered).toBeUndefined();
    expect(option!.text).toBe('Option „mutig“ (character_traits: brave) → curious – per Migration');
  });

  it('names a changed completeness rule of a list step, before and after, with the projects holding entries', () => {
    const copy = structuredClone(raw);
    (copy.steps.competitors!.step as Record<string, unknown>).completeness = { minItems: 2 };
    (copy.steps.goals!.step as Record<string, unknown>).completeness = {
      minItemsPerGroup: { company: 2, brand: 1 },
    };
    const changes = diffDefinitions(current, loadDefinition(copy));
    expect(changes).toEqual([
      {
        kind: 'completeness',
        step: 'competitors',
        text: 'Regel für „vollständig“: mindestens 2 Einträge (bisher mindestens 1 Eintrag); laufende Projekte zählen nach der neuen Regel',
        usage: { kind: 'step', step: 'competitors' },
      },
      {
        kind: 'completeness',
        step: 'goals',
        text: 'Regel für „vollständig“: mindestens 3 Einträge, davon mindestens 2 unter „Unternehmensziele“ und 1 unter „Markenziele“ (bisher mindestens 3 Einträge, davon mindestens 1 unter „Unternehmensziele“, 1 unter „Markenziele“ und 1 unter „Nutzerziele“); laufende Projekte zählen nach der neuen Regel',
        usage: { kind: 'step', step: 'goals' },
      },
    ]);
  });

  it('reports in German, per change with the projects it touches, and says how to write the map', () => {
    const { text, blocking } = formatDiff(diffDefinitions(current, changed()), {
      before: 'Version 1',
      after: 'Version 2',
      projects: { running: 3, approved: 1 },
      touched: (change) =>
        change.kind === 'option-removed'
          ? { running: 2, approved: 1 }
          : { running: 0, approved: 0 },
      nextVersion: 2,
    });
    expect(blocking).toHaveLength(1);
    expect(text).toContain('Projekte: 3 laufend, 1 freigegeben');
    expect(text).toContain(
      '  ✗ Option „mutig“ (Charaktereigenschaften: brave) entfernt – betrifft 2 laufende, 1 freigegebene Projekte',
    );
    expect(text).toContain('definitions/markenbriefing/migrations/2.json');
    expect(text).toContain('"brave": "NEUER_SCHLÜSSEL"');
    // Not in use anywhere: no blocker.
    expect(
      formatDiff(diffDefinitions(current, changed()), {
        before: 'a',
        after: 'b',
        touched: () => ({ running: 0, approved: 0 }),
        nextVersion: 2,
      }).blocking,
    ).toEqual([]);
  });
});

describe('npm run definition:diff', { timeout: 120_000 }, () => {
  let root: string;
  let changedDir: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fragewerk-diff-'));
    changedDir = path.join(root, 'definition');
    dataDir = path.join(root, 'data');
    await cp(defaultDefinitionDirs.folder, path.join(changedDir, 'definitions', 'markenbriefing'), {
      recursive: true,
    });
    await cp(defaultDefinitionDirs.presetsDir, path.join(changedDir, 'presets'), {
      recursive: true,
    });
    const presets = path.join(changedDir, 'presets', 'brandpersonality.de.json');
    const json = JSON.parse(await readFile(presets, 'utf8')) as PresetFile;
    json.character_traits = json.character_traits!.filter((entry) => entry.key !== 'brave');
    await writeFile(presets, JSON.stringify(json));

    // A database on which a server ran the current definition, with one running and one
    // approved project that chose „mutig“ and one running project that did not.
    await mkdir(dataDir);
    const embedded = await api.startEmbeddedPostgres({ dataDir, maxConnections: 2 });
    const orm = await MikroORM.init(api.ormConfig(embedded.url, true));
    try {
      await orm.migrator.up();
      const em = orm.em.fork();
      const id = revisionId(current);
      await em.execute(
        `insert into definition_revision (id, version, definition, created_at, activated_at)
         values (?, ?, ?, now(), now())`,
        [id, current.version, canonicalDefinitionJson(current)],
      );
      const agency = em.create(api.AgencySchema, { name: 'Agentur' });
      const owner = em.create(api.UserSchema, {
        agency,
        company: 'Agentur',
        email: 'diff@example.de',
        password_hash: 'x',
        verified_at: new Date(),
      });
      for (const [approved, traits] of [
        [false, ['honest', 'brave', 'curious']],
        [true, ['honest', 'brave', 'curious']],
        [false, ['honest', 'reliable', 'curious']],
      ] as const) {
        const project = em.create(api.ProjectSchema, {
          agency,
          responsible: owner,
          customer_firm: 'K',
          project_name: 'P',
          edit_token: randomBytes(32).toString('base64url'),
          definition_version: 1,
          definition_revision: id,
          is_approved: approved,
        });
        em.create(api.AnswerSchema, {
          project,
          step_key: 'brandpersonality',
          data: { character_traits: [...traits] },
        });
      }
      await em.flush();
    } finally {
      await orm.close();
      await embedded.stop();
    }
  }, 120_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const run = async (args: string[], env: Record<string, string>) => {
    const lines: string[] = [];
    const code = await definitionDiff(args, { ...env }, (text) => lines.push(text));
    return { code, text: lines.join('\n') };
  };

  it('compares with the revision the servers run and counts the projects from the database', async () => {
    const { code, text } = await run([], { DATA_DIR: dataDir, DEFINITION_DIR: changedDir });
    expect(text).toContain('laufende Fragebogen-Version 1');
    expect(text).toContain('Projekte: 2 laufend, 1 freigegeben');
    expect(text).toContain(
      '✗ Option „mutig“ (Charaktereigenschaften: brave) entfernt – betrifft 1 laufende, 1 freigegebene Projekte',
    );
    expect(code).toBe(1);

    const same = await run([], { DATA_DIR: dataDir });
    expect(same.text).toContain('die Dateien sind genau diese Revision');
    expect(same.code).toBe(0);
  });

  it('passes once a migration map covers the removed option', async () => {
    const dir = path.join(changedDir, 'definitions', 'markenbriefing', 'migrations');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, '1.json'),
      JSON.stringify({
        steps: { brandpersonality: { renameOptions: { character_traits: { brave: 'curious' } } } },
      }),
    );
    try {
      const { code, text } = await run([], { DATA_DIR: dataDir, DEFINITION_DIR: changedDir });
      expect(text).toContain(
        '• Option „mutig“ (character_traits: brave) → curious – per Migration',
      );
      expect(code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('compares with another folder without a database, and says the counts are missing', async () => {
    const { code, text } = await run(['--against', repositoryRoot], {
      DATA_DIR: path.join(root, 'nowhere'),
      DEFINITION_DIR: changedDir,
    });
    expect(text).toContain('Projektzahlen fehlen deshalb');
    expect(text).toContain(
      '✗ Option „mutig“ (Charaktereigenschaften: brave) entfernt – Nutzung unbekannt',
    );
    expect(code).toBe(1);
    expect((await loadDefinitionFromDisk(changedDir)).version).toBe(1);
  });

  it('compares every questionnaire found on both sides, each under its name', async () => {
    const { code, text } = await run(['--against', repositoryRoot], {
      DATA_DIR: path.join(root, 'nowhere'),
      DEFINITION_DIR: repositoryRoot,
    });
    expect(text).toContain('— Fragebogen „markenbriefing“ —');
    expect(text).toContain('— Fragebogen „website-relaunch“ —');
    expect(text.match(/Keine Änderungen\./g)).toHaveLength(2);
    expect(code).toBe(0);
  });

  it('compares only the questionnaire --fragebogen names, and names those there are', async () => {
    const env = { DATA_DIR: path.join(root, 'nowhere'), DEFINITION_DIR: changedDir };
    const one = await run(['--against', repositoryRoot, '--fragebogen', 'markenbriefing'], env);
    expect(one.text).not.toContain('— Fragebogen');
    expect(one.text).toContain('entfernt – Nutzung unbekannt');
    expect(one.code).toBe(1);
    // The changed catalogue holds only the brand briefing: the relaunch is not on both sides.
    const missing = await run(
      ['--against', repositoryRoot, '--fragebogen', 'website-relaunch'],
      env,
    );
    expect(missing.text).toBe(
      `Den Fragebogen „website-relaunch“ gibt es nicht in ${changedDir} und ${repositoryRoot}. Vorhanden: „markenbriefing“.`,
    );
    expect(missing.code).toBe(2);
  });

  it('explains itself with --help', async () => {
    const { code, text } = await run(['--help'], {});
    expect(text).toContain('--fragebogen');
    expect(code).toBe(0);
  });

  it.runIf('DataFolderInUseError' in api)(
    'says in German that the embedded database is locked while a server holds it',
    async () => {
      const held = await api.startEmbeddedPostgres({ dataDir, maxConnections: 2 });
      try {
        const { code, text } = await run([], { DATA_DIR: dataDir, DEFINITION_DIR: changedDir });
        expect(text).toContain('ist gesperrt, ein Server läuft darauf');
        expect(text).toContain('--against <Ordner>');
        expect(code).toBe(2);
      } finally {
        await held.stop();
      }
    },
  );
});
