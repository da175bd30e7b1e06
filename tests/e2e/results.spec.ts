import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillWithDemoAnswers } from './demo-project.ts';
import { expectAccessible, registerAndLogin, watchCsp } from './support.ts';

/** Fills a project through the API as the logged-in owner: a few entries of each list keep the
 * document short (the benchmarks use the full demo project). */
const fillProject = (page: Page, projectId: string) =>
  fillWithDemoAnswers(page, projectId, () => 3);

test('a filled project reads as German prose and prints as a clean A4 document', async ({
  page,
  browser,
}) => {
  await registerAndLogin(page, `ergebnisse-${Date.now()}@example.de`);
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Website-Relaunch 2027');
  await page.getByLabel('Kundenname').fill('Tischlerei Berger');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const projectId = page.url().split('/').at(-2)!;
  await fillProject(page, projectId);

  const refused = watchCsp(page);
  // The steps come rendered from the server, asked for beside the project while the app boots.
  const rendered = page.waitForResponse(`**/api/projects/${projectId}/results`);
  await page.goto(`/projekte/${projectId}/ergebnisse`);
  expect((await rendered).status()).toBe(200);
  await expect(page).toHaveTitle('Ergebnisse – Fragewerk');
  await expect(
    page.getByRole('heading', { name: 'Website-Relaunch 2027', level: 1 }),
  ).toBeVisible();
  for (const stage of ['Business Insights', 'Brand Insights', 'User Insights']) {
    await expect(page.getByRole('heading', { name: stage, level: 2 })).toBeVisible();
  }
  await expect(
    page.getByText(
      'Wäre die Marke ein Mensch, wäre sie eine Frau (36 bis 45 Jahre), die Tischlermeisterin ist und aus dem Handwerk kommt.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('Sie ist ehrlich, verlässlich, bodenständig und innovativ.'),
  ).toBeVisible();
  await expect(page.getByText(/^Die Marke ist ganz klar traditionell/)).toBeVisible();
  await expect(page.getByText('Mit 22 Jahren ist Anna Berger', { exact: false })).toBeVisible();
  await expect(page.getByRole('img', { name: /von 5 Sternen/ }).first()).toBeVisible();
  await expect(
    page.getByRole('link', { name: /https:\/\/www\.wettbewerber-1\.example/ }),
  ).toHaveAttribute('rel', 'noopener noreferrer');
  await expectAccessible(page, 'Ergebnisse');

  // The section links scroll to their section.
  await page.getByRole('link', { name: 'User Insights' }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.round(document.getElementById('stage-user')!.getBoundingClientRect().top),
      ),
    )
    .toBeLessThan(100);

  // Print to PDF and read the text back.
  await page.emulateMedia({ media: 'print' });
  const dir = mkdtempSync(path.join(tmpdir(), 'fragewerk-pdf-'));
  const file = path.join(dir, 'ergebnisse.pdf');
  writeFileSync(file, await page.pdf({ format: 'A4', printBackground: true }));
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
  for (const expected of [
    'Tischlerei Berger',
    'Website-Relaunch 2027',
    'Business Insights',
    'Brand Insights',
    'User Insights',
    'Polaritätenprofil',
    'Personas',
  ]) {
    // Small capitals (text-transform) reach the PDF as capitals.
    expect(text.toLowerCase()).toContain(expected.toLowerCase());
  }
  for (const chrome of ['Drucken', 'Abmelden', 'Impressum', 'Freigeben', 'Account'])
    expect(text).not.toContain(chrome);
  // Three stages with a little of everything: a handful of pages (results-pdf.spec.ts measures them).
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(pages).toBeLessThanOrEqual(15);

  expect(refused()).toEqual([]);

  // A customer without login sees the results only once they are released for customers.
  const anonymous = await browser.newContext();
  const customer = await anonymous.newPage();
  await customer.goto(`/projekte/${projectId}/ergebnisse`);
  await customer.waitForURL(/\/login(\?|$)/);
  await anonymous.close();
});

