import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillWithDemoAnswers } from './demo-project.ts';
import { apiHeaders, registerAndLogin, watchCsp } from './support.ts';

/**
 * The filled briefing printed to PDF as an agency sends it (docs/product.md#ergebnisansicht): a
 * cover block with the agency's letterhead, a running header with customer and project, „Seite X
 * von Y“ on every page, no page under a third full but the last, and the PDF named after the
 * project. The pages are left as images in test-results/results-pdf/ to be looked at.
 */

const AGENCY = 'Studio Morgenrot';
const CUSTOMER = 'Bäckerei Groß';
// An ASCII quote and a backslash: the running header carries the names as CSS strings.
const PROJECT = 'Relaunch "Frisch\\Vom Ofen" 2027';
const TITLE = `Briefing ${CUSTOMER} – ${PROJECT}`;
const OUT = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'results-pdf');

/** A letterhead logo as an agency would upload it: a mark and a word, 240 × 64. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
  <circle cx="32" cy="32" r="26" fill="#b4421f"/>
  <circle cx="32" cy="32" r="12" fill="#fff"/>
  <rect x="72" y="18" width="150" height="10" rx="5" fill="#b4421f"/>
  <rect x="72" y="38" width="100" height="10" rx="5" fill="#6b2a16"/>
</svg>`;

/** How many entries of each list an agency's filled briefing has (the benchmarks use more). */
const ENTRIES: Record<string, number> = {
  stakeholders: 6,
  competitors: 4,
  goals: 6,
  userstories: 5,
  personas: 3,
};

/** The owner brands the agency (name, colour, logo) through the API. */
async function brandAgency(page: Page) {
  const headers = await apiHeaders(page);
  const update = await page.request.patch('/api/agency', {
    data: { name: AGENCY, primary_color: '#b4421f' },
    headers,
  });
  expect(update.status(), await update.text()).toBe(200);
  const logo = await page.request.put('/api/agency/logo', {
    data: Buffer.from(LOGO_SVG),
    headers: { ...headers, 'Content-Type': 'image/svg+xml' },
  });
  expect(logo.status(), await logo.text()).toBe(200);
}

/** Fills every step through the API as the logged-in owner and approves the project. */
async function fillAndApprove(page: Page, projectId: string) {
  await fillWithDemoAnswers(page, projectId, (kind) => ENTRIES[kind] ?? 3);
  const headers = await apiHeaders(page);
  const approve = await page.request.put(`/api/projects/${projectId}/approve`, { headers });
  expect(approve.status(), await approve.text()).toBe(200);
}

/** A date as the app writes it: „28. November 2026“, in the journeys' time zone. */
const germanToday = () =>
  new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(new Date());

/**
 * How full each page's text area is (0–1): from the words' boxes (`pdftotext -bbox`), the lowest
 * word between the page's top and bottom margin (20 and 18 mm, results-view.css), measured from
 * the top margin.
 */
function pageFill(file: string): number[] {
  const boxes = execFileSync('pdftotext', ['-bbox', file, '-']).toString();
  const mm = 72 / 25.4;
  return boxes
    .split('<page ')
    .slice(1)
    .map((page) => {
      const height = Number(/height="([\d.]+)"/.exec(page)![1]);
      const top = 20 * mm;
      const bottom = height - 18 * mm;
      const lowest = Math.max(
        top,
        ...[...page.matchAll(/<word [^>]*yMin="([\d.]+)" [^>]*yMax="([\d.]+)"/g)]
          .map(([, min, max]) => [Number(min), Number(max)] as const)
          .filter(([min, max]) => min >= top - 1 && max <= bottom + 1)
          .map(([, max]) => max),
      );
      return (lowest - top) / (bottom - top);
    });
}

