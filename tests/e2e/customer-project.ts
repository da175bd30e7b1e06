import { type Browser, expect, type Page } from '@playwright/test';
import { PHONE, registerAndLogin } from './support.ts';

// The agency side of the customer journeys (customer-door.spec.ts, customer-phone-welcome.spec.ts):
// an owner, optionally with a contact person, and a new project with its share link.

export const CONTACT = { name: 'Jana Kühn', email: 'jana@agentur-nord.de' };

/** A project as its customer reaches it: its id, the share link and the link's token. */
export interface SharedProject {
  projectId: string;
  shareUrl: string;
  token: string;
}

let accounts = 0;

/**
 * Registers an owner (named after `prefix`), gives the account the contact person (unless
 * `contact` is false) and creates a project; the owner's page stays logged in.
 */
export async function ownerWithProject(
  page: Page,
  {
    prefix,
    project = 'Markenrelaunch',
    contact = true,
  }: { prefix: string; project?: string; contact?: boolean },
): Promise<SharedProject> {
  accounts += 1;
  await registerAndLogin(page, `${prefix}-${Date.now()}-${accounts}@example.de`);
  if (contact) {
    await page.goto('/account');
    await page.getByLabel('Ansprechperson', { exact: true }).fill(CONTACT.name);
    await page.getByLabel('E-Mail der Ansprechperson').fill(CONTACT.email);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  }
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Neues Projekt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
  await dialog.getByLabel('Projektname').fill(project);
  await dialog.getByLabel('Kundenname').fill('Bäckerei Sonnenschein');
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
  await page.waitForURL(/\/projekte\/[0-9a-f-]+\/einstellungen$/);
  const shareUrl = await page.locator('.share-url').inputValue();
  return {
    projectId: page.url().split('/').at(-2)!,
    shareUrl,
    token: new URL(shareUrl).pathname.split('/')[2]!,
  };
}

/** A browser of the customer's own (no agency session), at `viewport`. */
export async function customerPage(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number } = PHONE,
) {
  const context = await browser.newContext({ baseURL, locale: 'de-DE', viewport });
  return { context, page: await context.newPage() };
}
