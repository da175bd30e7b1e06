import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  CONTACT,
  customerPage,
  ownerWithProject as ownerWithProjectOf,
  type SharedProject,
} from './customer-project.ts';
import { expectAccessible, VIEWPORTS, watchCsp } from './support.ts';

/**
 * docs/product.md#der-freigabelink and #was-die-app-bei-fehlern-tut: the customer with a share
 * link is never left at the agency's door – a renewed link, results not released, an archived or
 * approved project each say what happened and whom to ask; no connection and server errors say it
 * in German, and a save made offline is sent once the browser is online again. Each at 1280 and
 * 375 px.
 */

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const APPROVED = 'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.';
const MISSION = 'Wie lautet Ihr Mission Statement in einem Satz?';
const positioning = (
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/validation/brandpositioning.json'),
      'utf8',
    ),
  ) as { valid: Record<string, unknown>[] }
).valid[0]!;

type Shared = SharedProject;

/** An owner with a contact person (unless `contact` is false) and a new project. */
const ownerWithProject = (page: Page, contact = true) =>
  ownerWithProjectOf(page, { prefix: 'tuer', project: 'Geheimer Relaunch', contact });

/** The owner renews the share link on the settings page; returns the new token. */
async function renewLink(page: Page, projectId: string): Promise<string> {
  await page.goto(`/projekte/${projectId}/einstellungen`);
  await page.getByRole('button', { name: 'Neuen Link erzeugen' }).click();
  await page
    .getByRole('dialog', { name: 'Neuen Link erzeugen?' })
    .getByRole('button', { name: 'Neuen Link erzeugen' })
    .click();
  await expect(page.getByText('Ein neuer Link wurde erzeugt.', { exact: false })).toBeVisible();
  return new URL(await page.locator('.share-url').inputValue()).pathname.split('/')[2]!;
}

const stepUrl = ({ token, projectId }: Shared, slug: string) =>
  `/share/${token}/projekte/${projectId}/fragebogen/${slug}`;

/** Answers the positioning step through the API, so the browser only changes one field. */
async function answerPositioning(page: Page, { token, projectId }: Shared) {
  const saved = await page.request.patch(`/api/projects/${projectId}/brandpositioning`, {
    headers: { ...HEADERS, 'X-Edit-Token': token },
    data: { ...positioning, version: 0 },
  });
  expect(saved.status()).toBe(200);
}