/** Creates a filled project as a freshly registered owner and returns its id. */
async function filledProject(page: Page, name: string): Promise<string> {
  await registerAndLogin(page, `${name}-${Date.now()}@example.de`);
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Website-Relaunch 2027');
  await page.getByLabel('Kundenname').fill('Tischlerei Berger');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const projectId = page.url().split('/').at(-2)!;
  await fillProject(page, projectId);
  return projectId;
}

test('the section links land with the heading below the sticky bar, at 1280 and 375 px', async ({
  page,
}) => {
  const projectId = await filledProject(page, 'sprunglinks');
  const refused = watchCsp(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
    await page.goto(`/projekte/${projectId}/ergebnisse`);
    const nav = page.getByRole('navigation', { name: 'Ergebnisse' });
    for (const stage of ['User Insights', 'Business Insights', 'Brand Insights', 'User Insights']) {
      await nav.getByRole('link', { name: stage }).click();
      const heading = page.getByRole('heading', { level: 2, name: stage });
      // Wait for the smooth scroll to settle, then measure.
      await expect
        .poll(async () => {
          const before = await page.evaluate(() => window.scrollY);
          await page.waitForTimeout(150);
          return before === (await page.evaluate(() => window.scrollY));
        })
        .toBe(true);
      const [bar, box] = await Promise.all([nav.boundingBox(), heading.boundingBox()]);
      expect(bar!.y, `${stage} at ${width} px: the bar sticks to the top`).toBeLessThanOrEqual(1);
      expect(box!.y, `${stage} at ${width} px: heading below the bar`).toBeGreaterThanOrEqual(
        bar!.y + bar!.height,
      );
      expect(
        box!.y + box!.height,
        `${stage} at ${width} px: heading on screen`,
      ).toBeLessThanOrEqual(page.viewportSize()!.height);
    }
  }
  expect(refused()).toEqual([]);
});

test('the results name the project once, show the avatars on screen and paper, and lead back to the questionnaire', async ({
  page,
}) => {
  const projectId = await filledProject(page, 'avatare');
  const refused = watchCsp(page);
  await page.goto(`/projekte/${projectId}/ergebnisse`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Website-Relaunch 2027' }),
  ).toBeVisible();
  // The project bar's own title is hidden here (`hidden` beats its display: flex).
  await expect(
    page.getByText('Website-Relaunch 2027', { exact: true }).filter({ visible: true }),
  ).toHaveCount(1);

  const avatars = page.locator('.results .item-avatar');
  await expect(avatars).toHaveCount(3);
  for (const avatar of await avatars.all()) {
    await expect(avatar).toHaveAttribute('alt', '');
    await expect(avatar).toHaveAttribute(
      'src',
      /^\/assets\/presets\/_sprite\.svg\?v=[0-9a-f]+#avatars\.\w+$/,
    );
    await expect
      .poll(() =>
        avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
  }
  // No emoji anywhere: without an emoji font they would print as empty boxes.
  expect(await page.locator('.results').innerText()).not.toMatch(/\p{Emoji_Presentation}/u);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: 'Zurück zum Fragebogen' })).toBeHidden();
  for (const avatar of await avatars.all()) {
    const box = await avatar.boundingBox();
    expect(box!.width).toBeGreaterThan(20);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'fragewerk-pdf-'));
  const file = path.join(dir, 'avatare.pdf');
  writeFileSync(file, await page.pdf({ format: 'A4', printBackground: true }));
  expect(execFileSync('pdftotext', [file, '-']).toString()).not.toContain('Zurück zum Fragebogen');
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('link', { name: 'Zurück zum Fragebogen' }).click();
  await page.waitForURL(`**/projekte/${projectId}/fragebogen/stakeholder`);
  expect(refused()).toEqual([]);
});
