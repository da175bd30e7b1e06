import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

/** The outbox of a test server's data folder (`test-results/<dataDir>/mail`). */
export const outboxOf = (dataDir: string) =>
  path.resolve(import.meta.dirname, '..', '..', 'test-results', dataDir, 'mail');
const defaultOutbox = outboxOf(process.env.E2E_DATA_NAME ?? 'e2e-data');

export const PASSWORD = 'sicheres-passwort';

/** The two widths every journey of the customer's screens runs at: a laptop and a phone. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
export const VIEWPORTS = [DESKTOP, PHONE];

/** The newest link of the newest mail to `to`, read from the server's outbox (`.eml` files). */
export async function linkFromMail(to: string, outbox = defaultOutbox): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      if (raw.includes(to)) {
        const link = raw.match(/https?:\/\/[^\s]+/)?.[0];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Keine Mail an ${to}`);
}

/** axe-core must report no serious or critical violation on the current screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    severe.map(
      (violation) =>
        `${screen}: ${violation.id} – ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

let clients = 0;

/**
 * The client addresses of a Playwright worker: a /24 of the benchmarking range 198.18.0.0/15
 * (RFC 2544, never routed) per worker – two workers count their clients from the same start, so
 * each needs a range of its own to stay another client.
 */
const clientRange = (parallelIndex: number) => `198.18.${parallelIndex % 256}`;

/**
 * From now on `page` comes from an address of its own (in its worker's range, via
 * X-Forwarded-For, which the test servers trust from loopback): each agency of the journeys is
 * another client, and the per-address limits on mails and logins count it alone.
 */
export async function asNewClient(page: Page): Promise<void> {
  clients += 1;
  const range = clientRange(test.info().parallelIndex);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `${range}.${(clients % 254) + 1}` });
}

/** Registers through the server's form (as a new client), follows the activation link and logs in. */
export async function registerAndLogin(
  page: Page,
  email: string,
  company = 'Agentur Nord',
  outbox = defaultOutbox,
): Promise<void> {
  await asNewClient(page);
  await page.goto('/register');
  await page.getByLabel('Firma').fill(company);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort (mindestens 8 Zeichen)').fill(PASSWORD);
  await page.getByLabel('Passwort bestätigen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Account anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();
  await page.goto(await linkFromMail(email, outbox));
  await expect(page.getByText('Ihr Account ist aktiviert.')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Collects what the browser refuses under the Content-Security-Policy (inline scripts or styles,
 * eval, foreign origins). A journey ends by expecting none.
 */
export function watchCsp(page: Page): () => string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return () => refused;
}

/** Ticks options of a searchable multiselect (`field`), using its search box for the first one. */
export async function pickOptions(field: Locator, options: string[]): Promise<void> {
  const [first, ...rest] = options;
  await field.getByRole('searchbox').fill(first!.slice(0, 4));
  await field.getByRole('checkbox', { name: first, exact: true }).check();
  await field.getByRole('searchbox').fill('');
  for (const option of rest)
    await field.getByRole('checkbox', { name: option, exact: true }).check();
}

/** A mail's text from its `.eml` file: quoted-printable lines joined and decoded (UTF-8). */
function mailText(raw: string): string {
  const body = raw.replace(/\r\n/g, '\n').split('\n\n').slice(1).join('\n\n');
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The texts of the mails to `to` whose text matches `pattern`, oldest first, once there is at
 * least one – waiting up to `timeoutMs` (mails of the 30-second rounds come later than others).
 */
export async function mailsTo(
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
  outbox = defaultOutbox,
): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort();
    const texts: string[] = [];
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!raw.includes(to)) continue;
      const text = mailText(raw);
      if (pattern.test(text)) texts.push(text);
    }
    if (texts.length > 0 || Date.now() > until) return texts;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The headers of the logged-in session's API calls (its CSRF token from the page, if shown). */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  // Read at once from the loaded document (a short wait for the locator ran out on a busy
  // machine and sent the calls without their token).
  await page.waitForLoadState('domcontentloaded');
  const csrf = await page.evaluate(
    () => document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? null,
  );
  return { 'X-Requested-With': 'XMLHttpRequest', ...(csrf ? { 'X-CSRF-Token': csrf } : {}) };
}
