import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, registerAndLogin } from './support.ts';

/**
 * Issue #11 (items 1, 5, 6, 7) and #12.9: leaving a list step with unsaved input asks first, focus
 * follows the work, everything works by keyboard (drag handles included), an entry deleted by
 * someone else closes the editor with one message, a reorder right before leaving is kept, a
 * refused delete puts the entry back.
 */

interface SharedProject {
  projectId: string;
  token: string;
  /** The share link's URL of a step. */
  stepUrl: (slug: string) => string;
}
let shared: SharedProject;

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  await registerAndLogin(page, `verlassen-${Date.now()}@example.de`);
  await page.getByRole('button', { name: 'Neues Projekt', exact: true }).click();
  await page.getByLabel('Projektname').fill('Tastatur');
  await page.getByLabel('Kundenname').fill('Bäckerei Sommer');
  await page.keyboard.press('Enter');
  await page.waitForURL(/einstellungen$/);
  const shareLink = await page.locator('.share-url').inputValue();
  const projectId = page.url().split('/').at(-2)!;
  const token = new URL(shareLink).pathname.split('/')[2]!;
  shared = {
    projectId,
    token,
    stepUrl: (slug) => `${shareLink}/${slug}`,
  };
  await context.close();
});

/** Entries straight through the API (as the customer), so a test starts from a known list. */
async function seedCompetitors(page: Page, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const response = await page.request.post(`/api/projects/${shared.projectId}/competitors`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Edit-Token': shared.token },
      data: { name, explanation: `${name} liegt nah`, importance: (index % 5) + 1 },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

/** Removes every competitor, so each test starts empty. */
async function clearCompetitors(page: Page): Promise<void> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-Edit-Token': shared.token };
  const project = (await (
    await page.request.get(`/api/projects/${shared.projectId}`, { headers })
  ).json()) as { data: { competitors: { id: string }[] } };
  for (const { id } of project.data.competitors)
    await page.request.delete(`/api/projects/${shared.projectId}/competitors/${id}`, { headers });
}

/** Screenshots of the changed screens, to look at (test-results/keyboard/). */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.resolve(import.meta.dirname, '..', '..', 'test-results', 'keyboard', `${name}.png`),
  });

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Seite wirklich verlassen?' });

/**
 * Waits until the page's leave guard knows about the typed input: it arrives a few renders after
 * the keystrokes (on a busy machine, later than Playwright's next step), and leaving before that
 * would test that race, not the guard. The guard arms the in-app dialog and the browser's
 * `beforeunload` from the same state, so a cancelled synthetic `beforeunload` shows both are armed.
 */
async function guardArmed(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const probe = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(probe);
        return probe.defaultPrevented;
      }),
    )
    .toBe(true);
}

/** Ziele → „Markenziel hinzufügen“ → a typed description: the situation of issue #11.1. */
async function typeNewGoal(page: Page): Promise<Locator> {
  await page.goto(shared.stepUrl('ziele'));
  await page.getByRole('button', { name: 'Markenziel hinzufügen' }).click();
  const editor = page.getByRole('region', { name: 'Neues Ziel' });
  await editor.getByLabel('Beschreibung').fill('Bekannter werden als die Kette nebenan.');
  await guardArmed(page);
  return editor;
}

async function expectStillTyped(page: Page, editor: Locator): Promise<void> {
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/fragebogen\/ziele$/);
  await expect(editor.getByLabel('Beschreibung')).toHaveValue(
    'Bekannter werden als die Kette nebenan.',
  );
}

