import { expect, test } from '@playwright/test';
import { expectAccessible, linkFromMail, PASSWORD, registerAndLogin, watchCsp } from './support.ts';

test('register → activate → login → welcome box → new project → settings → account → password', async ({
  page,
  context,
}) => {
  // A long journey (two logins, Argon2 hashing): 60 s is too tight on a busy machine.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const refused = watchCsp(page);
  const email = `journey-${Date.now()}@example.de`;

  await page.goto('/register');
  await expectAccessible(page, 'Registrierung');
  await registerAndLogin(page, email);

  // Dashboard with the welcome box
  await expect(page).toHaveTitle('Projekte – Fragewerk');
  await expect(page.getByRole('heading', { name: 'Willkommen bei Fragewerk!' })).toBeVisible();
  await expect(page.getByText('Sie haben keine aktiven Projekte')).toBeVisible();
  await expectAccessible(page, 'Dashboard');
  await page.getByRole('button', { name: 'Danke, nicht mehr anzeigen' }).click();
  await expect(page.getByRole('heading', { name: 'Willkommen bei Fragewerk!' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Projekte', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Willkommen bei Fragewerk!' })).toBeHidden();

  // New project overlay: Escape closes, Enter validates, then creates
  await page.getByRole('button', { name: 'Neues Projekt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/overlay-open/);
  await expectAccessible(page, 'Neues Projekt');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Neues Projekt' }).click();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Projektname ist ein Pflichtfeld')).toBeVisible();
  await dialog.getByLabel('Projektname').fill('Relaunch 2027');
  await dialog.getByLabel('Kundenname').fill('Tischlerei Berger');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/projekte\/[0-9a-f-]+\/einstellungen$/);
  const projectId = page.url().split('/').at(-2)!;

  // Settings: copy link, rename, archive, reactivate
  await expect(page.getByRole('heading', { name: 'Projekteinstellungen' })).toBeVisible();
  await expect(page).toHaveTitle('Projekteinstellungen – Fragewerk');
  await expectAccessible(page, 'Projekteinstellungen');
  await page.getByRole('button', { name: 'Link kopieren' }).click();
  await expect(page.getByText('Der Link wurde in die Zwischenablage kopiert')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/share/[\\w-]{43}/projekte/${projectId}/fragebogen$`));
  await page.getByLabel('Projektname').fill('Relaunch 2028');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(page.locator('.project-bar-name')).toHaveText('Relaunch 2028');

  await page.getByRole('button', { name: 'Archivieren' }).click();
  await expect(page.getByRole('button', { name: 'Reaktivieren' })).toBeVisible();
  await expect(page.getByLabel('Projektname')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await page.goto('/dashboard');
  const archivedTable = page.getByRole('table', { name: 'Archivierte Projekte' });
  await expect(archivedTable.getByText('archiviert', { exact: true })).toBeVisible();
  await expect(
    archivedTable.getByRole('link', { name: 'Fragebogen von Relaunch 2028' }),
  ).toHaveAttribute('aria-disabled', 'true');
  await archivedTable.getByRole('link', { name: 'Einstellungen von Relaunch 2028' }).click();
  await page.getByRole('button', { name: 'Reaktivieren' }).click();
  await expect(page.getByRole('button', { name: 'Archivieren' })).toBeVisible();
  await expect(page.getByLabel('Projektname')).toBeEnabled();

  // The copied share link opens the questionnaire for an anonymous customer
  const customer = await context.browser()!.newContext();
  const customerPage = await customer.newPage();
  await customerPage.goto(copied);
  // A first visit starts on the welcome page (docs/product.md#willkommensseite-und-dank).
  await customerPage.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customerPage).toHaveURL(/\/fragebogen\/stakeholder$/);
  await expect(customerPage.getByRole('link', { name: /1\s*Business Insights/ })).toBeVisible();
  await expect(customerPage.getByRole('link', { name: 'Projekteinstellungen' })).toHaveCount(0);
  await customer.close();

  // Delete with confirmation
  await page.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByRole('dialog', { name: 'Projekt wirklich löschen?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Projekt gelöscht!')).toBeVisible();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText('Sie haben keine aktiven Projekte')).toBeVisible();

  // Account settings
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Accounteinstellungen' })).toBeVisible();
  await expectAccessible(page, 'Accounteinstellungen');
  await page.getByLabel('E-Mail der Ansprechperson').fill('falsch@');
  await page.getByLabel('E-Mail der Ansprechperson').blur();
  await expect(
    page.getByText('E-Mail der Ansprechperson muss eine gültige E-Mail-Adresse sein.'),
  ).toBeVisible();
  // docs/product.md#formulare-absenden-und-fehler: Speichern stays usable and leads to the error.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByLabel('E-Mail der Ansprechperson')).toBeFocused();
  await expect(page.getByText('Daten wurden gespeichert')).toHaveCount(0);
  await page.getByLabel('Ansprechperson', { exact: true }).fill('Jana Kühn');
  await page.getByLabel('E-Mail der Ansprechperson').fill('jana@agentur-nord.de');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();

  // Password change: wrong current password, then success and a new login
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Passwort ändern' });
  await expectAccessible(page, 'Passwort ändern');
  await passwordDialog.getByLabel('Aktuelles Passwort').fill('falsches-passwort');
  await passwordDialog.getByLabel('Neues Passwort').fill('neues-passwort-123');
  await passwordDialog.getByLabel('Passwortbestätigung').fill('neues-passwort-123');
  await passwordDialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(
    passwordDialog.getByText('Das aktuelle Passwort wurde nicht korrekt eingegeben.', {
      exact: false,
    }),
  ).toBeVisible();
  await passwordDialog.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await passwordDialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(
    page.getByText('Das Passwort wurde erfolgreich geändert. Bitte melden Sie sich erneut an.'),
  ).toBeVisible();
  await page.waitForURL('**/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill('neues-passwort-123');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/dashboard');
  expect(await linkFromMail(email)).toContain('/verify/');
  expect(refused()).toEqual([]);
});

test('unknown paths show 404 and legal pages exist', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { name: '404 - Nicht gefunden' })).toBeVisible();
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page).toHaveTitle('Impressum – Fragewerk');
  await expectAccessible(page, 'Impressum');
  await page.goto('/datenschutz');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
});

test('the start page leads anonymous visitors to the login page', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL('**/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expectAccessible(page, 'Anmelden');
});
