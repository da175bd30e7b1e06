import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  CONTACT,
  customerPage,
  ownerWithProject as ownerWithProjectOf,
} from './customer-project.ts';
import { DESKTOP, expectAccessible, PHONE, watchCsp } from './support.ts';

/**
 * docs/product.md#willkommensseite-und-dank and #fragebogen on a phone: the customer's welcome
 * page on the first visit of the share link, the compact step navigation at 375 px (every step's
 * heading within the first 400 px, for the customer and the owner), the thank-you page after the
 * approval, and an approved customer reading a persona's details.
 */

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'customer-phone');
/** Where a step's heading must start at the latest on the phone: above the fold, no scrolling. */
const HEADING_WITHIN = 400;
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/** An owner with a contact person and a new project; its share link. */
const ownerWithProject = (page: Page) => ownerWithProjectOf(page, { prefix: 'telefon' });

const picker = (page: Page) => page.getByRole('button', { name: /^Schritt \d+ von \d+ · / });
const allSteps = (page: Page) =>
  page.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });

/** The step links of the opened compact navigation (the definition's steps, in order). */
async function stepLinks(page: Page): Promise<Locator[]> {
  return allSteps(page).locator('.step-picker-link').all();
}

/** Opens every step by its URL and measures where its heading starts. */
async function headingTops(page: Page, stepUrls: string[]): Promise<Record<string, number>> {
  const tops: Record<string, number> = {};
  for (const url of stepUrls) {
    await page.goto(url);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // The page's own layout, not where the browser happened to scroll.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await heading.boundingBox())!;
    tops[url.split('/').at(-1)!] = Math.round(box.y);
  }
  return tops;
}

test('first visit: the welcome page, „Los geht’s“ to the first step, not again on the next visit', async ({
  page,
  browser,
  baseURL,
}) => {
  const shared = await ownerWithProject(page);
  const { context, page: customer } = await customerPage(browser, baseURL);
  const refused = watchCsp(customer);

  await customer.goto(shared.shareUrl);
  await expect(customer).toHaveURL(new RegExp(`/projekte/${shared.projectId}/willkommen$`));
  const welcome = customer.getByRole('region', {
    name: 'Willkommen zum Fragebogen „Markenrelaunch“',
  });
  await expect(welcome).toBeVisible();
  await expect(customer).toHaveTitle('Willkommen – Fragewerk');
  await expect(welcome.getByText('Briefing für Bäckerei Sonnenschein')).toBeVisible();
  await expect(welcome.getByText(/^Agentur Nord hat diesen Fragebogen/)).toBeVisible();
  // What it covers comes from the definition: three stages, their steps, an estimate.
  await expect(welcome.getByRole('listitem').filter({ hasText: 'Brand Insights' })).toContainText(
    'Markenpersönlichkeit · Polaritätenprofil · Markenpositionierung',
  );
  await expect(welcome.getByText(/^etwa \d+ Minuten$/)).toBeVisible();
  await expect(welcome.getByRole('link', { name: CONTACT.name })).toHaveAttribute(
    'href',
    `mailto:${CONTACT.email}`,
  );
  // Nothing to approve before the first answer.
  await expect(customer.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);
  await expectAccessible(customer, 'Willkommen (375)');
  await customer.screenshot({ path: path.join(SHOTS, 'welcome-375.png'), fullPage: true });
  await customer.setViewportSize(DESKTOP);
  await expectAccessible(customer, 'Willkommen (1280)');
  await customer.screenshot({ path: path.join(SHOTS, 'welcome-1280.png'), fullPage: true });
  await customer.setViewportSize(PHONE);

  const start = welcome.getByRole('link', { name: 'Los geht’s' });
  expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await start.click();
  await expect(customer).toHaveURL(/\/fragebogen\/stakeholder$/);
  await expect(customer.getByRole('heading', { level: 1, name: 'Wer redet mit?' })).toBeVisible();

  // The next visit of the same link starts at the first step …
  await customer.goto(shared.shareUrl);
  await expect(customer).toHaveURL(/\/fragebogen\/stakeholder$/);
  await expect(customer.getByRole('heading', { level: 1, name: 'Wer redet mit?' })).toBeVisible();
  // … and the page stays reachable: in the opened navigation on the phone, beside the steps on
  // a wide screen.
  await picker(customer).click();
  await allSteps(customer).getByRole('link', { name: 'Über diesen Fragebogen' }).click();
  await expect(welcome).toBeVisible();
  await customer.setViewportSize(DESKTOP);
  await welcome.getByRole('link', { name: 'Los geht’s' }).click();
  await customer.getByRole('link', { name: 'Über diesen Fragebogen' }).click();
  await expect(welcome).toBeVisible();

  // Another browser (no memory of the welcome) skips it once the project has an answer.
  const answer = await customer.request.post(`/api/projects/${shared.projectId}/competitors`, {
    headers: { ...HEADERS, 'X-Edit-Token': shared.token },
    data: { name: 'Backhaus Müller', explanation: 'Gleiche Straße', importance: 4 },
  });
  expect(answer.status()).toBe(201);
  const other = await customerPage(browser, baseURL);
  await other.page.goto(shared.shareUrl);
  await expect(other.page).toHaveURL(/\/fragebogen\/stakeholder$/);
  await other.context.close();

  expect(refused()).toEqual([]);
  await context.close();
});

