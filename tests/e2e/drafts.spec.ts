import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillPositioning, newProject, positioningPath } from './positioning.ts';
import { PASSWORD, VIEWPORTS } from './support.ts';

/*
 * docs/product.md#entwürfe: nothing typed is lost – not to an ended session, a reload, a closed
 * tab, a hasty Esc, a „Weiter“ or an entry someone deleted meanwhile. On a laptop and a phone.
 */

const competitorsPath = (projectId: string) => `/projekte/${projectId}/fragebogen/wettbewerber`;
const name = /Name des Wettbewerbers/;
const why = /Warum ist dieser Wettbewerber/;
const restored = /Ihre nicht gespeicherten Eingaben vom .* sind wieder da/;

/** Screens to look at: test-results/drafts/<name>-<width>.png. */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.resolve(
      import.meta.dirname,
      '..',
      '..',
      'test-results',
      'drafts',
      `${name}-${page.viewportSize()!.width}.png`,
    ),
  });

/** Logs in on the login page the app sent the person to. */
async function logIn(page: Page, email: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('a session that ends while typing keeps the new entry and comes back to it after the login', async ({
      page,
      browser,
      baseURL,
    }) => {
      const email = `sitzung-${viewport.width}-${Date.now()}@example.de`;
      const { projectId } = await newProject(page, email);
      await page.goto(competitorsPath(projectId));
      await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
      await page.getByLabel(name).fill('Backhaus Krause');
      await page.getByLabel(why).fill('Gleiche Straße, längere Öffnungszeiten.');

      // The session ends elsewhere: a logout in another tab of the same browser.
      const other = await page.context().newPage();
      await other.goto('/logout');
      await other.close();

      await page.getByRole('radio', { name: '3 von 5 Sternen' }).click();
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await page.waitForURL(/\/login\?weiter=/);
      expect(new URL(page.url()).searchParams.get('weiter')).toBe(competitorsPath(projectId));

      await logIn(page, email);
      await page.waitForURL(`**${competitorsPath(projectId)}`);
      const editor = page.getByRole('region', { name: 'Neuer Wettbewerber' });
      await expect(editor.getByText(restored)).toBeVisible();
      await expect(editor.getByLabel(name)).toHaveValue('Backhaus Krause');
      await expect(editor.getByLabel(why)).toHaveValue('Gleiche Straße, längere Öffnungszeiten.');
      await editor.scrollIntoViewIfNeeded();
      await shot(page, 'restored-after-login');
      await editor.getByRole('radio', { name: '3 von 5 Sternen' }).click();
      await editor.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(page.getByRole('heading', { name: 'Backhaus Krause' })).toBeVisible();

      // Saved: nothing is offered again.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Backhaus Krause' })).toBeVisible();
      await expect(page.getByText(restored)).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Neuer Wettbewerber' })).toHaveCount(0);

      // A deep link opened without a session returns to itself after the login.
      const fresh = await browser.newContext({ baseURL, viewport });
      const visitor = await fresh.newPage();
      await visitor.goto(`/projekte/${projectId}/ergebnisse`);
      await visitor.waitForURL(/\/login\?weiter=/);
      await logIn(visitor, email);
      await visitor.waitForURL(`**/projekte/${projectId}/ergebnisse`);
      await fresh.close();
    });

    test('a closed tab or a reload brings back the edit overlay and the form step, each with a way to discard', async ({
      page,
    }) => {
      const { projectId } = await newProject(
        page,
        `entwurf-${viewport.width}-${Date.now()}@example.de`,
      );
      await page.goto(competitorsPath(projectId));
      await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
      await page.getByLabel(name).fill('Mühle Ost');
      await page.getByLabel(why).fill('Direkt am Bahnhof.');
      await page.getByRole('radio', { name: '2 von 5 Sternen' }).click();
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(page.getByRole('heading', { name: 'Mühle Ost' })).toBeVisible();

      await page.getByRole('button', { name: 'Bearbeiten: Mühle Ost' }).click();
      const overlay = page.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
      await overlay.getByLabel(why).fill('Direkt am Bahnhof, mit Café.');
      // The tab closes without a word (the browser's own question is not answered here).
      const context = page.context();
      await page.close({ runBeforeUnload: false });

      const again = await context.newPage();
      await again.goto(competitorsPath(projectId));
      const reopened = again.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
      await expect(reopened.getByText(restored)).toBeVisible();
      await expect(reopened.getByLabel(why)).toHaveValue('Direkt am Bahnhof, mit Café.');
      await reopened.getByRole('button', { name: 'Speichern' }).click();
      await expect(reopened).toHaveCount(0);
      await expect(again.getByText('Direkt am Bahnhof, mit Café.')).toBeVisible();

      // A form step: typed, reloaded, back – and „Verwerfen“ puts the stored answers back.
      await again.goto(positioningPath(projectId));
      const mission = again.getByLabel(/Wie lautet Ihr Mission Statement/);
      await mission.fill('Brot wie früher.');
      again.once('dialog', (dialog) => void dialog.accept());
      await again.reload();
      await expect(mission).toHaveValue('Brot wie früher.');
      await expect(again.getByText(restored)).toBeVisible();
      await again.getByRole('button', { name: 'Verwerfen' }).click();
      await expect(mission).toHaveValue('');
      await expect(again.getByText(restored)).toHaveCount(0);
      again.once('dialog', (dialog) => void dialog.accept());
      await again.reload();
      await expect(mission).toHaveValue('');
    });

    test('Abbrechen asks before typed input goes; „Speichern und weiter“ saves a form step on the way out', async ({
      page,
    }) => {
      const { projectId } = await newProject(
        page,
        `fragen-${viewport.width}-${Date.now()}@example.de`,
      );
      await page.goto(competitorsPath(projectId));
      await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
      await page.getByLabel(name).fill('Ein langer Absatz über den Wettbewerb');
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      const question = page.getByRole('dialog', { name: 'Eingaben verwerfen?' });
      await expect(question).toBeVisible();
      await expect(question.getByRole('button', { name: 'Weiter bearbeiten' })).toBeFocused();
      await shot(page, 'discard-question');
      await page.keyboard.press('Enter');
      await expect(question).toHaveCount(0);
      await expect(page.getByLabel(name)).toHaveValue('Ein langer Absatz über den Wettbewerb');
      await page.getByRole('button', { name: 'Abbrechen' }).click();
      await question.getByRole('button', { name: 'Verwerfen' }).click();
      await expect(page.getByRole('region', { name: 'Neuer Wettbewerber' })).toHaveCount(0);

      await page.goto(positioningPath(projectId));
      await fillPositioning(page, 'Backen mit Zeit.');
      await page
        .getByRole('link', { name: /Weiter/ })
        .last()
        .click();
      const leave = page.getByRole('dialog', { name: 'Seite wirklich verlassen?' });
      await expect(leave.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
      await expect(leave.getByRole('button', { name: 'Ja, verlassen' })).toBeVisible();
      await shot(page, 'leave-save');
      await leave.getByRole('button', { name: 'Speichern und weiter' }).click();
      await page.waitForURL(/fragebogen\/userstories|fragebogen\/user-stories/);
      await page.goto(positioningPath(projectId));
      await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toHaveValue(
        'Backen mit Zeit.',
      );

      // Not valid: the dialog offers only the spec's two answers.
      await page.getByLabel(/Wie lautet Ihr Mission Statement/).fill('');
      await page
        .getByRole('link', { name: /Weiter/ })
        .last()
        .click();
      await expect(leave).toBeVisible();
      await expect(leave.getByRole('button', { name: 'Speichern und weiter' })).toHaveCount(0);
      await leave.getByRole('button', { name: 'Abbrechen' }).click();
    });

    test('an entry deleted meanwhile keeps what was typed and can be saved as a new entry', async ({
      page,
      browser,
      baseURL,
    }) => {
      const { projectId, shareLink } = await newProject(
        page,
        `geloescht-${viewport.width}-${Date.now()}@example.de`,
      );
      await page.goto(competitorsPath(projectId));
      await page.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
      await page.getByLabel(name).fill('Kornkammer');
      await page.getByLabel(why).fill('Bio-Sortiment.');
      await page.getByRole('radio', { name: '4 von 5 Sternen' }).click();
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(page.getByRole('heading', { name: 'Kornkammer' })).toBeVisible();

      // The customer edits the entry while the agency deletes it.
      const customerContext = await browser.newContext({ baseURL, viewport });
      const customer = await customerContext.newPage();
      await customer.goto(shareLink.replace(/fragebogen$/, 'fragebogen/wettbewerber'));
      await customer.getByRole('button', { name: 'Bearbeiten: Kornkammer' }).click();
      const overlay = customer.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
      await overlay.getByLabel(why).fill('Bio-Sortiment und eigener Lieferdienst.');

      await page.getByRole('button', { name: 'Löschen: Kornkammer' }).click();
      await page
        .getByRole('dialog', { name: 'Wirklich löschen?' })
        .getByRole('button', { name: 'Löschen' })
        .click();
      await expect(page.getByRole('heading', { name: 'Kornkammer' })).toHaveCount(0);

      await overlay.getByRole('button', { name: 'Speichern' }).click();
      await expect(overlay.getByText(/wurde inzwischen gelöscht/)).toBeVisible();
      await expect(overlay.getByLabel(why)).toHaveValue('Bio-Sortiment und eigener Lieferdienst.');
      await shot(customer, 'deleted-meanwhile');
      await overlay.getByRole('button', { name: 'Als neuen Eintrag speichern' }).click();
      await expect(overlay).toHaveCount(0);
      await expect(customer.getByText('Bio-Sortiment und eigener Lieferdienst.')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Kornkammer' })).toBeVisible();
      await customerContext.close();
    });
  });
}

