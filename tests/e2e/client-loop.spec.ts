import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { customerPage, ownerWithProject } from './customer-project.ts';
import { fillPositioning } from './positioning.ts';
import { DESKTOP, expectAccessible, linkFromMail, mailsTo, PHONE, watchCsp } from './support.ts';

/**
 * docs/product.md#rückfragen, #geprüft, #erinnerungen, #verlauf: the agency invites its customer
 * by mail, the customer fills a step on a phone, the member asks a Rückfrage there, the customer
 * gets one mail about it, sees it above the step and answers; the member resolves it and marks the
 * step „geprüft“. A due date tomorrow brings one reminder naming the open steps within the
 * 30-second rounds; its link switches reminders off for the customer.
 */

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'client-loop');
const QUESTION = 'Welche Familien meinen Sie – eher mit kleinen oder mit großen Kindern?';
const REPLY = 'Vor allem Familien mit Kindern im Grundschulalter.';

/** Today plus `days` in Germany, as the date field takes it (`YYYY-MM-DD`). */
function berlinDay(days: number): string {
  const day = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(day);
}

async function inviteCustomer(page: Page, email: string) {
  const section = page.getByRole('region', { name: 'Kundschaft' });
  await section.getByRole('button', { name: 'Per Mail einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Per Mail einladen' });
  await dialog.getByLabel('Name').fill('Eva Sonnenschein');
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText(`Die Einladung an ${email} ist unterwegs.`)).toBeVisible();
}

