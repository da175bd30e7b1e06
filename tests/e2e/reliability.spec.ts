import { expect, test } from '@playwright/test';
import { fillPositioning, newProject } from './positioning.ts';

test('two people change the same field: the later save is asked per field or to reload, nothing is lost', async ({
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

  // The owner saves on top of what they loaded before: both wrote a different mission statement,
  // so the owner decides for that field (the other fields are the same on both sides).
  await fillPositioning(page, 'Brot wie früher.');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const conflict = page.getByRole('dialog', { name: 'Inzwischen geändert' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('group')).toHaveCount(1);
  await expect(
    conflict.getByRole('group', { name: 'Mission Statement' }).getByRole('radio', {
      name: 'Ihre Eingabe: Brot wie früher.',
    }),
  ).toBeChecked();
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue('Brot wie früher.');
  await conflict.getByRole('button', { name: 'Auswahl speichern' }).click();
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

test('a save without connection keeps everything typed and goes through by itself once the connection is back', async ({
  page,
  context,
}) => {
  const { projectId } = await newProject(page, `netz-${Date.now()}@example.de`);
  await page.goto(`/projekte/${projectId}/fragebogen/markenpositionierung`);
  await fillPositioning(page, 'Offline geschrieben.');

  const waiting = page.getByText(
    'Keine Verbindung – wird gespeichert, sobald Sie wieder online sind',
  );
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(waiting).toBeVisible();
  await expect(page.getByText('Network Error')).toHaveCount(0);
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
    'Offline geschrieben.',
  );

  // Back online, the save is sent again without another click.
  await context.setOffline(false);
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
    'Offline geschrieben.',
  );
  await expect(page.getByRole('checkbox', { name: 'Höchste Qualität' })).toBeChecked();

  // The same for a list entry: the editor stays open with its input.
  await page.goto(`/projekte/${projectId}/fragebogen/wettbewerber`);
  await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
  const editor = page.getByRole('region', { name: 'Neuer Wettbewerber' });
  await editor.getByLabel(/Name des Wettbewerbers/).fill('Backshop Eck');
  await editor.getByLabel(/Warum ist dieser Wettbewerber/).fill('Billiger');
  await editor.getByRole('radio', { name: '3 von 5 Sternen' }).check({ force: true });
  await context.setOffline(true);
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(waiting).toBeVisible();
  await expect(editor.getByLabel(/Name des Wettbewerbers/)).toHaveValue('Backshop Eck');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Backshop Eck' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Backshop Eck' })).toBeVisible();
});