test("drafts never cross from one customer's link or project to another, nor to the agency", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `getrennt-${Date.now()}@example.de`;
  const { projectId, shareLink } = await newProject(page, email);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Zweites Projekt');
  await page.getByLabel('Kundenname').fill('Mühle Ost');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const secondLink = await page.locator('.share-url').inputValue();
  const competitorsOf = (link: string) => link.replace(/fragebogen$/, 'fragebogen/wettbewerber');

  // One browser: the customer of the first project types without saving.
  const context = await browser.newContext({ baseURL });
  const customer = await context.newPage();
  await customer.goto(competitorsOf(shareLink));
  await customer.getByRole('button', { name: 'Wettbewerber hinzufügen' }).click();
  await customer.getByLabel(name).fill('Nur für dieses Projekt');
  const keys = await customer.evaluate(() => Object.keys(localStorage));
  expect(keys).toHaveLength(1);
  // The share link is a secret: it is not written into the storage key.
  expect(keys[0]).not.toContain(new URL(shareLink).pathname.split('/')[2]!);

  // The second project's link in the same browser shows nothing of it …
  await customer.goto(competitorsOf(secondLink));
  await expect(customer.getByRole('button', { name: 'Wettbewerber hinzufügen' })).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Neuer Wettbewerber' })).toHaveCount(0);
  // … nor does the agency's login in the same browser on the first project.
  await customer.goto('/login');
  await logIn(customer, email);
  await customer.waitForURL('**/dashboard');
  await customer.goto(competitorsPath(projectId));
  await expect(customer.getByRole('button', { name: 'Wettbewerber hinzufügen' })).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Neuer Wettbewerber' })).toHaveCount(0);
  await context.close();
});