test('on a phone every step’s heading starts within 400 px; one compact navigation, by keyboard and touch', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shared = await ownerWithProject(page);
  const { context, page: customer } = await customerPage(browser, baseURL);
  const refused = watchCsp(customer);
  await customer.goto(shared.shareUrl);
  await customer.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Wer redet mit?' })).toBeVisible();

  // The compact control replaces the tabs: „Schritt 1 von 8 · Stakeholder-Analyse“, closed.
  await expect(picker(customer)).toHaveAccessibleName('Schritt 1 von 8 · Stakeholder-Analyse');
  await expect(picker(customer)).toHaveAttribute('aria-expanded', 'false');
  await expect(customer.getByRole('navigation', { name: 'Etappen des Fragebogens' })).toBeHidden();
  expect((await picker(customer).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // „Freigeben“ is there, but not the loudest button before the questionnaire is complete.
  const approve = customer.getByRole('button', { name: 'Freigeben' });
  await expect(approve).toBeVisible();
  await expect(approve).toHaveClass(/button-secondary/);

  // Keyboard: Enter opens, Tab reaches the first step, Escape closes onto the button.
  await picker(customer).focus();
  await customer.keyboard.press('Enter');
  await expect(allSteps(customer)).toBeVisible();
  await expect(allSteps(customer).getByText('noch leer').first()).toBeVisible();
  await expectAccessible(customer, 'Schritt-Navigation geöffnet (375)');
  await customer.screenshot({ path: path.join(SHOTS, 'navigation-open-375.png') });
  const links = await stepLinks(customer);
  expect(links).toHaveLength(8);
  for (const link of links) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const stepUrls = await Promise.all(
    links.map(async (link) => new URL((await link.getAttribute('href'))!, baseURL).toString()),
  );
  await customer.keyboard.press('Tab');
  await expect(
    allSteps(customer).getByRole('link', { name: /^Stakeholder-Analyse/ }),
  ).toBeFocused();
  await customer.keyboard.press('Escape');
  await expect(allSteps(customer)).toBeHidden();
  await expect(picker(customer)).toBeFocused();
  // Space opens it again; Tab to the third step and Enter goes there.
  await customer.keyboard.press(' ');
  await customer.keyboard.press('Tab');
  await customer.keyboard.press('Tab');
  await customer.keyboard.press('Tab');
  await expect(allSteps(customer).getByRole('link', { name: /^Ziele/ })).toBeFocused();
  await customer.keyboard.press('Enter');
  await expect(customer).toHaveURL(/\/fragebogen\/ziele$/);
  await expect(picker(customer)).toHaveAccessibleName('Schritt 3 von 8 · Ziele');
  await expect(allSteps(customer)).toBeHidden();
  // By touch: a tap opens it, a tap on a step goes there.
  await picker(customer).click();
  await allSteps(customer)
    .getByRole('link', { name: /^Personas/ })
    .click();
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Wer kommt auf die Party?' }),
  ).toBeVisible();
  await expect(customer).toHaveURL(/\/fragebogen\/personas$/);

  // Every step, for the customer and for the owner: the heading within the first 400 px.
  const customerTops = await headingTops(customer, stepUrls);
  await customer.goto(stepUrls[1]!);
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await customer.screenshot({ path: path.join(SHOTS, 'step-customer-375.png') });
  await page.setViewportSize(PHONE);
  const ownerUrls = stepUrls.map((url) => url.replace(/\/share\/[^/]+/, ''));
  const ownerTops = await headingTops(page, ownerUrls);
  await page.goto(ownerUrls[1]!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'step-owner-375.png') });
  test
    .info()
    .annotations.push(
      { type: 'Überschrift (Kundin/Kunde, px)', description: JSON.stringify(customerTops) },
      { type: 'Überschrift (Eigentümer, px)', description: JSON.stringify(ownerTops) },
    );
  for (const [slug, top] of Object.entries(customerTops))
    expect(top, `Kundin/Kunde: ${slug}`).toBeLessThan(HEADING_WITHIN);
  for (const [slug, top] of Object.entries(ownerTops))
    expect(top, `Eigentümer: ${slug}`).toBeLessThan(HEADING_WITHIN);

  // The desktop keeps its tabs; the compact control is not there.
  await customer.setViewportSize(DESKTOP);
  await customer.goto(stepUrls[1]!);
  await expect(customer.getByRole('navigation', { name: 'Etappen des Fragebogens' })).toBeVisible();
  await expect(customer.getByRole('navigation', { name: 'Schritte dieser Etappe' })).toBeVisible();
  await expect(picker(customer)).toBeHidden();
  await customer.screenshot({ path: path.join(SHOTS, 'step-customer-1280.png') });
  expect(refused()).toEqual([]);
  await context.close();
});

