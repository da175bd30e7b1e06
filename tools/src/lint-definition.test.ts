import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDefinitionDirs, platformFormsDir } from '@fragewerk/engine/core/node';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem } from '@fragewerk/engine/core';
import { lintDefinition as lintProblems } from './lint-definition.ts';

/** The problems as `npm run definition:lint` prints them. */
const lintDefinition = async (dirs: Parameters<typeof lintProblems>[0]) =>
  (await lintProblems(dirs)).map(formatProblem);

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A copy of our definition that a test may break. */
async function copyDefinition() {
  root = await mkdtemp(path.join(tmpdir(), 'fragewerk-lint-'));
  const dirs = {
    folder: path.join(root, 'definitions', 'markenbriefing'),
    presetsDir: path.join(root, 'presets'),
    formsDir: path.join(root, 'schemas', 'forms'),
  };
  await cp(defaultDefinitionDirs.folder, dirs.folder, { recursive: true });
  await cp(defaultDefinitionDirs.presetsDir, dirs.presetsDir, { recursive: true });
  await cp(platformFormsDir, dirs.formsDir, { recursive: true });
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
    const step = path.join(dirs.folder, 'steps', 'competitors');
    await edit(path.join(step, 'ui.json'), (ui) => {
      (ui.importance as Record<string, string>)['ui:widget'] = 'rainbow';
      ui.nmae = { 'ui:widget': 'text' };
    });
    await edit(path.join(step, 'prose.de.json'), (prose) => {
      (prose.item as Record<string, string>).extra = 'Gegründet {{founded}}';
    });
    expect(await lintDefinition(dirs)).toEqual([
      'definitions/markenbriefing/steps/competitors/ui.json /importance/ui:widget: „rainbow“ ist nicht möglich. Möglich sind: „text“, „textarea“, „email“, „password“, „url“, „updown“, „checkbox“, „hidden“, „stars“, „polarity“, „preset-select“, „preset-multiselect“, „avatar“, „date“, „range“, „url-list“.',
      'definitions/markenbriefing/steps/competitors/ui.json /nmae: Das Feld „nmae“ gibt es im Schema nicht.',
      'definitions/markenbriefing/steps/competitors/prose.de.json /item/extra: Das Feld „founded“ gibt es im Schema nicht.',
    ]);
  });

  it('rejects completeness on a form step and a minimum for a group the list does not have', async () => {
    const dirs = await copyDefinition();
    await edit(path.join(dirs.folder, 'steps', 'brandpositioning', 'step.json'), (step) => {
      step.completeness = { minItems: 2 };
    });
    await edit(path.join(dirs.folder, 'steps', 'goals', 'step.json'), (step) => {
      step.completeness = { minItemsPerGroup: { company: 1, costumer: 1 } };
    });
    expect(await lintDefinition(dirs)).toEqual([
      'definitions/markenbriefing/steps/goals/step.json /completeness/minItemsPerGroup/costumer: Die Gruppe „costumer“ gibt es in list.groups nicht.',
      'definitions/markenbriefing/steps/brandpositioning/step.json /completeness: „completeness“ gilt nur für Listenschritte; ein Formular ist vollständig, sobald seine Antworten gültig sind.',
    ]);
  });

  it('rejects a missing prose key the results view uses, and an unreferenced step folder', async () => {
    const dirs = await copyDefinition();
    await edit(path.join(dirs.folder, 'steps', 'personas', 'prose.de.json'), (prose) => {
      delete (prose.item as Record<string, string>).title;
    });
    await cp(path.join(dirs.folder, 'steps', 'goals'), path.join(dirs.folder, 'steps', 'orphan'), {
      recursive: true,
    });
    const problems = await lintDefinition(dirs);
    expect(problems).toEqual([
      'definitions/markenbriefing/steps/orphan: Der Ordner ist in definitions/markenbriefing/questionnaire.json nicht eingetragen.',
      'definitions/markenbriefing/steps/personas/prose.de.json /item/title: „item.title“ fehlt.',
    ]);
  });

  it('rejects a preset reference that does not resolve and duplicate preset labels', async () => {
    const dirs = await copyDefinition();
    await edit(path.join(dirs.folder, 'steps', 'userstories', 'schema.json'), (schema) => {
      (schema.properties as Record<string, Record<string, string>>).priority!['x-presets'] =
        'userstories.prio';
    });
    await edit(path.join(dirs.presetsDir, 'goals.de.json'), (presets) => {
      const company = presets.company as { label: string }[];
      company[1]!.label = company[0]!.label;
    });
    const problems = await lintDefinition(dirs);
    expect(problems).toEqual([
      'definitions/markenbriefing/steps/userstories/schema.json /properties/priority/x-presets: Die Preset-Liste „userstories.prio“ gibt es nicht.',
      'presets/goals.de.json /company/1/label: Das Label „Umsatz steigern“ ist doppelt.',
    ]);
    await edit(path.join(dirs.folder, 'steps', 'userstories', 'schema.json'), (schema) => {
      (schema.properties as Record<string, Record<string, string>>).priority!['x-presets'] =
        'userstories.priorities';
    });
    expect(await lintDefinition(dirs)).toEqual([
      'presets/goals.de.json /company/1/label: Das Label „Umsatz steigern“ ist doppelt.',
    ]);
  });

  it('checks plural counts, normalisation rules, phrases and in-sentence forms', async () => {
    const dirs = await copyDefinition();
    const personas = path.join(dirs.folder, 'steps', 'personas');
    await edit(path.join(personas, 'step.json'), (step) => {
      const prose = step.prose as Record<string, Record<string, unknown>>;
      delete prose.count!.values;
      prose.count!.hobbies = 'hobbies';
      prose.normalize!.avatar = { stripEnd: true };
      prose.normalize!.nickname = { stripEnd: true };
    });
    await edit(path.join(personas, 'prose.de.json'), (prose) => {
      prose.phrase = { nickname: 'genannt {{value}}' };
    });
    await edit(path.join(dirs.presetsDir, 'personas.de.json'), (presets) => {
      const children = presets.children as { label: string; prose?: string }[];
      children[0]!.prose = children[0]!.label;
    });
    expect(await lintDefinition(dirs)).toEqual([
      'definitions/markenbriefing/steps/personas/prose.de.json /phrase/nickname: Das Feld „nickname“ gibt es im Schema nicht.',
      'definitions/markenbriefing/steps/personas/prose.de.json /item/values_male_one: „values“ hat Pluralformen, aber step.json nennt unter prose.count kein Feld dafür.',
      'definitions/markenbriefing/steps/personas/step.json /prose/count/hobbies: „hobbies“ ist weder eine Liste noch eine Zahl.',
      'definitions/markenbriefing/steps/personas/step.json /prose/count/hobbies: Die Vorlage „hobbies“ hat keine Pluralformen (hobbies_one, hobbies_other).',
      'definitions/markenbriefing/steps/personas/step.json /prose/normalize/avatar: „avatar“ ist kein Textfeld und hat kein „Sonstiges“.',
      'definitions/markenbriefing/steps/personas/step.json /prose/normalize/nickname: Das Feld „nickname“ gibt es im Schema nicht.',
      'presets/personas.de.json /children/0/prose: „none“ hat dieselbe Satzform wie sein Label; „prose“ nur angeben, wo sie abweicht.',
    ]);
  });

  it('rejects malformed prose settings through the meta-schemas', async () => {
    const dirs = await copyDefinition();
    const stories = path.join(dirs.folder, 'steps', 'userstories');
    await edit(path.join(stories, 'step.json'), (step) => {
      (step.prose as Record<string, unknown>).normalize = { text: { leading: ['… ich möchte'] } };
    });
    await edit(path.join(dirs.folder, 'steps', 'brandpersonality', 'prose.de.json'), (prose) => {
      prose.phrase = { industry: 'in der Branche' };
    });
    await edit(path.join(dirs.presetsDir, 'goals.de.json'), (presets) => {
      (presets.company as { prose?: unknown }[])[0]!.prose = 42;
    });
    // A preset file that fails its meta-schema is left out; its references are not reported again.
    expect(await lintDefinition(dirs)).toEqual([
      'presets/goals.de.json /company/0/prose: muss ein Text sein.',
      'definitions/markenbriefing/steps/brandpersonality/prose.de.json /phrase/industry: „in der Branche“: Die Wendung braucht die Lücke {{value}} für den Wert.',
      'definitions/markenbriefing/steps/userstories/step.json /prose/normalize/text/leading/0: „… ich möchte“: Eine Wendung beginnt und endet mit einem Wort; „…“ steht nur zwischen Wörtern.',
    ]);
  });

  it('rejects a missing avatar image, an avatar without image and an unsafe image path', async () => {
    const dirs = await copyDefinition();
    await rm(path.join(dirs.presetsDir, 'avatars', 'cook.svg'));
    await edit(path.join(dirs.presetsDir, 'personas.de.json'), (presets) => {
      const avatars = presets.avatars as { key: string; image?: string }[];
      delete avatars.find((entry) => entry.key === 'artist')!.image;
    });
    expect(await lintDefinition(dirs)).toEqual([
      'presets/personas.de.json /avatars/20: „artist“ hat kein Bild („image“); das Avatar-Widget bei „avatar“ in definitions/markenbriefing/steps/personas braucht eines.',
      'presets/personas.de.json /avatars/19/image: Das Bild „avatars/cook.svg“ von „cook“ fehlt (erwartet unter presets/avatars/cook.svg).',
    ]);

    await edit(path.join(dirs.presetsDir, 'personas.de.json'), (presets) => {
      (presets.avatars as { image?: string }[])[0]!.image = '../secrets.svg';
    });
    expect(await lintDefinition(dirs)).toContain(
      'presets/personas.de.json /avatars/0/image: „../secrets.svg“: Ein Bild ist eine SVG-Datei unter presets/, klein geschrieben und ohne „..“: z. B. „avatars/woman_office.svg“.',
    );
  });

  it('reports malformed JSON with file, line and column, and the problems of other files in the same run', async () => {
    const dirs = await copyDefinition();
    await writeFile(path.join(dirs.folder, 'steps', 'goals', 'ui.json'), '{ "type": ');
    await writeFile(
      path.join(dirs.folder, 'steps', 'competitors', 'step.json'),
      '{\n  "key": "competitors",\n  "slug": "wettbewerber",\n}\n',
    );
    await edit(path.join(dirs.folder, 'steps', 'personas', 'ui.json'), (ui) => {
      (ui.gender as Record<string, string>)['ui:widget'] = 'preset-selct';
    });
    expect(await lintDefinition(dirs)).toEqual([
      'definitions/markenbriefing/steps/competitors/step.json: Kein gültiges JSON (Zeile 4, Spalte 1): Nach dem letzten Komma fehlt ein Wert – ein Komma zu viel vor „}“?',
      'definitions/markenbriefing/steps/goals/ui.json: Kein gültiges JSON (Zeile 1, Spalte 11): Die Datei endet mitten im JSON – fehlt eine schließende Klammer?',
      'definitions/markenbriefing/steps/personas/ui.json /gender/ui:widget: „preset-selct“ ist nicht möglich. Meinten Sie „preset-select“?',
    ]);
  });
});
