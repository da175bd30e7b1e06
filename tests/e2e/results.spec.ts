import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { demoAnswers } from '../../tools/src/demo-answers.ts';
import { expectAccessible, registerAndLogin, watchCsp } from './support.ts';

/** Fills a project through the API as the logged-in owner (the session's CSRF token from the page). */
async function fillProject(page: Page, projectId: string) {
  const definition = await loadDefinitionFromDisk(undefined);
  const answers = demoAnswers(definition);
  const csrf = await page
    .locator('meta[name="csrf-token"]')
    .getAttribute('content', { timeout: 1000 })
    .catch(() => null);
  const headers = {
    'X-Requested-With': 'XMLHttpRequest',
    ...(csrf ? { 'X-CSRF-Token': csrf } : {}),
  };
  for (const [kind, items] of Object.entries(answers.lists)) {
    // A few of each keep the document short; the benchmarks use the full demo project.
    for (const item of items.slice(0, 3)) {
      const response = await page.request.post(`/api/projects/${projectId}/${kind}`, {
        data: item,
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  }
  for (const [kind, data] of Object.entries(answers.forms)) {
    const response = await page.request.patch(`/api/projects/${projectId}/${kind}`, {
      data: { ...data, version: 0 },
      headers,
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

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
  await page.goto(`/projekte/${projectId}/ergebnisse`);
  await expect(page).toHaveTitle('Ergebnisse – Fragewerk');
  await expect(
    page.getByRole('heading', { name: 'Website-Relaunch 2027', level: 1 }),
  ).toBeVisible();
  for (const stage of ['Business Insights', 'Brand Insights', 'User Insights']) {
    await expect(page.getByRole('heading', { name: stage, level: 2 })).toBeVisible();
  }
  await expect(
    page.getByText(
      'Wäre die Marke ein Mensch, wäre sie eine Frau (36 bis 45 Jahre), die als Tischlermeisterin im Handwerk arbeitet.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText('Sie ist ehrlich, verlässlich, bodenständig und innovativ.'),
  ).toBeVisible();
  await expect(page.getByText(/^Die Marke ist ganz klar traditionell statt modern/)).toBeVisible();
  await expect(page.getByText('Anna Berger ist 22 Jahre alt', { exact: false })).toBeVisible();
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
  // Three stages, each starting on a new page, with a little of everything: a handful of pages.
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(pages).toBeLessThanOrEqual(15);

  expect(refused()).toEqual([]);

  // A customer without login sees the results only once they are released for customers.
  const anonymous = await browser.newContext();
  const customer = await anonymous.newPage();
  await customer.goto(`/projekte/${projectId}/ergebnisse`);
  await customer.waitForURL('**/login');
  await anonymous.close();
});
