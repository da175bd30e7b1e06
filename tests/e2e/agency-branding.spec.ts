import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { customerPage, ownerWithProject } from './customer-project.ts';
import { DESKTOP, expectAccessible, VIEWPORTS, watchCsp } from './support.ts';

/*
 * docs/product.md#agentur: the look an owner gives the agency under „Agentur“ → Erscheinungsbild
 * (name, colour, logo, own Impressum) is what the customer with the share link sees – header,
 * buttons, footer, results – at 1280 and 375 px, with no request but the logo's; the agency's own
 * people keep the product's look.
 */

const AGENCY = 'Studio Morgenrot';
const COLOR = '#7a1f5c';
const COLOR_RGB = 'rgb(122, 31, 92)';
/** --fw-brand of the product (engine/src/react/tokens.css). */
const PRODUCT_RGB = 'rgb(15, 92, 91)';
const IMPRESSUM = 'https://studio-morgenrot.example/impressum';

/** A 160 × 48 logo: a square with a ring and two bars, as small as a PNG gets. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAAAwCAYAAACWqXFuAAAAx0lEQVR42u3ayRWAIAxAQTqxCNqxEpvHk3cXZMv899IAzC1JSZIkSeE7tr3MNH4MQAAFoAAEUAAKQAAFoAAEUABe5ZyLaTcAAggggAB2A3gnAAH8BeCTAASwGsAvAQgggGZegDUCEMDUC99bhAACCKABUIFXcQAKQAEIoAAUgAAKwMmvfMIe7K66CQFwcYCj74IBBBBAANt81Ij3gAAGAjjiRTSAwQCO9sAAAggggHEBCkAABaAABFAACkAABaAABFCSJEkK1AnOZV2A8118VwAAAABJRU5ErkJggg==',
  'base64',
);
/** An SVG logo that would run a script and a handler, were it served as it came. */
const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="120" height="40" fill="${COLOR}"/>
</svg>`;

const screenshot = (name: string) =>
  path.resolve(import.meta.dirname, '..', '..', 'test-results', `agency-${name}.png`);

const backgroundOf = (element: Locator) =>
  element.evaluate((node) => getComputedStyle(node).backgroundColor);

/** „Los geht’s“ on the customer's welcome page: the first primary button they see. */
const startButton = (page: Page) => page.getByRole('link', { name: 'Los geht’s' });

/**
 * A customer's first visit of the share link in a browser of their own: the requests it made
 * (method and path, each once) until the page is idle, and what the CSP refused from the start;
 * the context stays open for more.
 */
async function firstVisit(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
  shareUrl: string,
) {
  const { context, page } = await customerPage(browser, baseURL, viewport);
  const csp = watchCsp(page);
  const requests = new Set<string>();
  page.on('request', (request) =>
    requests.add(`${request.method()} ${new URL(request.url()).pathname}`),
  );
  await page.goto(shareUrl);
  await expect(startButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { context, page, csp, requests: [...requests].sort() };
}

/** The owner sets the agency's look under „Agentur“ → Erscheinungsbild; returns the logo's path. */
async function brandAgency(page: Page): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Agentur' })
    .click();
  const branding = page.getByRole('region', { name: 'Erscheinungsbild' });
  await branding.getByLabel('Name der Agentur').fill(AGENCY);
  const color = branding.getByLabel('Hauptfarbe', { exact: true });

  // Too light for white text: refused at the field with the ratio, in German.
  await color.fill('#ffd700');
  await branding.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    branding.getByText(
      /^Die Hauptfarbe hat auf Weiß nur ein Kontrastverhältnis von 1[,.]\d+:1\. Nötig sind mindestens 4,5:1/,
    ),
  ).toBeVisible();
  await expect(color).toHaveAttribute('aria-invalid', 'true');
  await expect(color).toBeFocused();

  await color.fill(COLOR);
  await branding.getByLabel('Link zu Ihrem Impressum').fill(IMPRESSUM);
  await branding.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(color).not.toHaveAttribute('aria-invalid');
  await expect(branding.locator('.agency-preview-button')).toHaveCSS('background-color', COLOR_RGB);

  // An SVG with a script is taken, but served without it (and with a CSP of its own).
  const preview = branding.getByRole('img', { name: `Logo von ${AGENCY}` });
  const upload = branding.getByLabel('Logo hochladen');
  await upload.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(HOSTILE_SVG),
  });
  await expect(preview).toBeVisible();
  const svgUrl = (await preview.getAttribute('src'))!;
  expect(svgUrl).toMatch(/^\/api\/agencies\/[0-9a-f-]+\/logo\/[0-9a-f]+$/);
  const svg = await page.request.get(svgUrl);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(svg.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(svg.headers()['x-content-type-options']).toBe('nosniff');
  const served = await svg.text();
  expect(served).toContain('<rect');
  expect(served).not.toMatch(/<script/i);
  expect(served).not.toMatch(/onload/i);

  // The PNG replaces it; the SVG's address is gone with it.
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(preview).not.toHaveAttribute('src', svgUrl);
  const logoUrl = (await preview.getAttribute('src'))!;
  expect((await page.request.get(svgUrl)).status()).toBe(404);
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(160);
  return logoUrl;
}

/** The agency's look before the customer: logo with its name, colour, footer. */
async function expectBranded(page: Page, logoUrl: string) {
  const logo = page.getByRole('banner').getByRole('img', { name: AGENCY });
  await expect(logo).toHaveAttribute('src', logoUrl);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Zur Startseite' })).toHaveCount(
    0,
  );
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('mit Fragewerk erstellt')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', IMPRESSUM);
  // No Datenschutz link of its own: the operator's page (inside the share link's app).
  await expect(footer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
    'href',
    /^\/share\/[\w-]+\/datenschutz$/,
  );
}

/** The page is no wider than the screen (no sideways scrolling at 375 px); else what sticks out. */
async function expectNoOverflow(page: Page, screen: string) {
  const outside = await page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
  expect(outside, `${screen}: breiter als der Bildschirm`).toEqual([]);
}

test('branding visible on the customer’s questionnaire and results at 1280 and 375 px', async ({
  page,
  browser,
  baseURL,
}) => {
  // Registration, two uploads and four browsers.
  test.setTimeout(180_000);
  const refused = watchCsp(page);
  const { projectId, shareUrl, token } = await ownerWithProject(page, {
    prefix: 'marke',
    project: 'Markenrelaunch',
  });

  // What a customer's first page asks for while the agency has no look of its own.
  const before = await firstVisit(browser, baseURL, DESKTOP, shareUrl);
  expect(await backgroundOf(startButton(before.page))).toBe(PRODUCT_RGB);
  await before.context.close();

  const logoUrl = await brandAgency(page);

  // An open invitation, so that the screen shows every part.
  const invitations = page.getByRole('region', { name: 'Einladungen' });
  await invitations.getByLabel('E-Mail').fill(`kollegin-${Date.now()}@example.de`);
  await invitations.getByRole('button', { name: 'Einladen' }).click();
  await expect(invitations.getByRole('list', { name: 'Offene Einladungen' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(page.getByRole('img', { name: `Logo von ${AGENCY}` })).toBeVisible();
    await page.screenshot({ path: screenshot(`screen-${viewport.width}`), fullPage: true });
    await expectNoOverflow(page, `Agentur ${viewport.width}`);
  }
  await expectAccessible(page, 'Agentur mit Erscheinungsbild');
  await page.setViewportSize(DESKTOP);

  // Results for the customer.
  await page.goto(`/projekte/${projectId}/einstellungen`);
  await page.getByRole('checkbox', { name: 'Ergebnisansicht für Kunden freigeben?' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();

  for (const viewport of VIEWPORTS) {
    const width = viewport.width;
    const {
      context,
      page: customer,
      requests,
      csp,
    } = await firstVisit(browser, baseURL, viewport, shareUrl);

    // The only request the look adds is the logo; the colour and names came with the project.
    expect(requests.filter((request) => !before.requests.includes(request))).toEqual([
      `GET ${logoUrl}`,
    ]);
    expect(before.requests.filter((request) => !requests.includes(request))).toEqual([]);

    await expectBranded(customer, logoUrl);
    expect(await backgroundOf(startButton(customer))).toBe(COLOR_RGB);
    await expectNoOverflow(customer, `Willkommen ${width}`);
    await customer.screenshot({ path: screenshot(`customer-welcome-${width}`), fullPage: true });
    await expectAccessible(customer, `Willkommen mit Erscheinungsbild ${width}`);

    // The questionnaire: a form step's „Speichern“ in the agency's colour.
    await startButton(customer).click();
    await expect(customer).toHaveURL(/\/fragebogen\/stakeholder$/);
    await expectBranded(customer, logoUrl);
    await customer.goto(`/share/${token}/projekte/${projectId}/fragebogen/markenpositionierung`);
    const save = customer.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeVisible();
    expect(await backgroundOf(save)).toBe(COLOR_RGB);
    await expectNoOverflow(customer, `Fragebogen ${width}`);
    await customer.screenshot({
      path: screenshot(`customer-questionnaire-${width}`),
      fullPage: true,
    });
    await expectAccessible(customer, `Fragebogen mit Erscheinungsbild ${width}`);

    // The results carry the logo too.
    await customer.goto(`/share/${token}/projekte/${projectId}/ergebnisse`);
    await expect(customer.getByRole('heading', { level: 1, name: 'Markenrelaunch' })).toBeVisible();
    await expectBranded(customer, logoUrl);
    await expectNoOverflow(customer, `Ergebnisse ${width}`);
    await customer.screenshot({ path: screenshot(`results-${width}`), fullPage: true });
    await expectAccessible(customer, `Ergebnisse mit Erscheinungsbild ${width}`);

    // A second visit takes the logo from the browser's cache: its address never changes.
    const again = await context.newPage();
    const cdp = await context.newCDPSession(again);
    await cdp.send('Network.enable');
    // Chromium says so per request: from its disk cache on the response, from its memory cache
    // by an event of its own.
    const servedFromCache = new Set<string>();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => servedFromCache.add(requestId));
    const logoLoads: { requestId: string; fromDisk: boolean; cacheControl: string }[] = [];
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (new URL(response.url).pathname !== logoUrl) return;
      const header = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'cache-control',
      );
      logoLoads.push({
        requestId,
        fromDisk: Boolean(response.fromDiskCache),
        cacheControl: String(header?.[1] ?? ''),
      });
    });
    await again.goto(shareUrl);
    await expectBranded(again, logoUrl);
    await expect.poll(() => logoLoads.length).toBeGreaterThan(0);
    expect(logoLoads.every((load) => load.fromDisk || servedFromCache.has(load.requestId))).toBe(
      true,
    );
    expect(logoLoads[0]!.cacheControl).toContain('immutable');
    expect(csp()).toEqual([]);
    await context.close();
  }

  // The logo's own answer: public, a year, immutable.
  const logo = await page.request.get(logoUrl);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  expect(logo.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // The agency's own people keep the product's look in the same project.
  await page.goto(`/projekte/${projectId}/fragebogen/markenpositionierung`);
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeVisible();
  expect(await backgroundOf(save)).toBe(PRODUCT_RGB);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Zur Startseite' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: AGENCY })).toHaveCount(0);
  await expect(page.getByText('mit Fragewerk erstellt')).toHaveCount(0);
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }),
  ).toHaveAttribute('href', '/impressum');
  expect(refused()).toEqual([]);
});
