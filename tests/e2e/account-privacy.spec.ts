import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, linkFromMail, PASSWORD, registerAndLogin, watchCsp } from './support.ts';

/**
 * The account's own data and address, as its owner handles them in the browser: a new e-mail
 * address only counts once the link mailed to it is confirmed; the data download holds every
 * project; deleting the account needs the password and leaves nothing to log in to.
 */
test('e-mail change with password and confirmation link, data download, account deletion', async ({
  page,
}) => {
  // Four password hashes and three page loads of server pages: more than 60 s on a busy machine.
  test.setTimeout(120_000);
  const refused = watchCsp(page);
  const stamp = Date.now();
  const email = `datenschutz-${stamp}@example.de`;
  const newEmail = `neu-${stamp}@example.de`;
  await registerAndLogin(page, email, 'Agentur Datenschutz');

  await page.getByRole('button', { name: 'Neues Projekt anlegen' }).click();
  const newProject = page.getByRole('dialog', { name: 'Neues Projekt' });
  await newProject.getByLabel('Projektname').fill('Relaunch Backstube');
  await newProject.getByLabel('Kundenname').fill('Bäckerei Krause');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/projekte\/[0-9a-f-]+\/einstellungen$/);

  // A new address asks for the current password and waits for its confirmation.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Accounteinstellungen' })).toBeVisible();
  await expect(page.getByLabel('Aktuelles Passwort')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(newEmail);
  await expect(page.getByLabel('Aktuelles Passwort')).toBeVisible();
  await page.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText(`Wir haben einen Bestätigungslink an ${newEmail} geschickt.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail', exact: true })).toHaveValue(email);
  await expectAccessible(page, 'Accounteinstellungen mit Ihre Daten');

  // Opening the link changes nothing; the button on the page does, and ends every session.
  const confirmLink = await linkFromMail(newEmail);
  expect(confirmLink).toContain('/email-bestaetigen/');
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Neue E-Mail-Adresse bestätigen' })).toBeVisible();
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByText('Ihre neue E-Mail-Adresse gilt ab sofort.')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(newEmail);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/dashboard');

  // The download holds the account and the project with its names.
  await page.goto('/account');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Meine Daten herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fragewerk-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string };
    projects: { project_name: string; customer_firm: string }[];
  };
  expect(exported.account.email).toBe(newEmail);
  expect(exported.projects).toMatchObject([
    { project_name: 'Relaunch Backstube', customer_firm: 'Bäckerei Krause' },
  ]);

  // Deleting asks for the password; the safe button has the focus.
  await page.getByRole('button', { name: 'Account löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account löschen' });
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await expectAccessible(page, 'Account löschen');
  await dialog.getByLabel('Passwort zur Bestätigung').fill('falsches-passwort');
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(
    dialog.getByText('Das aktuelle Passwort wurde nicht korrekt eingegeben.', { exact: false }),
  ).toBeVisible();
  await dialog.getByLabel('Passwort zur Bestätigung').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await page.waitForURL('**/account-geloescht');
  await expect(page.getByText('Ihr Account wurde gelöscht.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(newEmail);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('E-Mail-Adresse oder Passwort ist nicht korrekt.')).toBeVisible();
  expect(refused()).toEqual([]);
});
