import { expect, test, type Locator, type Page } from '@playwright/test';
import { linkFromMail, registerAndLogin, watchCsp } from './support.ts';

const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 1280 ? 800 : 740 });

const overlaps = async (a: Locator, b: Locator) => {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
};

async function newProject(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Website-Relaunch 2027');
  await page.getByLabel('Kundenname').fill('Tischlerei Berger');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  return page.url().split('/').at(-2)!;
}

test('an activation link clicked a second time says the account is already active', async ({
  page,
}) => {
  const email = `zweimal-${Date.now()}@example.de`;
  await registerAndLogin(page, email);
  const link = await linkFromMail(email);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Account bereits aktiviert' })).toBeVisible();
    await expect(page.getByText('Ihr Account ist bereits aktiviert.')).toBeVisible();
    await expect(page.getByText('Link ungültig')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  // Still logged in: the login page sends on to the dashboard.
  await page.waitForURL('**/dashboard');
  // An unknown link tells nothing.
  await page.goto(`/verify/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Link ungültig' })).toBeVisible();
});

test('the settings page names the project once, and its toast never covers Speichern', async ({
  page,
}) => {
  await registerAndLogin(page, `toast-${Date.now()}@example.de`);
  const refused = watchCsp(page);
  const projectId = await newProject(page);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(`/projekte/${projectId}/einstellungen`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Projekteinstellungen' }),
    ).toBeVisible();
    await expect(
      page.getByText('Website-Relaunch 2027', { exact: true }).filter({ visible: true }),
    ).toHaveCount(1);

    await page.getByLabel(/^Kundenname/).fill(`Tischlerei Berger ${width}`);
    const save = page.getByRole('button', { name: 'Speichern' });
    await save.click();
    const toast = page.getByRole('status').getByText('Daten wurden gespeichert');
    await expect(toast).toBeVisible();
    for (const action of await page.locator('.form-actions').getByRole('button').all())
      expect(await overlaps(toast, action), `${width} px: ${await action.innerText()}`).toBe(false);
    expect(await overlaps(toast, page.getByRole('link', { name: 'Zurück zur Übersicht' }))).toBe(
      false,
    );
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 8000 });
  }
  expect(refused()).toEqual([]);
});

test('the avatar picker shows the illustrations, and every label fits its tile', async ({
  page,
}) => {
  await registerAndLogin(page, `avatar-${Date.now()}@example.de`);
  const refused = watchCsp(page);
  const projectId = await newProject(page);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(`/projekte/${projectId}/fragebogen/personas`);
    await page.getByRole('button', { name: 'Persona hinzufügen' }).click();
    const picker = page.getByRole('group', { name: 'Avatar' });
    const tiles = picker.locator('label');
    await expect(tiles).toHaveCount(24);
    await expect(picker.getByRole('radio', { name: 'Person (geschlechtsneutral)' })).toBeAttached();
    for (const tile of await tiles.all()) {
      const image = tile.locator('img');
      await expect(image).toHaveAttribute('alt', '');
      await expect
        .poll(() =>
          image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
        )
        .toBeGreaterThan(0);
      const fits = await tile.evaluate((label) => {
        const text = label.querySelector('.avatar-label')!;
        const inner = text.getBoundingClientRect();
        const outer = label.getBoundingClientRect();
        return (
          text.scrollWidth <= text.clientWidth + 1 &&
          inner.left >= outer.left &&
          inner.right <= outer.right
        );
      });
      expect(fits, `${width} px: ${await tile.innerText()}`).toBe(true);
    }
    await picker.getByRole('radio', { name: 'Person im Rollstuhl' }).check();
    await expect(picker.getByRole('radio', { name: 'Person im Rollstuhl' })).toBeChecked();
    // A chosen avatar is input: the editor asks before it goes.
    await page.getByRole('button', { name: 'Abbrechen' }).first().click();
    await page
      .getByRole('dialog', { name: 'Eingaben verwerfen?' })
      .getByRole('button', { name: 'Verwerfen' })
      .click();
  }
  expect(refused()).toEqual([]);
});
