import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { fillPositioning, newProject, positioningPath } from './positioning.ts';
import {
  asNewClient,
  DESKTOP,
  expectAccessible,
  linkFromMail,
  PASSWORD,
  PHONE,
  watchCsp,
} from './support.ts';

/*
 * docs/product.md#agentur: an owner invites a colleague as Mitglied; the colleague accepts on the
 * server's German invitation page, lands logged in on the agency's projects and works on them.
 * Made responsible, the project is theirs under „Meine Projekte“; removed, their session ends.
 */

const COLLEAGUE = 'Kai Brandt';
const MISSION = /Wie lautet Ihr Mission Statement/;
const screenshot = (name: string) =>
  path.resolve(import.meta.dirname, '..', '..', 'test-results', `agency-${name}.png`);

/** The dashboard in the view „Alle“ or „Meine Projekte“, by pressing the segmented control. */
async function dashboardView(page: Page, view: 'Alle' | 'Meine Projekte') {
  await page.goto('/dashboard');
  const button = page.getByRole('group', { name: 'Ansicht' }).getByRole('button', { name: view });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test('inviting a colleague who then edits a project', async ({ page, browser, baseURL }) => {
  // Three accounts' worth of password hashing and two browsers: more than the default minute.
  test.setTimeout(180_000);
  const refused = watchCsp(page);
  const stamp = Date.now();
  const { projectId } = await newProject(page, `inhaberin-${stamp}@example.de`);
  const colleagueEmail = `colleague-${stamp}@example.de`;

  // The owner opens „Agentur“ from the header and invites the colleague as Mitglied.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Agentur' })
    .click();
  await page.waitForURL('**/agentur');
  await expect(page.getByRole('heading', { level: 1, name: 'Agentur' })).toBeVisible();
  await expectAccessible(page, 'Agentur');
  const invitations = page.getByRole('region', { name: 'Einladungen' });
  await invitations.getByLabel('E-Mail').fill(colleagueEmail);
  await expect(invitations.getByLabel('Rolle', { exact: true })).toHaveValue('member');
  await invitations.getByRole('button', { name: 'Einladen' }).click();
  await expect(page.getByText(`Einladung an ${colleagueEmail} gesendet`)).toBeVisible();
  const open = invitations.getByRole('list', { name: 'Offene Einladungen' });
  await expect(open.getByText(colleagueEmail)).toBeVisible();
  await expect(open.getByText(/^Mitglied · gültig bis \d{1,2}\. \p{L}+ \d{4}$/u)).toBeVisible();

  // The colleague, in a browser of their own, opens the link from the mail.
  const colleagueContext = await browser.newContext({ baseURL, locale: 'de-DE' });
  const colleague = await colleagueContext.newPage();
  await asNewClient(colleague);
  const link = await linkFromMail(colleagueEmail);
  expect(new URL(link).pathname).toMatch(/^\/einladung\/[\w-]+$/);
  await colleague.goto(link);
  await expect(
    colleague.getByRole('heading', { level: 1, name: 'Einladung annehmen' }),
  ).toBeVisible();
  await expect(colleague.getByText('in der Agentur „Agentur Nord“ mitzuarbeiten')).toBeVisible();
  await expect(colleague.getByLabel('E-Mail (Ihre Anmeldeadresse)')).toHaveValue(colleagueEmail);
  await expectAccessible(colleague, 'Einladung annehmen');
  for (const viewport of [PHONE, DESKTOP]) {
    await colleague.setViewportSize(viewport);
    await colleague.screenshot({
      path: screenshot(`invitation-${viewport.width}`),
      fullPage: true,
    });
  }

  // A password that does not match is refused in German; then the access is created.
  await colleague.getByLabel('Ihr Name').fill(COLLEAGUE);
  await colleague.getByLabel('Passwort (mindestens 8 Zeichen)').fill(PASSWORD);
  await colleague.getByLabel('Passwort wiederholen').fill(`${PASSWORD}-anders`);
  await colleague.getByRole('button', { name: 'Zugang anlegen' }).click();
  await expect(colleague.getByRole('heading', { name: 'Einladung annehmen' })).toBeVisible();
  await expect(colleague.getByLabel('Passwort wiederholen')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(colleague.locator('#field-confirm_password-error')).not.toBeEmpty();
  await colleague.getByLabel('Passwort (mindestens 8 Zeichen)').fill(PASSWORD);
  await colleague.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Zugang anlegen' }).click();
  await colleague.waitForURL('**/dashboard');
  const colleagueCsp = watchCsp(colleague);

  // Logged in, the colleague sees the owner's project and saves a step of it.
  const activeTable = (of: Page) => of.getByRole('table', { name: 'Aktive Projekte' });
  await expect(
    activeTable(colleague).getByRole('link', { name: 'Fragebogen von Zuverlässigkeit' }),
  ).toBeVisible();
  await activeTable(colleague)
    .getByRole('link', { name: 'Fragebogen von Zuverlässigkeit' })
    .click();
  await colleague.waitForURL(new RegExp(`/projekte/${projectId}/fragebogen`));
  await colleague.goto(positioningPath(projectId));
  await fillPositioning(colleague, 'Brot mit Seele, gebacken von Kai.');
  await colleague.getByRole('button', { name: 'Speichern' }).click();
  await expect(colleague.getByText('Daten wurden gespeichert')).toBeVisible();

  // A member reads the agency's people but manages nothing.
  await colleague.getByRole('link', { name: 'Agentur' }).click();
  const members = colleague.getByRole('list', { name: 'Mitglieder' });
  await expect(members.getByText(COLLEAGUE)).toBeVisible();
  await expect(colleague.getByRole('heading', { name: 'Einladungen' })).toHaveCount(0);
  await expect(colleague.getByRole('heading', { name: 'Erscheinungsbild' })).toHaveCount(0);

  // The owner sees the colleague's change.
  await page.goto(positioningPath(projectId));
  await expect(page.getByLabel(MISSION)).toHaveValue('Brot mit Seele, gebacken von Kai.');

  // The owner makes the colleague responsible for the project.
  await page.goto(`/projekte/${projectId}/einstellungen`);
  const responsible = page.getByLabel('Verantwortlich');
  await expect(responsible.getByRole('option', { name: COLLEAGUE })).toBeAttached();
  await responsible.selectOption({ label: COLLEAGUE });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();

  // „Meine Projekte“: the colleague's now, not the owner's.
  await dashboardView(colleague, 'Meine Projekte');
  await expect(colleague).toHaveURL(/\?ansicht=meine$/);
  await expect(
    activeTable(colleague).getByRole('link', { name: 'Fragebogen von Zuverlässigkeit' }),
  ).toBeVisible();
  await dashboardView(page, 'Meine Projekte');
  await expect(
    page.getByText('Sie sind noch für kein aktives Projekt verantwortlich.', { exact: false }),
  ).toBeVisible();
  await expect(activeTable(page)).toHaveCount(0);
  await dashboardView(page, 'Alle');
  await expect(activeTable(page).getByRole('row', { name: /Zuverlässigkeit/ })).toContainText(
    COLLEAGUE,
  );

  // The owner removes the colleague, after the confirmation.
  await page.getByRole('link', { name: 'Agentur' }).click();
  await page.getByRole('button', { name: `${COLLEAGUE} entfernen` }).click();
  const confirm = page.getByRole('dialog', { name: `${COLLEAGUE} entfernen?` });
  await expect(confirm).toContainText('Der Zugang von Kai Brandt endet sofort');
  // The focus starts on „Abbrechen“: an Enter out of habit removes no one.
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByText(`${COLLEAGUE} wurde aus der Agentur entfernt.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mitglieder' }).getByText(COLLEAGUE)).toHaveCount(0);

  // The colleague's next page is the login; the project went back to the owner.
  await colleague.goto('/dashboard');
  await colleague.waitForURL(/\/login/);
  await expect(colleague.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await dashboardView(page, 'Meine Projekte');
  await expect(
    activeTable(page).getByRole('link', { name: 'Fragebogen von Zuverlässigkeit' }),
  ).toBeVisible();

  expect(refused()).toEqual([]);
  expect(colleagueCsp()).toEqual([]);
  await colleagueContext.close();
});
