import path from 'node:path';
import { expect, test } from '@playwright/test';
import { customerPage, ownerWithProject } from './customer-project.ts';
import { DESKTOP, expectAccessible, linkFromMail, PHONE, watchCsp } from './support.ts';

/**
 * docs/product.md#kundschaft: the agency invites its customer by mail from the project's settings;
 * the customer opens the link of that mail on a phone and is greeted by the agency.
 */

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'customer-invitation');

test('an agency invites its customer by mail, the customer opens the link on a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const refused = watchCsp(page);
  const shared = await ownerWithProject(page, { prefix: 'einladung' });
  const customerEmail = `eva-${Date.now()}@baeckerei-sonnenschein.de`;

  await page.setViewportSize(DESKTOP);
  const section = page.getByRole('region', { name: 'Kundschaft' });
  await expect(section).toContainText('Noch keine Kontakte.');
  await section.getByRole('button', { name: 'Per Mail einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Per Mail einladen' });
  // The platform's form: German messages of the server's schema, nothing sent.
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(dialog.getByText('Name ist ein Pflichtfeld')).toBeVisible();
  await dialog.getByLabel('Name').fill('Eva Sonnenschein');
  await dialog.getByLabel('E-Mail').fill(customerEmail);
  await dialog
    .getByLabel('Persönliche Nachricht (optional)')
    .fill('Liebe Eva,\nwie besprochen der Fragebogen – bis Freitag wäre schön.');
  await expectAccessible(page, 'Per Mail einladen');
  await page.screenshot({ path: path.join(SHOTS, 'einladen-1280.png') });
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Die Einladung an ${customerEmail} ist unterwegs.`)).toBeVisible();
  await expect(section).toContainText('Eva Sonnenschein');
  await expect(section).toContainText(/Eingeladen am \d+\. \w+ \d{4}/);
  await expectAccessible(page, 'Projekteinstellungen mit Kundschaft');
  await section.screenshot({ path: path.join(SHOTS, 'kundschaft-1280.png') });
  await page.setViewportSize(PHONE);
  await section.screenshot({ path: path.join(SHOTS, 'kundschaft-375.png') });

  // The mail's link is the project's share link; on the phone it opens the welcome page.
  const link = await linkFromMail(customerEmail);
  expect(new URL(link).pathname).toBe(
    `/share/${shared.token}/projekte/${shared.projectId}/fragebogen`,
  );
  const { context, page: customer } = await customerPage(browser, baseURL, PHONE);
  await customer.goto(link);
  await expect(customer).toHaveURL(new RegExp(`/projekte/${shared.projectId}/willkommen$`));
  await expect(customer.getByRole('region', { name: /Willkommen/ })).toBeVisible();
  await customer.screenshot({ path: path.join(SHOTS, 'willkommen-375.png'), fullPage: true });
  await context.close();
  expect(refused()).toEqual([]);
});
