import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, outboxOf, registerAndLogin, watchCsp } from './support.ts';

/**
 * docs/product.md#fortschritt in the browser: a customer fills steps through the share link, and
 * the figures move – in the stage tabs and the sub-navigation at once, on the owner's dashboard,
 * in the approval question (which lists what is missing and still approves) and in the owner's
 * mail. Screens at 1280 and 375 px go to test-results/progress/.
 */
const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'progress');
const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 1280 ? 800 : 740 });

const stages = (page: Page) => page.getByRole('navigation', { name: 'Etappen des Fragebogens' });
const steps = (page: Page) => page.getByRole('navigation', { name: 'Schritte dieser Etappe' });
const stageTab = (page: Page, name: string) => stages(page).getByRole('link', { name });
const stepLink = (page: Page, name: string) => steps(page).getByRole('link', { name, exact: true });

/** Opens the inline editor of a list step, lets `fill` fill it, adds the entry. */
async function addEntry(
  page: Page,
  addLabel: string,
  newTitle: string,
  fill: (editor: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: addLabel }).click();
  const editor = page.getByRole('region', { name: newTitle });
  await expect(editor).toBeVisible();
  await fill(editor);
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(editor).toBeHidden();
}

async function addGoal(page: Page, addLabel: string, goal: string) {
  await addEntry(page, addLabel, 'Neues Ziel', async (editor) => {
    await editor.getByLabel('Welches Ziel verfolgen Sie?').selectOption({ label: goal });
    await editor.getByLabel('Beschreibung').fill('Messbar bis Ende 2027.');
    await editor.getByRole('radio', { name: '4 von 5 Sternen' }).check();
  });
}

