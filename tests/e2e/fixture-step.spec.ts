import { expect, test } from '@playwright/test';
import { outboxOf, registerAndLogin } from './support.ts';

/**
 * The fixture step `channels` exists only as files under tests/fixtures/definition/. The second
 * server of playwright.config.ts runs on a definition folder that holds it (DEFINITION_DIR, see
 * start-fixture-server.ts); this journey proves the step works in the browser without any code.
 */
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3198);
const outbox = outboxOf('e2e-fixture-data');

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });

test('the fixture step (files only) appears in the navigation, renders, validates and saves', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerAndLogin(page, `kanaele-${Date.now()}@example.de`, 'Agentur Süd', outbox);
  await page.getByRole('button', { name: 'Neues Projekt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
  await dialog.getByLabel('Projektname').fill('Kanalstrategie');
  await dialog.getByLabel('Kundenname').fill('Weingut Rebhang');
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
  await page.waitForURL(/\/projekte\/[0-9a-f-]+\/einstellungen$/);
  const shareUrl = await page.locator('.share-url').inputValue();

  // The customer opens the share link: the step is the last one of Business Insights
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const customer = await context.newPage();
  await customer.goto(shareUrl);
  await customer.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customer).toHaveURL(/\/fragebogen\/stakeholder$/);
  const subnav = customer.getByRole('navigation', { name: 'Schritte dieser Etappe' });
  await expect(subnav.getByRole('link')).toHaveText([
    'Stakeholder-Analyse',
    'Wettbewerber-Analyse',
    'Ziele',
    'Kommunikationskanäle',
  ]);
  await subnav.getByRole('link', { name: 'Ziele' }).click();
  await expect(customer.getByRole('link', { name: 'Weiter: Kommunikationskanäle' })).toBeVisible();
  await subnav.getByRole('link', { name: 'Kommunikationskanäle' }).click();
  await expect(customer).toHaveURL(/\/fragebogen\/kanaele$/);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wo sind Sie zu hören?' }),
  ).toBeVisible();
  await expect(customer).toHaveTitle('Kommunikationskanäle – Fragewerk');
  await expect(
    customer.getByText('Es gibt noch keine Einträge. Legen Sie jetzt Ihren Ersten an.'),
  ).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Zurück: Ziele' })).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Weiter: Markenpersönlichkeit' })).toBeVisible();

  // An empty purpose is refused with the German message, nothing is saved
  await customer.getByRole('button', { name: 'Kanal hinzufügen' }).click();
  const editor = customer.getByRole('region', { name: 'Neuer Kanal' });
  await editor.getByRole('combobox', { name: 'Kanal' }).selectOption({ label: 'Sonstiges' });
  await editor.getByRole('textbox', { name: 'Eigener Kanal' }).fill('Podcast');
  await editor.getByRole('radio', { name: '4 von 5 Sternen' }).check();
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(editor.getByText('Zweck ist ein Pflichtfeld')).toBeVisible();
  await expect(
    editor.getByRole('textbox', { name: 'Wofür nutzen Sie diesen Kanal?' }),
  ).toHaveAccessibleDescription(/Zweck ist ein Pflichtfeld/);

  // A valid entry with 'Sonstiges' → own channel is saved and survives a reload
  await editor
    .getByRole('textbox', { name: 'Wofür nutzen Sie diesen Kanal?' })
    .fill('Wöchentliche Folge über Weinbau');
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(editor).toBeHidden();
  const list = customer.getByRole('list', { name: 'Kommunikationskanäle' });
  await expect(list.getByRole('heading')).toHaveText(['Podcast']);
  await customer.reload();
  await expect(list.getByRole('heading')).toHaveText(['Podcast']);
  await expect(list.getByText('Wöchentliche Folge über Weinbau')).toBeVisible();
  await expect(list.getByRole('img', { name: '4 von 5 Sternen' })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Bearbeiten: Podcast' })).toBeVisible();
  await context.close();
});