test('Rückfrage, answer on a phone, resolved and geprüft; a reminder the day before, then none', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two 30-second rounds of the server (Rückfrage mail, reminder) lie on this journey's way.
  test.setTimeout(240_000);
  const refused = watchCsp(page);
  await page.setViewportSize(DESKTOP);
  const shared = await ownerWithProject(page, { prefix: 'rueckfragen' });
  const customerEmail = `eva-${Date.now()}@baeckerei-sonnenschein.de`;
  await inviteCustomer(page, customerEmail);
  const stepPath = `/projekte/${shared.projectId}/fragebogen/markenpositionierung`;

  // The customer opens the mail's link on a phone and fills the brand positioning.
  const link = await linkFromMail(customerEmail);
  const { context, page: customer } = await customerPage(browser, baseURL, PHONE);
  const customerRefused = watchCsp(customer);
  await customer.goto(link);
  await expect(customer).toHaveURL(/\/willkommen$/);
  await customer.goto(`/share/${shared.token}${stepPath}`);
  await fillPositioning(customer, 'Backen mit Zeit.');
  await customer.getByRole('button', { name: 'Speichern' }).click();
  await expect(customer.getByText('Daten wurden gespeichert')).toBeVisible();

  // The member asks a Rückfrage on that step.
  await page.goto(stepPath);
  await page.getByRole('button', { name: 'Rückfrage stellen' }).click();
  const ask = page.getByRole('dialog', { name: 'Rückfrage stellen' });
  await ask.getByLabel('Ihre Rückfrage').fill(QUESTION);
  await expectAccessible(page, 'Rückfrage stellen');
  await page.screenshot({ path: path.join(SHOTS, 'rueckfrage-stellen-1280.png') });
  await ask.getByRole('button', { name: 'Rückfrage senden' }).click();
  await expect(ask).toBeHidden();
  const block = page.getByRole('region', { name: 'Rückfragen' });
  await expect(block).toContainText(QUESTION);

  // The due date is tomorrow: the next round sends the reminder, the one after the Rückfrage's
  // mail (it waits a quiet minute for more Rückfragen).
  await page.goto(`/projekte/${shared.projectId}/einstellungen`);
  await page.getByLabel('Abgabe bis').fill(berlinDay(1));
  await page.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await page
    .getByRole('group', { name: 'Abgabe und Erinnerungen' })
    .or(page.getByText('Abgabe und Erinnerungen'))
    .first()
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'einstellungen-abgabe-1280.png') });

  const [questionMail] = await mailsTo(customerEmail, /Rückfrage/, 150_000);
  expect(questionMail).toContain(QUESTION);
  expect(questionMail).toContain('Zu „Markenpositionierung“:');
  expect(questionMail).toContain(`/share/${shared.token}/projekte/${shared.projectId}/fragebogen`);
  const reminders = await mailsTo(customerEmail, /Erinnerung/, 90_000);
  expect(reminders).toHaveLength(1);
  expect(reminders[0]).toMatch(/Noch offen: „[^“]+“/);
  expect(reminders[0]).not.toContain('„Markenpositionierung“,');

  // The customer sees the Rückfrage above the step, and a badge in the navigation, and answers.
  await customer.goto(`/share/${shared.token}${stepPath}`);
  await expect(
    customer.getByText('1 Rückfrage', { exact: true }).filter({ visible: true }),
  ).toHaveCount(1);
  const customerBlock = customer.getByRole('region', { name: 'Rückfragen' });
  await expect(customerBlock).toContainText(QUESTION);
  await expect(customerBlock.getByRole('button', { name: 'Als erledigt markieren' })).toHaveCount(
    0,
  );
  await customerBlock.getByLabel('Ihre Antwort').fill(REPLY);
  await customerBlock.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(customer.getByText('Ihre Antwort ist gespeichert.')).toBeVisible();
  await expect(customerBlock).toContainText(REPLY);
  await expectAccessible(customer, 'Rückfrage beantwortet (Telefon)');
  await customer.screenshot({
    path: path.join(SHOTS, 'rueckfrage-kundschaft-375.png'),
    fullPage: true,
  });

  // The member reads the answer, resolves the Rückfrage and marks the step „geprüft“.
  await page.goto(stepPath);
  await expect(block).toContainText(REPLY);
  await block.getByRole('button', { name: 'Als erledigt markieren' }).click();
  await expect(page.getByText('Die Rückfrage ist erledigt.')).toBeVisible();
  await page.getByRole('button', { name: 'Als geprüft markieren' }).click();
  await expect(page.getByText('Geprüft ✓').first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'geprueft-1280.png'), fullPage: true });
  // On a phone the member's bar keeps its buttons on the screen.
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, 'geprueft-375.png') });
  await page.setViewportSize(DESKTOP);

  // The customer's navigation shows it as checked; the Rückfrage is gone from the badge.
  await customer.goto(`/share/${shared.token}${stepPath}`);
  await expect(customer.getByText('1 Rückfrage', { exact: true })).toHaveCount(0);

  // The dashboard shows the step as checked beside the progress.
  await page.goto('/dashboard');
  await expect(page.getByText('1 geprüft')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'dashboard-1280.png') });

  // The history tells it all, in German.
  await page.goto(`/projekte/${shared.projectId}/verlauf`);
  const history = page.getByRole('main');
  for (const line of [
    'Jana Kühn hat „Markenpositionierung“ als geprüft markiert.',
    'Jana Kühn hat eine Rückfrage zu „Markenpositionierung“ als erledigt markiert.',
    'Die Kundschaft hat eine Rückfrage zu „Markenpositionierung“ beantwortet.',
    'Fragewerk hat Eva Sonnenschein an den Fragebogen erinnert.',
    'Jana Kühn hat eine Rückfrage zu „Markenpositionierung“ gestellt.',
    'Die Kundschaft hat „Markenpositionierung“ bearbeitet.',
    `Jana Kühn hat Eva Sonnenschein (${customerEmail}) per Mail eingeladen.`,
  ])
    await expect(history).toContainText(line);
  await expectAccessible(page, 'Verlauf');
  await page.screenshot({ path: path.join(SHOTS, 'verlauf-1280.png'), fullPage: true });

  // „Keine Erinnerungen mehr“: the reminder's link asks, the button does it.
  const unsubscribe = /https?:\/\/\S+\/erinnerungen\/abbestellen\/\S+/.exec(reminders[0]!)![0];
  await customer.goto(unsubscribe);
  await customer.getByRole('button', { name: 'Keine Erinnerungen mehr' }).click();
  await expect(customer.getByRole('heading', { name: 'Erinnerungen abbestellt' })).toBeVisible();
  await customer.screenshot({ path: path.join(SHOTS, 'abbestellt-375.png'), fullPage: true });
  await context.close();

  // No further reminder reaches that contact, not even one sent by hand.
  await page.goto(`/projekte/${shared.projectId}/einstellungen`);
  const contacts = page.getByRole('region', { name: 'Kundschaft' });
  await expect(contacts).toContainText('keine Erinnerungen');
  await contacts.getByRole('button', { name: 'Jetzt erinnern' }).click();
  await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toBeVisible();
  expect(await mailsTo(customerEmail, /Erinnerung/, 1_000)).toHaveLength(1);
  expect(refused()).toEqual([]);
  expect(customerRefused()).toEqual([]);
});
