import type { Page } from '@playwright/test';
import { registerAndLogin } from './support.ts';

// Helpers for journeys in which two people edit the brand positioning step at once
// (reliability.spec.ts, field-merge.spec.ts).

/** The path of the brand positioning step of a project. */
export const positioningPath = (projectId: string) =>
  `/projekte/${projectId}/fragebogen/markenpositionierung`;

/** An owner's new project; returns its id and share link. */
export async function newProject(page: Page, email: string) {
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
export async function fillPositioning(page: Page, mission: string) {
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
