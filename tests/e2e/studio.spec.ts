/**
 * The definition studio (`npm run studio`) on a content editor's copy of the definition: every
 * saved change shows without a reload and keeps the editor's place; a broken file shows the
 * problems panel naming it, and the preview comes back when it is fixed. The studio runs in this
 * process on a free port (no product server, no database).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startStudio, type Studio } from '../../tools/studio/studio-server.ts';
import { brandBriefingIn, copyRepositoryDefinition } from '../src/fixture-definition.ts';
import { expectAccessible } from './support.ts';

let studio: Studio;
let root: string;

test.beforeAll(async () => {
  root = await copyRepositoryDefinition('fragewerk-studio-');
  studio = await startStudio({
    definitionDir: root,
    port: Number(process.env.E2E_STUDIO_PORT ?? 0),
  });
});
test.afterAll(async () => {
  await studio?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const stepFile = (step: string, file: string) =>
  path.join(brandBriefingIn(root), 'steps', step, file);

async function editJson(file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  change(json);
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
}

/** A mark on the window: it survives re-renders, but not a reload. */
const markWindow = (page: Page) =>
  page.evaluate(() => Object.assign(window, { studioMark: 'noch dieselbe Seite' }));
const windowMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { studioMark?: string }).studioMark);

test('an editor sees a saved change at once, switches the variants, and gets a broken file named until it is fixed', async ({
  page,
}) => {
  await page.goto(`${studio.url}/#/schritt/personas`);
  await expect(page).toHaveTitle('Personas – Fragewerk-Studio');
  await expect(
    page.getByRole('heading', { name: 'Wer kommt auf die Party?', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/^Live · Stand/)).toBeVisible();
  await markWindow(page);

  // A label on disk: the heading and the add button change, the page is not reloaded.
  await editJson(stepFile('personas', 'step.json'), (step) => {
    step.heading = 'Wer feiert mit uns?';
    (step.list as Record<string, string>).addLabel = 'Weitere Persona anlegen';
  });
  await expect(page.getByRole('heading', { name: 'Wer feiert mit uns?', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weitere Persona anlegen' })).toBeVisible();
  expect(await windowMark(page)).toBe('noch dieselbe Seite');

  // The gender variants of the prose beside the step.
  const prose = page.getByRole('region', { name: 'In der Ergebnisansicht' });
  await page.getByRole('radio', { name: 'weiblich' }).check();
  await expect(prose.getByText(/^Wichtig (?:ist|sind) ihr /).first()).toBeVisible();
  await expect(prose.getByText(/^Wichtig (?:ist|sind) ihm /)).toHaveCount(0);
  await page.getByRole('radio', { name: 'männlich' }).check();
  await expect(prose.getByText(/^Wichtig (?:ist|sind) ihm /).first()).toBeVisible();
  await page.getByRole('radio', { name: 'divers' }).check();
  // „divers“: without a pronoun (the name stands in at most two sentences of a card).
  await expect(prose.getByText(/^Am wichtigsten (?:ist|sind) /).first()).toBeVisible();
  await page.getByRole('radio', { name: 'leer' }).check();
  await expect(prose.getByText('Zu diesem Abschnitt wurden keine Angaben gemacht.')).toBeVisible();
  await page.getByRole('radio', { name: 'ausgefüllt' }).check();
  await page.getByRole('radio', { name: 'weiblich' }).check();

  // A changed sentence shows in the chosen variant.
  await editJson(stepFile('personas', 'prose.de.json'), (prose) => {
    const item = prose.item as Record<string, string>;
    item.values_female_other = 'Am Herzen liegen ihr {{personal_values, list}}.';
    item.values_female_one = 'Am Herzen liegt ihr {{personal_values, list}}.';
  });
  await expect(prose.getByText(/^Am Herzen (?:liegt|liegen) ihr /).first()).toBeVisible();

  // A broken file: the panel names it, with line and column; the place is kept.
  const ui = await readFile(stepFile('personas', 'ui.json'), 'utf8');
  await writeFile(stepFile('personas', 'ui.json'), ui.replace('"ui:order": [', '"ui:order": [,'));
  const panel = page.getByRole('region', { name: /^Die Definition hat ein Problem/ });
  await expect(panel).toBeVisible();
  await expect(
    panel.getByText('definitions/markenbriefing/steps/personas/ui.json', { exact: true }),
  ).toBeVisible();
  await expect(panel.getByText(/^Kein gültiges JSON \(Zeile 2, Spalte \d+\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wer feiert mit uns?' })).toHaveCount(0);

  // Fixed: the preview comes back where it was, with the same switches.
  await writeFile(stepFile('personas', 'ui.json'), ui);
  await expect(page.getByRole('heading', { name: 'Wer feiert mit uns?', level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'weiblich' })).toBeChecked();
  expect(new URL(page.url()).hash).toBe('#/schritt/personas?variante=female');
  expect(await windowMark(page)).toBe('noch dieselbe Seite');
});

test('the lint checks show as problems with file and place; each is gone when fixed', async ({
  page,
}) => {
  await page.goto(`${studio.url}/#/schritt/competitors`);
  await expect(
    page.getByRole('heading', { name: 'Wer steht noch auf dem Platz?', level: 1 }),
  ).toBeVisible();
  const widget = stepFile('competitors', 'ui.json');
  const prose = stepFile('competitors', 'prose.de.json');
  const [uiText, proseText] = await Promise.all([
    readFile(widget, 'utf8'),
    readFile(prose, 'utf8'),
  ]);
  await editJson(widget, (ui) => {
    (ui.importance as Record<string, string>)['ui:widget'] = 'strs';
  });
  await editJson(prose, (texts) => {
    (texts.item as Record<string, string>).founded = 'Gegründet {{founded}}.';
  });
  const panel = page.getByRole('region', { name: /^Die Definition hat 2 Probleme in 2 Dateien/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('„strs“ ist nicht möglich. Meinten Sie „stars“?')).toBeVisible();
  await expect(panel.getByText('/importance/ui:widget')).toBeVisible();
  await expect(panel.getByText('Das Feld „founded“ gibt es im Schema nicht.')).toBeVisible();
  await expectAccessible(page, 'Studio mit Problemen');

  await writeFile(widget, uiText);
  await expect(page.getByRole('region', { name: /^Die Definition hat ein Problem/ })).toBeVisible();
  // With only the lint's finding, the product would start: the preview shows beneath the panel.
  await expect(
    page.getByRole('heading', { name: 'Wer steht noch auf dem Platz?', level: 1 }),
  ).toBeVisible();
  await writeFile(prose, proseText);
  await expect(page.getByRole('region', { name: /^Die Definition hat/ })).toHaveCount(0);
});

test('the preview works like the questionnaire: German messages, the edit overlay, the prose follows', async ({
  page,
}) => {
  await page.goto(`${studio.url}/#/schritt/userstories`);
  await page.getByRole('button', { name: 'User Story hinzufügen' }).click();
  const editor = page.getByRole('region', { name: 'Neue User Story' });
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(editor.getByText('Rolle ist ein Pflichtfeld')).toBeVisible();

  const prose = page.getByRole('region', { name: 'In der Ergebnisansicht' });
  const first = page.locator('[data-item="beispiel-1"]');
  await first.getByRole('button', { name: /^Bearbeiten/ }).click();
  const dialog = page.getByRole('dialog', { name: 'User Story bearbeiten' });
  const wish = dialog.getByRole('textbox', { name: /Ziel \/ Wunsch/ });
  await wish.fill('eine Rechnung herunterladen, damit ich sie ablegen kann');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    prose.getByText(/möchte ich eine Rechnung herunterladen, damit ich sie ablegen kann\./),
  ).toBeVisible();
});

test('the studio pages look right at 1280 and 375 pixels and name everything in German', async ({
  page,
}) => {
  const pages = [
    ['#/schritt/goals', 'Wohin soll die Reise gehen?'],
    ['#/schritt/brandpersonality', 'Wer und wenn ja, wie viele?'],
    ['#/ergebnisse', 'Beispielprojekt im Studio'],
    ['#/presets', 'Preset-Listen'],
  ] as const;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
    for (const [hash, heading] of pages) {
      await page.goto(`${studio.url}/${hash}`);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.screenshot({
        path: path.resolve(
          import.meta.dirname,
          `../../test-results/studio/${hash.replace(/\W+/g, '-').replace(/^-/, '')}-${width}.png`,
        ),
        fullPage: true,
      });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${hash} bei ${width} px`,
      ).toBe(true);
    }
  }
  await page.goto(`${studio.url}/#/presets`);
  const avatars = page.getByRole('article', { name: 'personas.avatars' });
  await expect(avatars.getByText('Verwendet in')).toBeVisible();
  await expect(avatars.getByRole('link', { name: 'Personas' })).toBeVisible();
  await expect(avatars.getByRole('cell', { name: 'Frau im Business-Outfit' })).toBeVisible();
  await expectAccessible(page, 'Preset-Listen');
  await page.goto(`${studio.url}/#/schritt/goals`);
  await expectAccessible(page, 'Studio: Ziele');
});
