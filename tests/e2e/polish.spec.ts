import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, registerAndLogin, watchCsp } from './support.ts';

/**
 * The smaller polish of issue #34, each at 1280 and 375 px: the character counter of long text
 * fields, a colour per priority badge, the owner's footer, the customer on the phone dashboard,
 * multiselect options without an inner scroll area on phones, polarity rows that keep their place.
 */
const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 1280 ? 800 : 812 });
const SHOTS = process.env.POLISH_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** The app's JSON API with the page's session and CSRF token. */
async function call(page: Page, method: 'get' | 'post' | 'patch', url: string, data?: unknown) {
  const response = await page.request[method](`/api${url}`, {
    data,
    headers: await apiHeaders(page),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

let projectId = '';

test.beforeEach(async ({ page }) => {
  await registerAndLogin(page, `polish-${Date.now()}@example.de`);
  const project = await call(page, 'post', '/projects/create', {
    project_name: 'Website-Relaunch',
    customer_firm: 'Tischlerei Berger',
  });
  projectId = String(project.id);
});

const step = (slug: string) => `/projekte/${projectId}/fragebogen/${slug}`;

test('a long text field shows a quiet counter near its limit, with thousands separators', async ({
  page,
}) => {
  const refused = watchCsp(page);
  await page.setViewportSize(viewport(1280));
  await page.goto(step('stakeholder'));
  await page.getByRole('button', { name: 'Internen Stakeholder hinzufügen' }).click();
  const editor = page.getByRole('region', { name: 'Neuer Stakeholder' });
  const field = editor.getByLabel('Welche Erwartungen hat diese Gruppe an Ihr Unternehmen?');
  await field.fill('Klare Zahlen.');
  await expect(editor.locator('.char-count')).toHaveCount(0);
  // From 80 % of the 5000 characters on, the count shows while typing.
  await field.fill('x'.repeat(3999));
  await expect(editor.locator('.char-count')).toHaveCount(0);
  await field.pressSequentially('y');
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await expect(editor.getByText('4.000 von 5.000 Zeichen')).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/4\.000 von 5\.000 Zeichen/);
    await editor.getByText('4.000 von 5.000 Zeichen').scrollIntoViewIfNeeded();
    await shot(page, `counter-${width}`);
  }
  await field.fill('x'.repeat(5010));
  await expect(editor.getByText('5.010 von 5.000 Zeichen')).toHaveClass(/is-over/);
  await editor.getByLabel('Um wen handelt es sich?').selectOption({ label: 'Geschäftsführung' });
  await editor.getByRole('radio', { name: '3 von 5 Sternen' }).check();
  await editor.getByRole('button', { name: 'Hinzufügen' }).click();
  // The message names the field as it reads and the limit the German way.
  const message = editor.getByText(
    'Erwartungen an Ihr Unternehmen darf höchstens 5.000 Zeichen lang sein.',
  );
  for (const width of [...WIDTHS].reverse()) {
    await page.setViewportSize(viewport(width));
    await expect(message).toBeVisible();
    await message.scrollIntoViewIfNeeded();
    await shot(page, `counter-over-${width}`);
  }
  expect(refused()).toEqual([]);
});

test('each priority badge has its own colour and keeps its text', async ({ page }) => {
  const priorities = [
    ['must', 'Muss'],
    ['should', 'Sollte'],
    ['could', 'Kann'],
    ['wont', 'Diesmal nicht'],
  ];
  await page.goto('/dashboard');
  for (const [priority] of priorities)
    await call(page, 'post', `/projects/${projectId}/userstories`, {
      role: 'new_customer',
      text: `online einen Termin buchen (${priority})`,
      priority,
    });
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(step('userstories'));
    const badges = page.locator('.item-card .badge');
    await expect(badges).toHaveText(priorities.map(([, label]) => label!));
    const colours = await badges.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).backgroundColor),
    );
    expect(new Set(colours).size).toBe(priorities.length);
    await shot(page, `badges-${width}`);
  }
});

test('the owner reads whom the customers see as contact person', async ({ page }) => {
  await page.goto('/dashboard');
  const user = await call(page, 'get', '/user/current');
  await call(page, 'patch', `/user/${String(user.id)}`, {
    company: user.company,
    email: user.email,
    contact_name: 'Jana Kühn',
    contact_email: 'jana@agentur-nord.de',
  });
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(step('stakeholder'));
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Ansprechperson für Ihre Kundinnen und Kunden: Jana Kühn');
    await expect(footer).not.toContainText('Ihre Ansprechperson');
    await footer.scrollIntoViewIfNeeded();
    await shot(page, `footer-${width}`);
  }
});

test('the dashboard shows the customer on phones too', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto('/dashboard');
    const table = page.getByRole('table', { name: 'Aktive Projekte' });
    const row = table.getByRole('row').filter({ hasText: 'Website-Relaunch' });
    if (width === 1280) {
      await expect(row.getByRole('cell', { name: 'Tischlerei Berger', exact: true })).toBeVisible();
    } else {
      await expect(row.getByRole('cell', { name: 'Tischlerei Berger', exact: true })).toBeHidden();
      // Above the project's name, in the cell that stays.
      const cell = row.locator('.project-cell');
      await expect(cell).toBeVisible();
      expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(
        '"Tischlerei Berger"',
      );
      await expect(cell).toHaveAccessibleName(/^Tischlerei Berger\s*Website-Relaunch/);
    }
    await row.scrollIntoViewIfNeeded();
    await shot(page, `dashboard-${width}`);
  }
});

test('multiselect options grow with the page on phones instead of scrolling inside', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(step('markenpersoenlichkeit'));
    const options = page
      .getByRole('group', { name: /Welche Charaktereigenschaften hat sie/ })
      .locator('.multiselect-options');
    await expect(options).toBeVisible();
    const box = await options.evaluate((element) => ({
      overflow: getComputedStyle(element).overflowY,
      scrolls: element.scrollHeight > element.clientHeight + 1,
    }));
    if (width === 375) expect(box).toEqual({ overflow: 'visible', scrolls: false });
    else expect(box.overflow).toBe('auto');
    await options.scrollIntoViewIfNeeded();
    await shot(page, `multiselect-${width}`);
  }
});

test('a polarity row keeps its place when „Auswahl entfernen“ appears', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await page.goto(step('polaritaetenprofil'));
    const rows = page.locator('fieldset.polarity');
    await expect(rows.first()).toBeVisible();
    const before = [(await rows.nth(0).boundingBox())!, (await rows.nth(1).boundingBox())!];
    await expect(rows.nth(0).getByRole('button', { name: 'Auswahl entfernen' })).toHaveCount(0);
    await rows.nth(0).locator('.polarity-point').nth(5).click();
    const clear = rows.nth(0).getByRole('button', { name: 'Auswahl entfernen' });
    await expect(clear).toBeVisible();
    await shot(page, `polarity-${width}`);
    const after = [(await rows.nth(0).boundingBox())!, (await rows.nth(1).boundingBox())!];
    expect(after[0]!.height).toBe(before[0]!.height);
    expect(after[1]!.y).toBe(before[1]!.y);
    await clear.click();
    await expect(clear).toBeHidden();
    expect((await rows.nth(1).boundingBox())!.y).toBe(before[1]!.y);
  }
});
