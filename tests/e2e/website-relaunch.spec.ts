import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { customerPage } from './customer-project.ts';
import {
  DESKTOP,
  expectAccessible,
  PHONE,
  pickOptions,
  registerAndLogin,
  watchCsp,
} from './support.ts';

/**
 * docs/product.md#fragebögen, the second questionnaire of the catalogue from end to end: an owner
 * chooses „Website-Relaunch“ in the „Neues Projekt“ overlay; the customer fills its address list,
 * budget range, launch date and a feature on a phone (German messages for wrong input first),
 * approves with steps left open; the owner reads and prints the results of the relaunch.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SHOTS = path.join(ROOT, 'test-results', 'website-relaunch');
const FOLDER = path.join(ROOT, 'definitions', 'website-relaunch');
const PROJECT = 'Neue Website 2027';

/** The relaunch's steps in the order of its stages, read from the definition (not restated). */
function relaunchSteps(): { key: string; slug: string; title: string }[] {
  const questionnaire = JSON.parse(
    readFileSync(path.join(FOLDER, 'questionnaire.json'), 'utf8'),
  ) as { stages: { steps: string[] }[] };
  return questionnaire.stages
    .flatMap((stage) => stage.steps)
    .map((key) => {
      const step = JSON.parse(
        readFileSync(path.join(FOLDER, 'steps', key, 'step.json'), 'utf8'),
      ) as { slug: string; title: string };
      return { key, slug: step.slug, title: step.title };
    });
}

/** Saves a form step and waits for the success message. */
async function saveForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
}

/** Text of a PDF, its white space (line breaks, no-break spaces) read as single spaces. */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fragewerk-pdf-')), 'relaunch.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
}

