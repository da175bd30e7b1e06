import { expect, test, type Page } from '@playwright/test';
import { fillPositioning, newProject, positioningPath } from './positioning.ts';
import { VIEWPORTS } from './support.ts';

/*
 * docs/product.md#gleichzeitiges-bearbeiten: two people on Markenpositionierung at once. A save
 * against a version someone else has saved meanwhile is merged field by field: what only one of
 * them changed survives without a question; only a field both changed differently is asked for.
 */

const mission = /Wie lautet Ihr Mission Statement/;
const strengths = /Welche Stärken und Qualitäten/;

/** Clicks „Speichern“ and waits for the server's answer to that save; returns its status. */
async function save(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) =>
        candidate.request().method() === 'PATCH' && candidate.url().endsWith('/brandpositioning'),
    ),
    page.getByRole('button', { name: 'Speichern' }).click(),
  ]);
  return response.status();
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('a save that changed only the strengths keeps the mission statement saved meanwhile by someone else', async ({
      page,
      browser,
      baseURL,
    }) => {
      const { projectId, shareLink } = await newProject(
        page,
        `zusammen-${viewport.width}-${Date.now()}@example.de`,
      );
      await page.goto(positioningPath(projectId));
      await fillPositioning(page, 'Backen mit Zeit.');
      expect(await save(page)).toBe(200);

      // Both now hold the same stored version.
      const customerContext = await browser.newContext({ baseURL, viewport });
      const customer = await customerContext.newPage();
      await customer.goto(shareLink.replace(/fragebogen$/, 'fragebogen/markenpositionierung'));
      await expect(customer.getByLabel(mission)).toHaveValue('Backen mit Zeit.');

      // A changes the mission statement and saves.
      await page.getByLabel(mission).fill('Brot wie früher.');
      expect(await save(page)).toBe(200);

      // B changes only the strengths and saves on top of the older version: no question, and B
      // now sees A's mission statement beside their own strengths.
      await customer.getByLabel(strengths).fill('Ofen aus Stein');
      expect(await save(customer)).toBe(200);
      await expect(customer.getByText('Daten wurden gespeichert')).toBeVisible();
      await expect(customer.getByRole('dialog', { name: 'Inzwischen geändert' })).toHaveCount(0);
      await expect(customer.getByLabel(mission)).toHaveValue('Brot wie früher.');
      await expect(customer.getByLabel(strengths)).toHaveValue('Ofen aus Stein');

      // What is stored has both.
      await page.reload();
      await expect(page.getByLabel(mission)).toHaveValue('Brot wie früher.');
      await expect(page.getByLabel(strengths)).toHaveValue('Ofen aus Stein');

      // Both change the mission statement differently, B also the strengths: only the mission
      // statement is asked for, side by side; B takes the stored one and keeps their strengths.
      await page.getByLabel(mission).fill('Brot mit Seele.');
      expect(await save(page)).toBe(200);
      await customer.getByLabel(mission).fill('Meine Variante.');
      await customer.getByLabel(strengths).fill('Eigene Mühle');
      expect(await save(customer)).toBe(409);
      const conflict = customer.getByRole('dialog', { name: 'Inzwischen geändert' });
      await expect(conflict).toBeVisible();
      await expect(conflict.getByRole('group')).toHaveCount(1);
      const field = conflict.getByRole('group', { name: 'Mission Statement' });
      await expect(
        field.getByRole('radio', { name: 'Ihre Eingabe: Meine Variante.' }),
      ).toBeChecked();
      await field.getByRole('radio', { name: 'Gespeicherter Stand: Brot mit Seele.' }).check();
      await conflict.getByRole('button', { name: 'Auswahl speichern' }).click();
      await expect(customer.getByText('Daten wurden gespeichert')).toBeVisible();
      await expect(customer.getByLabel(mission)).toHaveValue('Brot mit Seele.');

      await page.reload();
      await expect(page.getByLabel(mission)).toHaveValue('Brot mit Seele.');
      await expect(page.getByLabel(strengths)).toHaveValue('Eigene Mühle');
      await customerContext.close();
    });

    test('list entries merge per field too, and a website typed as people type it is taken', async ({
      page,
      browser,
      baseURL,
    }) => {
      const { projectId, shareLink } = await newProject(
        page,
        `liste-${viewport.width}-${Date.now()}@example.de`,
      );
      await page.goto(`/projekte/${projectId}/fragebogen/wettbewerber`);
      await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
      await page.getByLabel(/Name des Wettbewerbers/).fill('Backhaus Krause');
      // Without a scheme, with spaces around: as people type an address.
      await page.getByLabel('Website').fill('  www.backhaus-krause.de ');
      await page.getByLabel(/Warum ist dieser Wettbewerber/).fill('Gleiche Straße.');
      await page.getByRole('radio', { name: '3 von 5 Sternen' }).click();
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(page.getByRole('link', { name: /www\.backhaus-krause\.de/ })).toHaveAttribute(
        'href',
        'https://www.backhaus-krause.de',
      );

      // Two people open the entry; each changes another field and saves: both changes stay.
      const customerContext = await browser.newContext({ baseURL, viewport });
      const customer = await customerContext.newPage();
      await customer.goto(shareLink.replace(/fragebogen$/, 'fragebogen/wettbewerber'));
      await customer.getByRole('button', { name: 'Bearbeiten: Backhaus Krause' }).click();
      await page.getByRole('button', { name: 'Bearbeiten: Backhaus Krause' }).click();

      await page.getByLabel(/Warum ist dieser Wettbewerber/).fill('Gleiche Straße, früher offen.');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const overlay = customer.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
      await overlay.getByLabel(/Name des Wettbewerbers/).fill('Backhaus Krause & Sohn');
      await overlay.getByRole('button', { name: 'Speichern' }).click();
      await expect(overlay).toHaveCount(0);
      await expect(customer.getByRole('dialog', { name: 'Inzwischen geändert' })).toHaveCount(0);
      await expect(customer.getByText('Gleiche Straße, früher offen.')).toBeVisible();
      await expect(customer.getByRole('heading', { name: 'Backhaus Krause & Sohn' })).toBeVisible();
      await customerContext.close();
    });
  });
}