/** The newest mail to `to` in the e2e server's outbox, as text. */
async function newestMail(to: string): Promise<string> {
  const outbox = outboxOf('e2e-data');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const file of (await readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (raw.includes(to) && raw.includes('freigegeben'))
        return Buffer.from(
          raw
            .slice(raw.search(/\r?\n\r?\n/))
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Keine Freigabe-Mail an ${to}`);
}

test('the figures move as a customer fills steps: navigation, dashboard, approval and mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = `fortschritt-${Date.now()}@example.de`;
  await registerAndLogin(page, email);
  const ownerCsp = watchCsp(page);

  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Website-Relaunch 2027');
  await page.getByLabel('Kundenname').fill('Tischlerei Berger');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const shareUrl = await page.locator('.share-url').inputValue();

  // The dashboard: a new project is at 0 of 8, edited just now.
  await page.goto('/dashboard');
  const bar = page.getByRole('progressbar', { name: 'Fortschritt von Website-Relaunch 2027' });
  await expect(bar).toHaveAttribute('aria-valuetext', '0 von 8 Schritten');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '8');
  const row = page.getByRole('row').filter({ has: bar });
  await expect(row.locator('time')).toHaveText(/Zuletzt bearbeitet (jetzt|vor \d+ Minuten?)/);

  // The customer: nothing complete yet.
  const customerContext = await browser.newContext({ baseURL, locale: 'de-DE' });
  const customer = await customerContext.newPage();
  const customerCsp = watchCsp(customer);
  await customer.goto(shareUrl);
  await customer.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customer).toHaveURL(/\/fragebogen\/stakeholder$/);
  await expect(stageTab(customer, '1 Business Insights')).toHaveAccessibleDescription(
    '0 von 3 Schritten vollständig',
  );
  await expect(stageTab(customer, '1 Business Insights')).toContainText('0/3');
  await expect(stepLink(customer, 'Stakeholder-Analyse')).not.toHaveAccessibleDescription(
    'vollständig',
  );

  // One stakeholder completes the step: the check mark and „1/3“ follow the save.
  await addEntry(
    customer,
    'Internen Stakeholder hinzufügen',
    'Neuer Stakeholder',
    async (editor) => {
      await editor
        .getByLabel('Um wen handelt es sich?')
        .selectOption({ label: 'Geschäftsführung' });
      await editor
        .getByLabel('Welche Erwartungen hat diese Gruppe an Ihr Unternehmen?')
        .fill('Klare Zahlen und eine starke Marke.');
      await editor.getByRole('radio', { name: '5 von 5 Sternen' }).check();
    },
  );
  await expect(stepLink(customer, 'Stakeholder-Analyse')).toHaveAccessibleDescription(
    'vollständig',
  );
  await expect(stageTab(customer, '1 Business Insights')).toContainText('1/3');

  // Goals ask for one of each kind: started with one, complete with all three.
  await stepLink(customer, 'Ziele').click();
  await addGoal(customer, 'Unternehmensziel hinzufügen', 'Umsatz steigern');
  await expect(stepLink(customer, 'Ziele')).not.toHaveAccessibleDescription('vollständig');
  await expect(stageTab(customer, '1 Business Insights')).toContainText('1/3');
  await addGoal(customer, 'Markenziel hinzufügen', 'Vertrauen aufbauen');
  await addGoal(customer, 'Nutzerziel hinzufügen', 'Schnell Informationen finden');
  await expect(stepLink(customer, 'Ziele')).toHaveAccessibleDescription('vollständig');
  await expect(stageTab(customer, '1 Business Insights')).toHaveAccessibleDescription(
    '2 von 3 Schritten vollständig',
  );

  // One row of the polarity profile completes that form.
  await stageTab(customer, '2 Brand Insights').click();
  await stepLink(customer, 'Polaritätenprofil').click();
  await customer
    .getByRole('group', { name: 'traditionell – modern' })
    .getByRole('radio', { name: '2 – eher modern' })
    .check();
  await customer.getByRole('button', { name: 'Speichern' }).click();
  await expect(customer.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(stepLink(customer, 'Polaritätenprofil')).toHaveAccessibleDescription('vollständig');
  await expect(stageTab(customer, '2 Brand Insights')).toContainText('1/3');
  for (const width of WIDTHS) {
    await customer.setViewportSize(viewport(width));
    await customer.evaluate(() => window.scrollTo(0, 0));
    await customer.screenshot({ path: path.join(SHOTS, `navigation-${width}.png`) });
  }
  await customer.setViewportSize(viewport(1280));

  // The owner's dashboard follows: 3 of 8.
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuetext', '3 von 8 Schritten');
  await expectAccessible(page, 'Dashboard mit Fortschritt');
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.screenshot({ path: path.join(SHOTS, `dashboard-${width}.png`), fullPage: true });
  }
  // Back to the wide screen: on a phone one compact button replaces the stage tabs.
  await page.setViewportSize(viewport(1280));

  // The approval question lists what is missing, each a link to it.
  await customer.getByRole('button', { name: 'Freigeben', exact: true }).first().click();
  let question = customer.getByRole('dialog', { name: 'Projekt Freigeben?' });
  await expect(question.getByText('Diese Schritte sind noch nicht vollständig:')).toBeVisible();
  await expect(question.getByRole('listitem')).toHaveText([
    'Wettbewerber-Analyse (noch leer)',
    'Markenpersönlichkeit (noch leer)',
    'Markenpositionierung (noch leer)',
    'User Stories (noch leer)',
    'Personas (noch leer)',
  ]);
  await expectAccessible(customer, 'Projekt Freigeben? mit offenen Schritten');
  for (const width of WIDTHS) {
    await customer.setViewportSize(viewport(width));
    await customer.screenshot({ path: path.join(SHOTS, `approval-${width}.png`) });
  }
  await customer.setViewportSize(viewport(1280));
  await question.getByRole('link', { name: 'Wettbewerber-Analyse' }).click();
  await expect(question).toBeHidden();
  await expect(customer).toHaveURL(/\/fragebogen\/wettbewerber$/);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wer steht noch auf dem Platz?' }),
  ).toBeVisible();

  // Approving anyway works; the owner's mail names the missing steps.
  await customer.getByRole('button', { name: 'Freigeben', exact: true }).first().click();
  question = customer.getByRole('dialog', { name: 'Projekt Freigeben?' });
  await question.getByRole('button', { name: 'Trotzdem freigeben' }).click();
  await expect(customer.getByText('Projekt freigegeben!')).toBeVisible();
  expect(await newestMail(email)).toContain(
    'Vollständig sind 3 von 8 Schritten; noch nicht vollständig: „Wettbewerber-Analyse“, „Markenpersönlichkeit“, „Markenpositionierung“, „User Stories“ und „Personas“.',
  );

  // The owner, within the app: from the dashboard to the questionnaire, a competitor added (the
  // owner edits an approved project), back to „Projekte“ – the list has the new figure.
  await page.goto('/dashboard');
  await expect(bar).toHaveAttribute('aria-valuetext', '3 von 8 Schritten');
  await page.getByRole('link', { name: 'Fragebogen von Website-Relaunch 2027' }).click();
  await expect(stageTab(page, '1 Business Insights')).toContainText('2/3');
  await stepLink(page, 'Wettbewerber-Analyse').click();
  await addEntry(page, 'Wettbewerber hinzufügen', 'Neuer Wettbewerber', async (editor) => {
    await editor.getByLabel('Name des Wettbewerbers').fill('Holzwerk Nord');
    await editor
      .getByLabel('Warum ist dieser Wettbewerber für Sie relevant?')
      .fill('Gleiche Region, gleiche Kundschaft.');
    await editor.getByRole('radio', { name: '3 von 5 Sternen' }).check();
  });
  await expect(stageTab(page, '1 Business Insights')).toContainText('3/3');
  await page.getByRole('link', { name: 'Projekte', exact: true }).click();
  await expect(bar).toHaveAttribute('aria-valuetext', '4 von 8 Schritten');
  await expect(page).toHaveURL(/\/dashboard$/);

  expect(ownerCsp()).toEqual([]);
  expect(customerCsp()).toEqual([]);
  await customerContext.close();
});
