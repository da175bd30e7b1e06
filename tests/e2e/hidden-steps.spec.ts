import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { customerPage, ownerWithProject } from './customer-project.ts';
import { apiHeaders, DESKTOP, expectAccessible, PHONE, watchCsp } from './support.ts';

/**
 * docs/product.md#projekteinstellungen: the agency switches a step off for one customer; the
 * customer (share link, phone) does not see it in the navigation or the step count, its address
 * is not found, the results and their print leave it out; switched on again, it is back with its
 * stored answer.
 */

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results');
const COMPETITOR = 'Holz & Co Werkstätten';

/** Stores a competitor through the API as the logged-in owner (the session's CSRF token). */
async function addCompetitor(page: Page, projectId: string) {
  const response = await page.request.post(`/api/projects/${projectId}/competitors`, {
    data: { name: COMPETITOR, explanation: 'Gleiche Region', importance: 3 },
    headers: await apiHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(201);
}

const switches = (page: Page) =>
  page.getByRole('group', { name: 'Schritte für diese Kundin oder diesen Kunden' });

/** Sets the box of Wettbewerber-Analyse in the settings and saves. */
async function showCompetitors(page: Page, projectId: string, shown: boolean) {
  await page.goto(`/projekte/${projectId}/einstellungen`);
  const box = switches(page).getByRole('checkbox', { name: 'Wettbewerber-Analyse' });
  await box.setChecked(shown);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(box).toBeChecked({ checked: shown });
}

const picker = (page: Page) => page.getByRole('button', { name: /^Schritt \d+ von \d+ · / });

test('a step switched off for one customer, and on again', async ({ page, browser, baseURL }) => {
  const shared = await ownerWithProject(page, { prefix: 'ausgeblendet' });
  await addCompetitor(page, shared.projectId);

  // The settings with the step switches, at both widths (looked at by hand).
  await page.setViewportSize(DESKTOP);
  await page.goto(`/projekte/${shared.projectId}/einstellungen`);
  await expect(switches(page).getByRole('checkbox')).toHaveCount(8);
  await expect(switches(page)).toContainText(
    'Ausgeblendete Schritte sieht die Kundschaft nicht; ihre Antworten bleiben gespeichert.',
  );
  await switches(page).getByRole('checkbox', { name: 'Wettbewerber-Analyse' }).uncheck();
  await switches(page).getByRole('checkbox', { name: 'Personas' }).uncheck();
  await expectAccessible(page, 'Projekteinstellungen mit Schritten');
  await page.screenshot({
    path: path.join(SHOTS, 'hidden-steps-settings-1280.png'),
    fullPage: true,
  });
  await page.setViewportSize(PHONE);
  await page.screenshot({
    path: path.join(SHOTS, 'hidden-steps-settings-375.png'),
    fullPage: true,
  });
  await page.setViewportSize(DESKTOP);
  await page.getByRole('checkbox', { name: 'Personas' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();

  // The customer on the phone: seven steps, none of them the switched-off one.
  const { context, page: customer } = await customerPage(browser, baseURL, PHONE);
  const refused = watchCsp(customer);
  await customer.goto(shared.shareUrl);
  // Its stored answer does not count as a start: the welcome page greets the customer.
  await expect(customer).toHaveURL(new RegExp(`/projekte/${shared.projectId}/willkommen$`));
  const welcome = customer.getByRole('region', { name: /^Willkommen zum Fragebogen/ });
  await expect(welcome.getByRole('listitem').filter({ hasText: 'Business Insights' })).toHaveText(
    /Stakeholder-Analyse · Ziele/,
  );
  await expect(welcome).not.toContainText('Wettbewerber-Analyse');
  await welcome.getByRole('link', { name: /Los geht/ }).click();
  await expect(picker(customer)).toHaveAccessibleName('Schritt 1 von 7 · Stakeholder-Analyse');
  await picker(customer).click();
  const all = customer.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
  // Its steps (the list also leads back to the welcome page).
  await expect(all.locator('.step-picker-link')).toHaveCount(7);
  await expect(all).not.toContainText('Wettbewerber-Analyse');
  await all.getByRole('link', { name: /^Ziele/ }).click();
  await expect(picker(customer)).toHaveAccessibleName('Schritt 2 von 7 · Ziele');
  await expect(customer.getByRole('link', { name: 'Zurück: Stakeholder-Analyse' })).toBeVisible();
  // The share link's own address of the step, as a bookmark would hold it.
  const stepUrl = `${shared.shareUrl}/wettbewerber`;
  await customer.goto(stepUrl);
  await expect(
    customer.getByRole('heading', { level: 1, name: '404 - Nicht gefunden' }),
  ).toBeVisible();

  // The results and their print leave it out.
  await page.goto(`/projekte/${shared.projectId}/ergebnisse`);
  await expect(page.getByRole('heading', { name: 'Stakeholder', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wettbewerber', level: 3 })).toHaveCount(0);
  await expect(page.getByText(COMPETITOR)).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fragewerk-pdf-')), 'ergebnisse.pdf');
  writeFileSync(file, await page.pdf({ format: 'A4', printBackground: true }));
  const printed = execFileSync('pdftotext', [file, '-']).toString();
  expect(printed).toContain('Stakeholder');
  expect(printed).not.toContain('Holz & Co');
  await page.emulateMedia({ media: 'screen' });

  // Switched on again: back, with the stored competitor.
  await showCompetitors(page, shared.projectId, true);
  await customer.goto(stepUrl);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wer steht noch auf dem Platz?' }),
  ).toBeVisible();
  await expect(picker(customer)).toHaveAccessibleName('Schritt 2 von 8 · Wettbewerber-Analyse');
  await expect(customer.getByText(COMPETITOR).first()).toBeVisible();
  await page.goto(`/projekte/${shared.projectId}/ergebnisse`);
  await expect(page.getByRole('heading', { name: 'Wettbewerber', level: 3 })).toBeVisible();
  await expect(page.getByText(COMPETITOR).first()).toBeVisible();

  expect(refused()).toEqual([]);
  await context.close();
});
