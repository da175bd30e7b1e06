import { expect, test, type Page } from '@playwright/test';
import { registerAndLogin } from './support.ts';

/** An owner's new project; returns its id and share link. */
async function newProject(page: Page, email: string) {
  await registerAndLogin(page, email);
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Zuverlässigkeit');
  await page.getByLabel('Kundenname').fill('Bäckerei Sommer');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const shareLink = await page.locator('.share-url').inputValue();
  return { projectId: page.url().split('/').at(-2)!, shareLink };
}

/** Fills the brand positioning form completely, with `mission` as mission statement. */
async function fillPositioning(page: Page, mission: string) {
  for (const choice of ['Höchste Qualität', 'Familien mit Kindern']) {
    const box = page.getByRole('checkbox', { name: choice });
    if (!(await box.isChecked())) await box.check();
  }
  await page
    .getByLabel(/Was macht Ihre Marke für diese Zielgruppe attraktiv/)
    .fill('Frisch und regional');
  await page.getByLabel(/Welche Stärken und Qualitäten/).fill('Eigene Backstube');
  await page.getByLabel(/Wodurch unterscheiden Sie sich/).fill('Sauerteig mit Zeit');
  await page.getByLabel(/Wie lautet Ihr Mission Statement/).fill(mission);
}

test('two people edit the same step: the later save is asked to reload or overwrite, nothing is lost', async ({
  page,
  browser,
  baseURL,
}) => {
  const { projectId, shareLink } = await newProject(page, `zwei-${Date.now()}@example.de`);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();

  // Both open the same form step.
  await page.goto(`/projekte/${projectId}/fragebogen/markenpositionierung`);
  await customer.goto(shareLink.replace(/fragebogen$/, 'fragebogen/markenpositionierung'));
  await expect(customer.getByRole('heading', { name: 'Wofür steht Ihre Marke?' })).toBeVisible();

  await fillPositioning(customer, 'Backen mit Zeit.');
  await customer.getByRole('button', { name: 'Speichern' }).click();
  await expect(customer.getByText('Daten wurden gespeichert')).toBeVisible();

  // The owner saves on top of what they loaded before: a conflict, and the owner decides.
  await fillPositioning(page, 'Brot wie früher.');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const conflict = page.getByRole('dialog', { name: 'Inzwischen geändert' });
  await expect(conflict).toBeVisible();
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue('Brot wie früher.');
  await conflict.getByRole('button', { name: 'Meine Eingaben speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();

  await customer.reload();
  await expect(customer.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
    'Brot wie früher.',
  );

  // Now the customer is behind and chooses to load the current state instead.
  await fillPositioning(page, 'Brot mit Seele.');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await fillPositioning(customer, 'Meine Variante.');
  await customer.getByRole('button', { name: 'Speichern' }).click();
  await customer
    .getByRole('dialog', { name: 'Inzwischen geändert' })
    .getByRole('button', { name: 'Aktuellen Stand laden' })
    .click();
  await expect(customer.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
    'Brot mit Seele.',
  );
  await customerContext.close();
});

test('a save without connection keeps everything typed and succeeds once the connection is back', async ({
  page,
  context,
}) => {
  const { projectId } = await newProject(page, `netz-${Date.now()}@example.de`);
  await page.goto(`/projekte/${projectId}/fragebogen/markenpositionierung`);
  await fillPositioning(page, 'Offline geschrieben.');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Network Error')).toBeVisible();
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
    'Offline geschrieben.',
  );
  await expect(page.getByRole('checkbox', { name: 'Höchste Qualität' })).toBeChecked();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
    'Offline geschrieben.',
  );

  // The same for a list entry: the editor stays open with its input.
  await page.goto(`/projekte/${projectId}/fragebogen/wettbewerber`);
  await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
  const editor = page.getByRole('region', { name: 'Neuer Wettbewerber' });
  await editor.getByLabel(/Name des Wettbewerbers/).fill('Backshop Eck');
  await editor.getByLabel(/Warum ist dieser Wettbewerber/).fill('Billiger');
  await editor.getByRole('radio', { name: '3 von 5 Sternen' }).check({ force: true });
  await context.setOffline(true);
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText('Network Error')).toBeVisible();
  await expect(editor.getByLabel(/Name des Wettbewerbers/)).toHaveValue('Backshop Eck');
  await context.setOffline(false);
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByRole('heading', { name: 'Backshop Eck' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Backshop Eck' })).toBeVisible();
});