test('the filled briefing prints with the agency’s letterhead, a running header and „Seite X von Y“ on every page', async ({
  page,
  browser,
}) => {
  await registerAndLogin(page, `briefing-pdf-${Date.now()}@example.de`);
  await brandAgency(page);
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill(PROJECT);
  await page.getByLabel('Kundenname').fill(CUSTOMER);
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const projectId = page.url().split('/').at(-2)!;
  await fillAndApprove(page, projectId);

  const refused = watchCsp(page);
  await page.goto(`/projekte/${projectId}/ergebnisse`);
  await expect(page.getByRole('heading', { name: PROJECT, level: 1 })).toBeVisible();
  // On screen the tab keeps the route's title (docs/product.md#routen-und-screens).
  await expect(page).toHaveTitle('Ergebnisse – Fragewerk');
  const today = germanToday();
  await expect(page.getByText(`Freigegeben am ${today}`)).toBeVisible();
  // On screen the app's header names the agency: the letterhead and „Briefing“ are for paper.
  await expect(page.getByText('Briefing', { exact: true })).toBeHidden();
  await expect(page.locator('.results-letterhead')).toBeHidden();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, 'bildschirm.png') });

  // While printing, the document – and so the PDF's title and suggested file name – is the briefing.
  await page.emulateMedia({ media: 'print' });
  await expect(page).toHaveTitle(TITLE);
  const logo = page.locator('.results-letterhead img');
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(240);
  const file = path.join(OUT, 'briefing.pdf');
  writeFileSync(
    file,
    await page.pdf({ format: 'A4', displayHeaderFooter: false, preferCSSPageSize: true }),
  );
  await page.emulateMedia({ media: 'screen' });
  await expect(page).toHaveTitle('Ergebnisse – Fragewerk');

  const info = execFileSync('pdfinfo', [file]).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
  expect(/Title:\s+(.*)/.exec(info)![1]).toBe(TITLE);
  const fill = pageFill(file);
  console.log(
    `Briefing: ${pages} Seiten, gefüllt ${fill.map((share) => `${Math.round(share * 100)} %`).join(', ')}`,
  );
  execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(OUT, 'seite')]);

  // Six stakeholders, four competitors, six goals, five stories, three personas and the forms:
  // seven pages (eight, one of them 28 % full, while each stage started a page).
  expect(pages).toBeGreaterThanOrEqual(4);
  expect(pages).toBeLessThanOrEqual(7);
  // No page under a third full but the last.
  fill.slice(0, -1).forEach((share, index) => {
    expect(share, `Seite ${index + 1} ist zu ${Math.round(share * 100)} % gefüllt`).toBeGreaterThan(
      1 / 3,
    );
  });

  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const sheets = text.split('\f').slice(0, pages);
  expect(sheets).toHaveLength(pages);
  sheets.forEach((sheet, index) => {
    const lines = sheet.split('\n').filter((line) => line.trim());
    expect(lines[0], `Kopfzeile auf Seite ${index + 1}`).toContain(`${CUSTOMER} · ${PROJECT}`);
    expect(lines.at(-1), `Fußzeile auf Seite ${index + 1}`).toContain(
      `Seite ${index + 1} von ${pages}`,
    );
  });

  // The cover: letterhead, title, customer, project, questionnaire, dates.
  const cover = sheets[0]!.replace(/\s+/g, ' ');
  for (const expected of [
    AGENCY,
    // Small capitals (text-transform) reach the PDF as capitals.
    'BRIEFING',
    CUSTOMER,
    PROJECT,
    `Markenbriefing · Stand: ${today} · Fragebogen-Version 1`,
    `Freigegeben am ${today}`,
  ])
    expect(cover).toContain(expected);
  // The app's frame stays off paper, the product's name too: the paper is the agency's.
  for (const chrome of ['Drucken', 'Abmelden', 'Zurück zum Fragebogen', 'Fragewerk'])
    expect(text).not.toContain(chrome);
  expect(refused()).toEqual([]);

  // The customer with the share link prints the same paper: the letterhead heads it once (the
  // app's header with the agency's logo stays off paper), with the same title and margins.
  await page.goto(`/projekte/${projectId}/einstellungen`);
  await page.getByRole('checkbox', { name: 'Ergebnisansicht für Kunden freigeben?' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  const project = await page.request.get(`/api/projects/${projectId}`);
  const { edit_token: token } = (await project.json()).data as { edit_token: string };
  const context = await browser.newContext();
  const customer = await context.newPage();
  const customerRefused = watchCsp(customer);
  await customer.goto(`/share/${token}/projekte/${projectId}/ergebnisse`);
  await expect(customer.getByRole('heading', { name: PROJECT, level: 1 })).toBeVisible();
  await customer.emulateMedia({ media: 'print' });
  await expect(customer).toHaveTitle(TITLE);
  await expect(customer.getByRole('banner')).toBeHidden();
  await expect(
    customer.locator('img[src^="/api/agencies/"]').filter({ visible: true }),
  ).toHaveCount(1);
  const shared = path.join(OUT, 'kunde.pdf');
  writeFileSync(
    shared,
    await customer.pdf({ format: 'A4', displayHeaderFooter: false, preferCSSPageSize: true }),
  );
  const customerSheets = execFileSync('pdftotext', ['-layout', shared, '-'])
    .toString()
    .split('\f')
    .slice(0, pages);
  expect(customerSheets[0]).toContain(`${CUSTOMER} · ${PROJECT}`);
  expect(customerSheets[0]).toContain(AGENCY);
  expect(customerSheets.at(-1)).toContain(`Seite ${pages} von ${pages}`);
  expect(customerRefused()).toEqual([]);
  await context.close();
});