test('after the approval: the thank-you page, and the persona’s details still readable', async ({
  page,
  browser,
  baseURL,
}) => {
  const shared = await ownerWithProject(page);
  const { context, page: customer } = await customerPage(browser, baseURL);
  const refused = watchCsp(customer);
  await customer.goto(shared.shareUrl);
  await customer.getByRole('link', { name: 'Los geht’s' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Wer redet mit?' })).toBeVisible();

  // A persona, saved with the customer's link.
  const persona = {
    name: 'Anna Berger',
    gender: 'female',
    avatar: 'young_woman',
    age: 34,
    education: 'abitur',
    family_status: 'married',
    children: 'two',
    job: 'crafts',
    job_definition: 'Tischlerin',
    income: 'income_2000_3000',
    personal_values: ['family', 'sustainability'],
    hobbies: 'Wandern und Backen',
    media_usage: ['instagram'],
    product_requirements: 'Einfach bestellen',
  };
  const saved = await customer.request.post(`/api/projects/${shared.projectId}/personas`, {
    headers: { ...HEADERS, 'X-Edit-Token': shared.token },
    data: persona,
  });
  expect(saved.status()).toBe(201);

  // Approve from the last step: „Freigeben“ → „Trotzdem freigeben“ → thank-you page.
  await picker(customer).click();
  await allSteps(customer)
    .getByRole('link', { name: /^Personas/ })
    .click();
  const lastStep = customer.getByRole('region', { name: 'Wer kommt auf die Party?' });
  await lastStep.getByRole('button', { name: 'Freigeben' }).click();
  const question = customer.getByRole('dialog', { name: 'Projekt Freigeben?' });
  await question.getByRole('button', { name: 'Trotzdem freigeben' }).click();
  await expect(customer).toHaveURL(new RegExp(`/projekte/${shared.projectId}/danke$`));
  const thanks = customer.getByRole('region', { name: 'Vielen Dank für Ihre Antworten!' });
  await expect(thanks).toBeVisible();
  await expect(customer.getByText('Projekt freigegeben!')).toBeVisible();
  await expect(
    thanks.getByText('Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.'),
  ).toBeVisible();
  await expect(thanks.getByText('Ihr Briefing ist bei Agentur Nord angekommen.')).toBeVisible();
  await expect(
    thanks.getByText(
      `${CONTACT.name} meldet sich bei Ihnen, um die nächsten Schritte zu besprechen.`,
    ),
  ).toBeVisible();
  await expect(thanks.getByText(/^Gibt Agentur Nord die Ergebnisansicht frei/)).toBeVisible();
  await expectAccessible(customer, 'Vielen Dank (375)');
  await customer.screenshot({ path: path.join(SHOTS, 'thanks-375.png'), fullPage: true });
  await customer.setViewportSize(DESKTOP);
  await customer.screenshot({ path: path.join(SHOTS, 'thanks-1280.png'), fullPage: true });
  await customer.setViewportSize(PHONE);

  // The share link now opens the thank-you page.
  await customer.goto(shared.shareUrl);
  await expect(thanks).toBeVisible();

  // The answers stay readable: the persona opens read only, with every detail.
  await thanks.getByRole('link', { name: 'Ihre Antworten ansehen' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Wer redet mit?' })).toBeVisible();
  await customer.goto(`${shared.shareUrl}/personas`);
  await expect(customer.getByRole('button', { name: /^Bearbeiten: / })).toHaveCount(0);
  await customer.getByRole('button', { name: 'Ansehen: Anna Berger' }).click();
  const detail = customer.getByRole('dialog', { name: 'Anna Berger' });
  const hobbies = detail.getByRole('textbox', { name: 'Hobbys', exact: true });
  await expect(hobbies).toHaveValue('Wandern und Backen');
  await expect(hobbies).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expectAccessible(customer, 'Persona ansehen (freigegeben, 375)');
  await customer.screenshot({ path: path.join(SHOTS, 'persona-read-only-375.png') });
  await customer.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(customer.getByRole('button', { name: 'Ansehen: Anna Berger' })).toBeFocused();

  // Approved, on every step the heading still starts within the first 400 px.
  await picker(customer).click();
  const stepUrls = await Promise.all(
    (await stepLinks(customer)).map(async (link) =>
      new URL((await link.getAttribute('href'))!, baseURL).toString(),
    ),
  );
  const tops = await headingTops(customer, stepUrls);
  test.info().annotations.push({
    type: 'Überschrift (freigegeben, px)',
    description: JSON.stringify(tops),
  });
  await customer.screenshot({ path: path.join(SHOTS, 'approved-step-375.png') });
  for (const [slug, top] of Object.entries(tops))
    expect(top, `freigegeben: ${slug}`).toBeLessThan(HEADING_WITHIN);
  expect(refused()).toEqual([]);
  await context.close();
});