for (const viewport of VIEWPORTS) {
  const width = viewport.width;
  test.describe(`customer door at ${width} px`, () => {
    test('a renewed link says so and names the contact person; a link nobody issued stays „Projekt nicht gefunden“', async ({
      page,
      browser,
      baseURL,
    }) => {
      const shared = await ownerWithProject(page);
      const { context, page: customer } = await customerPage(browser, baseURL, viewport);
      const csp = watchCsp(customer);
      await answerPositioning(customer, shared);
      await customer.goto(stepUrl(shared, 'markenpositionierung'));
      await expect(customer.getByLabel(MISSION)).toHaveValue('Wir bauen Möbel fürs Leben.');

      await renewLink(page, shared.projectId);

      // The open page saves with the old link: the way forward is the page about the old link.
      await customer.getByLabel(MISSION).fill('Brot mit Seele.');
      await customer.getByRole('button', { name: 'Speichern' }).click();
      const heading = customer.getByRole('heading', { name: 'Dieser Link ist nicht mehr gültig' });
      await expect(heading).toBeVisible();

      // Opening the old link again shows the same page, with whom to ask and nothing else.
      await customer.goto(stepUrl(shared, 'markenpositionierung'));
      await expect(heading).toBeVisible();
      const mail = customer.getByRole('link', { name: CONTACT.name });
      await expect(mail).toHaveAttribute('href', `mailto:${CONTACT.email}`);
      await expect(customer.getByText(/melden Sie sich bitte an/)).toHaveCount(0);
      await expect(customer.getByText('Geheimer Relaunch')).toHaveCount(0);
      await expect(customer.getByText('Bäckerei Sonnenschein')).toHaveCount(0);
      await expectAccessible(customer, 'Dieser Link ist nicht mehr gültig');

      // A token that was never issued: the spec's page with the sign-in hint.
      await customer.goto(stepUrl({ ...shared, token: 'x'.repeat(43) }, 'markenpositionierung'));
      await expect(customer.getByRole('heading', { name: 'Projekt nicht gefunden' })).toBeVisible();
      await expect(customer.getByText(/melden Sie sich bitte an/)).toBeVisible();
      expect(csp()).toEqual([]);
      await context.close();
    });

    test('results not released: to /login, which says so and whom to ask', async ({
      page,
      browser,
      baseURL,
    }) => {
      const shared = await ownerWithProject(page);
      const { context, page: customer } = await customerPage(browser, baseURL, viewport);
      await customer.goto(`/share/${shared.token}/projekte/${shared.projectId}/ergebnisse`);
      await customer.waitForURL(/\/login\?grund=ergebnisse-nicht-freigegeben/);
      const notice = customer.getByRole('status');
      await expect(notice).toContainText(
        'Die Ergebnisse dieses Projekts sind noch nicht freigegeben.',
      );
      await expect(notice.getByRole('link', { name: CONTACT.name })).toHaveAttribute(
        'href',
        `mailto:${CONTACT.email}`,
      );
      // The form is still there, below the notice.
      await expect(customer.getByRole('button', { name: 'Anmelden' })).toBeVisible();
      await expectAccessible(customer, 'Anmeldung mit Hinweis');
      await context.close();
    });

    test('approved in another tab, then archived: each says so with the contact person', async ({
      page,
      browser,
      baseURL,
    }) => {
      const shared = await ownerWithProject(page);
      const { context, page: customer } = await customerPage(browser, baseURL, viewport);
      await answerPositioning(customer, shared);
      await customer.goto(stepUrl(shared, 'markenpositionierung'));
      await expect(customer.getByLabel(MISSION)).toHaveValue('Wir bauen Möbel fürs Leben.');

      // Another tab approves the questionnaire meanwhile.
      const approved = await customer.request.put(`/api/projects/${shared.projectId}/approve`, {
        headers: { ...HEADERS, 'X-Edit-Token': shared.token },
      });
      expect(approved.status()).toBe(200);
      await customer.getByLabel(MISSION).fill('Brot mit Seele.');
      await customer.getByRole('button', { name: 'Speichern' }).click();
      await expect(customer.getByRole('alert').getByText(APPROVED)).toBeVisible();
      // Not „Es ist ein Fehler aufgetreten“ forever: the page is the approved questionnaire.
      const locked = customer.locator('.questionnaire > .notice');
      await expect(locked).toContainText(APPROVED);
      await expect(locked.getByRole('link', { name: CONTACT.name })).toHaveAttribute(
        'href',
        `mailto:${CONTACT.email}`,
      );
      await expect(customer.getByRole('button', { name: 'Speichern' })).toHaveCount(0);

      // The owner archives it: the customer reads the spec's sentence and whom to ask.
      await page.goto(`/projekte/${shared.projectId}/einstellungen`);
      await page.getByRole('button', { name: 'Archivieren' }).click();
      await expect(page.getByRole('button', { name: 'Reaktivieren' })).toBeVisible();
      await customer.reload();
      const archived = customer.getByText('Das Projekt wurde archiviert.', { exact: true });
      await expect(archived).toBeVisible();
      await expect(
        customer.locator('.notice').getByRole('link', { name: CONTACT.name }),
      ).toHaveAttribute('href', `mailto:${CONTACT.email}`);
      await expectAccessible(customer, 'Archiviert mit Ansprechperson');
      await context.close();
    });

    test('offline: the save waits for the connection and goes through once online; a 5xx says what to do', async ({
      page,
      browser,
      baseURL,
    }) => {
      const shared = await ownerWithProject(page, false);
      const { context, page: customer } = await customerPage(browser, baseURL, viewport);
      await answerPositioning(customer, shared);
      await customer.goto(stepUrl(shared, 'markenpositionierung'));
      await expect(customer.getByLabel(MISSION)).toHaveValue('Wir bauen Möbel fürs Leben.');

      await context.setOffline(true);
      await customer.getByLabel(MISSION).fill('Brot mit Seele.');
      await customer.getByRole('button', { name: 'Speichern' }).click();
      await expect(
        customer.getByText('Keine Verbindung – wird gespeichert, sobald Sie wieder online sind'),
      ).toBeVisible();
      await expect(customer.getByText('Network Error')).toHaveCount(0);
      // What was typed stays.
      await expect(customer.getByLabel(MISSION)).toHaveValue('Brot mit Seele.');

      await context.setOffline(false);
      await expect(customer.getByText('Daten wurden gespeichert')).toBeVisible();
      await expect(customer.getByText(/Keine Verbindung – wird gespeichert/)).toHaveCount(0);
      const stored = await customer.request.get(`/api/projects/${shared.projectId}`, {
        headers: { ...HEADERS, 'X-Edit-Token': shared.token },
      });
      const body = (await stored.json()) as {
        data: { brandpositioning: { mission_statement: string } };
      };
      expect(body.data.brandpositioning.mission_statement).toBe('Brot mit Seele.');

      // A server error: what happened and what to do, the technical sentence in small print.
      await customer.route(`**/api/projects/${shared.projectId}/brandpositioning`, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Der Server antwortet nicht.' }),
        }),
      );
      await customer.getByLabel(MISSION).fill('Brot mit Herz.');
      await customer.getByRole('button', { name: 'Speichern' }).click();
      const alert = customer.getByRole('alert').filter({ hasText: 'Der Server hat gerade' });
      await expect(alert).toContainText(
        'Der Server hat gerade ein Problem. Bitte versuchen Sie es später noch einmal.',
      );
      await expect(alert.locator('small')).toHaveText('Es ist ein Fehler aufgetreten');
      await context.close();
    });
  });
}