test('a website relaunch: chosen in the overlay, filled on a phone, approved, read and printed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const steps = relaunchSteps();
  expect(steps).toHaveLength(9);
  const ownerRefused = watchCsp(page);

  // 1. The owner: the overlay offers the catalogue, the brand briefing preselected.
  await registerAndLogin(page, `relaunch-${Date.now()}@example.de`);
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Neues Projekt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
  const choice = dialog.getByRole('group', { name: 'Fragebogen' });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(choice.getByRole('radio', { name: /^Markenbriefing/ })).toBeChecked();
  const relaunch = choice.getByRole('radio', { name: /^Website-Relaunch/ });
  await expect(relaunch).not.toBeChecked();
  const relaunchCard = choice.locator('label').filter({ hasText: 'Website-Relaunch' });
  await expect(relaunchCard).toContainText(
    'Das Briefing für eine neue Website: von der heutigen Website über Inhalte',
  );
  const facts = await relaunchCard.getByText(/^9 Schritte · etwa \d+ Minuten$/).innerText();
  const minutes = Number(/etwa (\d+) Minuten/.exec(facts)![1]);
  await dialog.getByLabel('Projektname').fill(PROJECT);
  await dialog.getByLabel('Kundenname').fill('Tischlerei Berger');
  await expectAccessible(page, 'Neues Projekt mit Fragebogen-Auswahl (1280)');
  await page.screenshot({ path: path.join(SHOTS, 'overlay-1280.png') });
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'Neues Projekt mit Fragebogen-Auswahl (375)');
  await page.screenshot({ path: path.join(SHOTS, 'overlay-375.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await relaunch.check();
  await expect(relaunch).toBeChecked();
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
  await page.waitForURL(/\/projekte\/[0-9a-f-]+\/einstellungen$/);
  const projectId = page.url().split('/').at(-2)!;
  const shareUrl = await page.locator('.share-url').inputValue();

  // Its settings name the questionnaire and switch the relaunch's steps, not the briefing's.
  await expect(page.getByText('Fragebogen: Website-Relaunch')).toBeVisible();
  const switches = page.getByRole('group', {
    name: 'Schritte für diese Kundin oder diesen Kunden',
  });
  await expect(switches.getByRole('checkbox')).toHaveCount(9);
  for (const step of steps)
    await expect(switches.getByRole('checkbox', { name: step.title, exact: true })).toBeChecked();
  await expect(switches).not.toContainText('Stakeholder-Analyse');
  await page.goto('/dashboard');
  await expect(page.getByRole('row').filter({ hasText: PROJECT })).toContainText(
    'Website-Relaunch',
  );

  // 2. The customer on a phone: the welcome page names the relaunch's stages, steps and time.
  const { context, page: customer } = await customerPage(browser, baseURL, PHONE);
  const refused = watchCsp(customer);
  // The customer's page loads its own questionnaire only, never the brand briefing's definition.
  const definitionsLoaded: string[] = [];
  customer.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/config/definition' || pathname.startsWith('/api/definitions/'))
      definitionsLoaded.push(pathname);
  });
  await customer.goto(shareUrl);
  await expect(customer).toHaveURL(new RegExp(`/projekte/${projectId}/willkommen$`));
  const welcome = customer.getByRole('region', {
    name: `Willkommen zum Fragebogen „${PROJECT}“`,
  });
  await expect(welcome.getByRole('listitem').filter({ hasText: 'Ausgangslage' })).toContainText(
    'Heutige Website · Ziele und Erfolg',
  );
  await expect(
    welcome.getByRole('listitem').filter({ hasText: 'Gestaltung und Rahmen' }),
  ).toContainText('Vorbilder · Anmutung · Technik · Rahmen');
  await expect(welcome).not.toContainText('Markenpersönlichkeit');
  await expect(welcome.getByText(`etwa ${minutes} Minuten`, { exact: true })).toBeVisible();
  await customer.screenshot({ path: path.join(SHOTS, 'welcome-375.png'), fullPage: true });
  await welcome.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customer).toHaveURL(/\/fragebogen\/heutige-website$/);

  // „Heutige Website“: an address without a domain is refused in German, then corrected.
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wo stehen Sie heute?' }),
  ).toBeVisible();
  const address = customer.getByRole('textbox', { name: /, Adresse 1$/ });
  await address.fill('tischlerei-berger');
  await customer.getByLabel('Was funktioniert heute gut?').fill('Die Referenzen bringen Anfragen.');
  await customer
    .getByLabel('Was funktioniert nicht?')
    .fill('Auf dem Smartphone ist das Menü kaum zu bedienen.');
  await customer.getByRole('button', { name: 'Speichern' }).click();
  const addressMessage = 'Adressliste: Bitte vollständige Adressen angeben, z. B. www.beispiel.de.';
  await expect(customer.getByText(addressMessage).first()).toBeVisible();
  await expect(customer.getByText('Daten wurden gespeichert')).toHaveCount(0);
  await customer.screenshot({
    path: path.join(SHOTS, 'heutige-website-fehler-375.png'),
    fullPage: true,
  });
  await address.fill('www.tischlerei-berger.de');
  await saveForm(customer);
  await customer.screenshot({ path: path.join(SHOTS, 'heutige-website-375.png'), fullPage: true });

  // „Rahmen“: „bis“ below „von“ is refused, then the range, the date and who decides are saved.
  await customer.goto(`${shareUrl}/rahmen`);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Womit planen wir?' }),
  ).toBeVisible();
  const budget = customer.getByRole('group', { name: /Budget/ });
  await budget.getByRole('textbox', { name: 'von' }).fill('40.000');
  await budget.getByRole('textbox', { name: 'bis' }).fill('20.000');
  await customer.getByLabel(/Wann soll die neue Website online gehen\?/).fill('2027-03-15');
  await pickOptions(
    customer.getByRole('group', { name: 'Wer entscheidet über die neue Website?' }),
    ['Geschäftsführung', 'Marketing'],
  );
  await customer.getByRole('button', { name: 'Speichern' }).click();
  const rangeMessage = 'Budget: „bis“ darf nicht kleiner sein als „von“.';
  await expect(customer.getByText(rangeMessage).first()).toBeVisible();
  await expect(budget.getByRole('textbox', { name: 'von' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessible(customer, 'Rahmen mit Fehler (375)');
  await customer.screenshot({ path: path.join(SHOTS, 'rahmen-fehler-375.png'), fullPage: true });
  await budget.getByRole('textbox', { name: 'von' }).fill('20.000');
  await budget.getByRole('textbox', { name: 'bis' }).fill('40.000');
  await saveForm(customer);
  await expect(customer.getByText(rangeMessage)).toHaveCount(0);
  await customer.reload();
  await expect(budget.getByRole('textbox', { name: 'bis' })).toHaveValue(/^40\.?000$/);
  await expectAccessible(customer, 'Rahmen (375)');
  await customer.screenshot({ path: path.join(SHOTS, 'rahmen-375.png'), fullPage: true });

  // „Funktionen“: one entry of the list step.
  await customer.goto(`${shareUrl}/funktionen`);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Was soll die Website können?' }),
  ).toBeVisible();
  await customer.getByRole('button', { name: 'Funktion hinzufügen' }).click();
  const editor = customer.getByRole('region', { name: 'Neue Funktion' });
  await editor
    .getByLabel('Welche Funktion braucht die Website?')
    .selectOption({ label: 'Kontaktformular' });
  await editor
    .getByLabel('Wie wichtig ist diese Funktion zum Start?')
    .selectOption({ label: 'Muss' });
  await editor
    .getByLabel('Was genau soll sie können?')
    .fill('Anfragen gehen per E-Mail an die Werkstatt.');
  await customer.screenshot({ path: path.join(SHOTS, 'funktionen-editor-375.png') });
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(editor).toBeHidden();
  await expect(customer.getByRole('heading', { name: 'Kontaktformular' })).toBeVisible();
  await customer.screenshot({ path: path.join(SHOTS, 'funktionen-375.png'), fullPage: true });

  // 3. Approval with steps left open: the dialog names them, „Trotzdem freigeben“.
  await customer.getByRole('button', { name: 'Freigeben' }).first().click();
  const question = customer.getByRole('dialog', { name: 'Projekt Freigeben?' });
  await expect(question).toContainText('Diese Schritte sind noch nicht vollständig:');
  await expect(question).toContainText('Ziele und Erfolg');
  await expect(question).not.toContainText('Stakeholder-Analyse');
  await customer.screenshot({ path: path.join(SHOTS, 'freigeben-375.png') });
  await question.getByRole('button', { name: 'Trotzdem freigeben' }).click();
  await expect(customer).toHaveURL(new RegExp(`/projekte/${projectId}/danke$`));
  await expect(customer.getByText('Projekt freigegeben!')).toBeVisible();
  // Each full page load read its project's revision, and nothing else.
  expect(definitionsLoaded.length).toBeGreaterThan(0);
  expect(definitionsLoaded.every((loaded) => loaded.startsWith('/api/definitions/'))).toBe(true);
  expect(refused()).toEqual([]);
  await context.close();

  // 4. The owner's results: the relaunch's header line and its prose, on screen and printed.
  await page.goto(`/projekte/${projectId}/ergebnisse`);
  await expect(page.getByText(/^Website-Relaunch · Stand: /)).toBeVisible();
  const sentences = [
    'Verbesserungsbedarf gibt es hier: Auf dem Smartphone ist das Menü kaum zu bedienen.',
    'Für den Relaunch sind netto 20.000\u00a0€ bis 40.000\u00a0€ eingeplant.',
    'Die neue Website soll am 15. März 2027 online gehen.',
    'Über die Website entscheiden die Geschäftsführung und das Marketing.',
    'Was die Funktion leisten soll: Anfragen gehen per E-Mail an die Werkstatt.',
  ];
  for (const sentence of sentences) await expect(page.getByText(sentence)).toBeVisible();
  // Today's address stands once, as a link; the priority once, as the card's badge (#38).
  await expect(page.getByRole('link', { name: /www\.tischlerei-berger\.de/ })).toBeVisible();
  await expect(page.getByText(/zu erreichen\.$/)).toHaveCount(0);
  await expect(page.getByText('Diese Funktion muss zum Start bereitstehen.')).toHaveCount(0);
  for (const heading of ['Heutige Website', 'Funktionen', 'Rahmen'])
    await expect(page.getByRole('heading', { name: heading, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stakeholder', level: 3 })).toHaveCount(0);
  await expectAccessible(page, 'Ergebnisse Website-Relaunch');
  await page.screenshot({ path: path.join(SHOTS, 'ergebnisse-1280.png'), fullPage: true });

  await page.emulateMedia({ media: 'print' });
  const printed = pdfText(await page.pdf({ format: 'A4', printBackground: true }));
  await page.emulateMedia({ media: 'screen' });
  // Small capitals (text-transform) reach the PDF as capitals.
  const lower = printed.toLowerCase();
  for (const expected of [PROJECT, 'Website-Relaunch · Stand:', 'Heutige Website', 'Funktionen'])
    expect(lower).toContain(expected.toLowerCase());
  expect(lower).toContain('rahmen');
  expect(printed).toContain('Für den Relaunch sind netto 20.000 € bis 40.000 € eingeplant.');
  expect(printed).toContain('Die neue Website soll am 15. März 2027 online gehen.');
  expect(printed).not.toContain('Stakeholder');

  expect(ownerRefused()).toEqual([]);
});
