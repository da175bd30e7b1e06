import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD } from './support.ts';

/**
 * The fixture step `channels` exists only as files under tests/fixtures/definition/. The second
 * server of playwright.config.ts runs on a definition folder that holds it (DEFINITION_DIR, see
 * start-fixture-server.ts); this journey proves the step works in the browser without any code.
 */
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3198);
const outbox = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'test-results',
  'e2e-fixture-data',
  'mail',
);

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });

/** The newest link of the newest mail to `to` in the fixture server's outbox. */
async function linkFromMail(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      if (raw.includes(to)) {
        const link = raw.match(/https?:\/\/[^\s]+/)?.[0];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Keine Mail an ${to}`);
}

/** Registers on the fixture server, activates the account and logs in. */
async function registerAndLogin(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Firma').fill('Agentur Süd');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort (mindestens 8 Zeichen)').fill(PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Account anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
  await page.goto(await linkFromMail(email));
  await expect(page.getByText('Ihr Account ist aktiviert.')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/dashboard');
}

test('the fixture step (files only) appears in the navigation, renders, validates and saves', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerAndLogin(page, `kanaele-${Date.now()}@example.de`);
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
