import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_QUESTIONNAIRE,
  DEFINITIONS_FOLDER,
  readDefinitionDir,
  defaultDefinitionDirs,
  repositoryRoot,
} from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';
import { readFixedTexts } from './fixed-texts';
import { genderProblems } from './gender-problems';

/**
 * Fixed texts (docs/product.md, „Feste Texte“) stand verbatim even where they use the generic
 * masculine; exactly these, and only as whole texts – the rest of a string is still checked.
 */
const FIXED_MASCULINE = [
  'Ergebnisansicht für Kunden freigeben?',
  'Der Fragebogen wurde freigegeben. Er kann vom Kunden nicht mehr editiert werden.',
];

/** A text with the fixed texts that may keep their wording cut out. */
const withoutFixed = (text: string) =>
  FIXED_MASCULINE.reduce((rest, fixed) => rest.split(fixed).join(' '), text);

/** Every string value of a JSON document, with the path where it stands. */
function strings(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (Array.isArray(node))
    return node.flatMap((value, index) => strings(value, `${path}/${index}`));
  if (typeof node === 'object' && node !== null)
    return Object.entries(node).flatMap(([key, value]) => strings(value, `${path}/${key}`));
  return [];
}

describe('gender-fair language in the questionnaire and the app', () => {
  it('finds generic masculine and short forms, and accepts pairs and neutral forms', () => {
    expect(
      genderProblems(
        'Legen Sie ein Projekt für Ihre Kundin oder Ihren Kunden an. Ihr Kunde beantwortet Fragen.',
      ),
    ).toEqual(['generisches Maskulinum „Kunde“']);
    expect(genderProblems('Was wollen Ihre Nutzer erreichen?')).toEqual([
      'generisches Maskulinum „Nutzer“',
    ]);
    expect(genderProblems('Kund*innen und Nutzer:innen')).toEqual([
      'Kurzform „d*innen“',
      'Kurzform „r:innen“',
    ]);
    for (const fine of [
      'Interessentinnen und Interessenten',
      'Registrierte Nutzerin oder registrierter Nutzer',
      'Die letzte Inhaberin oder der letzte Inhaber',
      'Stellvertreterinnen und Stellvertreter Ihrer typischen Nutzerinnen und Nutzer',
      'Was versprechen Sie Ihrer Kundschaft? Mitarbeitende, Studierende, Fachleute.',
      'Kundenkonto verwalten, Nutzerziel hinzufügen, Partnerunternehmen, Wettbewerber',
    ])
      expect(genderProblems(fine)).toEqual([]);
  });

  it('excepts exactly the fixed texts that keep the generic masculine, and nothing around them', async () => {
    const fixed = await readFixedTexts();
    expect(fixed.filter((text) => genderProblems(text).length > 0)).toEqual(FIXED_MASCULINE);
    expect(genderProblems(withoutFixed(FIXED_MASCULINE[0]!))).toEqual([]);
    expect(genderProblems(withoutFixed(`${FIXED_MASCULINE[0]} Ihr Kunde sieht sie.`))).toEqual([
      'generisches Maskulinum „Kunde“',
    ]);
  });

  it('holds in every step file, help text, prose text and preset', async () => {
    const raw = await readDefinitionDir(defaultDefinitionDirs);
    const folder = `${DEFINITIONS_FOLDER}/${DEFAULT_QUESTIONNAIRE}`;
    const texts: [string, string][] = [
      ...strings(raw.prose, `${folder}/prose.de.json`),
      ...strings(raw.questionnaire, `${folder}/questionnaire.json`),
      ...Object.entries(raw.presets).flatMap(([section, file]) =>
        strings(file, `presets/${section}.de.json`),
      ),
      ...Object.entries(raw.steps).flatMap(([key, files]) => [
        ...(['step', 'schema', 'ui', 'prose'] as const).flatMap((name) =>
          strings(files[name], `${folder}/steps/${key}/${name}`),
        ),
        ...strings(files.help, `${folder}/steps/${key}/help.de.md`),
      ]),
    ];
    // Keys, widget names and other identifiers are not language.
    const problems = texts
      .filter(([, text]) => !/^[\w.:$/#-]*$/u.test(text))
      .flatMap(([path, text]) =>
        genderProblems(withoutFixed(text)).map((problem) => `${path}: ${problem} in „${text}“`),
      );
    expect(problems).toEqual([]);
  });

  it('holds in the forms and in the texts of the app and of the server (pages, errors, mails)', async () => {
    const root = repositoryRoot;
    const raw = await readDefinitionDir(defaultDefinitionDirs);
    const json = async (file: string) =>
      strings(JSON.parse(await readFile(path.join(root, file), 'utf8')), file);
    const texts: [string, string][] = [
      ...Object.entries(raw.forms).flatMap(([name, schema]) =>
        strings(schema, `schemas/forms/${name}.schema.json`),
      ),
      // Every locale file of the app: de.json and the texts of code-split screens beside it.
      ...(
        await Promise.all(
          (await readdir(path.join(root, 'web/src/locales')))
            .filter((file) => file.endsWith('.json'))
            .map((file) => json(`web/src/locales/${file}`)),
        )
      ).flat(),
      ...(await json('api/src/locale/de.json')),
    ];
    const problems = texts
      .filter(([, text]) => !/^[\w.:$/#-]*$/u.test(text))
      .flatMap(([file, text]) =>
        genderProblems(withoutFixed(text)).map((problem) => `${file}: ${problem} in „${text}“`),
      );
    expect(problems).toEqual([]);
  });
});