test.describe('leaving a list step with unsaved input asks first', () => {
  test('by the stage tab', async ({ page }) => {
    const editor = await typeNewGoal(page);
    await page
      .getByRole('navigation', { name: 'Etappen des Fragebogens' })
      .getByRole('link', { name: /Brand Insights/ })
      .click();
    await expect(leaveDialog(page)).toBeVisible();
    await expect(leaveDialog(page).getByRole('button', { name: 'Ja, verlassen' })).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'leave-dialog-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await shot(page, 'leave-dialog-375');
    await leaveDialog(page).getByRole('button', { name: 'Abbrechen' }).click();
    await expectStillTyped(page, editor);
  });

  test('by the sub-navigation, and leaves when confirmed', async ({ page }) => {
    const editor = await typeNewGoal(page);
    const tab = page
      .getByRole('navigation', { name: 'Schritte dieser Etappe' })
      .getByRole('link', { name: 'Wettbewerber-Analyse' });
    await tab.click();
    await expect(leaveDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectStillTyped(page, editor);
    // Focus went back to where it was before the question.
    await expect(tab).toBeFocused();

    await tab.click();
    await leaveDialog(page).getByRole('button', { name: 'Ja, verlassen' }).click();
    await expect(page).toHaveURL(/\/fragebogen\/wettbewerber$/);
  });

  test('by a footer link, without scrolling away while it asks', async ({ page }) => {
    const editor = await typeNewGoal(page);
    const footerLink = page.getByRole('link', { name: 'Weiter: Markenpersönlichkeit' });
    await footerLink.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await footerLink.click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Abbrechen' }).click();
    await expectStillTyped(page, editor);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Confirmed: the next step starts at the top.
    await footerLink.click();
    await leaveDialog(page).getByRole('button', { name: 'Ja, verlassen' }).click();
    await expect(page).toHaveURL(/\/fragebogen\/markenpersoenlichkeit$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('by the browser’s Back with the edit overlay open', async ({ page }) => {
    await clearCompetitors(page);
    await seedCompetitors(page, ['Backhaus Müller']);
    // Ziele, then Wettbewerber inside the app: Back is the app's own navigation.
    await page.goto(shared.stepUrl('ziele'));
    await page
      .getByRole('navigation', { name: 'Schritte dieser Etappe' })
      .getByRole('link', { name: 'Wettbewerber-Analyse' })
      .click();
    await page.getByRole('button', { name: 'Bearbeiten: Backhaus Müller' }).click();
    const overlay = page.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
    await overlay.getByLabel('Name des Wettbewerbers').fill('Backhaus Müller & Söhne');
    await guardArmed(page);
    await page.goBack();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Abbrechen' }).click();
    await expect(leaveDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/fragebogen\/wettbewerber$/);
    await expect(overlay.getByLabel('Name des Wettbewerbers')).toHaveValue(
      'Backhaus Müller & Söhne',
    );

    await page.goBack();
    await leaveDialog(page).getByRole('button', { name: 'Ja, verlassen' }).click();
    await expect(page).toHaveURL(/\/fragebogen\/ziele$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('by closing the tab: the browser asks', async ({ page }) => {
    await typeNewGoal(page);
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
  });

  test('not at all when the open editor holds nothing typed', async ({ page }) => {
    await page.goto(shared.stepUrl('ziele'));
    await page.getByRole('button', { name: 'Markenziel hinzufügen' }).click();
    await page.getByRole('link', { name: 'Weiter: Markenpersönlichkeit' }).click();
    await expect(page).toHaveURL(/\/fragebogen\/markenpersoenlichkeit$/);
  });
});

/** Presses Tab until `target` has focus: the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Nicht per Tab erreichbar: ${target.toString()}`);
}

const focusedItem = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-item]')?.textContent ?? null);

test('keyboard only: a list step (add, edit, reorder, delete) and a form step (fill, save)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await clearCompetitors(page);
  await page.goto(shared.stepUrl('wettbewerber'));
  const list = page.getByRole('list', { name: 'Wettbewerber-Analyse' });

  // Add two entries; focus lands in the editor's first field, then on the new card.
  for (const [name, why] of [
    ['Backhaus Müller', 'Direkt gegenüber.'],
    ['Brotzeit', 'Günstig.'],
  ] as const) {
    await tabTo(page, page.getByRole('button', { name: 'Wettbewerber hinzufügen' }));
    await page.keyboard.press('Enter');
    const editor = page.getByRole('region', { name: 'Neuer Wettbewerber' });
    await expect(editor.getByLabel('Name des Wettbewerbers')).toBeFocused();
    await page.keyboard.type(name);
    await tabTo(page, editor.getByLabel('Warum ist dieser Wettbewerber für Sie relevant?'));
    await page.keyboard.type(why);
    // Enter with the rating missing: the German message, focus on the stars, nothing sent.
    await tabTo(page, editor.getByRole('button', { name: 'Hinzufügen' }));
    await page.keyboard.press('Enter');
    await expect(editor.getByText('Bitte auswählen')).toBeVisible();
    await expect(editor.getByRole('radio', { name: '1 von 5 Sternen' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(editor.getByRole('radio', { name: '3 von 5 Sternen' })).toBeChecked();
    await tabTo(page, editor.getByRole('button', { name: 'Hinzufügen' }));
    await page.keyboard.press('Enter');
    await expect(editor).toBeHidden();
    await expect.poll(() => focusedItem(page)).toContain(name);
  }
  await expect(list.getByRole('heading')).toHaveText(['Backhaus Müller', 'Brotzeit']);
  await expectAccessible(page, 'Wettbewerber-Analyse mit Einträgen');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'list-new-card-focus-1280');

  // Edit: Enter in the name field saves; focus on the saved card.
  await tabTo(page, page.getByRole('button', { name: 'Bearbeiten: Brotzeit' }));
  await page.keyboard.press('Enter');
  const overlay = page.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
  await expect(overlay.getByLabel('Name des Wettbewerbers')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' Kette');
  await page.keyboard.press('Enter');
  await expect(overlay).toBeHidden();
  await expect.poll(() => focusedItem(page)).toContain('Brotzeit Kette');

  // Reorder with the drag handle: pick up, move, put down, hear where it went.
  const handle = page.getByRole('button', { name: 'Verschieben: Brotzeit Kette' });
  await tabTo(page, handle);
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(list.getByRole('heading')).toHaveText(['Brotzeit Kette', 'Backhaus Müller']);
  await expect(page.locator('.list-step [role="status"]')).toHaveText(
    'Brotzeit Kette: Position 1 von 2',
  );
  await shot(page, 'list-grabbed-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await handle.scrollIntoViewIfNeeded();
  await shot(page, 'list-grabbed-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'false');
  await expect(handle).toBeFocused();
  await expect(page.locator('.list-step [role="status"]')).toHaveText(
    'Brotzeit Kette abgelegt, Position 1 von 2',
  );

  // Delete: the confirmation focuses Abbrechen, so Enter out of habit keeps the entry; Tab to
  // Löschen and Enter deletes it; focus moves on to the remaining card.
  const deleteButton = page.getByRole('button', { name: 'Löschen: Brotzeit Kette' });
  await tabTo(page, deleteButton);
  await page.keyboard.press('Enter');
  const confirmation = page.getByRole('dialog', { name: 'Wirklich löschen?' });
  await expect(confirmation.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirmation).toBeHidden();
  await expect(list.getByRole('heading')).toHaveText(['Brotzeit Kette', 'Backhaus Müller']);
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(confirmation.getByRole('button', { name: 'Löschen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('heading')).toHaveText(['Backhaus Müller']);
  await expect.poll(() => focusedItem(page)).toContain('Backhaus Müller');

  // Form step: fill and save by keyboard; focus stays on Speichern.
  await page.goto(shared.stepUrl('markenpositionierung'));
  for (const choice of ['Höchste Qualität', 'Familien mit Kindern']) {
    await tabTo(page, page.getByRole('checkbox', { name: choice }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: choice })).toBeChecked();
  }
  const texts: [RegExp, string][] = [
    [/Was macht Ihre Marke für diese Zielgruppe attraktiv/, 'Frisch und regional'],
    [/Welche Stärken und Qualitäten/, 'Eigene Backstube'],
    [/Wodurch unterscheiden Sie sich/, 'Sauerteig mit Zeit'],
  ];
  for (const [label, text] of texts) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(text);
  }
  // Saving with the mission statement missing leads to it.
  const save = page.getByRole('button', { name: 'Speichern' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/Wie lautet Ihr Mission Statement/)).toBeFocused();
  await shot(page, 'form-first-invalid-1280');
  await page.keyboard.type('Backen mit Zeit.');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(save).toBeFocused();
  await shot(page, 'form-saved-focus-1280');
});

test('an entry deleted in another browser: saving says so once and offers to save it as new', async ({
  page,
  browser,
  baseURL,
}) => {
  await clearCompetitors(page);
  await seedCompetitors(page, ['Backhaus Müller', 'Brotzeit']);
  await page.goto(shared.stepUrl('wettbewerber'));
  await page.getByRole('button', { name: 'Bearbeiten: Brotzeit' }).click();
  const overlay = page.getByRole('dialog', { name: 'Wettbewerber bearbeiten' });
  await overlay.getByLabel('Name des Wettbewerbers').fill('Brotzeit Kette');

  const otherContext = await browser.newContext({ baseURL, locale: 'de-DE' });
  const other = await otherContext.newPage();
  await other.goto(shared.stepUrl('wettbewerber'));
  await other.getByRole('button', { name: 'Löschen: Brotzeit' }).click();
  await other
    .getByRole('dialog', { name: 'Wirklich löschen?' })
    .getByRole('button', { name: 'Löschen' })
    .click();
  await expect(other.getByRole('heading', { name: 'Brotzeit' })).toHaveCount(0);
  await otherContext.close();

  await overlay.getByRole('button', { name: 'Speichern' }).click();
  const toasts = page.getByRole('alert');
  await expect(toasts.getByText('Der Eintrag wurde inzwischen gelöscht.')).toBeVisible();
  await expect(toasts.locator('.toast')).toHaveCount(1);
  await expect(page.getByText('Es ist ein Fehler aufgetreten')).toHaveCount(0);
  // What was typed stays, and the list behind is as stored now.
  await expect(overlay.getByText(/Sie können sie als neuen Eintrag speichern/)).toBeVisible();
  await expect(overlay.getByLabel('Name des Wettbewerbers')).toHaveValue('Brotzeit Kette');
  const list = page.getByRole('list', { name: 'Wettbewerber-Analyse' });
  await expect(list.getByRole('heading')).toHaveText(['Backhaus Müller']);
  await overlay.getByRole('button', { name: 'Als neuen Eintrag speichern' }).click();
  await expect(overlay).toBeHidden();
  await expect(list.getByRole('heading')).toHaveText(['Backhaus Müller', 'Brotzeit Kette']);
});

/** The competitors' names in their stored order, as the API returns them. */
async function storedCompetitors(page: Page): Promise<string[]> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-Edit-Token': shared.token };
  const project = (await (
    await page.request.get(`/api/projects/${shared.projectId}`, { headers })
  ).json()) as { data: { competitors: { name: string }[] } };
  return project.data.competitors.map(({ name }) => name);
}

test('a reorder right before leaving the step is saved', async ({ page }) => {
  await clearCompetitors(page);
  await seedCompetitors(page, ['Erster', 'Zweiter', 'Dritter']);
  await page.goto(shared.stepUrl('wettbewerber'));
  await page.getByRole('button', { name: 'Nach unten: Erster' }).click();
  // Leaving sends the order at once, not after the debounce: the request starts with the click.
  const orderSaved = page.waitForResponse(
    (response) => response.url().endsWith('/competitors/order') && response.ok(),
  );
  await page.getByRole('link', { name: 'Weiter: Ziele' }).click();
  await expect(page).toHaveURL(/\/fragebogen\/ziele$/);
  await orderSaved;
  await page.goto(shared.stepUrl('wettbewerber'));
  await expect(
    page.getByRole('list', { name: 'Wettbewerber-Analyse' }).getByRole('heading'),
  ).toHaveText(['Zweiter', 'Erster', 'Dritter']);
});

test('a reorder right before a reload is saved', async ({ page }) => {
  await clearCompetitors(page);
  await seedCompetitors(page, ['Erster', 'Zweiter', 'Dritter']);
  await page.goto(shared.stepUrl('wettbewerber'));
  await page.getByRole('button', { name: 'Nach unten: Erster' }).click();
  // Within the debounce: the page goes away before the timer would have sent the order.
  await page.reload();
  await expect.poll(() => storedCompetitors(page)).toEqual(['Zweiter', 'Erster', 'Dritter']);
});

test('a delete the server refuses puts the entry back and says so', async ({ page }) => {
  await clearCompetitors(page);
  await seedCompetitors(page, ['Erster', 'Zweiter', 'Dritter']);
  await page.goto(shared.stepUrl('wettbewerber'));
  await page.route('**/api/projects/*/competitors/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'Es ist ein Fehler aufgetreten' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Löschen: Zweiter' }).click();
  await page
    .getByRole('dialog', { name: 'Wirklich löschen?' })
    .getByRole('button', { name: 'Löschen', exact: true })
    .click();
  await expect(
    page
      .getByRole('alert')
      .getByText('Der Eintrag konnte nicht gelöscht werden und steht wieder in der Liste.'),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Wettbewerber-Analyse' }).getByRole('heading'),
  ).toHaveText(['Erster', 'Zweiter', 'Dritter']);
});

test('the drag handle, now a button, still drags with the mouse', async ({ page }) => {
  await clearCompetitors(page);
  await seedCompetitors(page, ['Erster', 'Zweiter', 'Dritter']);
  await page.goto(shared.stepUrl('wettbewerber'));
  const list = page.getByRole('list', { name: 'Wettbewerber-Analyse' });
  // sortablejs loads with the first pointer movement on the page and then attaches.
  await list.hover();
  await page.waitForFunction(() => {
    const list = document.querySelector('.item-list');
    return list && Object.keys(list).some((key) => key.startsWith('Sortable'));
  });
  await page
    .getByRole('button', { name: 'Verschieben: Dritter' })
    .dragTo(page.getByRole('button', { name: 'Verschieben: Erster' }));
  await expect(list.getByRole('heading')).toHaveText(['Dritter', 'Erster', 'Zweiter']);
});

test('Speichern pressed right after emptying a field: the click lands, shows the message, focuses the field', async ({
  page,
}) => {
  await registerAndLogin(page, `klick-${Date.now()}@example.de`);
  await page.goto('/account');
  // Pressing the button leaves the field; its message must not push the button from under the
  // pointer before the click is done.
  await page.getByLabel('Firma').fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Firma ist ein Pflichtfeld')).toBeVisible();
  await expect(page.getByLabel('Firma')).toBeFocused();
  await page.getByLabel('Firma').fill('Agentur Nord');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  // Back where the save started, not on the page.
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeFocused();
});
